"""A usual load said beside a peak is the base (`base_concurrent_users`), the peak the load sized for, in English,
Simplified and Traditional Chinese; approximate Chinese counts read as the middle of what they span
(十几 / 十幾: eleven to nineteen, 15). A clause that names the peak's time without a count lends it to the next
clause of the sentence; "at once" said of the larger count beside a usual load marks it as the peak."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "base", "peak"), [
    ("平時得十幾個人用，但係每晚收盤後半個鐘，成組 70 人一齊上", 15, 70),
    ("日常也就十几个人，但是每天上午 10 点开会前大概 90 个人一起用", 15, 90),
    ("平常 15 个人左右，早上九点会到 150", 15, 150),
    ("平日大概 20 人在用，每周一开周会前会到 120 人", 20, 120),
    ("most of the month it's like 20 people poking at it but month-end close is brutal, ~120 people at the same time",
     20, 120),
    ("on a normal day 35 reps use it, black friday it's ~300 of them simultaneously", 35, 300),
    ("most of the week maybe 8 people, but on release days 60 pile on at once", 8, 60),
])
def test_a_usual_load_beside_a_peak_is_the_base_not_a_head_count(text, base, peak):
    facts = parse_message(text).facts
    assert facts["base_concurrent_users"] == base
    assert facts["concurrent_users"] == peak
    assert "total_users" not in facts


def test_a_head_count_beside_an_at_once_share_stays_a_head_count():
    facts = parse_message("400 engineers in total, usually 40 at once").facts
    assert "base_concurrent_users" not in facts


def test_a_count_of_ten_odd_in_digits_is_fifteen():
    assert parse_message("平时 10 几个人在用，高峰 60 人").facts["base_concurrent_users"] == 15


def test_minutes_before_an_event_are_no_first_token_target():
    assert "ttft_target_ms" not in parse_message("平常同时 20 人，开盘前十分钟会冲到 200 人").facts
