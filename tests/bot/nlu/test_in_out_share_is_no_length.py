""""85/15 in/out" is how a token volume splits between prompts and answers, not an 85-token prompt and a
15-token answer: two numbers that make 100 with no token unit are shares. Lengths with a unit, or that do
not make 100, are still lengths."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", [
    "we push about 400M tokens/day through gpt-oss-120b, roughly 85/15 in/out",
    "60/40 input/output split, 2B tokens a day",
    "in/out 90/10, 50M tokens a day on qwen 14b",
    "70%/30% in/out, about 1B tokens daily",
])
def test_a_split_that_makes_100_is_no_length(text):
    facts = parse_message(text).facts
    assert "prompt_tokens" not in facts and "output_tokens" not in facts


@pytest.mark.parametrize(("text", "prompt", "output"), [
    ("in/out 700/5 tokens, 150k tickets overnight", 700, 5),
    ("1500/300 tokens in/out for 40 users", 1500, 300),
    ("50/50 tokens in/out, tiny prompts", 50, 50),
])
def test_lengths_with_a_unit_or_not_making_100_stay_lengths(text, prompt, output):
    facts = parse_message(text).facts
    assert (facts.get("prompt_tokens"), facts.get("output_tokens")) == (prompt, output)
