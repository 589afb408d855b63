"""The primary option's cost model as inputs and formulas finance can audit (the memo's CSV / XLSX export).

Inputs are the figures the TCO (`tco.tco`) used, each with its source; the formulas recompute capex and
the horizon total from them the way `tco.tco` does:

    capex          = device price × devices bought + host servers
    operations     = capex × operations share (a year; none for already-owned hardware)
    running a year = energy + operations + rack space
    total          = capex + years × running a year + migration

Energy is an input (the TCO's own figure: average watts × PUE × hours × running days × $/kWh, worded
in its working lines), so a spreadsheet changes it directly.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from estimator.advice.sensitivity import HORIZON_YEARS, option_tco
from estimator.catalog import Catalog
from estimator.costing.tco_findings import said_of
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS, device_price
from estimator.said import Text, joined
from estimator.schemas import Recommendation
from estimator.workload import Workload


class CostInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str
    value: float
    unit: str
    source: Text
    date: str = ""


class CostModel(BaseModel):
    """The inputs, and the totals the estimator computed from them (what the formulas must give back)."""

    model_config = ConfigDict(extra="forbid")

    hardware_id: str
    inputs: list[CostInput]
    capex_usd: float
    total_usd: float
    years: int


def cost_model(workload: Workload, rec: Recommendation, catalog: Catalog) -> CostModel | None:
    """The cost model of the primary option, or None without a costed primary on a catalog device."""
    option = rec.primary
    hardware = catalog.hardware_by_id(option.hardware_id) if option is not None else None
    cost = option_tco(workload, rec, catalog)
    if option is None or hardware is None or cost is None:
        return None
    priced = device_price(hardware.id, hardware.price_usd, hardware.price_basis)
    bought = 0 if option.existing else option.count - min(option.owned_units, option.count)
    price = priced[0] if priced is not None and bought else 0.0
    hosts = max(0.0, cost.capex_usd - price * bought)
    share = 0.0 if option.existing else DEFAULT_TCO_ASSUMPTIONS.operations_share_of_capex_per_year
    space = max(0.0, cost.annual_opex_usd - cost.annual_power_usd - cost.capex_usd * share)
    inputs = [
        CostInput(key="device_price_usd", value=price, unit="USD each",
                  source=hardware.source_url if hardware.price_usd is not None else (priced[1] if priced else ""),
                  date=hardware.price_date or ""),
        CostInput(key="devices_bought", value=bought, unit="devices", source="recommendation"),
        CostInput(key="host_servers_usd", value=round(hosts, 2), unit="USD",
                  source="seed 1: $4,400 one-card / $8,600 multi-card server"),
        CostInput(key="energy_usd_per_year", value=cost.annual_power_usd, unit="USD a year",
                  source=joined([said_of(found) for found in cost.findings if found.id == "energy"])),
        CostInput(key="operations_share_per_year", value=share, unit="of capex a year", source="project estimate"),
        CostInput(key="rack_space_usd_per_year", value=round(space, 2), unit="USD a year", source="project estimate"),
        CostInput(key="migration_usd", value=cost.migration_usd, unit="USD one-time", source="seed 2: porting cost"),
        CostInput(key="years", value=HORIZON_YEARS, unit="years", source="seed 1: 3-year amortization"),
    ]
    return CostModel(hardware_id=hardware.id, inputs=inputs, capex_usd=cost.capex_usd,
                     total_usd=cost.three_year_total_usd, years=HORIZON_YEARS)


__all__ = ["CostInput", "CostModel", "cost_model"]
