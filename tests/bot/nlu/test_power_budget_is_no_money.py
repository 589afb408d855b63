"""A budget said in watts ("15kW power budget", "电力预算 8 千瓦") is a power cap, never dollars: the figure after
such a budget is what it says it is ("~50 concurrent" sessions), and a money budget said beside it still reads."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "watts", "at_once"), [
    ("one rack with a 15kW power budget? ~50 concurrent agent sessions, deepseek v3", 15_000, 50),
    ("we have a 9 kW budget for the cage, 35 concurrent users on a 70b", 9_000, 35),
    ("电力预算 8 千瓦，大概 40 路并发，跑 32B", 8_000, 40),
    ("機房的功率預算 4kW？同時 30 人，14B", 4_000, 30),
])
def test_a_budget_in_watts_is_power_and_the_count_after_it_is_concurrency(text, watts, at_once):
    facts = parse_message(text).facts
    assert facts.get("power_budget_w") == watts
    assert facts.get("concurrent_users") == at_once
    assert "budget_usd" not in facts


def test_a_money_budget_beside_a_power_budget_still_reads():
    facts = parse_message("budget $120k, power budget 10kW, 70b for 40 concurrent users").facts
    assert facts.get("budget_usd") == 120_000
    assert facts.get("power_budget_w") == 10_000
