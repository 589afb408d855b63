"""A monthly spend in a unit no currency table names is a spend to ask about, never a capex budget.

Issue rule (read any workload): "a monthly spend is never a capex budget", and "a spend in an unknown
currency gets a clear question". "We spend 5000 zorkmids a month on gpt-4o" was read as a $5,000 budget.
A count of something that is not money ("12k tokens a month", "5000 requests a month") is no spend at all.
"""

from __future__ import annotations

import pytest

from tests.support.reading import read_with_tables


@pytest.mark.parametrize("text", [
    "we spend 5000 zorkmids a month on gpt-4o, want to self-host a 70B",
    "currently paying 8000 credits every month to openai for this, thinking of a 13B on prem",
    "the bill is like 40k pesos per month on claude sonnet",
])
def test_an_unnamed_currency_is_asked_about_not_read_as_a_budget(text):
    parsed = read_with_tables(text)
    assert "budget_usd" not in parsed.facts and "budget_amount" not in parsed.facts
    assert "api_spend_usd_per_month" not in parsed.facts, parsed.facts  # no sourced rate: asked, not guessed
    assert any(p.slot == "api_spend_usd_per_month" and p.reason == "currency" for p in parsed.problems)


@pytest.mark.parametrize("text", [
    "we spend about 12k tokens a month on this, it's tiny",
    "we pay for roughly 5000 requests a month through the api",
])
def test_a_count_that_is_not_money_is_no_spend(text):
    parsed = read_with_tables(text)
    assert "api_spend_amount" not in parsed.facts and "api_spend_currency" not in parsed.facts
    assert "budget_usd" not in parsed.facts


def test_a_monthly_spend_with_words_between_month_and_verb_is_read_in_one_clause():
    # 6 万 in a Simplified Chinese message with no currency: yuan (60,000 CNY a month), not a capex budget.
    parsed = read_with_tables("我们现在每月在 DeepSeek 官方 API 上花 6 万左右")
    assert parsed.facts["api_spend_amount"] == 60_000 and parsed.facts["api_spend_currency"] == "CNY"
    assert "budget_usd" not in parsed.facts
    # a clause mark between the month and the verb ends the reach: the 5 万 is a machine's price, no spend
    assert "api_spend_amount" not in read_with_tables("每月大家都很忙，一台机器花 5 万").facts


@pytest.mark.parametrize("text", [
    "合同价：输入缓存未命中 2 元/百万，命中 0.2 元，输出 3 元/百万",
    "gpt-4o is $2.50 per 1M input tokens and $10 per 1M output",
    "an H100 rents at $2.5/hr",
    "electricity is 0.12 USD per kWh",
])
def test_a_price_per_unit_of_use_is_never_a_hardware_budget(text):
    parsed = read_with_tables(text)
    assert "budget_usd" not in parsed.facts
    assert not any(p.slot == "budget_usd" for p in parsed.problems)


def test_a_named_small_budget_is_still_read_for_the_range_check():
    assert read_with_tables("budget $5").facts["budget_usd"] == 5
