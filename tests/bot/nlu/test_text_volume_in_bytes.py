"""Text said by its size ("~5GB of logs a day", "每天大约 3GB 的日志") is a token volume at about four bytes a
token (`bot.nlu.load.BYTES_PER_TOKEN`); a size that is no text volume (memory, a model file) is not."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.load import BYTES_PER_TOKEN, DAYS_PER_MONTH


def facts(text: str) -> dict:
    return dict(parse_message(text).facts)


@pytest.mark.parametrize(("text", "bytes_per_day"), [
    ("roughly 12 GB of application logs per day need a summary", 12e9),
    ("about 300 MB/day of chat transcripts", 300e6),
    ("2 TB of scanned contracts a month", 2e12 / DAYS_PER_MONTH),
    ("每天约 2GB 的客服聊天记录", 2e9),
    ("每月大概 90GB 的文件要處理", 90e9 / DAYS_PER_MONTH),
])
def test_text_by_its_size_is_a_token_volume(text, bytes_per_day):
    assert facts(text)["tokens_per_day"] == pytest.approx(bytes_per_day / BYTES_PER_TOKEN, rel=0.01)


@pytest.mark.parametrize("text", [
    "the box has 512 GB of memory and we serve a 70b model",
    "the model file is 40 GB, we have 24 GB cards",
    "we download about 5 GB of weights a day from the hub",
])
def test_sizes_that_are_no_text_volume_are_not_read_as_one(text):
    assert "tokens_per_day" not in facts(text)
