"""A stated budget is a limit, like a power cap (seed 1: start from the smallest configuration that meets the
need, "從滿足你當前需求的最小配置開始", bought within what the team has): when nothing meets the targets within it,
the answer is the best purchase within the budget, with what it delivers, beside the cheapest one that meets
the targets past it, never an over-budget system presented as the recommendation.

"Best within the budget" for each device and engine is the most devices the budget buys (whole purchase units,
the power cap held too), judged by what that purchase delivers: the users it carries at the target speed (seed 1's
acceptable 15 tok/s when the speed was assumed; an assumed first-token bound reported, not judged), with KV memory
for those users only, never for the whole peak (the capacity probe, `throughput.max_concurrent_streams`: a purchase
is not ruled out because 400 users' cache does not fit when it carries 60 of them). Most users carried leads, then
the faster at the peak, then the cheaper. One that carries no user at the band leads only when it serves every
one of the peak at a word a second or better (seed 1 calls <15 tok/s frustrating, "users watch the text appear word
by word": slower than the band, but the whole need is served; a desk machine for one researcher under ~$5k at
~5 tok/s); otherwise nothing within the budget serves even one user (a CPU holding 400 users' cache at 0.0 tok/s
each serves none), and the cheapest option that meets the targets leads, said past the budget.
"""

from __future__ import annotations

from dataclasses import dataclass

from estimator.advice.candidates import Candidate
from estimator.advice.concurrency import WORDS_PER_TOKEN
from estimator.advice.shortfall import limits_text
from estimator.advice.sizing import Sized, Sizer
from estimator.defaults import ACCEPTABLE_TOKENS_PER_S
from estimator.said import Said, origin_of, said


def _within(sizer: Sizer, candidate: Candidate, count: int) -> bool:
    cost = sizer.tco(candidate, count, None)
    return not sizer.over_budget(cost) and not sizer.over_power(cost, candidate.hardware, count)


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


def judging_sizer(sizer: Sizer) -> Sizer:
    """The sizer a within-budget purchase is judged by: seed 1's acceptable band where the speed was assumed, and
    no first-token bound where that was assumed (the wait is shown, not judged), as for `_banded_within_limits`.
    A subclass (batch jobs: a window, not users) judges by its own targets."""
    if type(sizer) is not Sizer or not (sizer.assumed_speed or sizer.assumed_ttft):
        return sizer
    update = {"tokens_per_s_target": min(sizer.target, ACCEPTABLE_TOKENS_PER_S)} if sizer.assumed_speed else {}
    return sizer.at_band(sizer.workload.model_copy(update=update))


@dataclass(frozen=True)
class WithinBudget:
    """The best purchase within the budget, probed by `judge`: `best.capacity_users` users carried at
    `judge.target`; `slower` when it carries none at that speed but serves the whole peak word by word."""

    best: Sized
    judge: Sizer
    slower: bool


# Seed 1's frustrating band, "users watch the text appear word by word": a word a second is the slowest stream that
# still serves (a 256-token answer in ~3 minutes); below it the user is not served at all.
WORD_BY_WORD_TOKENS_PER_S = 1 / WORDS_PER_TOKEN


def _peak_speed(judge: Sizer, option: Sized) -> float:
    est = option.estimate
    return judge.speed(est, option.candidate) if est.fits else 0.0


def best_within_budget(sizer: Sizer, sized: list[Sized]) -> WithinBudget | None:
    """The best option within the stated budget (and power cap) among the candidates that were sized, each at the
    most devices the budget buys; None when no budget was stated or nothing within it serves even one user."""
    if sizer.workload.budget_usd is None:
        return None
    judge = judging_sizer(sizer)
    seen: set[tuple[str, str]] = set()
    carrying: list[Sized] = []
    slower: list[Sized] = []
    for option in sized:
        cand = option.candidate
        key = (cand.hardware.id, cand.stack.id)
        if key in seen or (cand.hardware.price_usd is None and not cand.existing):
            continue
        seen.add(key)
        count = most_within_budget(sizer, cand)
        if count is None:
            continue
        if judge.meets(cand, count, 1):  # one user at the band, with memory for that user only
            built = judge.finalize(judge.build(cand, count, meets=False))
            if built.capacity_users >= 1 and not any(origin_of(v) in _LIMITS for v in built.violations):
                carrying.append(built)
                continue
        built = judge.build(cand, count, meets=False)
        if (built.estimate.fits and _peak_speed(judge, built) >= WORD_BY_WORD_TOKENS_PER_S
                and not any(origin_of(v) in _LIMITS for v in built.violations)):
            slower.append(built)
    if carrying:
        best = max(carrying, key=lambda s: (min(s.capacity_users, judge.peak), _peak_speed(judge, s),
                                            -(s.tco.capex_usd if s.tco else 0.0)))
        return WithinBudget(best, judge, slower=False)
    if slower:
        best = max(slower, key=lambda s: (_peak_speed(judge, s), -(s.tco.capex_usd if s.tco else 0.0)))
        return WithinBudget(judge.finalize(best), judge, slower=True)
    return None


_LIMITS = ("violation.budget", "violation.power")


def within_budget_rationale(sizer: Sizer, within: WithinBudget, meeting: Sized | None, describe: Said) -> Said:
    """Plainly: nothing meets the targets within the budget; what the best within it delivers (users carried at
    the judged speed, or the speed it serves all of them at); what meeting the targets takes, and how far past
    the budget that is."""
    budget = sizer.workload.budget_usd or 0.0
    best, judge = within.best, within.judge
    if within.slower:
        text = said("rec.best_within_budget.slower", budget=budget, describe=describe, peak=judge.peak,
                    speed=_peak_speed(judge, best), target=judge.target)
    else:
        text = said("rec.best_within_budget", budget=budget, describe=describe,
                    users=min(best.capacity_users, judge.peak), peak=judge.peak, target=judge.target)
    if meeting is not None and meeting.tco is not None:
        text = text + said("rec.best_within_budget.meeting", hardware=meeting.candidate.hardware.name,
                           count=meeting.count, limits=limits_text(sizer, meeting))
    return text


def none_within_budget_rationale(sizer: Sizer, primary: Sized, describe: Said) -> Said:
    """Plainly: nothing within the budget serves even one user at the judged speed; the option that meets the
    targets least past the limits (the cheapest, under a budget alone) leads, with how far past it is."""
    judge = judging_sizer(sizer)
    return said("rec.none_within_budget", budget=sizer.workload.budget_usd or 0.0, target=judge.target,
                describe=describe, limits=limits_text(sizer, primary))


__all__ = ["WORD_BY_WORD_TOKENS_PER_S", "WithinBudget", "best_within_budget", "judging_sizer", "most_within_budget", "none_within_budget_rationale",
           "within_budget_rationale"]
