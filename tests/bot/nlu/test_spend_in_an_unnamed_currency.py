"""A monthly spend in a unit no currency table names is a spend to ask about, never a capex budget.

Issue rule (read any workload): "a monthly spend is never a capex budget", and "a spend in an unknown
currency gets a clear question". "We spend 5000 zorkmids a month on gpt-4o" was read as a $5,000 budget.
A count of something that is not money ("12k tokens a month", "5000 requests a month") is no spend at all.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize("text", [
    "we spend 5000 zorkmids a month on gpt-4o, want to self-host a 70B",
    "currently paying 8000 credits every month to openai for this, thinking of a 13B on prem",
    "the bill is like 40k pesos per month on claude sonnet",
])
def test_an_unnamed_currency_is_asked_about_not_read_as_a_budget(text):
    parsed = parse_message(text)
    assert "budget_usd" not in parsed.facts and "budget_amount" not in parsed.facts
    assert "api_spend_usd_per_month" not in parsed.facts, parsed.facts  # no sourced rate: asked, not guessed
    assert any(p.slot == "api_spend_usd_per_month" and p.reason == "currency" for p in parsed.problems)


@pytest.mark.parametrize("text", [
    "we spend about 12k tokens a month on this, it's tiny",
    "we pay for roughly 5000 requests a month through the api",
])
def test_a_count_that_is_not_money_is_no_spend(text):
    parsed = parse_message(text)
    assert "api_spend_amount" not in parsed.facts and "api_spend_currency" not in parsed.facts
    assert "budget_usd" not in parsed.facts
