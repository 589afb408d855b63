"""A length keeps its noun across the words leads put in between ("long docs sometimes up to 64k", "inputs can
be up to 50k", "文档最长 32k token", "输入偶尔会到 40k"), a length said to happen only at times is the longest
context, not every prompt, and a range is sized at its top ("prompts run 3-4k tokens": 4,000, never 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.nlu import parse_message

CASES = yaml.safe_load((Path(__file__).parent / "data" / "hedged_lengths.yaml").read_text(encoding="utf-8"))
EXAMPLES = [(split, case["text"], case["prompt"]) for split in ("dev", "heldout", "ranges") for case in CASES[split]]


@pytest.mark.parametrize("split,text,tokens", EXAMPLES, ids=[f"{s}-{i}" for i, (s, _, _) in enumerate(EXAMPLES)])
def test_a_hedged_length_is_read_with_its_noun(split: str, text: str, tokens: int) -> None:
    facts = parse_message(text).facts
    assert facts.get("prompt_tokens") == tokens or (facts.get("context_length") == tokens and "prompt_tokens" not in facts)


@pytest.mark.parametrize("text", ["long docs sometimes up to 64k", "输入偶尔会到 40k", "inputs occasionally reach 30k tokens"])
def test_a_length_said_to_happen_at_times_is_the_longest_context(text: str) -> None:
    facts = parse_message(text).facts
    assert "prompt_tokens" not in facts and facts.get("context_length", 0) >= 30_000


def test_the_top_of_a_range_is_the_length() -> None:
    facts = parse_message("prompts run 3-4k tokens, answers 200-300").facts
    assert facts.get("prompt_tokens") == 4000 and facts.get("output_tokens") == 300


@pytest.mark.parametrize("text", ["輸入常常 16k（整份合約）", "输入往往 16k", "输入经常 16k"])
def test_a_length_said_to_be_frequent_is_the_prompt(text: str) -> None:
    # "often" is the usual request, as "经常" always was; only "at times" (偶尔, sometimes) is the longest context
    assert parse_message(text).facts.get("prompt_tokens") == 16_000
