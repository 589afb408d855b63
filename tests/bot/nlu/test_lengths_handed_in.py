"""A token count that a verb hands in ("they paste 100k+ tok reports") is the prompt, whatever the noun; texts that
are only ever read in (filings, transcripts, PDFs) are prompts by their noun; a written report is an answer, not a
prompt. Issue rule (lengths as leads mean them): a context stated for document work is the typical prompt."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("text", "tokens"), [
    ("60 analysts doing long doc work (they paste 100k+ tok reports)", 100_000),
    ("they paste in ~40k tokens of logs each time", 40_000),
    ("users upload 60k-token pdfs and ask questions", 60_000),
    ("each filing is about 40k tokens", 40_000),
    ("transcripts ~20k tokens, 30 people", 20_000),
    ("每次贴进来的报告大概 10 万 token", 100_000),
    ("同事上傳的文件大約 3 萬 token", 30_000),
])
def test_a_length_handed_in_is_the_prompt(text, tokens):
    assert parse_message(text).facts.get("prompt_tokens") == tokens


def test_a_report_the_model_writes_is_not_a_prompt():
    assert "prompt_tokens" not in parse_message("we generate 2k-token reports for 50 users").facts


@pytest.mark.parametrize("text", ["context 多數 16k 以內", "context 多数 16k 以内", "上下文大多在 16k 以内"])
def test_a_context_mostly_within_a_bound_is_read(text):
    assert parse_message(text).facts.get("context_length") == 16_384
