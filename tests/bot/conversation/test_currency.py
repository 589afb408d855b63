"""Budgets in other currencies: converted at estimator/costing/fx.py's dated rate and stated as an assumption.

Worked by hand from the rates (Federal Reserve H.10, 12 Jan 2024): 500,000 CNY ÷ 7.1665 = $69,769;
€40,000 × 1.0959 = $43,836; NT$1,000,000 ÷ 31.12 = $32,134; 5,000,000 JPY ÷ 144.86 = $34,516;
£30,000 × 1.2727 ≈ $38,180 (IMF SDR cross rate, same day).
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from estimator.workload import Workload
from tests.support.worded import fill_defaults


@pytest.mark.parametrize(("text", "currency", "amount", "usd"), [
    ("预算50万元", "CNY", 500_000, 69_769),
    ("预算 50万人民币，7B 模型", "CNY", 500_000, 69_769),
    ("預算 100 萬元台幣", "TWD", 1_000_000, 32_134),
    ("預算 100 萬元", "TWD", 1_000_000, 32_134),  # bare 元 in Traditional script: New Taiwan dollars
    ("budget €40k", "EUR", 40_000, 43_836),
    ("NT$1,000,000 budget", "TWD", 1_000_000, 32_134),
    ("预算500万日元", "JPY", 5_000_000, 34_516),
    ("budget of £30,000", "GBP", 30_000, 38_180),
    ("up to €40k on hardware", "EUR", 40_000, 43_836),  # no budget word: the currency says it is money
    ("我们打算花 50万元 买硬件", "CNY", 500_000, 69_769),
])
def test_budgets_in_other_currencies_are_converted(text, currency, amount, usd):
    facts = parse_message(text).facts
    assert facts["budget_currency"] == currency and facts["budget_amount"] == amount
    assert facts["budget_usd"] == pytest.approx(usd, abs=3)


def test_the_conversion_is_stated_with_rate_and_date():
    _, notes = fill_defaults(Workload(budget_usd=69_769, budget_amount=500_000, budget_currency="CNY"))
    note = next(n for n in notes if "CNY" in n)
    assert "7.1665" in note and "2024-01-12" in note and "$69,769" in note


def test_a_problem_keeps_the_other_facts_of_the_message():
    result = parse_message("A 13B model, budget AED 300k, 40 concurrent users, prompts ~800 tokens")
    assert result.facts["model_params_b"] == 13 and result.facts["concurrent_users"] == 40
    assert result.facts["prompt_tokens"] == 800
    assert [p.reason for p in result.problems] == ["currency"]


def test_a_hong_kong_dollar_budget_is_converted_at_its_dated_rate_and_says_so():
    # H.10 of 16 January 2024: 7.8195 HKD per USD, so HK$300k = 300,000 / 7.8195 = $38,366
    result = parse_message("A 13B model, budget HK$300k, 40 concurrent users")
    assert result.facts["budget_currency"] == "HKD" and result.facts["budget_usd"] == 38_366
    _, notes = fill_defaults(Workload(budget_usd=38_366, budget_amount=300_000, budget_currency="HKD"))
    note = next(n for n in notes if "HKD" in n)
    assert "7.8195" in note and "2024-01-12" in note
