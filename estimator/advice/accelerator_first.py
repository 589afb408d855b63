"""Seed 2's "third answer" as a rule: when its conditions hold, inference accelerators are evaluated first.

Seed 2, 2.2: "满足以下三个条件时这类方案的性价比最高: 条件一模型结构稳定迭代频率低 … 条件二批量小但并发高 …
条件三功耗和空间有硬约束". When all hold, every purchasable accelerator is sized against the targets (the
ones without a public price too, at their power only: a quote-only part still tells the buyer whether a
quote is worth asking for), the best one that meets the targets within the limits is the primary, and the
GPU that comes closest stands beside it. When none meets them, the verdict says which accelerator comes
closest and what it misses by; the ranking's answer stands.

How cost enters (`leads_on_cost`): an accelerator that meets the targets within the limits leads when no GPU
meets them within the limits (the limit binds: 条件三), or when its 3-year TCO (card price at its listed price
or the middle of its quote range, hosts, energy, operations, and the one-time migration) is no higher than
the 3-year TCO of the GPU the ranking would buy. Seed 2, 3.3 compares total cost, never card price
("算总拥有成本而不是只看卡价", migration included), and 条件一 justifies the port only because the operating
savings pay it back ("一次性的迁移投入很快就能通过运营成本省回来"): a port that leaves the 3-year total
higher has not paid back within the amortization, so the GPU leads and the verdict says what the accelerator
would cost (`costlier`). The middle of a range, not its low end: a quote-only part does not get the benefit of
its cheapest reported figure (a 10×-wide range would otherwise always win); both ends are shown.

Pure and language-free: returns typed findings (`AcceleratorVerdict`); `bot/wording/accelerators.py` words them.
It must never claim an option is within a power limit it exceeds: `within_power` is computed from the
same peak-power figure the limit check uses (`tco.peak_power_w`).
"""

from __future__ import annotations

import math
from typing import Literal

from estimator.advice.accelerator_findings import (
    AcceleratorEvaluation,
    AcceleratorVerdict,
    MigrationCost,
    Seed2Conditions,
)
from estimator.advice.batch_jobs import is_batch_job
from estimator.advice.candidates import Candidate, exclusion
from estimator.advice.power_limit import option_power_budget_w
from estimator.advice.sizing import Sized, Sizer, migration_cost, needs_port
from estimator.catalog import Catalog, Hardware, ServingStack
from estimator.catalog_variants import CatalogVariants
from estimator.costing.tco import peak_power_w, tco
from estimator.said import literal, said
from estimator.workload import Workload

# Seed 2, 2.2 条件二: "每个请求的batch很小甚至为1但同时有几百上千个请求在排队" — hundreds of concurrent requests.
HIGH_CONCURRENCY_USERS = 100
# Seed 2, 3.3: "人力成本可能几万到几十万不等" (CNY) for one port; the TCO carries `MIGRATION_USD_PER_PORT`
# (≈ ¥100k); the range is the seed's words read as ¥20k–¥500k at 7.1 CNY per USD (estimate).
MIGRATION_CNY_RANGE = (20_000.0, 500_000.0)
CNY_PER_USD = 7.1
_PRICED = CatalogVariants()


def seed2_conditions(workload: Workload) -> Seed2Conditions:
    """Seed 2's conditions: a stable model, small batches (interactive requests, not a batch job), high
    concurrency (hundreds of requests), and a power or space limit that binds (a stated power budget, or
    rack space said to be the limit: `space_limited`)."""
    return Seed2Conditions(
        stable_model=workload.model_stability == "stable" and not workload.mixed_training,
        small_batches=not is_batch_job(workload) and workload.arrival_pattern != "batch",
        high_concurrency=(workload.concurrent_users or 0) >= HIGH_CONCURRENCY_USERS,
        power_or_space_limit=workload.power_budget_w is not None or bool(workload.space_limited),
    )


def migration_finding(workload: Workload, stack: ServingStack) -> MigrationCost | None:
    """The one-time migration onto `stack` (seed 2, 3.3), or None when the stack needs no port."""
    if not needs_port(stack):
        return None
    low, high = MIGRATION_CNY_RANGE
    return MigrationCost(usd=migration_cost(workload, stack), cny_low=low, cny_high=high,
                         usd_low=round(low / CNY_PER_USD, -2), usd_high=round(high / CNY_PER_USD, -2),
                         recurs_on_model_change=True)


