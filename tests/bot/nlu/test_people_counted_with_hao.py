""""号人" is a colloquial measure word for people: "100 来号人", "三百多号人", "一百来號人" count that many people
(a head count, as "100 来人" does); "3 号人员" (staff member no. 3) and "5 号机" (machine no. 5) count no one."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "people"), [
    ("想拿来跑 Qwen3-32B 给研发 100 来号人当代码助手", 100),
    ("全公司三百多号人都要用", 300),
    ("我們部門一百來號人會用", 100),
    ("组里 20 号人左右", 20),
])
def test_people_counted_with_hao_are_a_head_count(text, people):
    assert parse_message(text).facts.get("total_users") == people


@pytest.mark.parametrize("text", ["3 号人员负责运维", "5 号机器闲着"])
def test_a_numbered_person_or_machine_counts_no_one(text):
    facts = parse_message(text).facts
    assert "total_users" not in facts and "concurrent_users" not in facts
