"""What an option misses, with its numbers: the sentence owned, named and lower-format answers share."""

from __future__ import annotations

from estimator.advice.batch_jobs import BatchSizer, shown_hours
from estimator.advice.candidates import Candidate
from estimator.advice.power_limit import option_power_budget_w
from estimator.advice.sizing import Sized, Sizer
from estimator.said import EMPTY, Said, joined, literal, said
from estimator.workload import Workload


def shortfall_text(sizer: Sizer, sized: Sized) -> Said:
    """What an option misses, with its numbers."""
    est = sized.estimate
    if est.fits and isinstance(sizer, BatchSizer):  # a batch job misses its deadline, not a chat speed
        return said("answer.short.batch", hours=shown_hours(sizer.hours(sized.candidate, sized.count)),
                   window=sizer.window_hours)
    if not est.fits:
        # What fills the memory is named: at hundreds of users the KV cache, not the weights, often overflows.
        text = said("answer.short.memory", required=est.memory_required_gb, available=est.memory_available_gb,
                   users=sizer.peak)
        # "Six L40S hold 176 GB?": a tensor-parallel plan over a 4-card server leaves 2 of 6 idle, which the
        # figure alone would hide (it counts the devices the plan uses, not the ones owned).
        used = est.tensor_parallel * est.pipeline_stages * est.replicas
        if 0 < used < sized.count:
            text += said("answer.short.idle", used=used, count=sized.count, idle=sized.count - used)
        return text
    ttft = est.ttft_p95_ms or est.ttft_ms
    if sized.meets_slo and (limits := limits_passed(sizer, sized.candidate, sized.count)):
        # Fast enough, past a power or budget limit: quoting "39 tok/s against 30" as the shortfall read as
        # a contradiction; the limit is what it misses.
        return said("answer.short.limits", limits=limits, tps=est.decode_tokens_per_s_per_stream,
                   users=sizer.peak, count=sized.count)
    # Against the targets the option is judged by (`Sizer.target_for`, `Sizer.ttft_for`): an owned box is not judged
    # by a first-token bound nobody set, so quoting one as what it missed read as the reason it fell short.
    bound = sizer.ttft_for(sized.candidate)
    if bound is None:
        return said("answer.short.speed", tps=est.decode_tokens_per_s_per_stream, users=sizer.peak, ttft=ttft,
                   target=sizer.target_for(sized.candidate))
    return said("answer.short.slo", tps=est.decode_tokens_per_s_per_stream, users=sizer.peak, ttft=ttft,
               target=sizer.target_for(sized.candidate), ttft_target=bound)


def limits_passed(sizer: Sizer, cand: Candidate, count: int) -> Said:
    """The user's power and budget limits `count` devices would pass, worded ("" when within them). The
    smallest count is sized on the targets alone: "3 × RTX 5090 would meet them" under a 1.5 kW closet
    must also say they draw ~2 kW."""
    cost = sizer.build(cand, count, meets=True).tco
    workload, parts = sizer.workload, []
    if cost is None:
        return EMPTY
    if sizer.over_power(cost, cand.hardware, count):
        parts.append(said("answer.limit.power", power=cost.power_w,
                          budget=option_power_budget_w(workload, cand.hardware, count)))
    if sizer.over_budget(cost):
        parts.append(said("answer.limit.budget", capex=cost.capex_usd, budget=workload.budget_usd))
    return joined(parts)


def past_limits_by(workload: Workload, sized: Sized) -> tuple[bool, float]:
    """How far an option that meets the targets is past the limits the user set: its worst ratio of need
    to limit (capex to budget, peak draw to power limit). Ranking by capex alone led a 2 kW room with
    12.5 kW of MI300X when 11.7 kW of H100 also met the targets: under a power limit alone the draw is
    what is past it. A device whose draw is not on record cannot be measured against a power limit, so
    it comes after every measured one."""
    cost = sized.tco
    if cost is None:
        return True, float("inf")
    ratios = [1.0]
    if workload.budget_usd is not None:
        ratios.append(cost.capex_usd / max(workload.budget_usd, 1.0))
    limit = option_power_budget_w(workload, sized.candidate.hardware, sized.count)
    if limit is not None:
        if not sized.candidate.hardware.tdp_w:
            return True, max(ratios)
        ratios.append((cost.power_w or 0.0) / limit)
    return False, max(ratios)


def limits_text(sizer: Sizer, primary: Sized) -> Said:
    """Each limit the option is past (`Sizer.over_budget`, `Sizer.over_power`), with its figures and by how
    much (×)."""
    cost, workload, hardware = primary.tco, sizer.workload, primary.candidate.hardware
    assert cost is not None
    parts: list[Said] = []
    if sizer.over_budget(cost) and workload.budget_usd is not None:
        parts.append(said("rec.limit.budget", capex=cost.capex_usd, budget=workload.budget_usd,
                         ratio=cost.capex_usd / max(workload.budget_usd, 1.0)))
    if workload.power_budget_w is not None and not hardware.tdp_w:
        parts.append(said("rec.limit.power_unknown", hardware=hardware.name, budget=workload.power_budget_w))
    elif sizer.over_power(cost, hardware, primary.count) and workload.power_budget_w is not None:
        limit = option_power_budget_w(workload, hardware, primary.count) or workload.power_budget_w
        parts.append(said("rec.limit.power", power=cost.power_w, budget=limit, ratio=(cost.power_w or 0.0) / limit))
    return joined(parts) if parts else literal("-")


def ceiling_text(sizer: Sizer, cand: Candidate, prefix: str) -> Said:
    """The ceiling no count of `cand` passes, worded with the `prefix`'s `_speed` or `_ttft` message (named
    answers: "answer.named.none", owned ones: "answer.owned.why.none"); "" when the largest count fits
    and meets both, or does not fit."""
    hw = cand.hardware
    top = sizer.estimate(cand, cand.max_count)  # memoized by the count search, which stopped there
    if top.fits and sizer.speed(top, cand) < sizer.target:
        return said(prefix + "_speed", hardware=hw.name, tps=sizer.speed(top, cand),
                   target=sizer.target, group=top.tensor_parallel * top.pipeline_stages)
    if top.fits and sizer.ttft is not None and sizer.ttft_checked(top, cand) > sizer.ttft:
        return said(prefix + "_ttft", hardware=hw.name, ttft=sizer.ttft_checked(top, cand), target=sizer.ttft)
    return EMPTY


__all__ = ["ceiling_text", "limits_passed", "limits_text", "past_limits_by", "shortfall_text"]
