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
    # words, pages and lines (a token is 3/4 of a word; a page 500 words, or ~600 字 in Chinese; a line of code ~10
    # tokens): 600 words → 800; 10 pages → 10 × 500 × 4/3 = 6,667; 2,000 lines → 20,000; 一页 → 360; 半页 → 180
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
def test_a_length_in_characters_words_pages_or_lines_is_converted_to_tokens(text, slot, tokens, characters, script):
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
