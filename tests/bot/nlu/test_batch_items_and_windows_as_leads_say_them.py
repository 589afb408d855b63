"""A batch job's documents and window as leads say them.

Expectations from the words: "~80k insurance claim docs" every night is 80,000 items, whatever words describe
them; "3 万份扫描后的保险理赔单据" is 30,000 items (a description ending in 的 before the noun). A person
before the noun is no description: "5 个同事每天处理的合同" counts colleagues, not contracts.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("text", "items"), [
    ("batch job: every night ~80k insurance claim docs (after OCR avg ~6k tokens each) go through our 72b", 80_000),
    ("nightly run: ~120k scanned vendor invoice pdfs through a 32b model, has to be done within 6 hours", 120_000),
    ("roughly 45k customer support chat transcripts a night need summarizing with llama 3.1 8b", 45_000),
    ("每天夜里要处理大概 3 万份扫描后的保险理赔单据，模型 14B，6 小时内跑完", 30_000),
    ("每晚大約 2 萬份 OCR 過的醫療報告要跑 8B 抽欄位", 20_000),
])
def test_documents_described_by_several_words_are_the_batch_items(text, items):
    assert parse_message(text).facts.get("batch_items") == items


@pytest.mark.parametrize("text", [
    "每晚批量处理：5 个同事每天处理的合同都要过一遍 14B",
    "nightly batch: 20 engineers with their tickets, 8b model",
])
def test_people_before_the_noun_are_no_description_of_the_items(text):
    assert parse_message(text).facts.get("batch_items") not in (5, 20)
