"""The exchange rates: one dated, sourced data file (`knowledge/data/fx_rates.csv`) that the budget and the
monthly API spend are converted with, covering exactly the currencies the workload contract names."""

from __future__ import annotations

import csv
import re
from typing import get_args

from estimator.costing.fx import RATES_FILE, rates, to_usd
from estimator.workload import Currency


def test_every_rate_is_dated_sourced_and_positive():
    with RATES_FILE.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows
    for row in rows:
        assert float(row["units_per_usd"]) > 0
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", row["date"])
        assert row["source_url"].startswith("https://")


def test_the_file_covers_exactly_the_contract_currencies():
    assert set(rates()) == set(get_args(Currency))


def test_conversions_follow_the_rates():
    # 500,000 CNY at 7.1665 per dollar; €40,000 at 1.0959 dollars per euro (H.10, 12 Jan 2024)
    assert to_usd(500_000, "CNY") == round(500_000 / 7.1665)
    assert abs(to_usd(40_000, "EUR") - 40_000 * 1.0959) <= 1
    assert to_usd(1_000, "AED") is None  # no sourced rate: the amount is asked about
    assert to_usd(1_000_000, "KRW") == round(1_000_000 / 1313.41)
