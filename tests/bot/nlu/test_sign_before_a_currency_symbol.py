"""A minus right before a currency symbol is the amount's sign: "budget -€5k" and "预算 -¥5万" are negative budgets,
asked about as out of range (as "-$5k" is), never read as +5,000 euros; the facts beside them are kept, and the
question names the amount in the currency it was said in."""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk
from tests.support.reading import read_with_tables


@pytest.mark.parametrize("text", ["budget -€5k for a 7b model, 10 users", "预算 -¥5万，7B 模型 10 人用",
                                  "預算 -NT$30萬，7B 模型 10 人用", "budget -$5k for a 7b, 10 users"])
def test_a_minus_before_the_symbol_is_a_negative_budget_asked_about(text):
    result = read_with_tables(text)
    assert "budget_usd" not in result.facts
    assert any(p.slot == "budget_usd" for p in result.problems)
    assert result.facts.get("model_params_b") == 7 and result.facts.get("concurrent_users") == 10


def test_a_plain_amount_in_euros_is_still_a_budget():
    assert read_with_tables("budget €5k for a 7b model, 10 users").facts.get("budget_currency") == "EUR"


@pytest.mark.parametrize(("text", "named", "not_named"), [
    ("budget -€5k for a 7b model, 10 users", "budget (EUR) = -5,000", "USD"),
    ("预算 -¥5万，7B 模型 10 人用", "预算（CNY） = -50,000", "美元"),
    ("預算 -NT$30萬，7B 模型 10 人用", "預算（TWD） = -300,000", "美元"),
])
def test_the_question_names_the_amount_in_the_currency_it_was_said_in(engine, text, named, not_named):
    # the amount was never converted (a negative budget is asked about before any rate applies), so the
    # question quotes it as said: "-5,000 USD" for "-€5k" would misquote the user
    (reply,) = talk(engine, text)
    assert named in reply.text and not_named not in reply.text.split("\n")[1]
    assert reply.slots.get("concurrent_users") == 10
