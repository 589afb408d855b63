"""A minus right before a currency symbol is the amount's sign: "budget -€5k" and "预算 -¥5万" are negative budgets,
asked about as out of range (as "-$5k" is), never read as +5,000 euros; the facts beside them are kept."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", ["budget -€5k for a 7b model, 10 users", "预算 -¥5万，7B 模型 10 人用",
                                  "預算 -NT$30萬，7B 模型 10 人用", "budget -$5k for a 7b, 10 users"])
def test_a_minus_before_the_symbol_is_a_negative_budget_asked_about(text):
    result = parse_message(text)
    assert "budget_usd" not in result.facts
    assert any(p.slot == "budget_usd" for p in result.problems)
    assert result.facts.get("model_params_b") == 7 and result.facts.get("concurrent_users") == 10


def test_a_plain_amount_in_euros_is_still_a_budget():
    assert parse_message("budget €5k for a 7b model, 10 users").facts.get("budget_currency") == "EUR"
