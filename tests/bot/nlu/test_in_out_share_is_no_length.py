""""85/15 in/out" is how a token volume splits between prompts and answers, not an 85-token prompt and a
15-token answer: two numbers that make 100 with no token unit are shares. A share, or a ratio said as one
("输入输出大概 4:1", "in:out ~10:1"), keeps its proportion: with no length stated the answer is the default
256 tokens and the prompt that multiple of it (so a volume splits into prompts and answers as stated); with one
length stated, the other follows. Lengths with a unit, or that do not make 100, are still lengths."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", [
    "we push about 400M tokens/day through gpt-oss-120b, roughly 85/15 in/out",
    "60/40 input/output split, 2B tokens a day",
    "in/out 90/10, 50M tokens a day on qwen 14b",
    "70%/30% in/out, about 1B tokens daily",
])
def test_a_split_that_makes_100_is_no_length_but_keeps_its_proportion(text):
    facts = parse_message(text).facts
    assert "output_tokens" not in facts  # the answer stays the default 256 (echoed as assumed)
    shares = {"85/15": 85 / 15, "60/40": 60 / 40, "90/10": 90 / 10, "70%/30%": 70 / 30}
    ratio = next(value for key, value in shares.items() if key in text)
    assert facts["prompt_tokens"] == round(256 * ratio)


@pytest.mark.parametrize(("text", "prompt", "output"), [
    ("现在客服对话走 gpt-4.1-mini，每个月 3 万美金，输入输出大概 4:1", 1024, None),
    ("in:out is ~10:1, prompts 2k", 2000, 200),
    ("輸入輸出比例約 3:1，回答 300 token", 900, 300),
    ("answers ~500 tokens, 8:1 in/out", 4000, 500),
])
def test_a_ratio_of_prompt_to_answer_is_a_proportion_not_a_length(text, prompt, output):
    facts = parse_message(text).facts
    assert (facts.get("prompt_tokens"), facts.get("output_tokens")) == (prompt, output)


def test_a_clock_time_or_odds_are_no_ratio():
    facts = parse_message("standup at 10:30, the odds are 4:1 we ship friday").facts
    assert "prompt_tokens" not in facts and "output_tokens" not in facts


@pytest.mark.parametrize(("text", "prompt", "output"), [
    ("in/out 700/5 tokens, 150k tickets overnight", 700, 5),
    ("1500/300 tokens in/out for 40 users", 1500, 300),
    ("50/50 tokens in/out, tiny prompts", 50, 50),
])
def test_lengths_with_a_unit_or_not_making_100_stay_lengths(text, prompt, output):
    facts = parse_message(text).facts
    assert (facts.get("prompt_tokens"), facts.get("output_tokens")) == (prompt, output)
