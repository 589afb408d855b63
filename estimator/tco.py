"""Total cost of ownership of one option: capex, power and cooling, operations, migration, $/M tokens.

Seed 2's formula: 总成本 = 硬件采购 + 电费 + 散热 + 运维人力 + 迁移成本. Seed 1's basis: amortized over
3 years at 12 h/day, 70 % utilization and $0.12/kWh (the `Workload` defaults). Every number the
result carries is explained in `assumptions`, one line each, so a reply can show its working.

Pure: hardware, count and workload in, a `TcoResult` out. The caller says how many tokens per second
the option serves (from the throughput estimate); this module never estimates speed itself.
"""

from __future__ import annotations

import math

from estimator.catalog import Hardware
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS, TcoAssumptions, device_price
from estimator.errors import InvalidRequest
from estimator.hosts import into_existing_workstation
from estimator.messages import msg
from estimator.schemas import TcoResult
from estimator.workload import Workload

SECONDS_PER_HOUR = 3600
DAYS_PER_YEAR = 365
REPORTED_YEARS = 3  # `three_year_total_usd` is a contract name: always three years


def needs_host_server(hardware: Hardware) -> bool:
    """Cards, accelerators and CPU sockets go into a server; SoCs and NPUs come inside a whole machine."""
    return hardware.kind in ("gpu", "accel", "cpu")


