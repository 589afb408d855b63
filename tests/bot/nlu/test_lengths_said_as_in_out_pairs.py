"""A pair of lengths said word-number, word-number without a comma ("输入 4k 输出 1k") gives each word its own number:
the number after 输入 goes in, the one after 输出 comes back. Reading "4k 输出" as the answer's length sized a 4k-prompt
1k-answer workload as 4,000-token answers (4x the decode work and KV per request)."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("message", "prompt", "output"), [
    ("并发 64 路，输入 4k 输出 1k 左右，单机八卡", 4000, 1000),
    ("单次输入 2k 输出 1k", 2000, 1000),
    ("每個請求輸入 3k 輸出 500", 3000, 500),
    ("输入 4k，输出 1k", 4000, 1000),
    ("每份平均 6k token 输入、500 输出", 6000, 500),  # the number before its word still reads as that word's
])
def test_each_length_word_takes_its_own_number(message, prompt, output):
    facts = parse_message(message).facts
    assert (facts.get("prompt_tokens"), facts.get("output_tokens")) == (prompt, output)
