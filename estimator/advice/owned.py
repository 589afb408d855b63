"""Owned hardware evaluated first, at the count the user stated and never more.

`Workload.owned_devices` says what the user already has ("6× L40S", "three idle Xeon servers", "my
MacBook Pro M4 Max"). This module turns that into ownership the candidate rules understand (catalog
ids into `existing_hardware_ids`, a kind without a catalog id into its `existing_hardware` class),
sizes each owned device within its stated count (the fewest owned units that meet the targets, else
all of them, short), and when they fall short sizes a top-up purchase of the same device ("your
6 L40S + 2 more", capex for the added units only). `owned_first` makes an owned option that meets
every target the primary: seed 1's "邊際成本本質上只是電力" — idle hardware costs only its power.
`owned_answers` writes the reply's first lines: use what you have, or what to add.
"""

from __future__ import annotations

import math
from dataclasses import replace

from estimator.advice.batch_jobs import BatchSizer, shown_hours
from estimator.advice.candidates import Candidate, exclusion, owned_class, ownership
from estimator.advice.lower_format import lower_format_text
from estimator.advice.named import line_room
from estimator.advice.owned_count import owned_cap, smallest_within
from estimator.advice.owned_lighter import OwnedLighter, lighter_for_device, lighter_scope
from estimator.advice.shortfall import ceiling_text, shortfall_text
from estimator.advice.sizing import Sized, Sizer
from estimator.catalog import Catalog, Hardware
from estimator.catalog_variants import CatalogVariants
from estimator.defaults import device_price
from estimator.said import EMPTY, Said, said
from estimator.schemas import OwnedAnswer
from estimator.workload import OwnedDevice, Workload

# OwnedDevice.kind → the `existing_hardware` class a device of that kind belongs to (owned_class).
_KIND_CLASS = {"cpu": "cpu_servers", "gpu": "gpu_workstations", "soc": "npu_laptops", "npu": "npu_laptops"}


_SPEC_CATALOGS = CatalogVariants()


def with_owned_specs(catalog: Catalog, workload: Workload) -> Catalog:
    """The catalog with the memory the user stated for an owned device ("M4 Max 64 GB": the catalog
    row lists the largest configuration) or for a device asked about ("a Mac Studio M3 Ultra 512GB"):
    the latter unpriced, as the row's price is another configuration's. Memoized per catalog and specs, so
    the estimator's index of the variant is built once (a new catalog object would rebuild it on every call)."""
    specs: list[tuple[str, float, bool]] = []
    owned_ids = set()
    for device in workload.owned_devices or []:
        hw = catalog.hardware_by_id(device.hardware_id) if device.hardware_id else None
        if hw is not None:
            owned_ids.add(hw.id)
        if hw is not None and device.memory_gb is not None and device.memory_gb != hw.memory_gb:
            specs.append((hw.id, float(device.memory_gb), False))
    for named in workload.named_devices or []:
        hw = catalog.hardware_by_id(named.hardware_id)
        if (hw is not None and hw.id not in owned_ids and named.memory_gb is not None
                and named.memory_gb != hw.memory_gb):
            specs.append((hw.id, float(named.memory_gb), True))
    if not specs:
        return catalog
    memory = {hw_id: (gb, unpriced) for hw_id, gb, unpriced in specs}

    def build() -> Catalog:
        hardware = tuple(h.model_copy(update={"memory_gb": memory[h.id][0],
                                              **({"price_usd": None, "price_basis": None} if memory[h.id][1] else {})})
                         if h.id in memory else h for h in catalog.hardware)
        return catalog.model_copy(update={"hardware": hardware})

    return _SPEC_CATALOGS.get(catalog, tuple(sorted(specs)), build)


