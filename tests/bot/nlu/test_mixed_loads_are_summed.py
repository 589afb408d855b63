"""People chatting plus a machine's rate in one message ("40 people chat with it, plus a pipeline that classifies 5
tickets/s", "30 个人同时聊天，另外还有个分类流水线每秒 3 条") are two loads: both kept and `loads_summed`. A rate with no
word of adding, or one said per person, is the people's own load."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "people", "per_s"), [
    ("40 people chat with it, plus a pipeline that classifies 5 tickets/s, 8b", 40, 5.0),
    ("~25 concurrent chat users and on top of that a batch tagger doing 2 req/s, 14b", 25, 2.0),
    ("Interactive: 15 analysts at the same time. Also an email classifier, 1 msg per second. 7b.", 15, 1.0),
    ("30 个人同时聊天，另外还有个分类流水线每秒 3 条，7B", 30, 3.0),
    ("客服 50 人同时在线用，再加上一个每分钟 120 条的工单打标任务，14B", 50, 2.0),
    ("業務 40 人同時用，另外還有批次摘要每分鐘 60 份，14B", 40, 1.0),
])
def test_people_and_a_rate_said_as_two_loads_are_summed(text, people, per_s):
    facts = parse_message(text).facts
    assert facts.get("concurrent_users", facts.get("total_users")) == people
    assert facts["requests_per_s"] == pytest.approx(per_s)
    assert facts["loads_summed"] is True
    assert facts.get("arrival_pattern") != "batch"  # the people still wait on their answers
    assert "batch_items" not in facts


@pytest.mark.parametrize("text", [
    "200 users, about 5 req/s at peak, 8b",
    "40 agents, each fires a query about once a minute, 8b",
])
def test_one_load_is_not_summed(text):
    assert "loads_summed" not in parse_message(text).facts
