"""Typed findings of the TCO working: which cost lines apply to an option, and their numbers.

`estimator.tco` (and the served-token line of `estimator.sizing`) return these instead of sentences:
the recommender costs about a hundred options per turn and shows four, so the working is worded only
for an option that is shown, by `estimator.tco_words`. No text and no language here; a case the
sentence has to tell apart (an owned machine's power, office or rack cooling, an estimated price) is
a value of its finding, decided by the core.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

# One id per line of the working, in the order `tco` lists them. `per_m_served` replaces `per_m_unknown`
# once the sizer knows the tokens an option serves; `power_note` is the candidate's borrowed TDP.
TcoFindingId = Literal[
    "power_note",  # note: the candidate's power note (a `Reason`)
    "owned",  # hardware
    "owned_part",  # hardware, owned, count
    "devices",  # hardware, unit, count, total, basis, date (None: undated), estimate (bool)
    "host_workstation",  # hardware
    "hosts",  # servers, host, multi, per_server
    "no_tdp",  # hardware
    "power",  # count, tdp, utilization, already_running (bool), hosts (W added), each
    "energy",  # hours, price, days, annual, office (bool), pue
    "days",  # days, running
    "operations",  # share, operations
    "rack_space",  # usd
    "migration",  # usd
    "per_m",  # lifetime, years, tps, hours, utilization, days
    "per_m_served",  # as per_m, with the tokens the sized option serves
    "per_m_unknown",  # nothing: no served tokens, no $/M tokens
]
TCO_FINDING_IDS: tuple[TcoFindingId, ...] = get_args(TcoFindingId)

FindingValue = str | int | float | bool | None


@dataclass(frozen=True, slots=True)
class TcoFinding:
    """One line of the TCO working: what it is (`id`) and the numbers and names it states (`values`)."""

    id: TcoFindingId
    values: Mapping[str, FindingValue]


__all__ = ["TCO_FINDING_IDS", "FindingValue", "TcoFinding", "TcoFindingId"]