def with_owned_ids(workload: Workload, catalog: Catalog) -> Workload:
    """The workload with its owned devices merged into the ownership fields the candidate rules read."""
    devices = workload.owned_devices or []
    if not devices:
        return workload
    ids = list(workload.existing_hardware_ids or [])
    classes = [c for c in (workload.existing_hardware or []) if c != "none"]
    for device in devices:
        hw = catalog.hardware_by_id(device.hardware_id) if device.hardware_id else None
        if hw is not None:
            if hw.id not in ids:
                ids.append(hw.id)
            # An owned consumer card sits in a desktop the user has (`hosts.owns_workstation`); naming it
            # keeps ownership to that card (`candidates.ownership`: named ids cover their class).
            if owned_class(hw) == "gpu_workstations" and "gpu_workstations" not in classes:
                classes.append("gpu_workstations")
        elif device.hardware_id is None and device.kind is not None and _KIND_CLASS[device.kind] not in classes:
            # Only a device given by its kind alone owns its class ("three idle CPU servers"); a model the
            # catalog does not know is not silently replaced by whichever catalog chip of its kind is best.
            classes.append(_KIND_CLASS[device.kind])  # type: ignore[arg-type]
    return workload.model_copy(update={"existing_hardware_ids": ids or None, "existing_hardware": classes or None})


def _class_of(device: OwnedDevice) -> str | None:
    return _KIND_CLASS.get(device.kind) if device.kind else None


def stated_count(workload: Workload, hw: Hardware, catalog: Catalog) -> int | None:
    """How many of this device the user said they own (None: nothing stated about it).

    By catalog id first; a device owned only through a kind the user gave without naming the model
    ("three idle CPU servers") is limited to that kind's stated count.
    """
    devices = workload.owned_devices or []
    named = [d for d in devices if d.hardware_id and catalog.hardware_by_id(d.hardware_id) is not None]
    by_id = sum(d.count for d in named if d.hardware_id == hw.id)
    if by_id:
        return by_id
    cls = owned_class(hw)
    by_kind = sum(d.count for d in devices if not (d.hardware_id and catalog.hardware_by_id(d.hardware_id))
                  and _class_of(d) == cls and (d.kind == hw.kind or {d.kind, hw.kind} <= {"soc", "npu"}))
    return by_kind or None


def split_counted(workload: Workload, candidates: list[Candidate], catalog: Catalog
                  ) -> tuple[list[Candidate], list[tuple[Candidate, int]]]:
    """Candidates the general sizer may count freely, and owned ones capped at their stated count."""
    free: list[Candidate] = []
    counted: list[tuple[Candidate, int]] = []
    for cand in candidates:
        limit = stated_count(workload, cand.hardware, catalog) if cand.existing else None
        if limit is None:
            free.append(cand)
        else:
            counted.append((cand, limit))
    return free, counted


def top_up(cand: Candidate, limit: int, workload: Workload) -> Candidate | None:
    """The same device bought beyond the owned units, when it has a price and may be bought at all."""
    hw = cand.hardware
    priced = device_price(hw.id, hw.price_usd, hw.price_basis)
    if priced is None or exclusion(workload, hw, cand.stack, existing=False) is not None:
        return None
    return replace(cand, existing=False, class_owned=False, owned_units=limit, unit_price_usd=priced[0],
                   power_note=None)


def size_counted(sizer: Sizer, counted: list[tuple[Candidate, int]]) -> list[Sized]:
    """Each owned candidate within its stated count; when short, also its top-up purchase."""
    out: list[Sized] = []
    for cand, limit in counted:
        usable = owned_cap(sizer, cand, limit)
        need = smallest_within(sizer, cand, usable)
        if need is not None:
            out.append(sizer.build(cand, need, meets=True))
            overload = math.ceil(sizer.overload * sizer.peak)
            spare = smallest_within(sizer, cand, usable, overload)
            if spare is not None and spare != need:
                out.append(sizer.build(cand, spare, meets=True))
            continue
        out.append(sizer.build(cand, usable, meets=False))
        extra = top_up(cand, usable, sizer.workload)
        if extra is not None and usable < extra.max_count:
            # A top-up is a purchase: sized for the load like any other (`Sizer.load_count`), so a first-token bound
            # nobody set, which more copies never meet, does not rule out adding to what they own while another
            # device is bought with that bound waived (issue "read any workload" E: assumed targets never overrule owned kit).
            total = sizer.load_count(extra, start=usable + 1)
            if total is not None:
                out.append(sizer.build(extra, total, meets=True))
    return out


