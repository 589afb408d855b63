"""'w' for 万 in Chinese money: the net's shorthand ("预算30w" is ¥300,000), never watts after a money word; power stays
watts ("功耗 30w", "功耗预算 300w"). Expectations: 30w = 30 × 10,000 in the message's currency (CNY by default in
Simplified, TWD in Traditional, as the currency table reads 万 amounts)."""

from __future__ import annotations

import pytest

from tests.support.reading import read_with_tables


@pytest.mark.parametrize("text", ["预算30w，10个人用 Qwen3-32B", "预算大概 30w 左右", "30w的预算能买什么卡", "預算 30w 以內"])
def test_a_money_word_makes_w_ten_thousand(text):
    facts = read_with_tables(text).facts
    assert "power_budget_w" not in facts
    assert facts.get("budget_usd") is not None and facts["budget_usd"] > 1_000  # 300,000 CNY/TWD, never 30


@pytest.mark.parametrize(("text", "watts"), [("功耗 30w 以内，跑 8B 模型", 30), ("功耗预算 300w，10 个人用", 300),
                                             ("power budget 300w for 10 users", 300)])
def test_power_stays_watts(text, watts):
    assert read_with_tables(text).facts.get("power_budget_w") == watts


@pytest.mark.parametrize(("text", "amount"), [("30万的预算能买什么卡", 300_000), ("20 萬以內的預算", 200_000),
                                              ("$40k budget for 10 users", 40_000)])
def test_an_amount_said_before_its_budget_word_is_the_budget(text, amount):
    facts = read_with_tables(text).facts
    assert facts.get("budget_amount", facts.get("budget_usd")) == amount
