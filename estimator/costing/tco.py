"""Total cost of ownership of one option: capex, power and cooling, operations, migration, $/M tokens.

Seed 2's formula: 总成本 = 硬件采购 + 电费 + 散热 + 运维人力 + 迁移成本. Seed 1's basis: amortized over
3 years at 12 h/day, 70 % utilization and $0.12/kWh (the `Workload` defaults). Every number the
result carries is explained by one of its `findings` (typed, no text), so a reply can show its working:
`bot.wording.tco` words them, only for a result that is shown.

Pure: hardware, count and workload in, a `TcoResult` out. The caller says how many tokens per second
the option serves (from the throughput estimate); this module never estimates speed itself.
"""

from __future__ import annotations

from typing import Literal

from estimator.catalog import Hardware
from estimator.costing.hosts import cards_in_owned_host, into_existing_workstation, owned_host_servers
from estimator.costing.tco_findings import TcoFinding, TcoFindingId
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS, TcoAssumptions, device_price
from estimator.errors import InvalidRequest
from estimator.physics.servers import (
    devices_per_server,
    goes_in_pcie_slot,
    needs_host_server,
    price_includes_server,
    server_count,
)
from estimator.said import Said, said
from estimator.schemas import TcoResult, construct_trusted
from estimator.workload import Workload

SECONDS_PER_HOUR = 3600
DAYS_PER_YEAR = 365
REPORTED_YEARS = 3  # `three_year_total_usd` is a contract name: always three years