def owned_first(sizer: Sizer, ranked: list[Sized]) -> list[Sized]:
    """Owned options that meet every target ahead of purchases (stable otherwise).

    Each owned contender is probed first (capacity, tail-latency and headroom risks), so an owned
    option that only looked feasible before the probe does not lead.
    """
    owned = [s for s in ranked if s.candidate.existing]
    for option in owned:
        sizer.finalize(option)
    ok = [s for s in owned if not s.violations]
    if not ok:
        return ranked
    return ok + [s for s in ranked if s not in ok]


def _no_better_than(purchase: Sized, own: Sized) -> bool:
    """Whether a purchase gains nothing on what the owned option already does at the same load: it decodes no faster
    per user, serves no more users, and its first token comes no sooner (each within the estimate's 5 %)."""
    mine, theirs = own.estimate, purchase.estimate
    ttft_own, ttft_theirs = mine.ttft_p95_ms or mine.ttft_ms, theirs.ttft_p95_ms or theirs.ttft_ms
    return (theirs.decode_tokens_per_s_per_stream <= 1.05 * mine.decode_tokens_per_s_per_stream
            and purchase.capacity_users <= own.capacity_users
            and ttft_theirs >= 0.95 * ttft_own)


def owned_not_outpaced(sizer: Sizer, primary: Sized, fitting: list[Sized]) -> Sized | None:
    """The owned option to lead with instead of a purchase that is no better than it (None: the purchase stands).

    Issue "read any workload" E: never recommend buying something slower than what they own. A purchase is worth
    its price only where it beats the owned hardware on what that hardware misses: when an owned option that holds the
    model is at least as fast per user, serves as many users and answers as soon, buying the other device fixes
    nothing, so the owned option is the answer (what it still misses is said with its numbers)."""
    if primary.candidate.existing or primary.candidate.owned_units:
        return None
    owned = [s for s in fitting if s.candidate.existing and s.estimate.fits and _no_better_than(primary, s)]
    best = min(owned, key=lambda s: (s.shortfall, -s.estimate.decode_tokens_per_s_per_stream), default=None)
    return sizer.finalize(best) if best is not None else None


def _groups(workload: Workload, catalog: Catalog, sized: list[Sized]) -> list[tuple[OwnedDevice, list[Sized]]]:
    """Each stated owned device with the sized options that are it (pure owned and top-ups)."""
    out: list[tuple[OwnedDevice, list[Sized]]] = []
    for device in workload.owned_devices or []:
        hw = catalog.hardware_by_id(device.hardware_id) if device.hardware_id else None
        if hw is not None:  # the device, or the laptop chip it is part of (an NPU block ⇄ its SoC)
            named = Workload(existing_hardware_ids=[hw.id])
            mine = [s for s in sized if s.candidate.hardware.id == hw.id
                    or (s.candidate.existing and ownership(named, s.candidate.hardware, catalog) == "named")]
        else:
            cls = _class_of(device)
            mine = [s for s in sized if cls is not None and owned_class(s.candidate.hardware) == cls
                    and (s.candidate.existing or s.candidate.owned_units)]
        out.append((device, mine))
    return out


