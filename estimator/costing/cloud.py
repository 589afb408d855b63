"""Buy, rent or call an API: the bought option's 3-year cost against renting the same capacity and
against a hosted API for the same (or a similar-sized) open model, with the break-even month.

Seed 1 claims owning beats cloud spend at volume ("a fraction of equivalent cloud API spend"); this
module checks it per workload instead of assuming it. Pure: the workload, the bought option's
`TcoResult` and the catalog's sourced prices in, a `CloudComparison` out. Prices are list prices read
by hand from public pages (`knowledge/data/cloud_gpu_prices.csv`, `api_prices.csv`); nothing here
calls a provider.

The three costs, from first principles:
- buy: capex + one-time migration up front, then the TCO's yearly running cost (power, cooling,
  operations, rack space) every month;
- rent: GPUs × $/GPU-hour × billed hours. An instance is billed while it runs (hours/day × running
  days; it is stopped outside working hours), a serverless worker only while busy (× utilization), and
  a 1- or 3-year commitment for every hour of its term whether used or not;
- API: the tokens the workload asks for × $/M tokens. Peak concurrent users each stream at the target
  speed; on average the load is `utilization` of that peak over the running hours (the TCO's basis);
  input tokens follow the prompt-to-answer ratio.
Break-even: buying costs `upfront + buy_monthly × m` after m months, the cheapest pay-as-you-go option
`alt_monthly × m`; they cross at m = upfront / (alt_monthly − buy_monthly), and never when running the
bought hardware alone costs as much as the alternative.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from estimator.catalog import ApiPrice, Catalog, CloudGpuPrice, Hardware
from estimator.costing.tco import REPORTED_YEARS, SECONDS_PER_HOUR, running_days_per_year
from estimator.physics.device import usable_memory
from estimator.said import EMPTY, Said, said
from estimator.schemas import CloudChoice, CloudComparison, TcoResult
from estimator.workload import Workload

HOURS_PER_YEAR = 24 * 365
MONTHS = 12 * REPORTED_YEARS
# A named hosted model stands in for the user's model when its size is within this factor either way
# (a 7B fine-tune against a hosted 8B; a 70B against a hosted 70B); size tiers must contain the size.
SIMILAR_SIZE_FACTOR = 1.25
# A rental stands in for a bought device when it has at least this share of its memory bandwidth.
SIMILAR_CLASS_BANDWIDTH = 0.8
# Seed 1's costing basis (12 h a day, every day): fewer hours a week is "part-time".
BASIS_HOURS_PER_WEEK = 12 * 7


def running_hours_per_year(workload: Workload) -> float:
    """Hours a year the service is up: hours/day × running days (365 × days per week / 7)."""
    return workload.hours_per_day * running_days_per_year(workload)


def billed_hours_per_year(price: CloudGpuPrice, workload: Workload) -> float:
    """Hours a year one rented GPU is paid for under this price's terms.

    >>> w = Workload(hours_per_day=8, days_per_week=5, utilization=0.5)
    >>> row = dict(id="x", provider="p", offering="o", hardware_id="h", usd_per_gpu_hour=1, read_date="2026-12-01",
    ...            source_url="https://example.com")
    >>> round(billed_hours_per_year(CloudGpuPrice(term="on_demand", **row), w))
    2086
    >>> round(billed_hours_per_year(CloudGpuPrice(term="on_demand", billing="active_seconds", **row), w))
    1043
    >>> billed_hours_per_year(CloudGpuPrice(term="1y", **row), w)
    8760
    """
    if price.term != "on_demand":
        return HOURS_PER_YEAR
    hours = running_hours_per_year(workload)
    return hours * workload.utilization if price.billing == "active_seconds" else hours


def rental_count(bought: Hardware, count: int, memory_required_gb: float | None, rented: Hardware) -> int | None:
    """How many `rented` GPUs match `count` × `bought`: the same count of the same device, else enough for
    the model's memory and for the bought option's total bandwidth (decode is bandwidth-bound).
    None when a spec needed for the match is unknown, or when the rented device is of a slower class
    (under `SIMILAR_CLASS_BANDWIDTH` of the bought one's bandwidth: dozens of small cards are no stand-in
    for a few large ones)."""
    if rented.id == bought.id:
        return count
    if not (rented.memory_gb and rented.memory_bandwidth_gbs and bought.memory_bandwidth_gbs):
        return None
    if rented.memory_bandwidth_gbs < SIMILAR_CLASS_BANDWIDTH * bought.memory_bandwidth_gbs:
        return None
    # The memory an engine can use on each rented GPU, as the estimate that sized the need counts it (`device.
    # USABLE_MEMORY_FRACTION`): two 80 GB cards do not hold 150 GB the estimate needs at 73.6 usable each.
    usable_gb = usable_memory(rented.memory_gb, rented.kind)
    by_memory = math.ceil((memory_required_gb or 0.0) / usable_gb)
    by_bandwidth = math.ceil(count * bought.memory_bandwidth_gbs / rented.memory_bandwidth_gbs - 1e-9)
    return max(by_memory, by_bandwidth, 1)


def cheapest_rental(
    bought: Hardware, count: int, memory_required_gb: float | None, workload: Workload, catalog: Catalog
) -> tuple[float, CloudChoice, bool] | None:
    """(3-year total, the choice, whether it is the bought device itself), or None without a sourced price.

    Rentals of the bought device come first; only when none is on record is the cheapest comparable GPU used.
    """
    own = [p for p in catalog.cloud_gpu_prices if p.hardware_id == bought.id]
    rows = own or [p for p in catalog.cloud_gpu_prices if (hw := catalog.hardware_by_id(p.hardware_id)) and hw.kind == "gpu"]
    best: tuple[float, CloudChoice, bool] | None = None
    for price in rows:
        rented = catalog.hardware_by_id(price.hardware_id)
        gpus = rental_count(bought, count, memory_required_gb, rented) if rented else None
        if rented is None or gpus is None:
            continue
        hours = billed_hours_per_year(price, workload)
        total = gpus * price.usd_per_gpu_hour * hours * REPORTED_YEARS
        if best is None or total < best[0]:
            choice = CloudChoice(provider=price.provider, offering=price.offering, hardware_id=rented.id, count=gpus,
                                 term=price.term, usd_per_gpu_hour=price.usd_per_gpu_hour,
                                 billed_hours_per_year=round(hours, 1), source_url=price.source_url,
                                 read_date=price.read_date)
            best = (total, choice, bool(own))
    return best


def api_tokens_per_year(workload: Workload) -> tuple[float, float]:
    """(input, output) tokens a year the workload asks a hosted API for.

    >>> w = Workload(concurrent_users=10, tokens_per_s_target=30, prompt_tokens=1000, output_tokens=250,
    ...              hours_per_day=8, days_per_week=5, utilization=0.5)
    >>> [round(t / 1e6) for t in api_tokens_per_year(w)]
    [4505, 1126]
    """
    if workload.tokens_per_day is not None:
        # A volume stated, or implied by a rate or today's API spend (estimator/advice/load.py): billed as that volume
        # on each running day, prompts and answers in their ratio.
        yearly = workload.tokens_per_day * running_days_per_year(workload)
        prompt_len, output_len = workload.prompt_tokens or 512, workload.output_tokens or 256
        return yearly * prompt_len / (prompt_len + output_len), yearly * output_len / (prompt_len + output_len)
    if workload.batch_items is not None and workload.batch_window_hours is not None:
        # A batch job: the API bills the job's own tokens each running day, whatever the window or the
        # streams' speed (counted from one stream's speed, a 200k-item job was billed 13× too few tokens).
        days = running_days_per_year(workload)
        items = workload.batch_items * days
        return items * (workload.prompt_tokens or 512), items * (workload.output_tokens or 256)
    users = workload.concurrent_users or 1
    speed = workload.tokens_per_s_target or 30.0
    seconds = running_hours_per_year(workload) * SECONDS_PER_HOUR * workload.utilization
    output = users * speed * seconds
    ratio = (workload.prompt_tokens or 0) / (workload.output_tokens or 1)
    return output * ratio, output


def api_matches(params_b: float, price: ApiPrice) -> bool:
    """Whether a hosted model (or size tier) stands in for a `params_b`-billion model (a closed model,
    priced by name, never does: its size is unpublished)."""
    if price.api_model is not None:
        return False
    if price.params_b is not None:
        return price.params_b / SIMILAR_SIZE_FACTOR <= params_b <= price.params_b * SIMILAR_SIZE_FACTOR
    low, high = price.params_min_b or 0.0, price.params_max_b or 0.0
    return low <= params_b <= high


def cheapest_api(workload: Workload, prices: Iterable[ApiPrice]) -> tuple[float, CloudChoice, float] | None:
    """(3-year total, the choice, tokens a year) for the cheapest matching hosted API, or None."""
    size = workload.model_params_b or 7.0
    tokens_in, tokens_out = api_tokens_per_year(workload)
    best: tuple[float, CloudChoice, float] | None = None
    for price in prices:
        if not api_matches(size, price):
            continue
        yearly = (tokens_in * price.usd_per_m_input + tokens_out * price.usd_per_m_output) / 1e6
        total = yearly * REPORTED_YEARS
        if best is None or total < best[0]:
            choice = CloudChoice(provider=price.provider, offering=price.model, usd_per_m_input=price.usd_per_m_input,
                                 usd_per_m_output=price.usd_per_m_output, source_url=price.source_url,
                                 read_date=price.read_date)
            best = (total, choice, tokens_in + tokens_out)
    return best


def break_even_months(upfront_usd: float, buy_monthly_usd: float, alternative_monthly_usd: float) -> float | None:
    """Months until buying (upfront, then a monthly running cost) costs less than paying monthly instead.

    >>> break_even_months(12_000, 100, 600)
    24.0
    >>> break_even_months(12_000, 700, 600) is None
    True
    >>> break_even_months(0, 50, 600)
    0.0
    """
    if upfront_usd <= 0:
        return 0.0
    saving = alternative_monthly_usd - buy_monthly_usd
    return upfront_usd / saving if saving > 0 else None


def _price(usd: float | None) -> str:
    """A per-million-token price as its page gives it: cents, or tenths of a cent below ten cents."""
    value = usd or 0.0
    return f"{value:.2f}" if value >= 0.1 or value == 0 else f"{value:.3f}"


def _sources(*choices: CloudChoice | None) -> list[str]:
    urls: list[str] = []
    for choice in choices:
        for url in (choice.source_url.split(" ; ") if choice else []):
            if url.strip() and url.strip() not in urls:
                urls.append(url.strip())
    return urls


def compare(
    workload: Workload,
    bought: Hardware,
    count: int,
    cost: TcoResult,
    catalog: Catalog,
    *,
    memory_required_gb: float | None = None,
    spare: bool = False,
) -> CloudComparison:
    """Buy `count` × `bought` (its `cost`) against renting the same capacity and against a hosted API.

    `spare`: the count includes an N+1 spare, which a rental does not need (the provider replaces a
    failed GPU). `workload` must have its defaults filled.
    """
    rent_count = max(count - 1, 1) if spare else count
    buy_total = cost.three_year_total_usd
    upfront = cost.capex_usd + cost.migration_usd
    buy_monthly = cost.annual_opex_usd / 12
    # Seed 2's one-time porting is paid up front but is not hardware: named beside the purchase, so the line
    # agrees with the reply's headline capex.
    lines = [said("cloud.buy_ported" if cost.migration_usd > 0 else "cloud.buy", total=buy_total, capex=cost.capex_usd,
                  migration=cost.migration_usd, opex=cost.annual_opex_usd)]
    if workload.air_gapped:  # nothing may reach the cloud: said once, and only buying is costed
        lines.append(said("cloud.air_gapped"))
        return CloudComparison(rent_three_year_usd=None, api_three_year_usd=None, break_even_months=None, cheapest="buy",
                               buy_three_year_usd=round(buy_total, 2), buy_upfront_usd=round(upfront, 2),
                               buy_monthly_usd=round(buy_monthly, 2), air_gapped=True, lines=lines)
    rental = cheapest_rental(bought, rent_count, memory_required_gb, workload, catalog)
    api = cheapest_api(workload, catalog.api_prices)
    if rental is None:
        lines.append(said("cloud.no_rent"))
    else:
        total, choice, own = rental
        rented = catalog.hardware_by_id(choice.hardware_id or "")
        lines.append(said("cloud.rent", total=total, count=choice.count, hardware=rented.name if rented else "",
                         provider=choice.provider, offering=choice.offering, rate=choice.usd_per_gpu_hour,
                         term=said(f"cloud.term.{choice.term}"), hours=choice.billed_hours_per_year)
                     + ("" if own else said("cloud.similar", bought=bought.name)))
    if api is None:
        lines.append(said("cloud.no_api", size=workload.model_params_b or 7.0))
    else:
        total, choice, tokens = api
        lines.append(said("cloud.api", total=total, provider=choice.provider, model=choice.offering,
                         price_in=_price(choice.usd_per_m_input), price_out=_price(choice.usd_per_m_output),
                         tokens=tokens / 1e6))
    current = _current_spend_line(workload, buy_total, upfront, buy_monthly)
    if current is not None:
        lines.append(current[1])
    if api is not None and workload.fine_tuned:
        # A fine-tune is served by a hosted API only as a LoRA adapter on the public base model: said next to
        # the API's price, before any verdict that rests on it (whether a LoRA is what they have is theirs).
        lines.append(said("cloud.api_fine_tuned"))
    totals = {"buy": buy_total, "rent": rental[0] if rental else None, "api": api[0] if api else None}
    cheapest = min((k for k, v in totals.items() if v is not None), key=lambda k: (totals[k], k != "buy"))
    alternatives = {k: v / MONTHS for k, v in totals.items() if k != "buy" and v is not None}
    months = None
    if cheapest == "buy":
        lines.append(said("cloud.verdict.buy"))
    else:
        lines.append(said(f"cloud.verdict.{cheapest}", saving=buy_total - (totals[cheapest] or 0.0),
                         why=_why(workload, cheapest, api[2] if api else None)))
    if alternatives:
        alt = min(alternatives, key=lambda k: alternatives[k])
        months = break_even_months(upfront, buy_monthly, alternatives[alt])
        if upfront <= 0:
            lines.append(said("cloud.owned"))
        elif months is None:
            lines.append(said("cloud.never", alt=said(f"cloud.alt.{alt}"), alt_month=alternatives[alt],
                             opex_month=buy_monthly))
        elif months > workload.amortization_years * 12:
            # Arithmetic past the hardware's costed life is no payback: say it does not pay back within it.
            lines.append(said("cloud.payback_late", months=months, years=workload.amortization_years,
                             alt=said(f"cloud.alt.{alt}"), alt_month=alternatives[alt]))
        else:
            lines.append(said("cloud.payback", months=months, alt=said(f"cloud.alt.{alt}"),
                             alt_month=alternatives[alt]))
    lines.append(said("cloud.caveat"))
    return CloudComparison(
        rent_three_year_usd=None if rental is None else round(rental[0], 2),
        api_three_year_usd=None if api is None else round(api[0], 2),
        break_even_months=None if months is None else round(months, 1),
        cheapest=cheapest,
        sources=_sources(rental[1] if rental else None, api[1] if api else None),
        buy_three_year_usd=round(buy_total, 2), buy_upfront_usd=round(upfront, 2),
        buy_monthly_usd=round(buy_monthly, 2),
        rent_monthly_usd=None if rental is None else round(rental[0] / MONTHS, 2),
        api_monthly_usd=None if api is None else round(api[0] / MONTHS, 2),
        api_tokens_per_year=None if api is None else api[2],
        current_api_three_year_usd=None if current is None else round(current[0], 2),
        rent=rental[1] if rental else None, api=api[1] if api else None, lines=lines,
    )


def _current_spend_line(workload: Workload, buy_total: float, upfront: float, buy_monthly: float) -> tuple[float, Said] | None:
    """Today's API spend over the same 3 years, and whether buying pays back against it (the volume the bought
    hardware is sized for is the one that spend buys, `estimator.advice.load`)."""
    spend = workload.api_spend_usd_per_month
    if spend is None:
        return None
    total = spend * MONTHS
    months = break_even_months(upfront, buy_monthly, spend)
    if total > buy_total and months is not None:
        verdict = said("cloud.current_spend.pays_back", months=months, saving=total - buy_total)
    else:
        verdict = said("cloud.current_spend.costs_more", extra=buy_total - total)
    return total, said("cloud.current_spend", spend=spend, model=workload.api_model or "?", total=total, verdict=verdict)


def _why(workload: Workload, cheapest: str, tokens_per_year: float | None) -> Said:
    """The plain reason a pay-as-you-go option wins: part-time use, a spiky load, else (for an API) its token price
    at this volume (a volume is not "small" by itself: 200 B tokens a year still goes to a $0.02/M API)."""
    if workload.hours_per_day * workload.days_per_week < BASIS_HOURS_PER_WEEK:
        return said("cloud.why.part_time", hours=workload.hours_per_day, days=workload.days_per_week)
    if workload.arrival_pattern == "bursty":
        return said("cloud.why.spiky")
    if cheapest == "api" and tokens_per_year is not None:
        return said("cloud.why.small", tokens=tokens_per_year / 1e6)
    return EMPTY


__all__ = [
    "api_matches",
    "api_tokens_per_year",
    "billed_hours_per_year",
    "break_even_months",
    "cheapest_api",
    "cheapest_rental",
    "compare",
    "rental_count",
    "running_hours_per_year",
]
