"""Calls counted with 通 at once are streams; a prompt that accumulates over a call's turns is the prompt each turn sends.

Little's law needs the streams in flight: "同时 100 通电话" is 100 calls at once, while "每天 3000 通电话" is a daily
count (no stream figure). Every turn of a conversation sends the history so far, so "prompt 累积到 1.5k" is the
prompt a turn prefills (seed 2: prefill = prompt tokens × 2 × active parameters), not a window nobody fills.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "streams"), [
    ("語音客服，尖峰同時 100 通電話", 100),
    ("电话客服机器人，高峰同时 80 通电话", 80),
    ("客服中心同一時間最多 60 通電話在線", 60),
])
def test_calls_at_once_are_streams(text: str, streams: int) -> None:
    assert parse_message(text).facts["concurrent_users"] == streams


def test_calls_a_day_are_no_streams() -> None:
    assert "concurrent_users" not in parse_message("每天 3000 通电话").facts


@pytest.mark.parametrize(("text", "prompt"), [
    ("每一輪對話 prompt 累積到 1.5k 左右、回覆 60 token", 1_500),
    ("the conversation history builds up to ~2.5k tokens", 2_500),
])
def test_the_accumulated_history_is_the_prompt(text: str, prompt: int) -> None:
    assert parse_message(text).facts["prompt_tokens"] == pytest.approx(prompt, rel=0.05)
