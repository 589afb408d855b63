"""A bit width said right beside a named format of that width ("AWQ 4bit", "4-bit GPTQ", "INT8（8 位元）") describes
that format: one reading, not two to ask about. (r7-hans-05: "AWQ 4bit 就行" was asked "INT4 or Q4_K_M?", and on
"just recommend" the product fell back to its FP8 default, doubling the weights on the lead's own 4 x 4090.)"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "fmt"), [
    ("组里 4 张 4090，跑 Qwen3-32B，AWQ 4bit 就行", "INT4"),
    ("4-bit AWQ please", "INT4"),
    ("gptq 4 bit is fine", "INT4"),
    ("INT8（8 位元）就好", "INT8"),
])
def test_the_named_format_is_the_one_reading(text, fmt):
    result = parse_message(text)
    assert result.facts.get("quantization") == fmt and not result.problems
    assert "weight_bits_only" not in result.facts


def test_a_bit_width_apart_from_the_format_is_still_its_own_reading():
    result = parse_message("we use 4bit today, maybe awq later")
    assert [p.reason for p in result.problems] == ["conflict"]


def test_a_bare_width_still_says_it_is_only_a_width():
    assert parse_message("8 bit is fine").facts.get("weight_bits_only") is True