def _why_not_more(sizer: Sizer, own: Sized, workload: Workload) -> Said:
    """Why the owned devices are not topped up with more of the same."""

    cand = own.candidate
    hw = cand.hardware
    if cand.max_count <= 1 and hw.kind == "soc":  # a Mac Studio serves several users; it does not pool
        return said("answer.owned.why.machines")
    if cand.max_count <= 1:
        return said("answer.owned.why.single")
    if device_price(hw.id, hw.price_usd, hw.price_basis) is None:
        return said("answer.owned.why.unpriced")
    reason = exclusion(workload, hw, cand.stack, existing=False)
    if reason is not None:
        return said("answer.owned.why.ineligible", reason=reason)
    if own.meets_slo:  # fast enough, past a power or budget limit: more of them only draw and cost more
        return said("answer.owned.why.limits")
    # More of them add model copies, never speed per copy: when one copy is too slow, that ceiling is the
    # answer ("even 1024 of them would still fall short" read as if enough money would do).
    return (ceiling_text(sizer, cand, "answer.owned.why.none")
            or said("answer.owned.why.short", count=cand.max_count))


def _dearer_than_buying(sizer: Sizer, top_up: Sized, primary: Sized | None) -> Said:
    """When the recommended purchase (of other hardware) meets every target for less over three years than
    topping the owned devices up, say so: a top-up that meets the targets is not the one to buy then."""
    if primary is None or primary is top_up or primary.candidate.owned_units:
        return EMPTY
    sizer.finalize(primary)
    if primary.violations or primary.tco is None or top_up.tco is None:
        return EMPTY
    hardware = f"{primary.count} × {primary.candidate.hardware.name}"
    if primary.tco.three_year_total_usd >= top_up.tco.three_year_total_usd:
        # The top-up is cheaper yet not recommended: the ranking weighed risks in (say so, with the points).
        sizer.finalize(top_up)
        return said("answer.owned.add_riskier", hardware=hardware, primary=primary.tco.three_year_total_usd,
                   topup=top_up.tco.three_year_total_usd, primary_risk=primary.risk_points,
                   topup_risk=top_up.risk_points, risks=", ".join(r.id for r in top_up.risks if r.severity != "low"))
    return said("answer.owned.add_dearer", hardware=hardware,
               primary=primary.tco.three_year_total_usd, topup=top_up.tco.three_year_total_usd)


def _best(options: list[Sized]) -> Sized | None:
    return min(options, key=lambda s: (bool(s.violations), s.shortfall, s.cost_per_token), default=None)


