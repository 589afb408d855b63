"""Latency said not to matter at all is unattended work (a batch), while a first token said not to matter alone is not."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(
    "text",
    [
        "每天 8 亿 token 的离线打标，24 小时均匀跑，不在乎延迟",
        "翻譯用，延遲無所謂，排隊做完就好，每天 5000 萬 token",
        "~300M tokens/day of extraction, latency doesn't matter",
    ],
)
def test_latency_said_not_to_matter_is_unattended_work(text):
    assert parse_message(text).facts.get("arrival_pattern") == "batch"


def test_a_first_token_said_not_to_matter_alone_still_streams_to_a_reader():
    assert (
        parse_message("客服问答，每天 2 万次，首字延迟无所谓，但每秒要 20 个 token").facts.get("arrival_pattern")
        != "batch"
    )
