"""A quote-only accelerator's price range back-computed from a cloud rental of it, by rule, not a guess.

Where a vendor publishes no card price but a cloud rents the card by the hour, the purchase price is read off
the catalog's own GPUs that have both a sourced purchase price (`hardware.csv`) and a sourced rental rate
(`cloud_gpu_prices.csv`): for each such GPU, how many hours of its rent its purchase price buys (price / rate,
the median over its providers, so one outlying provider does not set it); the spread of that figure across
the GPUs is the range, applied to the accelerator's own hourly rate. Both sides carry the same things: a card
price on one side, a per-card rent (host share included) on the other, so the product is a card price.

Which GPUs: data-center grade only (`is_datacenter_grade`: passive, SXM/OAM or HBM), as a rented accelerator is
a data-center part and a consumer card's launch price and hobbyist rent follow another market; and rates of the
same term and billing as the accelerator's (an on-demand instance against on-demand instances, billed while it
runs), as a commitment or a per-active-second worker prices an hour differently.

Seed 2's "quote needed" stays: the range is marked as back-computed (`cloud_back_computed`) with its basis, and
the ranking costs the part at its geometric middle (`accelerator_first.with_price_ranges`).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from estimator.advice.candidates import is_datacenter_grade
from estimator.catalog import Catalog, CloudGpuPrice


@dataclass(frozen=True)
class PaybackHours:
    """How many hours of a GPU's rent its purchase price buys: the median over `rates` sourced rental rows."""

    hardware_id: str
    hours: float
    rates: int


@dataclass(frozen=True)
class BackComputedRange:
    """A card price range from a rental rate: `usd_per_card_hour` × the GPUs' payback-hours spread."""

    hardware_id: str
    rental_id: str
    usd_per_card_hour: float
    hours_low: float
    hours_high: float
    low_usd: float
    high_usd: float
    measured_on: tuple[PaybackHours, ...]


def _comparable(price: CloudGpuPrice, like: CloudGpuPrice) -> bool:
    return price.term == like.term and price.billing == like.billing


def payback_hours(catalog: Catalog, like: CloudGpuPrice) -> list[PaybackHours]:
    """Per data-center GPU with a purchase price and rental rows comparable to `like`: its purchase price over its
    hourly rent, the median over those rows."""
    by_gpu: dict[str, list[float]] = {}
    for rent in catalog.cloud_gpu_prices:
        hw = catalog.hardware_by_id(rent.hardware_id)
        if hw is None or hw.kind != "gpu" or hw.price_usd is None or not is_datacenter_grade(hw):
            continue
        if _comparable(rent, like):
            by_gpu.setdefault(hw.id, []).append(hw.price_usd / rent.usd_per_gpu_hour)
    return [PaybackHours(hw_id, statistics.median(hours), len(hours)) for hw_id, hours in sorted(by_gpu.items())]


def back_computed_range(catalog: Catalog, rental: CloudGpuPrice) -> BackComputedRange | None:
    """The card price range `rental`'s hourly rate implies, rounded to $100; None when fewer than two GPUs measure
    the ratio (one GPU is a point, not a spread)."""
    measured = payback_hours(catalog, rental)
    if len(measured) < 2:
        return None
    low = min(m.hours for m in measured)
    high = max(m.hours for m in measured)
    return BackComputedRange(
        hardware_id=rental.hardware_id, rental_id=rental.id, usd_per_card_hour=rental.usd_per_gpu_hour,
        hours_low=low, hours_high=high, low_usd=round(rental.usd_per_gpu_hour * low, -2),
        high_usd=round(rental.usd_per_gpu_hour * high, -2), measured_on=tuple(measured))


def accelerator_rentals(catalog: Catalog) -> list[CloudGpuPrice]:
    """The sourced rental rows of accelerators (a cloud instance that carries the card)."""
    return [p for p in catalog.cloud_gpu_prices
            if (hw := catalog.hardware_by_id(p.hardware_id)) is not None and hw.kind == "accel"]


__all__ = ["BackComputedRange", "PaybackHours", "accelerator_rentals", "back_computed_range", "payback_hours"]
