"""A retrieval count inside each request ("the top 5 results", "前 5 筆", "召回 top 10") is how many passages a prompt
carries, not a batch job's items nor a count of people."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("rag on our docs, we pull the top 8 chunks into every prompt, ~45 people at once", 45),
        ("知识库问答取前 5 条结果，35 人同时用", 35),
        ("每次搜尋取前 10 筆，同時大約 25 人", 25),
    ],
)
def test_a_top_k_is_no_batch_and_no_head_count(text, users):
    facts = parse_message(text).facts
    assert "batch_items" not in facts
    assert facts["concurrent_users"] == users
