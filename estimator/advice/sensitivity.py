"""How the buy decision moves when one assumption moves: the memo's sensitivity table.

Each case changes one input of the primary option's cost model and recomputes it with the same
functions that produced the recommendation (`tco.tco`, `cloud.compare`; `recommend.recommend` for the
user-count cases, since twice the users may need another configuration). Typed rows only: the report
words them.

Cases (the memo's list): users ×0.5 / ×2; running hours (8 h and 24 h a day) and utilization (half,
full); electricity price ×0.5 / ×2; a 5-year horizon instead of 3; hardware price −20 % / +20 %
(devices and host servers); hosted-API price ×0.5 / ×2.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from estimator.catalog import Catalog
from estimator.costing.cloud import compare as compare_cloud
from estimator.costing.tco import tco
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS
from estimator.schemas import CloudComparison, Option, Recommendation, TcoResult
from estimator.workload import Workload

Case = Literal["base", "users_half", "users_double", "hours_8", "hours_24", "utilization_half", "utilization_full",
               "electricity_half", "electricity_double", "years_5", "hardware_minus_20", "hardware_plus_20",
               "api_half", "api_double"]
Path = Literal["buy", "rent", "api"]
HORIZON_YEARS = 3
LONG_HORIZON_YEARS = 5


class SensitivityRow(BaseModel):
    """One case: the option it leads to and the buy / rent / API totals over the horizon."""

    model_config = ConfigDict(extra="forbid")

    case: Case
    hardware_id: str
    count: int
    years: int
    capex_usd: float
    buy_total_usd: float
    rent_total_usd: float | None
    api_total_usd: float | None
    cheapest: Path
    meets_targets: bool


def _cheapest(buy: float, rent: float | None, api: float | None) -> Path:
    totals: list[tuple[float, int, Path]] = [(buy, 0, "buy")]  # buy wins a tie (cloud.compare's rule)
    if rent is not None:
        totals.append((rent, 1, "rent"))
    if api is not None:
        totals.append((api, 2, "api"))
    return min(totals)[2]


def _row(case: Case, option: Option, cloud: CloudComparison | None, *, years: int = HORIZON_YEARS,
         buy_total: float | None = None, api_factor: float = 1.0) -> SensitivityRow:
    buy = option.tco.three_year_total_usd if buy_total is None else buy_total
    scale = years / HORIZON_YEARS
    rent = None if cloud is None or cloud.rent_three_year_usd is None else cloud.rent_three_year_usd * scale
    api = None if cloud is None or cloud.api_three_year_usd is None else cloud.api_three_year_usd * scale * api_factor
    return SensitivityRow(case=case, hardware_id=option.hardware_id, count=option.count, years=years,
                          capex_usd=option.capex_usd, buy_total_usd=round(buy, 2),
                          rent_total_usd=None if rent is None else round(rent, 2),
                          api_total_usd=None if api is None else round(api, 2),
                          cheapest=_cheapest(buy, rent, api), meets_targets=option.meets_slo)


def option_tco(workload: Workload, rec: Recommendation, catalog: Catalog, *, price_factor: float = 1.0) -> TcoResult | None:
    """The primary option's TCO recomputed under `workload` (hardware prices × `price_factor`), or None."""
    option = rec.primary
    hardware = catalog.hardware_by_id(option.hardware_id) if option is not None else None
    if option is None or hardware is None:
        return None
    migration = max(0.0, rec.cloud.buy_upfront_usd - option.capex_usd) if rec.cloud else 0.0
    device = hardware if price_factor == 1.0 or hardware.price_usd is None else \
        hardware.model_copy(update={"price_usd": hardware.price_usd * price_factor})
    hosts = DEFAULT_TCO_ASSUMPTIONS.model_copy(update={
        "host_server_usd": DEFAULT_TCO_ASSUMPTIONS.host_server_usd * price_factor,
        "multi_device_server_usd": DEFAULT_TCO_ASSUMPTIONS.multi_device_server_usd * price_factor})
    return tco(device, option.count, workload, served_tokens_per_s=None, existing=option.existing,
               migration_usd=migration, assumptions=hosts, owned_units=option.owned_units)


def sensitivity(workload: Workload, rec: Recommendation, catalog: Catalog) -> list[SensitivityRow]:
    """The sensitivity rows of `rec` for its (filled) `workload`; empty without a costed primary option."""
    from estimator.advice.recommend import recommend

    option = rec.primary
    hardware = catalog.hardware_by_id(option.hardware_id) if option is not None else None
    if option is None or hardware is None or rec.cloud is None:
        return []
    migration = max(0.0, rec.cloud.buy_upfront_usd - option.capex_usd)
    rows = [_row("base", option, rec.cloud)]

    def costed(case: Case, changed: Workload, *, price_factor: float = 1.0) -> SensitivityRow:
        cost = option_tco(changed, rec, catalog, price_factor=price_factor)
        assert cost is not None  # the primary and its hardware exist (checked above)
        cloud = compare_cloud(changed, hardware, option.count, cost, catalog,
                              memory_required_gb=option.estimate.memory_required_gb, spare=option.redundancy)
        moved = option.model_copy(update={"capex_usd": cost.capex_usd})
        return _row(case, moved, cloud, buy_total=cost.three_year_total_usd)

    users = workload.concurrent_users or 1
    for case, factor in (("users_half", 0.5), ("users_double", 2.0)):
        changed = workload.model_copy(update={"concurrent_users": max(1, round(users * factor)),
                                              "total_users": None})
        try:
            again = recommend(changed, catalog)
        except Exception:  # noqa: BLE001 - nothing fits at that size: the row is left out, not guessed
            continue
        if again.primary is not None:
            rows.append(_row(case, again.primary, again.cloud))  # type: ignore[arg-type]
    for case, field, value in (("hours_8", "hours_per_day", 8.0), ("hours_24", "hours_per_day", 24.0),
                               ("utilization_half", "utilization", workload.utilization / 2),
                               ("utilization_full", "utilization", 1.0),
                               ("electricity_half", "electricity_usd_per_kwh", workload.electricity_usd_per_kwh / 2),
                               ("electricity_double", "electricity_usd_per_kwh", workload.electricity_usd_per_kwh * 2)):
        rows.append(costed(case, workload.model_copy(update={field: value})))  # type: ignore[arg-type]
    base = costed("base", workload)
    running = (base.buy_total_usd - base.capex_usd - migration) / HORIZON_YEARS  # a year's power, operations, space
    rows.append(_row("years_5", option, rec.cloud, years=LONG_HORIZON_YEARS,
                     buy_total=option.capex_usd + migration + LONG_HORIZON_YEARS * running))
    rows.append(costed("hardware_minus_20", workload, price_factor=0.8))
    rows.append(costed("hardware_plus_20", workload, price_factor=1.2))
    rows.append(_row("api_half", option, rec.cloud, api_factor=0.5))
    rows.append(_row("api_double", option, rec.cloud, api_factor=2.0))
    return rows


__all__ = ["Case", "SensitivityRow", "option_tco", "sensitivity"]