def with_price_ranges(catalog: Catalog) -> Catalog:
    """Quote-only accelerators with a sourced price range are costed at the range's geometric middle, the
    basis saying "quote needed: $low–high" so the reply shows the uncertainty; a listed price wins.
    Built once per catalog (`CatalogVariants`)."""
    return _PRICED.get(catalog, None, lambda: _priced(catalog))


def _priced(catalog: Catalog) -> Catalog:
    changed: list[Hardware] = []
    for hw in catalog.hardware:
        sheet = catalog.accelerator_sheet(hw.id)
        span = sheet.price_range if sheet is not None else None
        if hw.price_usd is not None or span is None or sheet is None:
            changed.append(hw)
            continue
        middle = round(math.sqrt(span[0] * span[1]), -1)
        basis = said("price.quote_range", low=span[0], high=span[1], basis=literal(sheet.price_range_basis or ""),
                     middle=middle)
        changed.append(hw.model_copy(update={"price_usd": middle, "price_basis": basis, "price_is_estimate": True,
                                             "price_date": sheet.price_range_date}))
    return catalog.model_copy(update={"hardware": tuple(changed)})


def _accelerator_candidates(workload: Workload, catalog: Catalog) -> list[Candidate]:
    """Every accelerator × stack the seeds' eligibility rules allow, a missing price aside (a quote-only
    part is evaluated at its power; it cannot be ranked on a cost it does not have)."""
    found: list[Candidate] = []
    for hw in catalog.hardware:
        if hw.kind != "accel":
            continue
        for stack_id in hw.software_stacks:
            stack = catalog.stack(stack_id)
            if stack is None or not stack.runs_on(hw.kind):
                continue
            why = exclusion(workload, hw, stack, existing=False, availability=catalog.market_availability)
            if why is None or getattr(why, "key", None) == "reason.no_price":
                found.append(Candidate(hw, stack, existing=False, unit_price_usd=hw.price_usd))
    return found


def _evaluate(sizer: Sizer, cand: Candidate, sized: dict[tuple[str, str], Sized], catalog: Catalog) -> AcceleratorEvaluation:
    hw, w = cand.hardware, sizer.workload
    option = sized.get((hw.id, cand.stack.id))
    if option is not None and option.meets_slo:
        count: int | None = option.count
    else:
        count = sizer.smallest_count(cand)
        if count is not None:  # bought in whole kits or baseboards: 2 Gaudi 3 are one 8-accelerator kit
            count = math.ceil(count / cand.board) * cand.board
    power = peak_power_w(hw, count) if count is not None and hw.tdp_w else None
    limit = option_power_budget_w(w, hw, count) if count is not None else w.power_budget_w
    within_power = power is not None and (limit is None or power <= limit)
    # Only the ranking's own TCO figure (hosts included), never a partial sum of card prices.
    capex = option.tco.capex_usd if option is not None and option.tco is not None and option.count == count else None
    sheet = catalog.accelerator_sheet(hw.id)
    calibrated = count is not None and sizer.estimate(cand, count).calibrated
    total = option.tco.three_year_total_usd if capex is not None and option is not None and option.tco else None
    span = sheet.price_range if sheet is not None else None
    floor = _quote_floor(w, cand, count) if hw.price_usd is None and span is None and count else None
    return AcceleratorEvaluation(
        hardware_id=hw.id, hardware_name=hw.name, serving_stack=cand.stack.name, count=count,
        meets_targets=count is not None, power_w=power, power_limit_w=limit, within_power=within_power,
        unit_price_usd=hw.price_usd, price_range_usd=sheet.price_range if sheet is not None else None,
        price_range_evidence=sheet.price_range_evidence if sheet is not None and sheet.price_range else None,
        capex_usd=capex, within_budget=w.budget_usd is None or (capex is not None and capex <= w.budget_usd),
        dynamic_shapes=cand.stack.dynamic_shapes, stack_maturity=cand.stack.maturity, needs_port=needs_port(cand.stack),
        calibrated=calibrated, tco_usd=total,
        tco_range_usd=_tco_range(sizer.workload, cand, count, span) if total is not None and count else None,
        tco_at_zero_usd=floor[0] if floor else None, tco_per_card_dollar=floor[1] if floor else None,
    )


# The card price the quote-only TCO line is read at besides $0 (any positive figure fixes the line's slope).
_PROBE_UNIT_USD = 10_000.0


def _quote_floor(workload: Workload, cand: Candidate, count: int) -> tuple[float, float]:
    """A quote-only part's 3-year TCO with the card at $0, and what each card dollar adds to it: the TCO is linear in
    the card price (capex, and the operations share of it), so two points fix it."""
    def at(price: float) -> float:
        hw = cand.hardware.model_copy(update={"price_usd": price, "price_basis": None, "price_is_estimate": True})
        return tco(hw, count, workload, served_tokens_per_s=None,
                   migration_usd=migration_cost(workload, cand.stack)).three_year_total_usd
    zero = at(0.0)
    return zero, (at(_PROBE_UNIT_USD) - zero) / _PROBE_UNIT_USD


