"""Budgets stated in other currencies, converted to US dollars at a stated, dated rate.

The estimator prices hardware in USD; a budget of "50万元" or "€40k" is converted once, and the
reply states the rate and its date as an assumption (a budget near a boundary should be re-checked
at today's rate). Rates are the noon buying rates in New York of 12 January 2024:

- CNY, EUR, JPY, TWD: Federal Reserve statistical release H.10 of 16 January 2024, column "Jan. 12"
  (currency units per U.S. dollar; the euro as U.S. dollars per euro),
  https://federalreserve.gov/releases/h10/20240116
- GBP: the same day's IMF SDR valuations (0.952544 SDR per pound ÷ 0.748473 SDR per dollar =
  1.2727 USD per pound), as reprinted by Business Recorder,
  https://www.brecorder.com/news/40284049/currency-values-in-terms-of-special-drawing-rights
  (the H.10 excerpt available to this project cut the pound's value off).

Pure: a lookup table and arithmetic, no network or clock.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FxRate:
    """Units of `currency` per US dollar on `date`, with where the figure comes from."""

    currency: str
    units_per_usd: float
    date: str
    source_url: str


_H10 = "https://federalreserve.gov/releases/h10/20240116"
_IMF = "https://www.brecorder.com/news/40284049/currency-values-in-terms-of-special-drawing-rights"
RATES: dict[str, FxRate] = {
    "CNY": FxRate("CNY", 7.1665, "2024-01-12", _H10),
    "EUR": FxRate("EUR", round(1 / 1.0959, 6), "2024-01-12", _H10),  # H.10 quotes 1.0959 USD per euro
    "JPY": FxRate("JPY", 144.86, "2024-01-12", _H10),
    "TWD": FxRate("TWD", 31.12, "2024-01-12", _H10),
    "GBP": FxRate("GBP", round(0.748473 / 0.952544, 6), "2024-01-12", _IMF),  # 1.2727 USD per pound
}


def rate(currency: str) -> FxRate | None:
    """The rate for an ISO 4217 code (CNY, EUR, JPY, TWD, GBP), or None when none is sourced."""
    return RATES.get(currency.upper())


def to_usd(amount: float, currency: str) -> float | None:
    """`amount` of `currency` in US dollars, rounded to the dollar; None for an unsourced currency.

    >>> to_usd(500_000, "CNY"), to_usd(40_000, "EUR"), to_usd(1_000_000, "TWD")
    (69769.0, 43836.0, 32134.0)
    """
    found = rate(currency)
    if found is None:
        return None
    return float(round(amount / found.units_per_usd))


__all__ = ["RATES", "FxRate", "rate", "to_usd"]
