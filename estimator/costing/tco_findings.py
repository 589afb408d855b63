"""Typed findings of the TCO working: which cost lines apply to an option, and their numbers.

`estimator.costing.tco` (and the served-token line of `estimator.advice.sizing`) return these instead of sentences:
the recommender costs about a hundred options per turn and shows four, so the working is worded only
for an option that is shown (`said_of` names its sentence; the wording layer words it). No text and no
language here; a case the sentence has to tell apart (an owned machine's power, office or rack cooling,
an estimated price) is a value of its finding, decided by the core.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

from estimator.said import EMPTY, Said, said

# One id per line of the working, in the order `tco` lists them. `per_m_served` replaces `per_m_unknown`
# once the sizer knows the tokens an option serves; `power_note` is the candidate's borrowed TDP.
TcoFindingId = Literal[
    "power_note",  # note: the candidate's power note (a `Said`)
    "owned",  # hardware
    "owned_part",  # hardware, owned, count
    "devices",  # hardware, unit, count, total, basis, date (None: undated), estimate (bool)
    "host_workstation",  # hardware
    "host_owned_server",  # hardware, servers, host (USD of the hosts still bought)
    "host_owned_topup",  # hardware, host (USD of the hosts still bought): added cards join the owned ones' machine
    "host_slots",  # hardware, slots, held, beyond (0), servers (0), host: the added cards all fit the owned host's free slots
    "host_slots_short",  # as host_slots: `beyond` cards the owned host has no slot for go into `servers` bought boxes
    "host_slots_modules",  # as host_slots: the device is an SXM / OAM module, so no free PCIe slot takes it
    "hosts",  # servers, host, multi, per_server
    "hosts_in_price",  # hardware, servers, per_server
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

FindingValue = str | int | float | bool | Said | None


@dataclass(frozen=True, slots=True)
class TcoFinding:
    """One line of the TCO working: what it is (`id`) and the numbers and names it states (`values`)."""

    id: TcoFindingId
    values: Mapping[str, FindingValue]


def said_of(finding: TcoFinding) -> Said:
    """The sentence a line of the working names: its template (`tco.<id>`) with the finding's values, the
    cases inside one line (a dated price, an owned machine's power, office or rack cooling) chosen here."""
    values = finding.values
    if finding.id == "power_note":
        note = values["note"]
        return note if isinstance(note, Said) else EMPTY
    if finding.id == "devices":
        date = values["date"]
        return said("tco.devices", hardware=values["hardware"], unit=values["unit"], count=values["count"],
                    total=values["total"], basis=values["basis"],
                    date=said("tco.date", date=date) if date else "",
                    estimate=said("tco.estimate") if values["estimate"] else "")
    if finding.id == "power":
        line = said("tco.power", count=values["count"], tdp=values["tdp"], utilization=values["utilization"])
        if values["already_running"]:
            return line + said("tco.power_owned")
        if values["hosts"]:
            return line + said("tco.power_hosts", hosts=values["hosts"], each=values["each"])
        return line
    if finding.id == "energy":
        cooling = said("tco.office") if values["office"] else said("tco.rack", pue=values["pue"])
        return said("tco.energy", hours=values["hours"], price=values["price"], cooling=cooling,
                    annual=values["annual"], days=values["days"])
    return said(f"tco.{finding.id}", **values)


__all__ = ["TCO_FINDING_IDS", "FindingValue", "TcoFinding", "TcoFindingId", "said_of"]
