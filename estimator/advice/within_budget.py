"""A stated budget is a limit, like a power cap (seed 1: start from the smallest configuration that meets the
need, "從滿足你當前需求的最小配置開始", bought within what the team has): when nothing meets the targets within it,
the answer is the best purchase within the budget, with what it delivers, beside the cheapest one that meets
the targets past it, never an over-budget system presented as the recommendation.

"Best within the budget" for each device and engine is the most devices the budget buys (whole purchase units,
the power cap held too); among those, the one that carries the most of the peak at the targets (the capacity
probe), then the one closest to the targets, then the cheaper.
"""

from __future__ import annotations

from estimator.advice.candidates import Candidate
from estimator.advice.shortfall import limits_text
from estimator.advice.sizing import Sized, Sizer
from estimator.said import Said, origin_of, said

# Options whose capacity is probed to choose the best within the budget: the closest to the targets.
PROBED = 4


def _within(sizer: Sizer, candidate: Candidate, count: int) -> bool:
    cost = sizer.tco(candidate, count, None)
    return not sizer.over_budget(cost) and not sizer.over_power(cost, candidate.hardware)


def most_within_budget(sizer: Sizer, candidate: Candidate) -> int | None:
    """The largest count of `candidate` (whole purchase units, from the fewest its weights need) within the
    budget and the power cap; None when even the fewest is past them."""
    board = max(1, candidate.board)
    low = -(-min(sizer.min_devices(candidate), candidate.max_count) // board)
    top = candidate.max_count // board
    if low > top or not _within(sizer, candidate, low * board):
        return None
    high = low  # grow by doubling, then bisect: capex and power grow with the count
    while high < top and _within(sizer, candidate, min(top, high * 2) * board):
        high = min(top, high * 2)
    if high < top:
        last_out = min(top, high * 2)
        while last_out - high > 1:
            middle = (high + last_out) // 2
            if _within(sizer, candidate, middle * board):
                high = middle
            else:
                last_out = middle
    return high * board


def best_within_budget(sizer: Sizer, sized: list[Sized]) -> Sized | None:
    """The best option within the stated budget (and power cap) among the candidates that were sized, each at the
    most devices the budget buys; None when no budget was stated or nothing that fits its weights is within it."""
    if sizer.workload.budget_usd is None:
        return None
    seen: set[tuple[str, str]] = set()
    within: list[Sized] = []
    for option in sized:
        cand = option.candidate
        key = (cand.hardware.id, cand.stack.id)
        if key in seen or (cand.hardware.price_usd is None and not cand.existing):
            continue
        seen.add(key)
        count = most_within_budget(sizer, cand)
        if count is None:
            continue
        built = sizer.build(cand, count, meets=sizer.meets(cand, count))
        if built.estimate.fits and not any(origin_of(v) in _LIMITS for v in built.violations):
            within.append(built)
    if not within:
        return None
    closest = sorted(within, key=lambda s: (s.shortfall, s.tco.capex_usd if s.tco else 0.0))[:PROBED]
    probed = [sizer.finalize(s) for s in closest]
    return max(probed, key=lambda s: (s.capacity_users, -s.shortfall, -(s.tco.capex_usd if s.tco else 0.0)))


_LIMITS = ("violation.budget", "violation.power")


def within_budget_rationale(sizer: Sizer, best: Sized, meeting: Sized | None, describe: Said) -> Said:
    """Plainly: nothing meets the targets within the budget; what the best within it delivers; what meeting the
    targets takes, and how far past the budget that is."""
    budget = sizer.workload.budget_usd or 0.0
    text = said("rec.best_within_budget", budget=budget, describe=describe, users=best.capacity_users,
                peak=sizer.peak, target=sizer.target)
    if meeting is not None and meeting.tco is not None:
        text = text + said("rec.best_within_budget.meeting", hardware=meeting.candidate.hardware.name,
                           count=meeting.count, limits=limits_text(sizer, meeting))
    return text


__all__ = ["PROBED", "best_within_budget", "most_within_budget", "within_budget_rationale"]
