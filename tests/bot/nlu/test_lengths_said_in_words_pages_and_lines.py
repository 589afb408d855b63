"""Lengths said in English words, pages and lines of code are converted at their sourced ratios
(estimator/physics/text_tokens.py): a token is ¾ of a word (OpenAI: 100 tokens ≈ 75 words), a single-spaced page
500 words, a Chinese page ~600 字 at 0.6 token each, a line of code ~10 tokens (the conversions themselves are checked
with the characters' in test_lengths_said_in_characters.py)."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from estimator.physics.text_tokens import TOKENS_PER_UNIT, tokens_of_length


def test_pages_in_and_words_out_are_two_lengths():
    facts = parse_message("we summarize 5 page reports into ~300 words, 12 analysts concurrently").facts
    assert (facts["prompt_tokens"], facts["output_tokens"]) == (3333, 400)
    assert "batch_items" not in facts  # "5 page reports" describes each report, it counts none


def test_a_page_count_is_no_head_count():
    facts = parse_message("生成的报告一般 5 页，8 个人同时跑").facts
    assert "base_concurrent_users" not in facts and facts["concurrent_users"] == 8


def test_the_ratios_are_the_sourced_ones():
    assert TOKENS_PER_UNIT["word"] == pytest.approx(4 / 3)
    assert tokens_of_length(1, "page") == 667 and tokens_of_length(1, "code_line") == 10


def test_lines_a_minute_are_a_rate_not_a_length():
    assert "prompt_tokens" not in parse_message("it writes 50 lines per minute").facts
