"""Lengths said with each word before its own figure ("input 4k output 1k", "in 1.5k out 20"): the first figure is the
input's. (The figure after "input" was read as the output's because "output" follows it: a 4,000-token answer and
no prompt.) Figures before their words ("4k in, 1k out") read as before."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "prompt", "output"), [
    ("qwen3 32b, input 4k output 1k", 4000, 1000),
    ("in 1.5k out 20", 1500, 20),
    ("input: 2k, output: 500", 2000, 500),
    ("4k in, 1k out", 4000, 1000),
    ("output 500 input 2k", 2000, 500),
])
def test_each_figure_is_its_own_words(text, prompt, output):
    facts = parse_message(text).facts
    assert (facts.get("prompt_tokens"), facts.get("output_tokens")) == (prompt, output)


def test_in_and_out_of_other_things_are_no_lengths():
    facts = parse_message("done in 2 weeks, out of 60 people").facts
    assert "prompt_tokens" not in facts and "output_tokens" not in facts
