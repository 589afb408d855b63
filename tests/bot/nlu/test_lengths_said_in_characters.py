"""A length said in characters is converted to tokens at the script's sourced ratio (estimator/text_tokens.py):
a Chinese character is ~0.6 token (DeepSeek API docs), English text ~4 characters a token (OpenAI). Worked by hand:
300 字 → 180 tokens, 2 万字 → 12,000, 2,000 characters → 500, 1,200 chars → 300."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from estimator.physics.text_tokens import TOKENS_PER_CHARACTER, tokens_of_characters


@pytest.mark.parametrize(("text", "slot", "tokens", "characters", "script"), [
    ("答 300 字左右就够了，同时 10 人", "output_tokens", 180, 300, "han"),
    ("回答大概 500 字左右", "output_tokens", 300, 500, "han"),
    ("每份報告大約 2 萬字，丟進去做摘要", "prompt_tokens", 12_000, 20_000, "han"),
    ("產出 800 字上下的週報", "output_tokens", 480, 800, "han"),
    ("answers run ~2,000 characters", "output_tokens", 500, 2000, "latin"),
    ("the input articles are ~8000 chars each", "prompt_tokens", 2000, 8000, "latin"),
])
def test_a_length_in_characters_is_converted_to_tokens(text, slot, tokens, characters, script):
    facts = parse_message(text).facts
    assert facts[slot] == tokens
    assert facts[slot.replace("tokens", "length_said")] == characters
    assert facts[slot.replace("tokens", "length_unit")] == script


def test_a_length_in_tokens_is_not_converted():
    facts = parse_message("回答大概 500 token 左右").facts
    assert facts["output_tokens"] == 500
    assert "output_length_said" not in facts


def test_characters_a_second_are_a_speed_not_a_length():
    assert "output_length_said" not in parse_message("输出每秒 20 字/秒就行").facts


def test_the_ratios_are_the_sourced_ones():
    assert TOKENS_PER_CHARACTER == {"han": 0.6, "latin": 0.25}
    assert tokens_of_characters(1, "han") == 1  # never a zero-token length
