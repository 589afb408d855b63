"""A preference for some makers, not a rule ("国产优先", "信创优先但不强求", "prefer Huawei", "尽量用国产卡"): the best
option of a preferred maker that meets every target leads when its purchase costs at most `PREFERENCE_PREMIUM` times the
ranking leader's; past that the leader stays and the preferred option is shown first beside it. A must ("只能用华为",
"no NVIDIA") is a rule (`Workload.allowed_vendors`, `excluded_vendors`), never this.

Why the premium is seed 1's step from its budget option to its production option (a $6k RTX 4090 box to a $13k L40S
box): a buyer who states a preference pays for it what seed 1 asks them to pay for production grade, no more. Pure:
findings only, the wording layer words them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from estimator.advice.candidates import Candidate
from estimator.advice.sizing import Sized
from estimator.defaults import BUDGET_TO_PRODUCTION_STEP

PREFERENCE_PREMIUM = BUDGET_TO_PRODUCTION_STEP


def prefers(candidate: Candidate, vendors: Sequence[str]) -> bool:
    """A purchase of one of the preferred makers' devices (owned hardware is no purchase)."""
    return not candidate.existing and candidate.hardware.vendor.casefold() in {v.casefold() for v in vendors}


def is_preferred(option: Sized, vendors: Sequence[str]) -> bool:
    """`prefers` of the option's candidate."""
    return prefers(option.candidate, vendors)


def _capex(option: Sized) -> float:
    return option.tco.capex_usd if option.tco is not None else 0.0


@dataclass(frozen=True)
class PreferredChoice:
    """The preferred makers' best option that meets every target (None: none does) and whether it leads."""

    option: Sized | None
    leads: bool


def preferred_choice(leader: Sized, options: Sequence[Sized], vendors: Sequence[str]) -> PreferredChoice:
    """The first preferred option meeting every target among `options` (in ranking order), leading when within
    `PREFERENCE_PREMIUM` of `leader`'s capex. A leader of a preferred maker leads as it is."""
    if is_preferred(leader, vendors):
        return PreferredChoice(leader, True)
    meeting = [s for s in options if is_preferred(s, vendors) and s.meets_slo and not s.violations and s.estimate.fits]
    if not meeting:
        return PreferredChoice(None, False)
    best = meeting[0]
    return PreferredChoice(best, _capex(best) <= PREFERENCE_PREMIUM * _capex(leader))


__all__ = ["PREFERENCE_PREMIUM", "PreferredChoice", "is_preferred", "preferred_choice", "prefers"]
