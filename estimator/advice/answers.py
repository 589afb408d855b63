"""The question that was asked, answered on top of the ranked recommendation.

`answer_questions` adds to a `Recommendation`: the owned hardware's verdict (use what you have, or
what to add), a yes/no with numbers for every device the user named, the batch job's required
throughput and finishing time, and the per-option fields those answers rest on (`owned_units`,
`unpriced`, `batch_hours`). Everything is computed with the recommendation's own sizer, so the
answers and the ranked options agree number for number.
"""

from __future__ import annotations

import math
from typing import Protocol

from estimator.advice.batch_jobs import BatchSizer, job_hours, plan, shown_hours
from estimator.advice.batch_jobs import rationale as batch_rationale
from estimator.advice.candidates import ownership
from estimator.advice.day_night import DayNightSizer
from estimator.advice.named import evaluate_named, named_text, named_verdict
from estimator.advice.owned import owned_answers, stated_count
from estimator.advice.owned_lighter import OwnedLighter
from estimator.advice.sizing import Sized, Sizer
from estimator.catalog import Catalog
from estimator.said import Said, said
from estimator.schemas import NamedAnswer, Option, Recommendation, Risk
from estimator.workload import Workload


class OptionFn(Protocol):
    def __call__(self, sized: Sized, rationale: Said | None = None) -> Option: ...

_COMPILED = ("npu", "accel")  # graph-compiled parts (seed 2, 坑三)
_SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}


def annotate(option: Option, sized: Sized, sizer: Sizer, *, unpriced: bool = False) -> Option:
    """The issue-14 fields of one option: owned units of a top-up, batch hours, and for a device with no
    price on record (`unpriced`, costed at power only so it can still be evaluated) that it is not owned."""
    update: dict[str, object] = {}
    if sized.candidate.owned_units:
        update["owned_units"] = sized.candidate.owned_units
    if isinstance(sizer, BatchSizer):
        hours = sizer.hours(sized.candidate, sized.count)
        update["batch_hours"] = shown_hours(hours) if math.isfinite(hours) else None
    if unpriced:
        # Costed at power only because no price is on record, not because it is owned: say so.
        # The working's lines follow the TCO's findings one for one (`recommend.to_option`): the line of the
        # `owned` finding ("already owned: no purchase") is the one that is not true.
        line = said("answer.named.unpriced", power=option.tco.annual_power_usd)
        findings = sized.tco.findings if sized.tco is not None else ()
        lines = [line if finding.id == "owned" else text for finding, text in zip(findings, option.tco_assumptions,
                                                                                    strict=True)]
        update.update(unpriced=True, existing=False, rationale=None, tco_assumptions=lines)
    return option.model_copy(update=update) if update else option


def _beyond_owned(workload: Workload, option: Sized, catalog: Catalog) -> bool:
    """Whether the option counts devices the user does not own: not owned at all, or more than the count they said
    ("we have one A100 … what if we buy one more?"). An unpriced device is costed at power only, so the devices bought
    beyond the owned ones have an unknown capex, never "$0"."""
    hw = option.candidate.hardware
    if ownership(workload, hw, catalog) is None:
        return True
    owned_count = stated_count(workload, hw, catalog)
    return owned_count is not None and option.count > owned_count