def host_cost_usd(hardware: Hardware, count: int, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> float:
    """Host servers: seed 1's $4,400 box for one device, a multi-device server for each box holding more; none
    to buy where the device's price already includes its server."""
    if not needs_host_server(hardware) or price_includes_server(hardware):
        return 0.0
    per_server = devices_per_server(hardware, assumptions)
    full, rest = divmod(count, per_server)
    boxes = [per_server] * full + ([rest] if rest else [])
    return sum(assumptions.host_server_usd if held == 1 else assumptions.multi_device_server_usd for held in boxes)


def in_office(hardware: Hardware, count: int, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> bool:
    """Seed 1: "1–4 個 GPU，現有辦公室基礎設施通常能應對電力和冷卻負載". Beyond that, a cooled rack; and whatever
    the count, a draw above one office circuit (`office_power_w`): a 9.6 kW system is one device, not office kit."""
    return _in_office(hardware, count, peak_power_w(hardware, count, assumptions), assumptions)


def _in_office(hardware: Hardware, count: int, peak_w: float, assumptions: TcoAssumptions) -> bool:
    """`in_office`, given the option's peak draw."""
    if peak_w > assumptions.office_power_w:
        return False
    return not needs_host_server(hardware) or count <= assumptions.office_device_limit


def peak_power_w(hardware: Hardware, count: int, assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS) -> float:
    """Nameplate draw of the whole option (devices at TDP plus hosts): what a power budget must cover."""
    return _peak_power_w(hardware, count, server_count(hardware, count, assumptions), assumptions)


def _peak_power_w(hardware: Hardware, count: int, servers: int, assumptions: TcoAssumptions) -> float:
    return (hardware.tdp_w or 0.0) * count + servers * assumptions.host_power_w


def running_days_per_year(workload: Workload) -> float:
    """Days a year the service runs: 365 × days per week / 7 (seven by default, five for "weekdays")."""
    return DAYS_PER_YEAR * workload.days_per_week / 7


def annual_tokens(served_tokens_per_s: float, workload: Workload) -> float:
    """Tokens served in a year: served tokens/s × hours/day × 3600 × running days × utilization (seed 1's basis)."""
    return (served_tokens_per_s * workload.hours_per_day * SECONDS_PER_HOUR * running_days_per_year(workload)
            * workload.utilization)


def _capex(
    hardware: Hardware, count: int, existing: bool, assumptions: TcoAssumptions, owned_units: int, workstation: bool,
    servers: int, host_servers_owned: int = 0, workload: Workload | None = None,
) -> tuple[float, list[TcoFinding], bool, Said | str | None]:
    """Hardware purchase: devices plus a host-server share. Already-owned hardware costs nothing to buy;
    a top-up of owned devices buys only the devices beyond them, and hosts only for the servers they add
    (`servers`: how many that is); `host_servers_owned` servers the user has with free slots are not bought again."""
    if existing or owned_units >= count:
        return 0.0, [TcoFinding("owned", {"hardware": hardware.name})], False, None
    priced = device_price(hardware.id, hardware.price_usd, hardware.price_basis)
    if priced is None:
        raise InvalidRequest(said("error.no_price", hardware=hardware.name, id=hardware.id), field="hardware")
    unit_price, basis = priced
    bought = count - owned_units
    owned_hosts = host_cost_usd(hardware, owned_units, assumptions) if owned_units else 0  # none: as its empty sum
    host = max(0.0, host_cost_usd(hardware, count, assumptions) - owned_hosts)
    is_estimate = hardware.price_is_estimate or hardware.price_usd is None
    found = [TcoFinding("owned_part", {"hardware": hardware.name, "owned": owned_units, "count": count})] \
        if owned_units else []
    found.append(TcoFinding("devices", {"hardware": hardware.name, "unit": unit_price, "count": bought,
                                        "total": unit_price * bought, "basis": basis,
                                        "date": hardware.price_date or None, "estimate": is_estimate}))
    if workstation:  # the card goes into the user's own desktop, no host to buy
        host = 0.0
        found.append(TcoFinding("host_workstation", {"hardware": hardware.name}))
    elif host_servers_owned and workload is not None and workload.free_slots is not None:
        # The host they own takes a card per free x16 slot beside the owned ones; the cards beyond need boxes of their
        # own, said and priced ("two free slots, four cards: two go into a second server").
        held = cards_in_owned_host(hardware, count, workload, owned_units, devices_per_server(hardware, assumptions))
        host = host_cost_usd(hardware, count - held, assumptions) if count > held else 0.0
        key: TcoFindingId = ("host_slots" if count <= held else "host_slots_short" if goes_in_pcie_slot(hardware)
                             else "host_slots_modules")
        found.append(TcoFinding(key, {"hardware": hardware.name, "slots": workload.free_slots, "held": held - owned_units,
                                               "beyond": count - held, "servers": server_count(hardware, count - held, assumptions)
                                               if count > held else 0, "host": host}))
    elif host_servers_owned and host > 0:  # the first server's cards go into the one they have (also a top-up's)
        host = max(0.0, host - host_cost_usd(hardware, min(count, devices_per_server(hardware, assumptions)), assumptions))
        found.append(TcoFinding("host_owned_topup", {"hardware": hardware.name, "host": host}) if owned_units else
                     TcoFinding("host_owned_server", {"hardware": hardware.name, "servers": servers, "host": host}))
    elif servers and price_includes_server(hardware):
        found.append(TcoFinding("hosts_in_price", {"hardware": hardware.name, "servers": servers,
                                                   "per_server": devices_per_server(hardware, assumptions)}))
    elif servers:
        found.append(TcoFinding("hosts", {"servers": servers, "host": host,
                                          "multi": assumptions.multi_device_server_usd,
                                          "per_server": devices_per_server(hardware, assumptions)}))
    return unit_price * bought + host, found, is_estimate, basis


def _average_power_w(
    hardware: Hardware, count: int, workload: Workload, existing: bool, assumptions: TcoAssumptions,
    workstation: bool, added: int,
) -> tuple[float, TcoFinding]:
    """Average draw while running: devices at TDP × utilization, plus the `added` hosts (already running if
    owned)."""
    if hardware.tdp_w is None:
        return 0.0, TcoFinding("no_tdp", {"hardware": hardware.name})
    devices = hardware.tdp_w * workload.utilization * count
    already_running = existing or workstation
    hosts = 0.0 if already_running else added * assumptions.host_power_w
    return devices + hosts, TcoFinding("power", {
        "count": count, "tdp": hardware.tdp_w, "utilization": workload.utilization,
        "already_running": already_running, "hosts": hosts, "each": assumptions.host_power_w})


def tco(
    hardware: Hardware,
    count: int,
    workload: Workload,
    *,
    served_tokens_per_s: float | None,
    existing: bool = False,
    migration_usd: float = 0.0,
    assumptions: TcoAssumptions = DEFAULT_TCO_ASSUMPTIONS,
    owned_units: int = 0,
) -> TcoResult:
    """Total cost of ownership of `count` × `hardware` under the workload's cost assumptions.

    `served_tokens_per_s` is what the option actually serves (None: unknown, so no $/M tokens).
    `existing=True` costs already-owned idle hardware at its extra power only (seed 1's CPU point).
    `migration_usd` is the one-time engineering cost of moving the model to this serving stack.
    The working comes back as `findings`, not sentences (`bot.wording.tco.worded` fills `assumptions`).
    `owned_units` of the `count` devices are already owned (a top-up): capex buys only the rest.
    Raises `InvalidRequest` when the device has no price and is not already owned.
    """
    if count < 1:
        raise InvalidRequest(said("error.count_below_one"), field="count")
    if migration_usd < 0:
        raise InvalidRequest(said("error.negative_migration"), field="migration_usd")
    owned_units = min(max(owned_units, 0), count)
    workstation = not existing and into_existing_workstation(hardware, count, workload, owned_units)
    # Servers (all, and those the owned devices already fill) and the peak draw, worked out once: sizing costs
    # every device at every count it tries.
    servers = server_count(hardware, count, assumptions)
    added = servers - (server_count(hardware, owned_units, assumptions) if owned_units else 0)
    peak_w = _peak_power_w(hardware, count, servers, assumptions)
    # A stated host with free slots takes the first server's cards, also when they join owned ones (a top-up).
    owned_hosts = 0 if existing else owned_host_servers(hardware, workload, topping_up=owned_units > 0)
    capex, found, is_estimate, basis = _capex(hardware, count, existing, assumptions, owned_units, workstation, added,
                                              owned_hosts, workload)
    if owned_hosts and workload.free_slots is not None and not workstation:
        # the boxes added are those for the cards the owned host has no slot for
        held = cards_in_owned_host(hardware, count, workload, owned_units, devices_per_server(hardware, assumptions))
        added = server_count(hardware, count - held, assumptions) if count > held else 0
    else:
        added = max(0, added - owned_hosts)  # the owned server already runs: its draw is no new cost
    avg_w, power = _average_power_w(hardware, count, workload, existing, assumptions, workstation, added)
    found.append(power)
    office = _in_office(hardware, count, peak_w, assumptions)
    pue = assumptions.office_pue if office else assumptions.rack_pue
    days = running_days_per_year(workload)
    kwh = avg_w * pue * workload.hours_per_day * days / 1000
    annual_power = kwh * workload.electricity_usd_per_kwh
    found.append(TcoFinding("energy", {"hours": workload.hours_per_day, "price": workload.electricity_usd_per_kwh,
                                       "days": days, "annual": annual_power, "office": office, "pue": pue}))
    if workload.days_per_week < 7:  # said only when it differs from the default, so other replies stay as they were
        found.append(TcoFinding("days", {"days": workload.days_per_week, "running": days}))
    operations = 0.0 if existing else capex * assumptions.operations_share_of_capex_per_year
    if operations:
        found.append(TcoFinding("operations", {"share": assumptions.operations_share_of_capex_per_year,
                                               "operations": operations}))
    space = 0.0
    if not office and not existing:
        space = servers * assumptions.rack_space_usd_per_server_year
        found.append(TcoFinding("rack_space", {"usd": assumptions.rack_space_usd_per_server_year}))
    if migration_usd:
        found.append(TcoFinding("migration", {"usd": migration_usd}))
    annual_opex = annual_power + operations + space
    years = workload.amortization_years
    lifetime = capex + years * annual_opex + migration_usd
    per_million = None
    tokens = None
    if served_tokens_per_s is not None and served_tokens_per_s > 0:
        tokens = annual_tokens(served_tokens_per_s, workload)
        per_million = lifetime / (tokens * years) * 1e6
        found.append(per_million_finding("per_m", lifetime, served_tokens_per_s, workload))
    else:
        found.append(TcoFinding("per_m_unknown", {}))
    # Every field, with the types validation would give (floats as floats): built without re-validation, as
    # sizing costs every device at every count it tries (`schemas.construct_trusted`).
    return construct_trusted(TcoResult, {
        "capex_usd": float(round(capex, 2)),
        "annual_power_usd": float(round(annual_power, 2)),
        "annual_opex_usd": float(round(annual_opex, 2)),
        "three_year_total_usd": float(round(capex + REPORTED_YEARS * annual_opex + migration_usd, 2)),
        "cost_per_million_tokens_usd": None if per_million is None else float(round(per_million, 4)),
        "assumptions": [],
        "price_is_estimate": bool(is_estimate),
        "price_basis": basis,
        "annual_tokens": None if tokens is None else float(tokens),
        "power_w": float(round(peak_w, 1)),
        "lifetime_total_usd": float(round(lifetime, 2)),
        "migration_usd": float(migration_usd),
        "servers": int(servers),
        "findings": tuple(found),
    })


def per_million_finding(
    finding_id: Literal["per_m", "per_m_served"], lifetime_usd: float, served_tokens_per_s: float, workload: Workload,
) -> TcoFinding:
    """How $/M tokens was worked out: the lifetime cost over the tokens served in those years."""
    return TcoFinding(finding_id, {"lifetime": lifetime_usd, "years": workload.amortization_years, "tps": served_tokens_per_s,
                           "hours": workload.hours_per_day, "utilization": workload.utilization,
                           "days": running_days_per_year(workload)})


__all__ = [
    "annual_tokens",
    "devices_per_server",
    "host_cost_usd",
    "in_office",
    "needs_host_server",
    "peak_power_w",
    "per_million_finding",
    "running_days_per_year",
    "server_count",
    "tco",
]
