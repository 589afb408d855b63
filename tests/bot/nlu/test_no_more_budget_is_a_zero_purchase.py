""""No more budget" ("不能再加预算了", "預算不能再加", "沒有額外預算") with no amount stated leaves nothing to spend:
the purchase budget is zero, so only what is owned can serve. A stated amount stays the cap; "no budget limit"
says the opposite and sets nothing."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", [
    "领导说不能再加预算了，就用手上那台 4090 跑 14B 给 6 个人",
    "預算不能再加了，用現有的兩張 A6000 跑 32B",
    "公司沒有額外的預算，手上一台 Mac Studio，跑 70B 給 8 個人",
    "we can't get any more budget this year, it has to run on the two L40S we own. 32b for 20 people",
    "no more money for hardware, we have one A100 80GB. llama 3.3 70b for 15 analysts",
    "预算一分钱都不能再加，跑 7B 给 10 个人",
])
def test_no_more_budget_without_an_amount_is_zero(text):
    facts = parse_message(text).facts
    assert facts.get("budget_usd") == 0
    assert "budget_currency" not in facts  # "一分" is no amount of money: the words are read whole


@pytest.mark.parametrize(("text", "usd"), [
    ("we got $25k approved and can't get any more budget. qwen3 32b for 40 users", 25_000),
    ("budget is $60k, no more money after that, 70b for 50 concurrent", 60_000),
])
def test_a_stated_amount_stays_the_cap(text, usd):
    assert parse_message(text).facts.get("budget_usd") == usd


@pytest.mark.parametrize("text", ["no budget limit, 70b for 100 users", "预算没有上限，跑 70B 给 100 人"])
def test_no_budget_limit_sets_no_budget(text):
    assert "budget_usd" not in parse_message(text).facts
