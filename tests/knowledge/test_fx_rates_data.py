"""The exchange rates: one dated, sourced data file (`knowledge/data/fx_rates.csv`) that the store loads like every
other table and that the budget and the monthly API spend are converted with, covering exactly the currencies the
workload contract names."""

from __future__ import annotations

import re
from typing import get_args

from estimator.costing.fx import rate, to_usd
from estimator.workload import Currency
from knowledge.testing import memory_catalog, memory_store


def test_every_rate_is_dated_sourced_and_positive():
    rates = memory_catalog().fx_rates
    assert rates
    for row in rates:
        assert row.units_per_usd > 0
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", row.date)
        assert row.source_url.startswith("https://")


def test_the_file_covers_exactly_the_contract_currencies():
    assert {r.currency for r in memory_catalog().fx_rates} == set(get_args(Currency))


def test_the_store_answers_the_rates_in_file_order():
    assert memory_store().fx_rates() == list(memory_catalog().fx_rates)


def test_conversions_follow_the_rates():
    rates = memory_catalog().fx_rates
    cny, eur, krw = (rate(code, rates) for code in ("CNY", "EUR", "krw"))
    assert cny is not None and eur is not None and krw is not None
    assert to_usd(500_000, cny) == round(500_000 / cny.units_per_usd)
    assert abs(to_usd(40_000, eur) - 40_000 / eur.units_per_usd) <= 0.5
    assert to_usd(1_000_000, krw) == round(1_000_000 / krw.units_per_usd)
    assert rate("AED", rates) is None  # no sourced rate: the amount is asked about