def quote_ceiling(tco_at_zero: float, per_card_dollar: float, gpu_tco: float) -> float | None:
    """The card price under which a quote-only accelerator's 3-year TCO is below the GPU answer's (seed 2, 3.3: total
    cost, migration included); None when even a free card would not be.

    >>> quote_ceiling(20_000, 2.0, 30_000)
    5000.0
    >>> quote_ceiling(31_000, 2.0, 30_000) is None
    True
    """
    if tco_at_zero >= gpu_tco or per_card_dollar <= 0:
        return None
    return (gpu_tco - tco_at_zero) / per_card_dollar


def _tco_range(workload: Workload, cand: Candidate, count: int, span: tuple[float, float] | None,
               ) -> tuple[float, float] | None:
    """The 3-year TCO with the card at each end of its quote range (only for a part costed from a range)."""
    if span is None or not cand.hardware.price_is_estimate:
        return None
    ends = [tco(cand.hardware.model_copy(update={"price_usd": price}), count, workload, served_tokens_per_s=None,
                migration_usd=migration_cost(workload, cand.stack)).three_year_total_usd for price in span]
    return ends[0], ends[1]


def _closeness(ev: AcceleratorEvaluation) -> tuple[int, float]:
    """Closest first: meets the targets, then the smallest ratio of peak power to the limit."""
    ratio = (ev.power_w / ev.power_limit_w) if ev.power_w and ev.power_limit_w else math.inf
    return (0 if ev.meets_targets else 1, ratio)


def evaluate_accelerators(sizer: Sizer, catalog: Catalog, sized: list[Sized]) -> list[AcceleratorEvaluation]:
    """Each eligible accelerator (best stack per device) at the fewest devices that meet the targets."""
    by_pair: dict[tuple[str, str], Sized] = {}
    for option in sorted((s for s in sized if s.meets_slo), key=lambda s: -s.count):  # the fewest devices win
        by_pair[(option.candidate.hardware.id, option.candidate.stack.id)] = option
    best: dict[str, AcceleratorEvaluation] = {}
    for cand in _accelerator_candidates(sizer.workload, catalog):
        ev = _evaluate(sizer, cand, by_pair, catalog)
        held = best.get(ev.hardware_id)
        if held is None or _closeness(ev) < _closeness(held):
            best[ev.hardware_id] = ev
    return sorted(best.values(), key=_order)


def _order(ev: AcceleratorEvaluation) -> tuple[int, int, float, tuple[int, float]]:
    """Fitting ones first, priced before quote-only, lowest 3-year TCO first (seed 2, 3.3: total cost, not card
    price); then the closest to the targets and limits."""
    if ev.fits:
        return (0, ev.unit_price_usd is None, ev.tco_usd if ev.tco_usd is not None else math.inf, (0, 0.0))
    return (1, 0, 0.0, _closeness(ev))


def gpu_to_beat(ranked: list[Sized]) -> Sized | None:
    """The GPU the ranking would buy: its best-ranked GPU option that meets every target within the limits."""
    return next((s for s in ranked if s.candidate.hardware.kind == "gpu" and not s.violations), None)


def leads_on_cost(accelerator: Sized, gpu: Sized | None) -> bool:
    """Seed 2's cost test (module docstring): no GPU meets the targets within the limits, or the accelerator's
    3-year TCO, migration included, is no higher than that GPU's."""
    if gpu is None:
        return True
    if accelerator.tco is None or gpu.tco is None:
        return False
    return accelerator.tco.three_year_total_usd <= gpu.tco.three_year_total_usd


def accelerator_primary(feasible: list[Sized], verdict_best: AcceleratorEvaluation | None,
                        gpu: Sized | None = None) -> Sized | None:
    """The ranked, feasible option of the best fitting priced accelerator, when it passes the cost test against
    `gpu` (the primary when the rule holds)."""
    if verdict_best is None or not verdict_best.fits or verdict_best.unit_price_usd is None:
        return None
    options = [s for s in feasible if s.candidate.hardware.id == verdict_best.hardware_id and not s.violations]
    chosen = min(options, key=lambda s: s.cost_per_token, default=None)
    return chosen if chosen is not None and leads_on_cost(chosen, gpu) else None


