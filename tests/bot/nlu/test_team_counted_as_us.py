"""A team counted as "us" ("5 of us in the lab", "all 40 of us", "我们仨", "咱俩", "我們六個輪流用") is a head count,
read like "5 people": no "at once", so it stands for the peak too (DESIGN.md's contract)."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "people"), [
    ("7 of us on the platform team would use it", 7),
    ("only the two of us for the first month", 2),
    ("all 40 of us in research", 40),
    ("咱俩先试试", 2),
    ("我们仨轮流用", 3),
    ("我們六個輪流用", 6),
    ("部门里我们大概20个会用", 20),
])
def test_a_team_counted_as_us_is_a_head_count(text, people):
    facts = parse_message(text).facts
    assert facts["total_users"] == people and facts.get("concurrent_users", people) == people


@pytest.mark.parametrize("text", ["我们3个月后上线", "我们2个模型一起跑", "one of us will set it up"])
def test_us_beside_other_counts_is_no_head_count(text):
    facts = parse_message(text).facts
    assert "total_users" not in facts and "concurrent_users" not in facts
