"""One item's length said with the numeral one ("平均一份 2 万 token", "一篇平均 9000 token") is each item's prompt, as
"每份 2 万 token" is; a label of a kind ("打情感标签") and a job run to completion ("周末跑完就好") make a count of items
a batch. (r7-hans-08's 50,000 contracts of 20k tokens were sized at the 512-token default prompt: 40x too little
prefill.)"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "tokens"), [
    ("每天晚上要跑 5 万份合同，平均一份 2 万 token，8 小时内跑完", 20000),
    ("一封大概 800 token", 800),
    ("一篇平均 9000 token", 9000),
    ("一筆大概 600 token", 600),
])
def test_one_items_length_is_the_prompt(text, tokens):
    assert parse_message(text).facts.get("prompt_tokens") == tokens


@pytest.mark.parametrize(("text", "items"), [
    ("20 万条评论，一条差不多 150 token，要打情感标签", 200000),
    ("5 千份病歷，一份約 3k token，週末跑完就好", 5000),
])
def test_a_labelling_or_run_to_completion_job_counts_its_items(text, items):
    assert parse_message(text).facts.get("batch_items") == items


def test_a_count_of_one_card_is_no_length():
    assert "prompt_tokens" not in parse_message("一张 4090 跑 8B 模型").facts
