"""Members said to be on at once are concurrent streams, whatever the noun (the same rule as "users at once").

Expectations from the words: "30 devs at once" is 30 concurrent streams; "400 engineers, maybe 60 at once" is a
head count of 400 with a peak of 60; a head count with a share ("a quarter active") stays a head count, its
peak left to the stated share.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("text", "expected"), [
    ("30 devs at once on a 32B coder model", {"concurrent_users": 30}),
    ("about 30 devs use it concurrently", {"concurrent_users": 30}),
    ("peak 30 engineers simultaneously", {"concurrent_users": 30}),
    ("maybe 45 analysts in parallel during quarter close", {"concurrent_users": 45}),
    ("高峰 80 个工程师", {"concurrent_users": 80}),
    ("同時在線 40 個工程師", {"concurrent_users": 40}),
    ("400 engineers, maybe 60 at once", {"total_users": 400, "concurrent_users": 60}),
    ("we are 300 engineers", {"total_users": 300}),
    ("公司有300个工程师", {"total_users": 300}),
    ("an org of 1,200 staff in total, 150 at once", {"total_users": 1200, "concurrent_users": 150}),
    # the verb's object between the members and "at the same time" (a model's size is a word, not another count)
    ("8 developers share a 70B model at the same time", {"concurrent_users": 8}),
    ("12 analysts use the qwen3-32b model at once", {"concurrent_users": 12}),
    ("200 staff and 30 at once", {"total_users": 200, "concurrent_users": 30}),  # a bare number is its own count
])
def test_members_on_at_once_are_streams_and_a_head_count_stays_one(text, expected):
    facts = parse_message(text).facts
    assert {k: v for k, v in facts.items() if k in ("concurrent_users", "total_users")} == expected
