"""Approximate counts are ranges sized at their upper end; vague ones are asked about (issue 26 G).

Worked by hand: 二三十 is 20-30 → 30; 三四百 → 400; 两三千 → 3,000; 一两百 → 200; 十几 is 11-19 → 19 at the peak, its
middle (15) as a usual load beside a peak; 上百 / 百来 are about a hundred; "a couple dozen" and "a dozen or two" → 24.
几十 (10-90), 几百 (100-900), "dozens of", "hundreds of" span more than 2x: the count is asked about by its words.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.normalize import normalize


@pytest.mark.parametrize(("text", "slot", "count"), [
    ("客服高峰二三十个人同时在线", "concurrent_users", 30),
    ("大概二三十人同時用", "concurrent_users", 30),
    ("研发部三四百人", "total_users", 400),
    ("全公司兩三千人", "total_users", 3000),
    ("同时在线估计一两百人", "concurrent_users", 200),
    ("十几个人同时用", "concurrent_users", 19),
    ("上百人同时在线", "concurrent_users", 100),
    ("上百個客服同時在線", "concurrent_users", 100),
    ("a couple dozen ppl hitting it at once", "concurrent_users", 24),
    ("a dozen or two engineers at once", "concurrent_users", 24),
])
def test_an_approximate_count_is_sized_at_its_upper_end(text, slot, count):
    assert parse_message(text).facts[slot] == count


def test_a_usual_load_said_as_a_range_is_its_middle_beside_the_peak():
    facts = parse_message("日常也就十几个人，但是每天下午 2 点出报告那会儿，大概 80 个人一起用").facts
    assert (facts["base_concurrent_users"], facts["concurrent_users"]) == (15, 80)
    assert "total_users" not in facts  # the range's top is part of the usual load, not a head count


@pytest.mark.parametrize(("text", "slot", "said", "low", "high"), [
    ("几十个人同时用 Qwen3 14B，要什么配置", "concurrent_users", "几十", 10, 90),
    ("幾百人同時在線，模型 Llama 3.1 8B", "concurrent_users", "几百", 100, 900),
    ("qwen3 32b for the analytics team, dozens of analysts using it at the same time", "concurrent_users", "dozens of", 10, 90),
    ("hundreds of users at once on llama 3.1 70b", "concurrent_users", "hundreds of", 100, 900),
    ("公司有几百个员工想用", "total_users", "几百", 100, 900),
])
def test_a_vague_count_is_asked_about_not_guessed(text, slot, said, low, high):
    parsed = parse_message(text)
    assert slot not in parsed.facts
    vague = [p for p in parsed.problems if p.reason == "vague"]
    assert [(p.slot, p.value, p.low, p.high) for p in vague] == [(slot, said, low, high)]


def test_a_vague_count_of_things_is_no_head_count():
    parsed = parse_message("几十页的合同，10 个人同时用")
    assert parsed.facts["concurrent_users"] == 10
    assert not [p for p in parsed.problems if p.reason == "vague"]


@pytest.mark.parametrize(("text", "normalized"), [
    ("三四十万", "40万"),  # a multiplier keeps the range's upper end only (money and volumes read one number)
    ("二二", "2"),  # not increasing: no range
    ("几十个", "几十个"),  # never "几10"
])
def test_the_number_grammar_writes_ranges_as_digits(text, normalized):
    assert normalize(text) == normalized


def test_a_range_is_kept_for_the_echo_with_the_upper_end_sized():
    facts = parse_message("研發兩三千人，尖峰同時上線大概一兩百個").facts
    assert (facts["concurrent_users"], facts["concurrent_users_range"]) == (200, [100, 200])
    assert (facts["total_users"], facts["total_users_range"]) == (3000, [2000, 3000])


def test_the_echo_says_the_range_and_the_count_sized_for():
    from bot.wording.render_text import fact_phrases

    phrases = fact_phrases({"concurrent_users": 30, "concurrent_users_range": [20, 30]}, "en")
    assert phrases == ["30 concurrent users (said as 20–30: sized for 30)"]
    # a later count ("make it 50") leaves the old range unsaid
    assert fact_phrases({"concurrent_users": 50, "concurrent_users_range": [20, 30]}, "en") == ["50 concurrent users"]
