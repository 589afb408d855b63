"""A quote-only accelerator's price range back-computed from its cloud rent (estimator/costing/back_computed.py).

Expectations from the rule's arithmetic, written before running: a data-center GPU bought at $10,000 and rented at
$2/h pays back in 5,000 h; one bought at $30,000 and rented at $4/h and $8/h in 7,500 h and 3,750 h, median
5,625 h; an accelerator rented at $1.50/h is then a $7,500-8,400 card (1.5 x 5,000 and
1.5 x 5,625, rounded to $100). A consumer card, a 1-year commitment and a per-active-second worker measure other
markets and terms and stay out.
"""

from __future__ import annotations

from estimator.catalog import Catalog, CloudGpuPrice, Hardware
from estimator.costing.back_computed import accelerator_rentals, back_computed_range, payback_hours

URL = "https://example.com/prices"


def _hw(hw_id: str, kind: str, price: float | None, form: str) -> Hardware:
    return Hardware(id=hw_id, vendor="T", name=hw_id, kind=kind, memory_gb=48, memory_bandwidth_gbs=900, tdp_w=300,
                    price_usd=price, form_factor=form, source_url=URL)


def _rent(row_id: str, hw_id: str, rate: float, term: str = "on_demand", billing: str = "while_running",
          ) -> CloudGpuPrice:
    return CloudGpuPrice(id=row_id, provider="P", offering="o", hardware_id=hw_id, term=term,  # type: ignore[arg-type]
                         usd_per_gpu_hour=rate, billing=billing, read_date="2026-12-06",  # type: ignore[arg-type]
                         source_url=URL)


HARDWARE = (
    _hw("dc-a", "gpu", 10_000, "PCIe card, passive"),
    _hw("dc-b", "gpu", 30_000, "SXM5 module"),
    _hw("consumer", "gpu", 2_000, "dual-slot card, active cooler"),
    _hw("accel", "accel", None, "PCIe card"),
)
RENTS = (
    _rent("a", "dc-a", 2.0),
    _rent("b1", "dc-b", 4.0),
    _rent("b2", "dc-b", 8.0),
    _rent("b-1y", "dc-b", 1.0, term="1y"),  # 30,000 h: a commitment, not comparable with an on-demand rate
    _rent("b-serverless", "dc-b", 20.0, billing="active_seconds"),
    _rent("c", "consumer", 1.0),  # 2,000 h: a consumer card's market
    _rent("x", "accel", 1.5),
)
CATALOG = Catalog(data_version="t", hardware=HARDWARE, cloud_gpu_prices=RENTS)


def test_payback_hours_are_measured_per_data_center_gpu_on_comparable_rates() -> None:
    measured = {m.hardware_id: (m.hours, m.rates) for m in payback_hours(CATALOG, RENTS[-1])}
    assert measured == {"dc-a": (5_000.0, 1), "dc-b": (5_625.0, 2)}


def test_the_range_is_the_accelerator_rent_times_the_spread_across_gpus() -> None:
    (rental,) = accelerator_rentals(CATALOG)
    found = back_computed_range(CATALOG, rental)
    assert found is not None
    assert (found.low_usd, found.high_usd) == (7_500.0, 8_400.0)
    assert (found.hours_low, found.hours_high) == (5_000.0, 5_625.0)


def test_one_gpu_is_a_point_not_a_spread() -> None:
    catalog = Catalog(data_version="t", hardware=HARDWARE, cloud_gpu_prices=(RENTS[0], RENTS[-1]))
    assert back_computed_range(catalog, RENTS[-1]) is None
