"""Amounts stated in other currencies (a budget, a monthly API spend), converted to US dollars at a stated,
dated rate.

The estimator prices hardware in USD; "50万元" or "€40k" is converted once, and the reply states the rate
and its date as an assumption (an amount near a boundary should be re-checked at today's rate). The rates are
`estimator.catalog.FxRate` rows handed in by the caller (the store reads `knowledge/data/fx_rates.csv`: currency,
units per US dollar, date, source_url, notes); refreshing them is editing that file, nothing in code.

Pure: no file, no network, no clock.
"""

from __future__ import annotations

from collections.abc import Iterable

from estimator.catalog import FxRate


def rate(currency: str, rates: Iterable[FxRate]) -> FxRate | None:
    """The rate of an ISO 4217 code (CNY, EUR, JPY, TWD, GBP, …) among `rates`, None when none is sourced."""
    key = currency.upper()
    return next((r for r in rates if r.currency == key), None)


def to_usd(amount: float, rate: FxRate, *, places: int = 0) -> float:
    """`amount` of `rate.currency` in US dollars at that rate, rounded to the dollar (or to `places` decimals: a price
    per million tokens is cents).

    >>> cny = FxRate(currency="CNY", units_per_usd=7.1665, date="2024-01-12", source_url="https://example.com")
    >>> to_usd(500_000, cny), to_usd(2, cny, places=4)
    (69769.0, 0.2791)
    """
    return float(round(amount / rate.units_per_usd, places))


__all__ = ["FxRate", "rate", "to_usd"]