def answer_questions(
    rec: Recommendation, sizer: Sizer, workload: Workload, catalog: Catalog, sized: list[Sized],
    excluded: dict[str, Said], primary: Sized, alternatives: list[Sized], *,
    to_option: OptionFn, format_stated: bool = False, lighter: OwnedLighter | None = None,
) -> Recommendation:
    """`rec` with the owned, named and batch answers and the annotated options.

    `to_option` is the recommender's own Sized → Option conversion, passed in so that this module does
    not import `recommend` (which imports it). `format_stated`: the user chose the weight format (a device
    short on memory is then only told which lower format would fit, as it is otherwise).
    """
    update: dict[str, object] = {}
    primary_option = None if rec.primary is None else annotate(rec.primary, primary, sizer)
    if primary_option is not None:
        update["primary"] = primary_option
    if alternatives:
        update["alternatives"] = [annotate(o, s, sizer) for o, s in zip(rec.alternatives, alternatives, strict=False)]
    if workload.owned_devices:
        answers = []
        for answer, own, extra in owned_answers(sizer, workload, catalog, sized, excluded, primary,
                                                 format_stated, lighter):
            answers.append(answer.model_copy(update={
                "option": None if own is None else annotate(to_option(own), own, sizer),
                "add_option": None if extra is None else annotate(to_option(extra), extra, sizer),
            }))
        update["owned"] = answers
    named: list[NamedAnswer] = []
    for device in workload.named_devices or []:
        found = evaluate_named(sizer, workload, catalog, device)
        if found is None:
            continue
        option, reason, smallest, priced = found
        text, same = named_text(sizer, device, option, reason, smallest, priced, primary, format_stated)
        named.append(NamedAnswer(
            hardware_id=option.candidate.hardware.id, hardware_name=option.candidate.hardware.name,
            asked_count=device.count, count=option.count, meets=not option.violations and reason is None,
            priced=priced, is_primary=same, reason=reason, verdict=named_verdict(option, reason, smallest, priced),
            option=annotate(to_option(option), option, sizer,
                            unpriced=not priced and _beyond_owned(workload, option, catalog)),
            text=text))
    if named:
        update["named"] = named
    if isinstance(sizer, BatchSizer):
        hours = sizer.hours(primary.candidate, primary.count)
        update["batch"] = plan(workload, hours)
        why = batch_rationale(sizer, primary, sized)
        update["rationale"] = why
        if primary_option is not None:
            update["primary"] = primary_option.model_copy(update={"rationale": why})
    elif isinstance(sizer, DayNightSizer):  # the night's job, on the model that does it (`day_night.night_workload`)
        update["batch"] = plan(sizer.night.workload, sizer.night.hours(primary.candidate, primary.count))
    elif workload.batch_items is not None:  # a batch job without a deadline: sized as stated, timed
        hours = job_hours(primary.estimate, sizer.peak, workload)
        update["batch"] = plan(workload, hours)
    device_risks = _asked_device_risks(rec, sized, named)
    if device_risks:
        # Most severe first, as each option's own list (`risks.assess_risks`): the NPU's high one before a low one.
        update["risks"] = sorted([*rec.risks, *device_risks], key=lambda r: _SEVERITY_ORDER[r.severity])
    return rec.model_copy(update=update) if update else rec


def _asked_device_risks(rec: Recommendation, sized: list[Sized], named: list[NamedAnswer]) -> list[Risk]:
    """Seed 2's dynamic-shape pitfall for an NPU or accelerator the user owns or asked about.

    The reply evaluates those devices even when the recommendation is another one ("use your laptop's
    NPU?"), so their recompilation risk on variable-length inputs is listed with the others (its `why`
    names the device). Only dynamic_shapes: it is the pitfall that decides whether the device is usable.
    """
    risks = [r for s in sized if s.candidate.existing and s.candidate.hardware.kind in _COMPILED for r in s.risks]
    risks += [r for a in named if a.option is not None and a.option.kind in _COMPILED for r in a.option.risks]
    shapes = [r for r in risks if r.id == "dynamic_shapes"]
    worst = min(shapes, key=lambda r: _SEVERITY_ORDER[r.severity], default=None)
    if worst is None:
        return []
    # The recommendation's own (a native stack's low one, seed 2's pitfall checked) does not stand for the
    # device's: a graver one on the user's NPU is listed beside it.
    own = [r for r in rec.risks if r.id == worst.id]
    return [worst] if all(_SEVERITY_ORDER[worst.severity] < _SEVERITY_ORDER[r.severity] for r in own) else []


__all__ = ["annotate", "answer_questions"]
