"""Amounts with no budget word are read from the one currency table (`bot.nlu.currency.CURRENCY_WORDS`): every
currency it names is read before or after an amount, the dollar's words included, so a currency added there is read
by the budget reader too. Expected values: the amount as stated, converted at `fx_rates.csv`'s dated rate (checked
apart, `tests/bot/conversation/test_currency.py`); here only the currency and amount read."""

from __future__ import annotations

import pytest

from bot.nlu.currency import CURRENCY_WORDS
from tests.support.reading import read_with_tables


@pytest.mark.parametrize(("text", "currency", "amount"), [
    # read before this change too
    ("up to €40k on hardware", "EUR", 40_000),
    ("預算 NT$100萬", "TWD", 1_000_000),
    # read only once the amount readers took the table's words (they named a few currencies by hand)
    ("we have 60k CAD for the hardware, 7b model", "CAD", 60_000),
    ("港币20万买硬件，跑7b", "HKD", 200_000),
    ("₩30,000,000 for a server", "KRW", 30_000_000),
])
def test_an_amount_in_a_tabled_currency_is_read(text: str, currency: str, amount: float) -> None:
    facts = read_with_tables(text).facts
    assert facts["budget_currency"] == currency and facts["budget_amount"] == amount, facts


def test_the_dollar_said_after_the_amount_is_read() -> None:
    assert read_with_tables("hardware up to 3000$ , 7b for me").facts["budget_usd"] == 3000
    assert read_with_tables("可以花 5000 美元买硬件").facts["budget_usd"] == 5000


def test_a_currency_with_no_rate_is_asked_about_keeping_the_rest() -> None:
    result = read_with_tables("AED 300k for hardware, 13B, 40 users")
    assert [p.reason for p in result.problems] == ["currency"]
    assert result.facts["model_params_b"] == 13 and result.facts["concurrent_users"] == 40


@pytest.mark.parametrize("text", ["我们有三块4090", "8 块卡跑 70b", "we have 3 h100s"])
def test_a_count_of_cards_is_no_money(text: str) -> None:
    assert "budget_usd" not in read_with_tables(text).facts


def test_the_dollar_words_are_the_tables() -> None:
    from bot.nlu import parser

    # the Chinese local-money rule ("预算150万" is yuan unless a dollar is named) reads the table's dollar words
    assert all(word in parser._DOLLARS.pattern for word in CURRENCY_WORDS["USD"])
