"""People counted by an office role ("5 個 PM", "12 designers", "8 个产品经理") are users like engineers or analysts:
a team of five is not the default fifteen. "PM" alone is a role only after a measure word ("5 個 PM"), since
"10pm" and "10 pm" are times of day (a batch window "10pm-6am")."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


def users(text: str) -> int | None:
    found = parse_message(text).facts
    value = found.get("concurrent_users", found.get("total_users"))
    return int(value) if value is not None else None


@pytest.mark.parametrize(("text", "expected"), [
    ("想給 5 個 PM 用 Gemma 3 27B 寫規格書", 5),
    ("we have 12 designers who'd use a 7B model for copy", 12),
    ("8 个产品经理用 qwen3 14b 写需求文档", 8),
    ("about 6 PMs share it", 6),
    ("3 名設計師要用", 3),
    ("给 4 个设计师用", 4),
])
def test_office_roles_count_people(text, expected):
    assert users(text) == expected


@pytest.mark.parametrize("text", [
    "nightly batch, window 10pm-6am, llama 3.3 70b",
    "runs from 10 pm to 6 am",
    "每晚 10 pm 开始跑",
])
def test_a_time_of_day_is_no_head_count(text):
    assert users(text) is None
