"""Who can buy what where: the market the buyer is in, as read from the message (`Workload.buyer_in_china`,
`Workload.buyer_in_taiwan`), against the catalog's availability rows (`knowledge/data/market_availability.csv`:
US export rules for mainland China, Chinese makers' parts in Taiwan, each row dated and sourced).

A device's own row outranks its maker's; a device with no row in the buyer's market falls back to the export rule's
own test for mainland China (`export_rules.barred_from_china`) and is sold anywhere else. Pure: no reading, no words.
"""

from __future__ import annotations

from collections.abc import Sequence

from estimator.advice.export_rules import barred_from_china
from estimator.catalog import Hardware, Market, MarketAvailability, MarketStatus
from estimator.workload import Workload


def buyer_market(workload: Workload) -> Market | None:
    """The market the buyer buys in, when the message said it (a mainland site outranks a Taiwanese one)."""
    if workload.buyer_in_china:
        return "cn_mainland"
    if workload.buyer_in_taiwan:
        return "taiwan"
    return None


def market_status(rows: Sequence[MarketAvailability], market: Market, hw: Hardware) -> MarketStatus | None:
    """The catalog's word on `hw` in `market`: its own row, else its maker's, else None."""
    for row in rows:
        if row.market == market and row.hardware_id == hw.id:
            return row.status
    maker = hw.vendor.casefold()
    for row in rows:
        if row.market == market and row.vendor is not None and row.vendor.casefold() == maker:
            return row.status
    return None


def not_sold_to_buyer(workload: Workload, hw: Hardware, rows: Sequence[MarketAvailability]) -> Market | None:
    """The buyer's market when `hw` is not sold there (None: sold there, or the market was not said)."""
    market = buyer_market(workload)
    if market is None:
        return None
    status = market_status(rows, market, hw)
    if status is None:
        status = "not_sold" if market == "cn_mainland" and barred_from_china(hw) else "sold"
    return market if status == "not_sold" else None


__all__ = ["buyer_market", "market_status", "not_sold_to_buyer"]