def devices_per_server(hardware: Hardware, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> int:
    """How many of these devices one host server holds (modules on a baseboard, cards in slots, sockets)."""
    if hardware.kind == "cpu":
        return assumptions.cpu_sockets_per_server
    form = (hardware.form_factor or "").upper()
    if "SXM" in form or "OAM" in form:
        return assumptions.modules_per_server
    return assumptions.cards_per_server


def server_count(hardware: Hardware, count: int, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> int:
    if not needs_host_server(hardware):
        return 0
    return math.ceil(count / devices_per_server(hardware, assumptions))


def host_cost_usd(hardware: Hardware, count: int, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> float:
    """Host servers: seed 1's $4,400 box for one device, a multi-device server for each box holding more."""
    if not needs_host_server(hardware):
        return 0.0
    per_server = devices_per_server(hardware, assumptions)
    full, rest = divmod(count, per_server)
    boxes = [per_server] * full + ([rest] if rest else [])
    return sum(assumptions.host_server_usd if held == 1 else assumptions.multi_device_server_usd for held in boxes)


def in_office(hardware: Hardware, count: int, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> bool:
    """Seed 1: "1–4 個 GPU，現有辦公室基礎設施通常能應對電力和冷卻負載". Beyond that, a cooled rack."""
    return not needs_host_server(hardware) or count <= assumptions.office_device_limit


def peak_power_w(hardware: Hardware, count: int, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> float:
    """Nameplate draw of the whole option (devices at TDP plus hosts): what a power budget must cover."""
    return (hardware.tdp_w or 0.0) * count + server_count(hardware, count, assumptions) * assumptions.host_power_w


def running_days_per_year(workload: Workload) -> float:
    """Days a year the service runs: 365 × days per week / 7 (seven by default, five for "weekdays")."""
    return DAYS_PER_YEAR * workload.days_per_week / 7


def annual_tokens(served_tokens_per_s: float, workload: Workload) -> float:
    """Tokens served in a year: served tokens/s × hours/day × 3600 × running days × utilization (seed 1's basis)."""
    return (served_tokens_per_s * workload.hours_per_day * SECONDS_PER_HOUR * running_days_per_year(workload)
            * workload.utilization)


def _capex(
    hardware: Hardware, count: int, existing: bool, assumptions: TcoAssumptions, lang: str, owned_units: int = 0,
    workstation: bool = False,
) -> tuple[float, list[str], bool, str | None]:
    """Hardware purchase: devices plus a host-server share. Already-owned hardware costs nothing to buy;
    a top-up of owned devices buys only the devices beyond them, and hosts only for the servers they add."""
    if existing or owned_units >= count:
        return 0.0, [msg("tco.owned", lang, hardware=hardware.name)], False, None
    priced = device_price(hardware.id, hardware.price_usd, hardware.price_basis)
    if priced is None:
        raise InvalidRequest(
            f"No price on record for {hardware.name} ({hardware.id}), so it cannot be costed. "
            "Treat it as already owned, or pick a device with a known price (`siliconsult kb hardware`).",
            field="hardware",
        )
    unit_price, basis = priced
    bought = count - owned_units
    servers = server_count(hardware, count, assumptions) - server_count(hardware, owned_units, assumptions)
    host = max(0.0, host_cost_usd(hardware, count, assumptions) - host_cost_usd(hardware, owned_units, assumptions))
    is_estimate = hardware.price_is_estimate or hardware.price_usd is None
    date = msg("tco.date", lang, date=hardware.price_date) if hardware.price_date else ""
    lines = [msg("tco.owned_part", lang, hardware=hardware.name, owned=owned_units, count=count)] if owned_units else []
    lines.append(msg("tco.devices", lang, hardware=hardware.name, unit=unit_price, count=bought,
                     total=unit_price * bought, basis=basis, date=date,
                     estimate=msg("tco.estimate", lang) if is_estimate else ""))
    if workstation:  # the card goes into the user's own desktop, no host to buy
        host = 0.0
        lines.append(msg("tco.host_workstation", lang, hardware=hardware.name))
    elif servers:
        lines.append(msg("tco.hosts", lang, servers=servers, host=host, multi=assumptions.multi_device_server_usd,
                         per_server=devices_per_server(hardware, assumptions)))
    return unit_price * bought + host, lines, is_estimate, basis


def _average_power_w(
    hardware: Hardware, count: int, workload: Workload, existing: bool, assumptions: TcoAssumptions, lang: str,
    owned_units: int = 0, workstation: bool = False,
) -> tuple[float, list[str]]:
    """Average draw while running: devices at TDP × utilization, plus hosts (already running if owned)."""
    if hardware.tdp_w is None:
        return 0.0, [msg("tco.no_tdp", lang, hardware=hardware.name)]
    devices = hardware.tdp_w * workload.utilization * count
    line = msg("tco.power", lang, count=count, tdp=hardware.tdp_w, utilization=workload.utilization)
    if existing or workstation:
        return devices, [line + msg("tco.power_owned", lang)]
    added = server_count(hardware, count, assumptions) - server_count(hardware, owned_units, assumptions)
    hosts = added * assumptions.host_power_w
    if hosts:
        line += msg("tco.power_hosts", lang, hosts=hosts, each=assumptions.host_power_w)
    return devices + hosts, [line]


def tco(
    hardware: Hardware,
    count: int,
    workload: Workload,
    *,
    served_tokens_per_s: float | None,
    existing: bool = False,
    migration_usd: float = 0.0,
    assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS,
    lang: str = "en",
    owned_units: int = 0,
) -> TcoResult:
    """Total cost of ownership of `count` × `hardware` under the workload's cost assumptions.

    `served_tokens_per_s` is what the option actually serves (None: unknown, so no $/M tokens).
    `existing=True` costs already-owned idle hardware at its extra power only (seed 1's CPU point).
    `migration_usd` is the one-time engineering cost of moving the model to this serving stack.
    `lang` is the language of the `assumptions` lines (en, zh-Hans, zh-Hant).
    `owned_units` of the `count` devices are already owned (a top-up): capex buys only the rest.
    Raises `InvalidRequest` when the device has no price and is not already owned.
    """
    if count < 1:
        raise InvalidRequest("Count must be at least 1.", field="count")
    if migration_usd < 0:
        raise InvalidRequest("Migration cost cannot be negative.", field="migration_usd")
    owned_units = min(max(owned_units, 0), count)
    workstation = not existing and into_existing_workstation(hardware, count, workload)
    capex, lines, is_estimate, basis = _capex(hardware, count, existing, assumptions, lang, owned_units, workstation)
    avg_w, power_lines = _average_power_w(hardware, count, workload, existing, assumptions, lang, owned_units,
                                          workstation)
    lines += power_lines
    office = in_office(hardware, count, assumptions)
    pue = assumptions.office_pue if office else assumptions.rack_pue
    kwh = avg_w * pue * workload.hours_per_day * running_days_per_year(workload) / 1000
    annual_power = kwh * workload.electricity_usd_per_kwh
    cooling = msg("tco.office", lang) if office else msg("tco.rack", lang, pue=pue)
    lines.append(msg("tco.energy", lang, hours=workload.hours_per_day, price=workload.electricity_usd_per_kwh,
                     cooling=cooling, annual=annual_power, days=running_days_per_year(workload)))
    if workload.days_per_week < 7:  # said only when it differs from the default, so other replies stay as they were
        lines.append(msg("tco.days", lang, days=workload.days_per_week, running=running_days_per_year(workload)))
    operations = 0.0 if existing else capex * assumptions.operations_share_of_capex_per_year
    if operations:
        lines.append(msg("tco.operations", lang, share=assumptions.operations_share_of_capex_per_year,
                         operations=operations))
    space = 0.0
    if not office and not existing:
        space = server_count(hardware, count, assumptions) * assumptions.rack_space_usd_per_server_year
        lines.append(msg("tco.rack_space", lang, usd=assumptions.rack_space_usd_per_server_year))
    if migration_usd:
        lines.append(msg("tco.migration", lang, usd=migration_usd))
    annual_opex = annual_power + operations + space
    years = workload.amortization_years
    lifetime = capex + years * annual_opex + migration_usd
    per_million = None
    tokens = None
    if served_tokens_per_s is not None and served_tokens_per_s > 0:
        tokens = annual_tokens(served_tokens_per_s, workload)
        per_million = lifetime / (tokens * years) * 1e6
        lines.append(msg("tco.per_m", lang, lifetime=lifetime, years=years, tps=served_tokens_per_s,
                         hours=workload.hours_per_day, utilization=workload.utilization,
                         days=running_days_per_year(workload)))
    else:
        lines.append(msg("tco.per_m_unknown", lang))
    return TcoResult(
        capex_usd=round(capex, 2),
        annual_power_usd=round(annual_power, 2),
        annual_opex_usd=round(annual_opex, 2),
        three_year_total_usd=round(capex + REPORTED_YEARS * annual_opex + migration_usd, 2),
        cost_per_million_tokens_usd=None if per_million is None else round(per_million, 4),
        assumptions=lines,
        price_is_estimate=is_estimate,
        price_basis=basis,
        annual_tokens=tokens,
        power_w=round(peak_power_w(hardware, count, assumptions), 1),
        lifetime_total_usd=round(lifetime, 2),
        migration_usd=migration_usd,
        servers=server_count(hardware, count, assumptions),
    )


__all__ = [
    "annual_tokens",
    "devices_per_server",
    "host_cost_usd",
    "in_office",
    "needs_host_server",
    "peak_power_w",
    "running_days_per_year",
    "server_count",
    "tco",
]