def closest_gpu(ranked: list[Sized], fitting: list[Sized]) -> Sized | None:
    """The GPU shown beside the accelerator: the best-ranked GPU that meets everything, else the GPU option
    that meets the targets least past the limits, else the GPU closest to the targets."""
    gpus = [s for s in ranked if s.candidate.hardware.kind == "gpu" and not s.violations]
    if gpus:
        return gpus[0]
    meeting = sorted((s for s in fitting if s.candidate.hardware.kind == "gpu" and s.meets_slo), key=lambda s: s.shortfall)
    if meeting:
        return meeting[0]
    return min((s for s in fitting if s.candidate.hardware.kind == "gpu"), key=lambda s: s.shortfall, default=None)


def break_even_unit_price(price_range: tuple[float, float], tco_range: tuple[float, float], gpu_tco: float,
                          ) -> float | None:
    """The card price at which the accelerator's 3-year TCO equals the GPU answer's, when that lies strictly inside
    its quote range; None when the ranking holds at every quoted price. The TCO is linear in the card price (capex,
    the operations share of it), so the two ends of the range fix the line.

    >>> break_even_unit_price((10_000, 30_000), (100_000, 180_000), 140_000)
    20000.0
    >>> break_even_unit_price((10_000, 30_000), (100_000, 180_000), 90_000) is None
    True
    """
    (p_low, p_high), (t_low, t_high) = price_range, tco_range
    if p_high <= p_low or t_high <= t_low or not t_low < gpu_tco < t_high:
        return None
    return p_low + (gpu_tco - t_low) * (p_high - p_low) / (t_high - t_low)


def verdict(conditions: Seed2Conditions, evaluated: list[AcceleratorEvaluation], primary: Sized,
            gpu: Sized | None, migration: MigrationCost | None, *, lost_on_cost: bool = False) -> AcceleratorVerdict:
    """`lost_on_cost`: the best fitting priced accelerator failed `leads_on_cost` against the GPU."""
    primary_id = primary.candidate.hardware.id
    if primary.candidate.hardware.kind == "gpu":
        gpu = primary  # the ranking's GPU answer is the one beside the accelerators
    best = evaluated[0] if evaluated else None
    outcome: Literal["primary", "fits_quote_only", "costlier", "closest", "none_meets"]
    if best is not None and best.fits and best.hardware_id == primary_id:
        outcome = "primary"
    elif best is not None and best.fits and best.unit_price_usd is None:
        outcome = "fits_quote_only"
    elif best is not None and best.fits and lost_on_cost:
        outcome = "costlier"
    elif best is not None and best.meets_targets:
        outcome = "closest"  # includes a priced one whose capacity probe then missed: it does not lead
    else:
        outcome = "none_meets"
    # Only a GPU that meets every target within the limits is a cost to compare with.
    gpu_tco = gpu.tco.three_year_total_usd if gpu is not None and gpu.tco is not None and not gpu.violations else None
    # A price from a quote range ranks with its uncertainty: say where inside the range the ranking turns.
    turn = None
    if best is not None and best.fits and best.price_range_usd and best.tco_range_usd and gpu_tco is not None:
        turn = break_even_unit_price(best.price_range_usd, best.tco_range_usd, gpu_tco)
    # A quote-only part is ranked on what its price can be, $0 and up: the quote it would need to lead, or none.
    ceiling, cannot_win = None, False
    if outcome == "fits_quote_only" and best is not None and gpu_tco is not None and best.tco_at_zero_usd is not None \
            and best.tco_per_card_dollar is not None:
        ceiling = quote_ceiling(best.tco_at_zero_usd, best.tco_per_card_dollar, gpu_tco)
        cannot_win = ceiling is None
    return AcceleratorVerdict(conditions=conditions, evaluated=evaluated, best=best, outcome=outcome,
                              gpu_beside=gpu.candidate.hardware.id if gpu is not None else None, migration=migration,
                              gpu_tco_usd=gpu_tco, break_even_unit_usd=turn, quote_ceiling_unit_usd=ceiling,
                              quote_cannot_win=cannot_win)


__all__ = [
    "HIGH_CONCURRENCY_USERS",
    "MIGRATION_CNY_RANGE",
    "AcceleratorEvaluation",
    "AcceleratorVerdict",
    "MigrationCost",
    "Seed2Conditions",
    "accelerator_primary",
    "break_even_unit_price",
    "closest_gpu",
    "evaluate_accelerators",
    "gpu_to_beat",
    "leads_on_cost",
    "migration_finding",
    "quote_ceiling",
    "seed2_conditions",
    "verdict",
    "with_price_ranges",
]
