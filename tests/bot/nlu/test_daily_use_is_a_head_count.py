"""A count of people said to use it every day ("約 500 位行員日常使用", "400 人每天都在用", "200 nurses use it every
day") is everyone who uses it, a head count: a day is the span, not the moment, so none of them is a peak. Words
of simultaneity beside the count still make it the peak."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "people"), [
    ("約 500 位行員日常使用，Qwen3-235B", 500),
    ("大约 600 位同事每天都在用，内网部署 32B", 600),
    ("营业部 300 名柜员天天用，7B", 300),
    ("about 200 nurses use it every day, llama 3.1 70b", 200),
    ("~90 paralegals on it daily, qwen2.5 32b", 90),
])
def test_a_count_said_with_daily_use_is_the_head_count(text, people):
    facts = parse_message(text).facts
    assert facts.get("total_users") == people
    assert facts.get("concurrent_users") in (None, people) and parse_message(text).unqualified_users is False


def test_at_once_beside_daily_use_is_still_the_peak():
    assert parse_message("每天都在用，高峰 80 人同时在线，32B").facts.get("concurrent_users") == 80
