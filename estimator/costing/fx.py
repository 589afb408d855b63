"""Amounts stated in other currencies (a budget, a monthly API spend), converted to US dollars at a stated,
dated rate.

The estimator prices hardware in USD; "50万元" or "€40k" is converted once, and the reply states the rate
and its date as an assumption (an amount near a boundary should be re-checked at today's rate). The rates
live in ONE data file, `knowledge/data/fx_rates.csv` (currency, units per US dollar, date, source_url,
notes): refreshing them is editing that file, nothing in code. The shipped rows are the noon buying rates
in New York of 12 January 2024 (Federal Reserve H.10; the pound from the IMF's SDR valuations that day).

Pure apart from reading that static, versioned table once (no network, no clock).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path

RATES_FILE = Path(__file__).resolve().parents[2] / "knowledge" / "data" / "fx_rates.csv"


@dataclass(frozen=True)
class FxRate:
    """Units of `currency` per US dollar on `date`, with where the figure comes from."""

    currency: str
    units_per_usd: float
    date: str
    source_url: str


@cache
def _rates() -> dict[str, FxRate]:
    with RATES_FILE.open(encoding="utf-8", newline="") as handle:
        return {row["currency"].upper(): FxRate(row["currency"].upper(), float(row["units_per_usd"]), row["date"],
                                                 row["source_url"])
                for row in csv.DictReader(handle)}


def rate(currency: str) -> FxRate | None:
    """The rate for an ISO 4217 code (CNY, EUR, JPY, TWD, GBP), or None when none is sourced."""
    return _rates().get(currency.upper())


def to_usd(amount: float, currency: str) -> float | None:
    """`amount` of `currency` in US dollars, rounded to the dollar; None for an unsourced currency.

    >>> to_usd(500_000, "CNY"), to_usd(40_000, "EUR"), to_usd(1_000_000, "TWD")
    (69769.0, 43836.0, 32134.0)
    """
    found = rate(currency)
    if found is None:
        return None
    return float(round(amount / found.units_per_usd))


def rates() -> dict[str, FxRate]:
    """Every sourced rate, by ISO 4217 code."""
    return dict(_rates())


__all__ = ["RATES_FILE", "FxRate", "rate", "rates", "to_usd"]