def owned_answers(sizer: Sizer, workload: Workload, catalog: Catalog, sized: list[Sized],
                  excluded: dict[str, Said], primary: Sized | None = None,
                  format_stated: bool = False, lighter: OwnedLighter | None = None
                  ) -> list[tuple[OwnedAnswer, Sized | None, Sized | None]]:
    """One answer per stated owned device: its best owned option (the primary itself when the primary
    is one of them, so the answer and the recommendation quote the same numbers), its top-up, and the
    sentence. Owned devices that do not hold the model at the format in force are also told the first
    lower-bit format that they would hold it at (`format_stated`: the user chose the format, so it is
    only mentioned). `lighter`: the owned option that leads at a lighter format (`owned_lighter`), whose answer
    first says what changed and what it needed at the format in force."""

    answers: list[tuple[OwnedAnswer, Sized | None, Sized | None]] = []
    for device, mine in _groups(workload, catalog, sized):
        own = (primary if primary is not None and primary.candidate.existing and primary in mine
               else _best([s for s in mine if s.candidate.existing]))
        # The top-up the recommendation buys, when it is one, so that the answer and the option quote one count.
        top_ups = [s for s in mine if s.candidate.owned_units and not s.violations]
        extra = primary if primary is not None and any(s is primary for s in top_ups) else _best(top_ups)
        hw = own.candidate.hardware if own else (extra.candidate.hardware if extra else
                                                 catalog.hardware_by_id(device.hardware_id or ""))
        if hw is None:
            if device.hardware_id:  # named, but not a catalog device: say so rather than guess its speed
                answers.append((OwnedAnswer(hardware_id=device.hardware_id, hardware_name=device.label or device.hardware_id,
                                            label=device.label, owned_count=device.count, meets=False, used_count=0,
                                            text=said("answer.owned.unknown", owned=device.count,
                                                     hardware=device.label or device.hardware_id)), None, None))
            continue
        count = stated_count(workload, hw, catalog) or device.count
        # The catalog name when the device was recognized ("GeForce RTX 4090", not "rtx 4090s"); the
        # user's words when only its kind is known ("idle dual-socket Xeon servers").
        name = hw.name if device.hardware_id else (device.label or hw.name)
        if own is None:
            reason = excluded.get(hw.id, "")
            text = said("answer.owned.ineligible", owned=count, hardware=name, reason=reason)
            answers.append((OwnedAnswer(hardware_id=hw.id, hardware_name=hw.name, label=device.label,
                                        owned_count=count, meets=False, used_count=0, text=text), None, None))
            continue
        sizer.finalize(own)
        meets = not own.violations
        assert own.tco is not None
        if meets and isinstance(sizer, BatchSizer):  # "can our 4 L40S do it overnight?": when the job is done
            text = said("answer.owned.yes_batch", used=own.count, owned=count, hardware=name,
                       hours=shown_hours(sizer.hours(own.candidate, own.count)), window=sizer.window_hours,
                       power=own.tco.annual_power_usd)
        elif meets:
            text = said("answer.owned.yes", used=own.count, owned=count, hardware=name,
                       tps=own.estimate.decode_tokens_per_s_per_stream, users=sizer.peak,
                       ttft=own.estimate.ttft_p95_ms or own.estimate.ttft_ms, power=own.tco.annual_power_usd)
            text += sizer.band_note(own)
            if lighter is not None and own is lighter.sized:
                text = lighter.text() + text
        elif extra is not None:
            assert extra.tco is not None
            text = said("answer.owned.add_one" if count == 1 else "answer.owned.add", owned=count, hardware=name,
                       short=shortfall_text(sizer, own), add=extra.count - extra.candidate.owned_units,
                       total=extra.count, capex=extra.tco.capex_usd)
            text += _dearer_than_buying(sizer, extra, primary)
        else:
            text = said("answer.owned.buy_one" if count == 1 else "answer.owned.buy", owned=count, hardware=name,
                       short=shortfall_text(sizer, own), why=_why_not_more(sizer, own, workload))
        if not meets and not own.estimate.fits and not isinstance(sizer, BatchSizer):
            stacks = list({s.candidate.stack.id: s.candidate for s in mine
                           if s.candidate.existing and s.candidate.hardware.id == own.candidate.hardware.id}.values())
            # The ladder an expert tries before buying (`owned_lighter`): what the owned devices still miss at the first
            # lighter step that holds the model; with a format the user fixed, only the lower formats are mentioned.
            scope = lighter_scope(sizer, workload.quantization if format_stated else None)
            short = (lighter_for_device(sizer, own, stacks or [own.candidate], count, scope)
                     if scope != "none" else None)
            text += (said("answer.owned.lighter_note", body=short.text()) if short is not None
                     else lower_format_text(sizer, stacks or [own.candidate], own.count, name, format_stated))
            if device.line:  # "my MacBook Pro" taken as the one sold today: a larger configuration may hold it
                text += line_room(sizer, device.line, hw)
        answer = OwnedAnswer(
            hardware_id=hw.id, hardware_name=hw.name, label=device.label, owned_count=count, meets=meets,
            used_count=own.count, add_count=None if meets or extra is None else extra.count - extra.candidate.owned_units,
            disputed=meets and bool(workload.owned_falls_short),
            add_capex_usd=None if meets or extra is None or extra.tco is None else extra.tco.capex_usd, text=text)
        answers.append((answer, own, None if meets else extra))
    return answers


__all__ = [
    "owned_answers",
    "owned_first",
    "owned_not_outpaced",
    "size_counted",
    "split_counted",
    "stated_count",
    "top_up",
    "with_owned_ids",
    "with_owned_specs",
]
