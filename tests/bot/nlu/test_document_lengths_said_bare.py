"""Document and code work whose lengths are said without a length noun ("讀整份卷宗，最長到 128k，一般 60k 上下",
"repos are usually 30k, up to 100k"): the typical figure is each request's prompt, the maximum is the context
window. Only thousands of tokens count (a k / 万 figure); filler words between a context word and its figure
("context 大概都在 16k 上下") are bridged."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "prompt", "window"), [
    ("法務要用 Qwen3-32B 讀整份卷宗，最長到 128k，一般 60k 上下，同時大概 6 個人在用", 60_000, 128_000),
    ("repos are usually 30k, up to 100k, 5 devs at once on qwen3 32b", 30_000, 100_000),
    ("律师看合同，平均 2 万 token 一份，最长 5 万，10 个人同时用 qwen3 14b", 20_000, 50_000),
])
def test_bare_document_lengths_are_the_prompt_and_the_window(text, prompt, window):
    facts = parse_message(text).facts
    assert (facts.get("prompt_tokens"), facts.get("context_length")) == (prompt, window)


def test_filler_words_between_a_context_word_and_its_figure_are_bridged():
    facts = parse_message("給大家寫程式用，context 大概都在 16k 上下，尖峰同時在用的大概一成").facts
    assert facts.get("prompt_tokens") == 16_000


@pytest.mark.parametrize("text", [
    "we usually have 30 people on it, up to 100 at peak, writing code with qwen3 32b",
    "文档一般 50 页左右，最长 200 页，10 个人用",
])
def test_counts_that_are_no_token_thousands_are_no_length(text):
    facts = parse_message(text).facts
    assert "context_length" not in facts and facts.get("prompt_tokens") not in (30_000, 50, 200)
