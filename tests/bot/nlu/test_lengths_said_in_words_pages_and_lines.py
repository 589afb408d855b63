"""Lengths said in English words, pages and lines of code are converted at their sourced ratios
(estimator/physics/text_tokens.py): a token is ¾ of a word (OpenAI: 100 tokens ≈ 75 words), a single-spaced page
500 words, a Chinese page ~600 字 at 0.6 token each, a line of code ~10 tokens. Worked by hand: 600 words → 800
tokens; 10 pages → 10 × 500 × 4/3 = 6,667; 2,000 lines → 20,000; 一页 → 360; 半页 → 180; 5 页 (generated) → 1,800."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from estimator.physics.text_tokens import TOKENS_PER_UNIT, tokens_of_length


@pytest.mark.parametrize(("text", "slot", "tokens", "said", "unit"), [
    ("support answers run ~600 words, 30 agents at once", "output_tokens", 800, 600, "word"),
    ("each request is a 10-page contract, 8 lawyers at once", "prompt_tokens", 6667, 10, "page"),
    ("code review bot: whole 2,000-line files go in", "prompt_tokens", 20_000, 2000, "code_line"),
    ("devs paste ~800 lines of python per request", "prompt_tokens", 8000, 800, "code_line"),
    ("每次输入一页 A4 纸的内容，20 人同时用", "prompt_tokens", 360, 1, "zh_page"),
    ("生成的报告一般 5 页，8 个人同时跑", "output_tokens", 1800, 5, "zh_page"),
    ("英文合同，每份 8 页，律师 6 个人同时审", "prompt_tokens", 5333, 8, "page"),
    ("一次丢进去 3000 行代码做审查", "prompt_tokens", 30_000, 3000, "code_line"),
    ("輸入一頁 A4 的公文，輸出半頁摘要", "output_tokens", 180, 0.5, "zh_page"),
])
def test_a_length_in_words_pages_or_lines_is_converted_to_tokens(text, slot, tokens, said, unit):
    facts = parse_message(text).facts
    assert facts[slot] == tokens
    assert facts[slot.replace("tokens", "length_said")] == said
    assert facts[slot.replace("tokens", "length_unit")] == unit


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
