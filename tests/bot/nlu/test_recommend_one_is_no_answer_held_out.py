"""Held-out phrasings of "recommend one" (test_recommend_one_is_no_answer.py's rule), written with it and run
only after the fix."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", [
    "ok just suggest one config",
    "随便推荐一款吧，假设你来定",
    "推薦一套就可以了",
    "choose one, we trust you",
    "挑一个最划算的",
])
@pytest.mark.parametrize("pending", ["ttft_target_ms", "concurrent_users"])
def test_held_out_recommendation_requests_are_no_bare_answer(text, pending):
    assert pending not in parse_message(text, pending_slot=pending).facts
