"""A length said as what it changes to ("what if prompts grow to 8k?", "如果输入变成 16k 呢") is that length: the
follow-up re-sizes with it."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("what if the prompts double to 6k?", "prompt_tokens", 6000),
    ("say answers jump to 900 tokens", "output_tokens", 900),
    ("如果输出增加到 1500 个 token 呢", "output_tokens", 1500),
    ("要是輸入提升到 24k 呢", "prompt_tokens", 24000),
])
def test_a_length_said_as_its_change_is_read(text, slot, value):
    assert dict(parse_message(text).facts)[slot] == value


def test_a_growth_in_users_is_no_length():
    assert "prompt_tokens" not in dict(parse_message("what if users grow to 800?").facts)
