"""Budgets in other currencies: converted at the catalog's dated rate (knowledge/data/fx_rates.csv) and stated as an
assumption.

Worked by hand from the rates of 27 Jan 2026 (CFETS central parity: 100 USD = 698.58 CNY, 100 EUR = 827.55 CNY,
100 JPY = 4.5176 CNY, 100 GBP = 952.61 CNY; Taipei close of 26 Jan, 31.508 TWD): 500,000 CNY ÷ 6.9858 = $71,574;
€40,000 × 827.55 / 698.58 = $47,385; NT$1,000,000 ÷ 31.508 = $31,738; 5,000,000 JPY × 4.5176 / 100 / 6.9858 = $32,334;
£30,000 × 952.61 / 698.58 = $40,909.
"""

from __future__ import annotations

from functools import partial

import pytest

from estimator.workload import Workload
from knowledge.testing import memory_catalog
from tests.support import worded
from tests.support.reading import read_with_tables as parse_message

# The defaults as `recommend` fills them: with the catalog's dated rates.
fill_defaults = partial(worded.fill_defaults, catalog=memory_catalog())


@pytest.mark.parametrize(("text", "currency", "amount", "usd"), [
    ("预算50万元", "CNY", 500_000, 71_574),
    ("预算 50万人民币，7B 模型", "CNY", 500_000, 71_574),
    ("預算 100 萬元台幣", "TWD", 1_000_000, 31_738),
    ("預算 100 萬元", "TWD", 1_000_000, 31_738),  # bare 元 in Traditional script: New Taiwan dollars
    ("budget €40k", "EUR", 40_000, 47_385),
    ("NT$1,000,000 budget", "TWD", 1_000_000, 31_738),
    ("预算500万日元", "JPY", 5_000_000, 32_334),
    ("budget of £30,000", "GBP", 30_000, 40_909),
    ("up to €40k on hardware", "EUR", 40_000, 47_385),  # no budget word: the currency says it is money
    ("我们打算花 50万元 买硬件", "CNY", 500_000, 71_574),
])
def test_budgets_in_other_currencies_are_converted(text, currency, amount, usd):
    facts = parse_message(text).facts
    assert facts["budget_currency"] == currency and facts["budget_amount"] == amount
    assert facts["budget_usd"] == pytest.approx(usd, abs=3)


def test_the_conversion_is_stated_with_rate_and_date():
    _, notes = fill_defaults(Workload(budget_usd=71_574, budget_amount=500_000, budget_currency="CNY"))
    note = next(n for n in notes if "CNY" in n)
    assert "6.9858" in note and "2026-01-27" in note and "$71,574" in note


def test_a_problem_keeps_the_other_facts_of_the_message():
    result = parse_message("A 13B model, budget AED 300k, 40 concurrent users, prompts ~800 tokens")
    assert result.facts["model_params_b"] == 13 and result.facts["concurrent_users"] == 40
    assert result.facts["prompt_tokens"] == 800
    assert [p.reason for p in result.problems] == ["currency"]


def test_a_hong_kong_dollar_budget_is_converted_at_its_dated_rate_and_says_so():
    # CFETS of 27 Jan 2026: 100 HKD = 89.592 CNY, 698.58 / 89.592 = 7.79735 HKD per USD; HK$300k = $38,475
    result = parse_message("A 13B model, budget HK$300k, 40 concurrent users")
    assert result.facts["budget_currency"] == "HKD" and result.facts["budget_usd"] == 38_475
    _, notes = fill_defaults(Workload(budget_usd=38_475, budget_amount=300_000, budget_currency="HKD"))
    note = next(n for n in notes if "HKD" in n)
    assert "7.79735" in note and "2026-01-27" in note
