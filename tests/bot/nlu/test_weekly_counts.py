"""A count said per week is a day's fifth: meetings, calls and office work fall on the five days of a working week.

Expectations from the words: "~1,500 a week" of meetings is 300 a day; "每周大概 2000 场会议" is 400 a day.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("text", "per_day"), [
    ("we record basically all internal meetings (~1,500 a week company-wide, mostly 30-60 min) for minutes", 300),
    ("about 2,500 support calls per week get transcribed and summarized with a 14b", 500),
    ("每周大概 2000 场会议要出会议纪要，用 Qwen3-32B", 400),
])
def test_a_week_s_count_is_a_fifth_of_it_a_day(text, per_day):
    assert parse_message(text).facts.get("requests_per_day") == per_day


def test_a_weekday_is_no_count():
    assert "requests_per_day" not in parse_message("每周1早上开会，用 8B 模型做个聊天助手，20 个人用").facts
