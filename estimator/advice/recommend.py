"""The ranked recommendation: candidates → sizing → TCO → risks → primary and alternatives.

`recommend(workload, catalog)` fills unstated facts (`complete.complete`), enumerates device ×
serving-stack pairs (`candidates.py`), sizes each to the fewest devices that carry the peak at the
SLO (`sizing.py`), and ranks those that also fit the capex and power budgets by cost per served
token — the 3-year-amortized cost over the tokens the option serves for this workload, counted up to
seed 2's 1.5× overload — then by risk: each medium risk weighs `RISK_WEIGHT` (10 %) of the cost, a
high one three times that, so a cheaper option with a real risk yields to a safer one within that
margin. Nothing about tiers is hard-coded: seed 1's tiers have to come out of these numbers.

When nothing meets every constraint the primary is the closest option (`meets_slo=False`) and
`relax` says which constraint to relax and by how much. A model that fits nowhere raises
`NoFeasibleOption`; a workload with zero users or a negative budget raises `InvalidRequest`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from estimator.advice.accelerator_findings import AcceleratorVerdict
from estimator.advice.accelerator_first import (
    accelerator_primary,
    closest_gpu,
    evaluate_accelerators,
    gpu_to_beat,
    migration_finding,
    seed2_conditions,
    verdict,
    with_price_ranges,
)
from estimator.advice.accelerator_rank import (
    HeldBack,
    accelerators_last,
    held_back,
    held_back_finding,
    held_back_text,
    may_lead,
)
from estimator.advice.answers import answer_questions
from estimator.advice.batch_jobs import BatchSizer, is_batch_job
from estimator.advice.candidates import (
    Candidate,
    enumerate_candidates,
    owned_class,
)
from estimator.advice.complete import complete, counted_load
from estimator.advice.day_night import DayNightSizer, day_workload, night_workload, swap_note
from estimator.advice.day_night import note as day_night_note
from estimator.advice.engine_choice import expert_engines
from estimator.advice.engine_named import engine_note, prefix_note, with_named_engine
from estimator.advice.fits_limit import far_past_limits, what_fits
from estimator.advice.laptops import unpriced_laptops_note, with_laptops
from estimator.advice.load import prompts_per_stream_per_s
from estimator.advice.named import named_purchases
from estimator.advice.owned import (
    owned_first,
    owned_not_outpaced,
    size_counted,
    split_counted,
    with_owned_ids,
    with_owned_specs,
)
from estimator.advice.owned_lighter import owned_at_lighter
from estimator.advice.personal_fleet import per_person_named, personal_fleet
from estimator.advice.pilot_command import pilot_commands
from estimator.advice.power_limit import option_power_budget_w
from estimator.advice.preference import PREFERENCE_PREMIUM, PreferredChoice, preferred_choice, prefers
from estimator.advice.served_models import placement
from estimator.advice.shortfall import limits_text, past_limits_by
from estimator.advice.sites import fleet_plan
from estimator.advice.sizing import CapacityFn, EstimateFn, Shortcuts, Sized, Sizer, people_at_once, served_params_b
from estimator.advice.sold_singly import priced_variant_notes, with_card_variants
from estimator.advice.validation_plan import validation_plan
from estimator.advice.within_budget import best_within_budget, none_within_budget_rationale, within_budget_rationale
from estimator.catalog import Catalog
from estimator.costing.cloud import compare as compare_cloud
from estimator.costing.tco import running_days_per_year
from estimator.costing.tco_findings import said_of
from estimator.defaults import (
    ACCEPTABLE_TOKENS_PER_S,
    BUDGET_TO_PRODUCTION_STEP,
    COMFORTABLE_TOKENS_PER_S,
    OVERLOAD_FACTOR,
)
from estimator.errors import NoFeasibleOption
from estimator.physics.lora import lora_training_gb
from estimator.physics.memory import bits_per_weight, closest_mha_model, resolve_architecture
from estimator.physics.model_shape import (
    deployment_of,
    deployment_text,
    paged_kv_note,
    shape_note,
)
from estimator.physics.power_modes import at_power_cap
from estimator.physics.servers import needs_host_server
from estimator.said import EMPTY, Said, joined, said
from estimator.schemas import (
    CloudComparison,
    EstimateRequest,
    FitsLimit,
    Option,
    OptionEstimate,
    OptionTco,
    Recommendation,
    SpareOffer,
)
from estimator.workload import SpeedBasis, Workload

RISK_WEIGHT = 0.10  # share of cost one risk point is worth when ranking (medium = 1 point, high = 3)
# Seed 1 closes on "從滿足你當前需求的最小配置開始" (start with the smallest configuration that meets today's needs):
# between two options that meet every target within the limits, costs per served token closer than the
# estimator's own typical error are no real difference, and the smaller purchase leads (`rank`). The error is
# the estimator's leave-one-source-out typical factor in the README (estimator accuracy row): 1.18x on batched
# serving rows (total_tps), which size every option that serves several users at once, and 1.11x on single
# streams (tg). One estimate's typical error, not the pair's: two options' errors share the same engine model
# and calibration, so their ratio errs less than two independent estimates would (at most ~1.18^1.41 = 1.26x).
NEAR_TIE_BATCHED = 0.18
NEAR_TIE_SINGLE_STREAM = 0.11
MAX_ALTERNATIVES = 3
# An alternative costing over 10× the primary per served token (80 CPU servers beside one GPU box) is
# no trade-off a buyer weighs; "why not X?" still evaluates any device on request.
ALTERNATIVE_COST_CAP = 10.0
LEAD_PROBES = 12  # further probes while the leader is still unprobed (each can only demote it)
BAND_PROBES = 6  # capacity probes (tail-latency and headroom risks) for the options competing for the lead
# Probing can add up to two high risks (tail latency, headroom) to an option: its adjusted cost can grow
# by this factor, so pruning keeps candidates whose floor is within it of the best adjusted cost.
PRUNE_MARGIN = 1 + RISK_WEIGHT * 6


def default_throughput() -> tuple[EstimateFn, CapacityFn]:
    from estimator.physics.throughput import estimate, max_concurrent_streams

    return estimate, max_concurrent_streams


def default_shortcuts(estimate_fn: EstimateFn | None, capacity_fn: CapacityFn | None = None) -> Shortcuts | None:
    """The shipped estimator's cheaper views of itself (`sizing.Shortcuts`), only when it is the estimator
    in use: they say nothing about an injected one (nor does the capacity probe's about an injected probe)."""
    from estimator.physics.parallel_plans import recent_memos
    from estimator.physics.throughput import ByCount, max_concurrent_streams

    if estimate_fn is not None:
        return None
    memos = recent_memos()  # this recommendation's searches of one physics share its plans, as a follow-up does

    def by_count(request: EstimateRequest, catalog: Catalog) -> ByCount:
        return ByCount(request, catalog, memos)

    def capacity(request: EstimateRequest, catalog: Catalog, *, min_tokens_per_s: float,
                 ttft_target_ms: float | None = None) -> int:
        return max_concurrent_streams(request, catalog, min_tokens_per_s=min_tokens_per_s,
                                      ttft_target_ms=ttft_target_ms, memos=memos)

    return Shortcuts(by_count, None if capacity_fn is not None else capacity)


def adjusted_cost(sized: Sized) -> float:
    """Cost per served token raised by `RISK_WEIGHT` per risk point: the ranking key. Capacity risks weigh at most
    what curing them costs: the same device bought for 1.5× the peak (`Sizer.headroom_bought`), risk-weighted too."""
    own = sized.cost_per_token * (1 + RISK_WEIGHT * sized.risk_points)
    cure = sized.headroom
    return own if cure is None else min(own, cure.cost_per_token * (1 + RISK_WEIGHT * cure.risk_points))


def _headroom_cure(sized: Sized) -> Sized | None:
    """The purchase that cures `sized`'s capacity risks, when the ranking weighed them at its price (`adjusted_cost`)."""
    cure = sized.headroom
    if cure is None or adjusted_cost(sized) >= sized.cost_per_token * (1 + RISK_WEIGHT * sized.risk_points):
        return None
    return cure


def rank(options: list[Sized], peak_users: int | None = None) -> list[Sized]:
    """Lowest risk-weighted cost per served token first; ties go to fewer risks, fewer devices, then the
    more modest device. With the workload's `peak_users`, a near-tie goes to the smaller purchase
    (`_smaller_within_error`): the leader of what is left is the lowest-capex option whose cost per token
    is within `near_tie_band` of the cheapest's, and that carries no more risk."""
    ordered = sorted(options, key=_cost_order)
    band = near_tie_band(peak_users) if peak_users else 0.0
    if band <= 0:
        return ordered
    ranked: list[Sized] = []
    # Each option's figures read once, beside `ordered` element for element: the scan below compares every head with
    # its band's options, and the lead's settling ranks again after every probe (`_settle_lead`).
    terms = [_tie_terms(option) for option in ordered]
    while ordered:
        head = terms[0]
        # Only options within the band of the head's risk-weighted cost can qualify (no more risk, cost per token
        # within the band), and the list is sorted by it: scan that prefix. A head outside the limits has none.
        reach = head.adjusted * (1 + band)
        at = 0
        if head.within:
            for i in range(1, len(ordered)):
                option = terms[i]
                if option.adjusted > reach:
                    break
                if _smaller_terms(option, head, band) and option.capex < terms[at].capex:
                    at = i
        ranked.append(ordered.pop(at))
        del terms[at]
    return ranked


class _TieTerms(NamedTuple):
    """What `rank`'s near-tie rule reads of one option."""

    adjusted: float  # `adjusted_cost`
    capex: float
    cost_per_token: float
    risk_points: int
    within: bool  # meets every target within the limits (no violations)


def _tie_terms(sized: Sized) -> _TieTerms:
    return _TieTerms(adjusted_cost(sized), _capex(sized), sized.cost_per_token, sized.risk_points, not sized.violations)


def near_tie_band(peak_users: int) -> float:
    """The estimator's own typical error on the figures that size an option at this peak (`NEAR_TIE_BATCHED`
    for several users, `NEAR_TIE_SINGLE_STREAM` for one)."""
    return NEAR_TIE_BATCHED if peak_users > 1 else NEAR_TIE_SINGLE_STREAM


def _smaller_within_error(option: Sized, leader: Sized, band: float) -> bool:
    """`option` buys less than `leader`, both meet every target within the limits, `option` serves a token
    for at most `band` more and carries no more risk: the leader's edge is inside the estimate's error. And
    the purchase is smaller in substance: it saves a larger share of the capex than the share it adds to the
    cost per token (two GeForce cards for 3 % less than one workstation card, 3.3 % dearer per token, are no
    smaller purchase: they cost more over the years to save less up front)."""
    return _smaller_terms(_tie_terms(option), _tie_terms(leader), band)


def _smaller_terms(option: _TieTerms, leader: _TieTerms, band: float) -> bool:
    """`_smaller_within_error` of the two options' figures."""
    if not option.within or not leader.within or not option.capex < leader.capex:
        return False
    premium = option.cost_per_token / leader.cost_per_token - 1 if leader.cost_per_token > 0 else math.inf
    saving = 1 - option.capex / leader.capex
    return premium <= band and saving > premium and option.risk_points <= leader.risk_points


def _capex(sized: Sized) -> float:
    return sized.tco.capex_usd if sized.tco is not None else 0.0


def _cost_order(sized: Sized) -> tuple[float, int, int, float]:
    return adjusted_cost(sized), sized.risk_points, sized.count, _bandwidth(sized)


def _bandwidth(sized: Sized) -> float:
    """Last tie-break: the more modest device (for owned hardware this reads as "at least this class")."""
    return sized.candidate.hardware.memory_bandwidth_gbs or 0.0


def pick_alternatives(primary: Sized, ranked: list[Sized]) -> list[Sized]:
    """The best option of each other kind first, then other devices; never the primary's device again,
    nor one costing more than `ALTERNATIVE_COST_CAP` × the primary per served token. Chosen for variety, shown in
    the ranking's order: a list that reads as a ranking must be one."""
    chosen: list[Sized] = []
    cap = adjusted_cost(primary) * ALTERNATIVE_COST_CAP
    seen_devices = {primary.candidate.hardware.id}
    seen_kinds = {primary.candidate.hardware.kind}
    for pass_kinds in (True, False):
        for option in ranked:
            hw = option.candidate.hardware
            if len(chosen) >= MAX_ALTERNATIVES or hw.id in seen_devices or adjusted_cost(option) > cap:
                continue
            if pass_kinds and hw.kind in seen_kinds:
                continue
            chosen.append(option)
            seen_devices.add(hw.id)
            seen_kinds.add(hw.kind)
    place = {id(option): at for at, option in enumerate(ranked)}
    return sorted(chosen, key=lambda option: place[id(option)])


def _with_held_back(workload: Workload, primary: Sized, ranked: list[Sized]) -> list[Sized]:
    """The alternatives, led by the cheaper accelerator seed 2's table kept out of the lead (`held_back`): the
    rationale names it, so the reply shows its numbers."""
    chosen = pick_alternatives(primary, ranked)
    held = held_back(workload, ranked, primary, adjusted_cost)
    if held is None:
        return chosen
    return [held.option, *(s for s in chosen if s is not held.option)][:MAX_ALTERNATIVES]


def to_option(sized: Sized, rationale: Said | None = None) -> Option:
    cand, est, cost = sized.candidate, sized.estimate, sized.tco
    assert cost is not None
    return Option(
        hardware_id=cand.hardware.id, kind=cand.hardware.kind, count=sized.count,
        serving_stack=cand.stack.name, capex_usd=cost.capex_usd, meets_slo=not sized.violations,
        estimate=OptionEstimate(
            decode_tokens_per_s_per_user=round(est.decode_tokens_per_s_per_stream, 1),
            ttft_ms=round(est.ttft_ms, 1), max_concurrent_users=sized.capacity_users,
            ttft_p95_ms=None if est.ttft_p95_ms is None else round(est.ttft_p95_ms, 1),
            memory_required_gb=round(est.memory_required_gb, 1),
            memory_available_gb=round(est.memory_available_gb, 1), method=est.method,
            confidence_low=est.confidence_low, confidence_high=est.confidence_high,
            source_rows=list(est.source_rows),
            decode_tokens_per_s_per_user_range=(
                None if est.decode_tokens_per_s_per_stream_range is None
                else [round(value, 1) for value in est.decode_tokens_per_s_per_stream_range]
            ),
        ),
        tco=OptionTco(
            three_year_total_usd=cost.three_year_total_usd,
            cost_per_million_tokens_usd=cost.cost_per_million_tokens_usd,
            annual_power_usd=cost.annual_power_usd, price_is_estimate=cost.price_is_estimate,
        ),
        hardware_name=cand.hardware.name, power_w=cost.power_w, risks=list(sized.risks),
        rationale=rationale or describe(sized), existing=cand.existing, violations=list(sized.violations),
        tco_assumptions=[said_of(f) for f in cost.findings], redundancy=sized.redundancy,
        failover_tokens_per_s_per_user=(None if sized.failover_tokens_per_s is None
                                        else round(sized.failover_tokens_per_s, 1)),
        deployment=deployment_of(cand.hardware, sized.count, est),
        weight_format=sized.weight_format or None, weight_format_default=sized.format_default,
    )


def describe(sized: Sized) -> Said:
    """The sentence with the deciding numbers of an option."""
    cand, est, cost = sized.candidate, sized.estimate, sized.tco
    assert cost is not None
    per_m = cost.cost_per_million_tokens_usd
    return (
        said("rec.describe", count=sized.count, hardware=cand.hardware.name,
             owned=said("rec.owned") if cand.existing else "", stack=cand.stack.name,
             spare=_redundancy(sized), tps=est.decode_tokens_per_s_per_stream,
            ttft=est.ttft_p95_ms or est.ttft_ms, capacity=sized.capacity_users, capex=cost.capex_usd,
            tco=cost.three_year_total_usd)
        + (said("rec.per_m", per_m=per_m) if per_m is not None else "")
        + said("rec.power", power=cost.power_w or 0)
        + _layout(sized)
    )


def _redundancy(sized: Sized) -> Said | str:
    """How the option is N+1 at organization scale: the spare, and when it is counted at seed 1's acceptable
    speed, the speed left with one device out."""
    if not sized.redundancy:
        return ""
    if sized.failover_tokens_per_s is None:
        return said("rec.spare")
    return said("rec.spare") + said("rec.failover", left=sized.count - 1, tps=sized.failover_tokens_per_s)


def _layout(sized: Sized) -> Said:
    """The server layout, said only beyond one server (one box needs no layout sentence)."""
    deployment = deployment_of(sized.candidate.hardware, sized.count, sized.estimate)
    if deployment.servers <= 1 or not needs_host_server(sized.candidate.hardware):
        return EMPTY
    return said("sep") + deployment_text(sized.candidate.hardware.name, deployment)


def cheapest_rival(primary: Sized, ranked: list[Sized]) -> Sized | None:
    """The cheapest option on another device that still meets every target (the rationale's foil)."""
    others = [s for s in ranked if s.candidate.hardware.id != primary.candidate.hardware.id and not s.violations]
    return min(others, key=lambda s: s.cost_per_token, default=None)


def _named_ranked(sizer: Sizer, workload: Workload, catalog: Catalog) -> list[Sized]:
    """The purchases of the devices the user named ("2x rtx pro 6000 or one h200?", "H200 还是 B200，几台？"), ranked: the
    question asked is answered among them, as a senior engineer does. Each named device that meets the targets within
    the limits, at its smallest count that does, in whole boards, or as the same chip's variant that has a price
    (`named.named_purchases`); the first is the one to lead with (risk-weighted cost per token). Empty when none of
    them does: the recommendation then moves to another device, and each named answer says why."""
    purchases = [bought for device in workload.named_devices or []
                 for bought in named_purchases(sizer, workload, catalog, device)]
    return rank(purchases, sizer.peak) if purchases else []


def _named_lead(workload: Workload, named_ranked: list[Sized]) -> Sized | None:
    """The first of the named purchases (`_named_ranked`) that answers the question asked (`_asked_purchase`)."""
    return next((bought for bought in named_ranked if _asked_purchase(workload, bought)), None)


def _asked_purchase(workload: Workload, bought: Sized) -> bool:
    """Whether a named device's purchase answers the question asked. A choice between devices ("2x rtx pro 6000 or
    one h200?") or "how many X?" is answered among them. A yes/no on one device at a stated count ("一张 4090 能用吗",
    "would a single L40S do it?") is open to "no": the named answer says how many it takes and what they cost, and
    leads only when the count asked is what is bought; past it (two cards, or a whole 8-GPU board for "one H20"),
    the ranking's answer leads, so a lead is never sold 8 × H20 at $116k for a load two $13k cards carry."""
    named = workload.named_devices or []
    if len(named) != 1 or named[0].count is None or workload.named_only:
        return True  # a choice, a "how many", or the only devices that can be bought
    return bought.count <= named[0].count


def _smaller_answers_doubt(workload: Workload, lead: Sized, primary: Sized) -> bool:
    """The lead doubts the named purchase is needed ("is that overkill?", "有必要吗") and the ranking's answer meets every
    target within the limits for less capex: that answer leads, as a senior engineer answers "no, this does it", and the
    named purchase stays beside it with its numbers. Never when only the named devices can be bought."""
    if not workload.named_doubted or workload.named_only or primary.violations or not primary.meets_slo:
        return False
    return lead.tco is not None and primary.tco is not None and primary.tco.capex_usd < lead.tco.capex_usd


def _same_purchase(a: Sized, b: Sized) -> bool:
    return a.candidate.hardware.id == b.candidate.hardware.id and a.count == b.count


def _rationale(workload: Workload, primary: Sized, ranked: list[Sized], held: HeldBack | None, *,
               waived: bool = False, named_over: Sized | None = None, preferred_over: Sized | None = None) -> Said:
    """The primary's deciding numbers, how many options met every target, and the cheapest rival; `held`: the
    accelerator seed 2's table kept out of the lead (`held_back` of the same ranking and primary). `named_over`: the
    ranking's leader when a named candidate leads instead (`_named_ranked`), said beside it when it is the cheaper."""
    peak = workload.concurrent_users or 1
    models = workload.models_served or 1
    size = f"{workload.model_params_b:g}B"
    served = (said("rec.served_together", models=models, size=size, others=f"{workload.co_served_params_b:g}B")
              if workload.co_served_params_b is not None and models > 1 else
              said("rec.served_many", models=models, size=size) if models > 1 else said("rec.served_one", size=size))
    if waived:  # its first token was reported, not judged (`_assumed_ttft_choice`): never "TTFT ≤ the bound"
        head = said("rec.head_load", peak=peak, served=served, quant=workload.quantization,
                    tps=workload.tokens_per_s_target)
    else:
        head = said("rec.head", peak=peak, served=served, quant=workload.quantization,
                    tps=workload.tokens_per_s_target, ttft=workload.ttft_target_ms)
    if not ranked:
        return head + said("rec.none_meets", describe=describe(primary))
    if named_over is not None:
        text = head + said("rec.named_lead", describe=describe(primary))
        if named_over.tco is not None and primary.tco is not None and named_over.tco.capex_usd < primary.tco.capex_usd:
            text += said("rec.named_aside", count=named_over.count, hardware=named_over.candidate.hardware.name,
                         capex=named_over.tco.capex_usd, tps=named_over.estimate.decode_tokens_per_s_per_stream)
        return text + said("period")
    if preferred_over is not None:  # "国产优先": the preferred makers' option leads, the cheaper leader beside it
        return head + said("rec.preferred_lead", describe=describe(primary), step=PREFERENCE_PREMIUM) + said(
            "rec.preferred_aside", count=preferred_over.count, hardware=preferred_over.candidate.hardware.name,
            capex=_capex(preferred_over), tps=preferred_over.estimate.decode_tokens_per_s_per_stream) + said("period")
    if held is not None:  # seed 2's table kept a cheaper accelerator out of the lead: say why, never "lowest cost"
        return head + said("rec.leads_held_back", describe=describe(primary), n=len(ranked)) + held_back_text(held) + said("period")
    # Seed 2's rule put an accelerator ahead of a cheaper option: say so, never "lowest cost".
    key = "rec.accel_leads" if primary is not ranked[0] and primary.candidate.hardware.kind == "accel" else (
        "rec.lowest" if len(ranked) > 1 else "rec.only")
    band = near_tie_band(peak)
    displaced = _displaced_by_near_tie(primary, ranked, band)
    if displaced is not None and key == "rec.lowest":
        return head + said("rec.near_tie", describe=describe(primary), n=len(ranked), count=displaced.count,
                           hardware=displaced.candidate.hardware.name, band=band, cost=displaced.cost_per_token,
                           gap=1 - displaced.cost_per_token / primary.cost_per_token,
                           saved=_capex(displaced) - _capex(primary)) + said("period")
    text = head + said(key, describe=describe(primary), n=len(ranked))  # "of 1 options" read oddly
    rival = cheapest_rival(primary, ranked)
    if rival is None or primary.cost_per_token <= 0:
        return text + said("period")
    if rival.cost_per_token < primary.cost_per_token:
        text += said("rec.rival_cheaper", count=rival.count, hardware=rival.candidate.hardware.name,
                    cost=rival.cost_per_token, rival_risks=_risk_summary(rival),
                    risks=_risk_summary(primary))
    else:
        gap = rival.cost_per_token / primary.cost_per_token - 1
        text += said("rec.rival_dearer", count=rival.count, hardware=rival.candidate.hardware.name, gap=gap)
        if rival.risk_points > primary.risk_points:
            text += said("rec.rival_risks", risks=_risk_summary(rival))
    return text + said("period")


def _displaced_by_near_tie(primary: Sized, ranked: list[Sized], band: float) -> Sized | None:
    """The option that would lead on risk-weighted cost per token, when a near-tie gave the lead to the smaller
    purchase instead (`rank`); None when the primary is that option or leads for another reason (owned, seed 2)."""
    best = min(ranked, key=_cost_order, default=None)
    if best is None or best is primary or adjusted_cost(best) >= adjusted_cost(primary):
        return None
    return best if _smaller_within_error(primary, best, band) else None


def _risk_summary(sized: Sized) -> Said:
    """"high a, b; medium c" with the contract risk ids (they stay ids in every language)."""
    parts = []
    for level in ("high", "medium"):
        ids = [r.id for r in sized.risks if r.severity == level]
        if ids:
            parts.append(said(f"rec.risk_{level}", ids=", ".join(ids)))
    return joined(parts) if parts else said("rec.risk_none")


def _relax(workload: Workload, closest: Sized) -> list[Said]:
    """Which constraint to relax for the closest option, and by how much."""
    est, cost = closest.estimate, closest.tco
    assert cost is not None
    hints: list[Said] = []
    if not closest.meets_slo and est.fits:
        speed = est.decode_tokens_per_s_per_stream
        target = workload.tokens_per_s_target or 30
        if speed < target:
            hints.append(said("relax.speed" if closest.capacity_users >= 1 else "relax.speed_only", target=target, speed=speed, change=speed / target - 1, capacity=closest.capacity_users))
        ttft = est.ttft_p95_ms or est.ttft_ms
        if workload.ttft_target_ms and ttft > workload.ttft_target_ms:
            hints.append(said("relax.ttft", target=workload.ttft_target_ms, ttft=ttft))
        if not hints:
            hints.append(said("relax.users", users=workload.concurrent_users, capacity=closest.capacity_users))
    if not closest.meets_slo and not est.fits:
        # The closest option does not hold the model and its users: what to shrink is memory, not a target.
        hints.append(said("relax.memory", need=est.memory_required_gb, hold=est.memory_available_gb))
    if workload.budget_usd is not None and cost.capex_usd > workload.budget_usd:
        hints.append(said("relax.budget", budget=workload.budget_usd, capex=cost.capex_usd,
                         extra=cost.capex_usd - workload.budget_usd))
    power = cost.power_w or 0.0
    limit = option_power_budget_w(workload, closest.candidate.hardware, closest.count)
    if limit is not None and not closest.candidate.hardware.tdp_w:
        hints.append(said("relax.power_unknown", hardware=closest.candidate.hardware.name,
                         budget=workload.power_budget_w))
    elif limit is not None and power > limit:
        hints.append(said("relax.power", budget=limit, power=power, extra=power / limit - 1))
    return hints


def _nothing_fits(workload: Workload, sized: list[Sized], excluded: dict[str, Said]) -> NoFeasibleOption:
    largest = max(sized, key=lambda s: s.estimate.memory_available_gb, default=None)
    if largest is None:
        reasons = sorted(set(excluded.values()), key=lambda r: r.order)[:4]
        return NoFeasibleOption(said("rec.none_eligible", reasons=joined(reasons)), reasons=reasons)
    est = largest.estimate
    return NoFeasibleOption(said("rec.too_big", params=workload.model_params_b, quant=workload.quantization,
        required=est.memory_required_gb, users=workload.concurrent_users, count=largest.count,
        hardware=largest.candidate.hardware.name, available=est.memory_available_gb))


def size_all(sizer: Sizer, candidates: list[Candidate]) -> list[Sized]:
    """Size candidates cheapest-floor first, skipping those whose cost floor cannot make the reply.

    A candidate is skipped when its floor is above `PRUNE_MARGIN` × the best so far (it cannot lead),
    its kind already has a cheaper option (it cannot be that kind's alternative) and enough cheaper
    devices are already found to fill the alternatives. With nothing feasible, nothing is skipped.
    """
    floors = sorted(((sizer.cost_lower_bound(c), i, c) for i, c in enumerate(candidates)), key=lambda t: t[:2])
    sized: list[Sized] = []
    best_by_kind: dict[str, float] = {}
    best_by_device: dict[str, float] = {}
    for floor, _, candidate in floors:
        if best_by_device:
            best = min(best_by_device.values())
            kind_best = best_by_kind.get(candidate.hardware.kind)
            cheaper_devices = sum(1 for cost in best_by_device.values() if cost <= floor)
            if (floor > best * PRUNE_MARGIN and kind_best is not None and kind_best <= floor
                    and cheaper_devices > MAX_ALTERNATIVES):
                continue
        for option in sizer.size(candidate):
            sized.append(option)
            if not option.violations:
                hw = candidate.hardware
                cost = adjusted_cost(option)
                best_by_kind[hw.kind] = min(best_by_kind.get(hw.kind, cost), cost)
                best_by_device[hw.id] = min(best_by_device.get(hw.id, cost), cost)
    return sized


def _owned_but_short(sizer: Sizer, primary: Sized, fitting: list[Sized]) -> list[Sized]:
    """When the user owns devices that miss a target and the primary is a purchase, show the closest owned
    one too (meets_slo=False, with its violations): "why not the laptop I have?" deserves numbers."""
    if primary.candidate.existing:
        return []
    owned = sorted((s for s in fitting if s.candidate.existing and s.violations), key=lambda s: s.shortfall)
    return [sizer.finalize(owned[0])] if owned else []


def _finalize_band(sizer: Sizer, feasible: list[Sized]) -> list[Sized]:
    """Probe capacity (and so tail-latency and headroom risks) for every option that competes for the lead."""
    best = min(adjusted_cost(s) for s in feasible)
    contenders = sorted((s for s in feasible if s.cost_per_token <= best), key=adjusted_cost)
    for option in contenders[:BAND_PROBES]:
        sizer.finalize(option)
    return feasible


def _settle_lead(sizer: Sizer, feasible: list[Sized]) -> list[Sized]:
    """Rank, probing the leader until the leader is a probed option: an unprobed one has not yet been
    charged its tail-latency and headroom risks, so it must not win by default. The probe may reveal a
    missed target; those drop out while anything else meets."""
    peak, workload = sizer.peak, sizer.workload
    ranked = accelerators_last(workload, rank(feasible, peak))  # seed 2's table: where an accelerator may lead
    for _ in range(LEAD_PROBES):
        ranked = [s for s in ranked if not s.violations] or ranked
        if ranked[0].probed:
            break
        sizer.finalize(ranked[0])
        ranked = accelerators_last(workload, rank(ranked, peak))
    return [s for s in ranked if not s.violations] or ranked


def _fleet_note(filled: Workload, primary: Sized) -> Said | None:
    """Everyone on their own device (`assume.own_device`): the option is one person's, so say what
    equipping all of them costs (owned devices cost nothing more to buy)."""
    total = filled.total_users or 1
    if filled.deployment_scale != "personal" or total <= 1 or filled.concurrent_users != 1:
        return None
    cost = primary.tco
    if cost is None:
        return None
    return said("note.fleet", total=total, hardware=primary.candidate.hardware.name,
               capex=cost.capex_usd * total, tco=cost.three_year_total_usd * total)


def recommend(
    workload: Workload,
    catalog: Catalog,
    *,
    estimate_fn: EstimateFn | None = None,
    capacity_fn: CapacityFn | None = None,
) -> Recommendation:
    """Primary option, alternatives, risks, assumptions, rationale and validation plan for a workload.

    `estimate_fn`/`capacity_fn` default to `estimator.physics.throughput` (injectable for tests). The sentences
    are findings (`estimator.said.Said`): the wording layer (`bot/wording`) words them in any language.
    """
    night: Workload | None = None
    if workload.day_and_night:
        # The work's words ("tagging", "打标签", "摘要") name the night's job, filled with its own shape; the people
        # by day chat, so their answer length and first-token bound are not a classifier's (`advice.day_night`)
        night = complete(night_workload(workload), catalog).filled
        swap = swap_note(workload)
        # (a model swapped in at night is not held beside the day's: each window on its own model, `day_night`)
        workload = day_workload(workload).model_copy(update={"request_class": None})
    named, filled, assumptions = complete(workload, catalog)
    if night is not None and swap is not None:
        assumptions.append(swap)
    filled, named_each = per_person_named(filled)  # a device named for each person is one person's (`personal_fleet`)
    conversion = counted_load(named, filled, catalog)  # the conversion the reply shows
    filled = with_owned_ids(filled, catalog)  # owned devices with their stated counts and specs
    filled, card_notes = with_card_variants(filled, catalog)  # "one h200": the H200 NVL card, not a board
    assumptions += card_notes + priced_variant_notes(filled, catalog)  # and, unpriced, bought as the priced variant
    catalog = at_power_cap(with_owned_specs(catalog, filled), filled)  # and power modes under a cap
    catalog = with_laptops(catalog, filled)  # a laptop asked for: the laptops sold with each chip, by memory size
    catalog = with_price_ranges(catalog)  # quote-only accelerators with a sourced price range
    shortcuts = default_shortcuts(estimate_fn, capacity_fn)
    if estimate_fn is None or capacity_fn is None:
        default_estimate, default_capacity = default_throughput()
        estimate_fn, capacity_fn = estimate_fn or default_estimate, capacity_fn or default_capacity
    candidates, excluded = enumerate_candidates(filled, catalog)
    if night is not None and is_batch_job(night):
        # people by day, the job at night: the people's targets, and a count that also finishes the job in its window
        sizer: Sizer = DayNightSizer(filled, catalog, estimate_fn, capacity_fn, night=night,
                              assumed_targets=(workload.tokens_per_s_target is None and workload.speed_band is None,
                                               workload.ttft_target_ms is None),
                              format_stated=named.quantization is not None, shortcuts=shortcuts,
                              assumed_shapes=named.dynamic_shapes is None, people=people_at_once(named),
                              prompt_rate=prompts_per_stream_per_s(conversion))
    elif is_batch_job(filled):
        sizer = BatchSizer(filled, catalog, estimate_fn, capacity_fn, format_stated=named.quantization is not None,
                           shortcuts=shortcuts, assumed_shapes=named.dynamic_shapes is None)
    else:  # targets the user did not set do not fail hardware they own (seed 1's bands judge it), unless the user
        # says it falls short at this load: then "acceptable" is not acceptable to them, and the comfortable
        # targets judge it as they judge a purchase
        banded = not workload.owned_falls_short
        sizer = Sizer(filled, catalog, estimate_fn, capacity_fn,
                      # a band said in words ("snappy") is the user's target, as a figure is
                      assumed_targets=(banded and workload.tokens_per_s_target is None and workload.speed_band is None,
                                       banded and workload.ttft_target_ms is None),
                      format_stated=named.quantization is not None, shortcuts=shortcuts,
                      assumed_shapes=named.dynamic_shapes is None, people=people_at_once(named),
                      prompt_rate=prompts_per_stream_per_s(conversion))
    candidates = expert_engines(candidates, filled.concurrent_users or 1, format_stated=named.quantization is not None,
                                format_of=lambda c: sizer.workload_for(c).weight_format, default_of=sizer.default_for)
    # "we run vLLM": devices that engine runs on, with it (owned and named devices kept)
    candidates = with_named_engine(candidates, filled.serving_engine,
                                   kept={d.hardware_id for d in filled.named_devices or []})
    free, counted = split_counted(filled, candidates, catalog)  # owned devices: never more than stated
    sized = size_all(sizer, free) + size_counted(sizer, counted)
    fitting = [s for s in sized if s.estimate.fits]
    if not fitting:
        error = _nothing_fits(filled, sized, excluded)
        if _limited(filled):  # a limit or a buying rule leaves no device that holds it: say what fits them instead
            fits = what_fits(sizer, catalog, _sizing_within_limits(free, counted))
            error.fits_limit = fits
        raise error
    feasible = [s for s in fitting if not s.violations]
    feasible = _assumed_ttft_choice(sizer, feasible)
    relax: list[Said] = []
    preferred_over: Sized | None = None  # the ranking's leader, when a preferred maker's option leads instead
    outside_limits = False
    within_rationale: Said | None = None
    if feasible:
        ranked = _settle_lead(sizer, _finalize_band(sizer, feasible))
        if filled.owned_devices:  # owned hardware that meets the targets is the answer
            ranked = owned_first(sizer, ranked)
        primary = ranked[0]
        alternatives = [sizer.finalize(s) for s in _with_held_back(filled, primary, ranked)]
        alternatives += _owned_but_short(sizer, primary, fitting)
        if primary.violations:  # every contender missed once its capacity was probed
            relax = _relax(filled, primary)
        elif (usable := _usable_far_cheaper(sizer, filled, free, counted, primary)) is not None:
            # The assumed comfortable speed costs more than seed 1's step from its budget option to its production
            # option: the usable band leads, the comfortable purchase beside it with its price.
            comfortable, (sizer, banded_ranked) = primary, usable
            filled, ranked, primary = sizer.workload, banded_ranked, banded_ranked[0]
            alternatives = [sizer.finalize(comfortable),
                            *(sizer.finalize(s) for s in _with_held_back(filled, primary, ranked)
                              if s.candidate.hardware.id != comfortable.candidate.hardware.id)][:MAX_ALTERNATIVES]
            assumptions = _speed_assumed(assumptions, sizer.target, "assume.speed.acceptable_under_rule")
            assumptions.append(_comfort_premium_note(sizer, primary, comfortable))
        if filled.preferred_vendors and not primary.violations and not primary.candidate.existing:
            # "国产优先": the preferred makers' option that meets every target leads within seed 1's budget-to-production
            # step of the leader; past it the leader stays and the preferred option is first beside it (`advice.preference`)
            pref_sizer, choice = _preferred(sizer, filled, free, counted, primary, ranked)
            vendors = (", ".join(filled.preferred_vendors) if len(filled.preferred_vendors) <= 2
                       else said("vendors.domestic"))
            if choice.option is None:
                assumptions.append(said("note.preferred_none", vendors=vendors))
            elif choice.leads and choice.option is not primary:
                chosen = pref_sizer.finalize(choice.option)
                if pref_sizer is not sizer:
                    sizer, filled = pref_sizer, pref_sizer.workload
                    assumptions = _speed_assumed(assumptions, sizer.target, "assume.speed.acceptable_preferred")
                alternatives = [primary, *(s for s in alternatives if s.candidate.hardware.id != chosen.candidate.hardware.id)
                                ][:MAX_ALTERNATIVES]
                preferred_over, primary = primary, chosen
                ranked = [chosen, *(s for s in ranked if s is not choice.option)]
            elif not choice.leads:
                aside = sizer.finalize(choice.option)
                assumptions.append(said("note.preferred_yields", vendors=vendors, count=aside.count,
                                        hardware=aside.candidate.hardware.name, capex=_capex(aside),
                                        ratio=_capex(aside) / max(_capex(primary), 1.0), step=PREFERENCE_PREMIUM))
                alternatives = [aside, *(s for s in alternatives if s.candidate.hardware.id != aside.candidate.hardware.id)
                                ][:MAX_ALTERNATIVES]
    elif (within_band := _banded_within_limits(sizer, filled, free, counted)) is not None:
        # Nothing meets the targets the user did not set within the limits they did set: the limits hold, and
        # the option is judged by seed 1's usable band instead (`_banded_within_limits`).
        speed_assumed = sizer.assumed_speed
        sizer, banded_sized = within_band
        filled = sizer.workload
        ranked = _settle_lead(sizer, _finalize_band(sizer, banded_sized))
        primary = ranked[0]
        alternatives = [sizer.finalize(s) for s in _with_held_back(filled, primary, ranked)]
        if speed_assumed:
            assumptions = _speed_assumed(assumptions, sizer.target, "assume.speed.acceptable_within_limits")
        assumptions.append(said("note.banded_within_limits", tps=sizer.target,
                                ttft=said("note.banded_within_limits.ttft") if sizer.ttft is None else ""))
    else:
        # Nothing meets every target within the limits. Never lead with a far-off option: lead with the
        # configuration that meets the targets least past the limits the user set (`shortfall.past_limits_by`; the
        # cheapest among equals), say by how much, and which limit to relax; only when even that does not
        # exist, the closest.
        meeting = sorted((s for s in fitting if s.meets_slo), key=lambda s: (*past_limits_by(filled, s),
                                                                             s.tco.capex_usd if s.tco else 0.0,
                                                                             s.cost_per_token))
        if (banded_past := _banded_past_limits(sizer, filled, free, counted, meeting)) is not None:
            # Limits set and no target: the limits outrank targets nobody set (as within them, `_banded_within_limits`):
            # the option least past the limits at seed 1's usable band leads one far past them that meets the assumed
            # targets (a 17 W Lunar Lake box for "about 15 W", not a 320 W card for an assumed 1 s and 30 tok/s).
            sizer, meeting = banded_past
            filled = sizer.workload
            assumptions = _speed_assumed(assumptions, sizer.target, "assume.speed.acceptable_within_limits")
        closest = meeting or sorted(fitting, key=lambda s: (s.shortfall, s.cost_per_token))
        primary = sizer.finalize(closest[0] if meeting else sizer.fewest_as_close(closest[0]))
        # Options that miss the targets are shown at the fewest devices that get as close, like the primary
        # (they were shown at the count search's ceiling: "1024× Gaudi 3 … $17.10M").
        alternatives = [sizer.finalize(s if meeting else sizer.fewest_as_close(s))
                        for s in pick_alternatives(primary, closest)]
        relax = _relax(filled, primary)
        ranked = []
        outside_limits = True
        # A stated budget is a limit like power: the best purchase within it leads, the cheapest that meets the
        # targets past it beside it (`within_budget`).
        # A purchase is judged by the users it carries (`within_budget`); when nothing within the budget serves
        # even one, the option meeting the targets leads, and the reply says so plainly.
        over_budget = primary.tco is not None and sizer.over_budget(primary.tco)
        within = best_within_budget(sizer, sized) if over_budget else None
        if within is not None:
            best = within.best
            past = primary if primary.meets_slo else None
            within_rationale = within_budget_rationale(sizer, within, past, describe(best))
            alternatives = [primary, *(s for s in alternatives
                                       if s.candidate.hardware.id != best.candidate.hardware.id)][:MAX_ALTERNATIVES]
            primary = best
            relax = _relax(filled, best)
            if past is not None and past.tco is not None and filled.budget_usd is not None:
                relax.append(said("relax.budget", budget=filled.budget_usd, capex=past.tco.capex_usd,
                                  extra=past.tco.capex_usd - filled.budget_usd))
        elif over_budget and primary.meets_slo:
            within_rationale = none_within_budget_rationale(sizer, primary, describe(primary))
    if filled.owned_devices and (own := owned_not_outpaced(sizer, primary, fitting)) is not None:
        # a purchase no better than what they own is never the answer: the owned option leads, the purchase beside it
        alternatives = [primary, *(s for s in alternatives if s is not own)][:MAX_ALTERNATIVES]
        primary = own
    # Owned devices that hold the model only at a lighter format come before any purchase, within what the user's own
    # format allows (`owned_lighter.lighter_scope`; a model's native checkpoint format is not theirs to insist on).
    lighter = (owned_at_lighter(sizer, counted, sized, stated=workload.quantization)
               if filled.owned_devices and not primary.candidate.existing else None)
    if lighter is not None:
        alternatives = [primary, *alternatives][:MAX_ALTERNATIVES]
        primary, sizer, filled, sized = lighter.sized, lighter.sizer, lighter.sizer.workload, [*sized, lighter.sized]
    accel, primary, alternatives = _accelerators_first(sizer, catalog, sized, fitting, ranked, primary, alternatives)
    named_over: Sized | None = None  # the ranking's leader, when a candidate the user named leads instead
    if not outside_limits and within_rationale is None and not filled.owned_devices:
        named_ranked = _named_ranked(sizer, filled, catalog)
        lead = _named_lead(filled, named_ranked)
        if lead is not None and _smaller_answers_doubt(filled, lead, primary):
            lead = None  # "is 8 × H20 overkill?": the smaller purchase that meets is the answer, the named one beside it
        if lead is not None and (asked_usable := _named_usable_far_cheaper(sizer, filled, catalog, lead)) is not None:
            # The device asked about, at the assumed comfortable speed, costs more than seed 1's budget-to-production
            # step over its acceptable band: that band leads, the comfortable purchase beside it with its price.
            comfortable = sizer.finalize(lead)
            sizer, named_ranked, lead = asked_usable
            filled = sizer.workload
            if not _same_purchase(comfortable, primary):  # else it is beside the lead as the ranking's leader, below
                alternatives = [comfortable, *alternatives][:MAX_ALTERNATIVES]
            assumptions = _speed_assumed(assumptions, sizer.target, "assume.speed.acceptable_on_asked")
            assumptions.append(_comfort_premium_note(sizer, lead, comfortable))
        if lead is not None and not _same_purchase(lead, primary):
            alternatives = [primary, *(s for s in alternatives if not _same_purchase(s, lead))][:MAX_ALTERNATIVES]
            named_over, primary = primary, lead
        # The other purchases of the devices the user named stay beside it, first among the alternatives: the family
        # asked about ("H100 or H200?") is answered in the ranking, never dropped for a device nobody named; and a
        # yes/no past its count ("one H100" for a 405B) shows the named chip at the count it takes (its board).
        asked = [s for s in named_ranked if not _same_purchase(s, primary)]
        if asked:
            alternatives = [*asked, *(s for s in alternatives if not any(_same_purchase(s, a) for a in asked))][:MAX_ALTERNATIVES]
    filled, assumptions = _primary_format(sizer, primary, filled, assumptions)
    assumptions += _ranking_notes(filled, excluded)
    if (placed := _placement_note(sizer, primary, filled, catalog)) is not None:
        assumptions.append(placed)
    if isinstance(sizer, DayNightSizer) and not primary.violations:
        assumptions.append(day_night_note(sizer, primary))  # which of the two workloads decides the count
    spare = _spare_offer(sizer, primary) if not outside_limits else None
    if spare is not None:
        assumptions.append(said("note.spare_offer", count=spare.add_count, hardware=primary.candidate.hardware.name,
                                price=spare.add_capex_usd))
    if (fleet := _fleet_note(filled, primary)) is not None:
        assumptions.append(fleet)
    if (cure := _headroom_cure(primary)) is not None and cure.tco is not None and primary.tco is not None:
        assumptions.append(said("note.headroom_cure", count=cure.count, hardware=cure.candidate.hardware.name,
                                extra=cure.tco.capex_usd - primary.tco.capex_usd, overload=OVERLOAD_FACTOR))
    if (unpriced := unpriced_laptops_note(catalog, filled)) is not None:
        assumptions.append(unpriced)
    if (waived := _assumed_ttft_note(sizer, primary)) is not None:
        assumptions.append(waived)
    if (engine := engine_note(filled.serving_engine, primary.candidate)) is not None:
        assumptions.append(engine)
    if (prefix := prefix_note(filled, primary.candidate, catalog.request_shapes)) is not None:
        assumptions.append(prefix)
    if filled.mixed_training:
        assumptions.append(said("note.lora_training", gb=lora_training_gb(filled.model_params_b or 7.0)))
    if filled.conservative:
        assumptions.append(said("note.conservative"))
    elif sizer.hard_latency:
        assumptions.append(said("note.hard_latency", ttft=filled.ttft_target_ms))
    if filled.days_per_week < 7:  # the TCO basis line above names hours only
        assumptions.append(said("tco.days", days=filled.days_per_week, running=running_days_per_year(filled)))
    assumptions.append(shape_note(filled, catalog) or _model_shape_note(filled, catalog))
    if (paged := paged_kv_note(filled)) is not None:
        assumptions.append(paged)
    if primary.candidate.class_owned:
        assumptions.append(_unnamed_owned_note(primary))
    if primary.tco is not None and (short := next((f for f in primary.tco.findings
                                                   if f.id in ("host_slots_short", "host_slots_modules")), None)):
        assumptions.append(said_of(short))  # the owned host's free slots take fewer cards than bought: a box more, said
    rival = cheapest_rival(primary, ranked)
    if rival is not None:  # its tail-latency and headroom risks are named in the rationale: probe it first
        sizer.finalize(rival)
    held = held_back(filled, ranked, primary, adjusted_cost)  # the rationale says why, the finding keeps it
    rationale = _rationale(filled, primary, ranked, held, waived=sizer.assumed_ttft_count(primary.candidate)[0],
                           named_over=named_over, preferred_over=preferred_over)
    if within_rationale is not None:
        rationale = within_rationale
    elif outside_limits:
        rationale = _outside_limits(sizer, primary)
    primary_option = to_option(primary, rationale)
    sites_plan = fleet_plan(filled, primary_option)
    if sites_plan is not None:
        assumptions.append(sites_plan[1])
    commands = pilot_commands(filled, primary_option, primary.candidate.stack, catalog)
    cloud = _cloud(filled, primary, catalog)
    far, fits = _far_past(sizer, catalog, primary, free, counted) if outside_limits else (None, None)
    rec = Recommendation(
        primary=primary_option,
        alternatives=[to_option(s) for s in alternatives],
        risks=list(primary.risks),
        assumptions=assumptions,
        rationale=primary_option.rationale or "",
        validation_plan=validation_plan(filled, primary_option, primary.risks,
                                        stack_formats=primary.candidate.stack.quant_formats if primary.candidate.stack else (),
                                        commands=tuple(commands)),
        pilot_commands=commands,
        calibration_rows=list(primary.estimate.source_rows),
        relax=relax,
        workload=filled.model_dump(mode="json"),
        cloud=cloud,
        within_limits=not outside_limits,
        load_conversion=conversion,
        accelerator_first=accel,
        fleet=sites_plan[0] if sites_plan is not None else personal_fleet(filled, primary_option, named_each=named_each),
        accelerator_held_back=held_back_finding(held),
        spare_offer=spare,
        far_past_limits=far,
        fits_limit=fits,
    )
    return answer_questions(rec, sizer, filled, catalog, sized, excluded, primary, alternatives, to_option=to_option,
                            format_stated=workload.quantization is not None, lighter=lighter)  # not the catalog model's native one


def _assumed_ttft_choice(sizer: Sizer, feasible: list[Sized]) -> list[Sized]:
    """A first-token bound the user did not set may choose between devices only when that costs little: an option
    sized for the load with it waived (`Sizer.load_count`) competes with those meeting it at their load's count
    only when its purchase is cheaper than the cheapest of those by more than one medium risk (`RISK_WEIGHT`);
    then the ranking decides, and the note on the primary asks for a target.

    Why: the bound is paid for the same whether it buys more devices of one kind or a dearer kind, and seed 1
    ("start from the smallest configuration that meets your current need") refuses even one more device for it
    (`load_count`); a dearer device chosen only for it is the same purchase by another road, so it may add no more
    than the ranking's unit for a concern the user did not state as a requirement, one medium risk. An option that
    misses the bound and costs more has no claim. (A 2x margin would let 72 Gaudi 3 at $1.2M displace 56 MI300X at
    $0.9M sized for the same load: 70B for 1,000 users.)"""
    meeting = [s for s in feasible if s.tco is not None and not sizer.assumed_ttft_count(s.candidate)[0]]
    # The bound chooses only when an option that may lead meets it: an accelerator seed 2's table keeps out of the
    # lead (`accelerator_rank.may_lead`) cannot, alone, displace the options sized for the load (it is listed
    # behind them). When one that may lead meets it, the bar is the cheapest purchase meeting it, as before.
    if not any(may_lead(sizer.workload, s) for s in meeting):
        return feasible
    meeting_capex = [s.tco.capex_usd for s in meeting if s.tco is not None]
    if not meeting_capex:  # nothing priced meets it (or nothing was waived): it chooses nothing
        return feasible
    bar = min(meeting_capex) / (1 + RISK_WEIGHT)
    return [s for s in feasible if not sizer.assumed_ttft_count(s.candidate)[0]
            or (s.tco is not None and s.tco.capex_usd < bar)]


def _assumed_ttft_note(sizer: Sizer, primary: Sized) -> Said | None:
    """The primary was sized for the load with the assumed first-token bound waived (`Sizer.load_count`): say
    the first token it gives, and what meeting the assumed bound would take (issue: ask rather than guess)."""
    waived, needed = sizer.assumed_ttft_count(primary.candidate)
    if not waived or sizer.ttft is None or primary.tco is None:
        return None
    if needed is None:
        more = said("note.assumed_ttft_load.never", assumed=sizer.ttft)
    else:
        capex = sizer.tco(primary.candidate, needed, None).capex_usd
        more = said("note.assumed_ttft_load.more", assumed=sizer.ttft, count=needed, capex=capex,
                    ratio=capex / max(primary.tco.capex_usd, 1.0))
    est = primary.estimate
    return said("note.assumed_ttft_load", assumed=sizer.ttft, ttft=est.ttft_p95_ms or est.ttft_ms, more=more)


# Seed 1 sets its "budget option" (one RTX 4090 in a server, $6,000, "acceptable latency") beside its "production
# option" (one L40S in a rack server, $13,000): comfort is worth about 13,000 / 6,000 ≈ 2.2× the price of a usable
# answer. A comfortable speed nobody asked for, bought at more than that over an option in the acceptable band, is
# not what an engineer signs unasked ("医院 全栈信创": an eight-NPU 910B server at 12× four Atlas 300I Duo cards).
# Applied where a rule limits what may be bought (vendors ruled out or the only ones allowed, the only devices sold
# to the buyer, a laptop), as `_banded_within_limits` treats such a rule as a limit: there the step to comfort is often
# a step up in class (a vendor's whole server for what cards carry), while on the open market the experts' answers
# (the capex trial's dev questions) buy the comfortable speed, which options of every size reach.
COMFORT_PREMIUM = BUDGET_TO_PRODUCTION_STEP


def _usable_far_cheaper(sizer: Sizer, filled: Workload, free: list[Candidate], counted: list[tuple[Candidate, int]],
                        primary: Sized) -> tuple[Sizer, list[Sized]] | None:
    """When the speed was assumed and the comfortable primary costs more than `COMFORT_PREMIUM` times the cheapest
    purchase that meets seed 1's acceptable band (≥ 15 tok/s per user, every other target held): that band's sizer and
    its ranking. None when no rule limits the buy, the speed was set, hardware is owned, or no usable option is that
    much cheaper."""
    rules = _buying_rules(filled)
    if (not rules or not sizer.assumed_speed or sizer.target <= ACCEPTABLE_TOKENS_PER_S or primary.tco is None
            or filled.owned_devices or primary.candidate.existing or is_batch_job(filled)):
        return None
    banded = _acceptable_sizer(sizer, filled, "acceptable_under_rule")
    usable = [s for s in size_all(banded, free) + size_counted(banded, counted)
              if s.estimate.fits and not s.violations and s.tco is not None]
    if not usable or primary.tco.capex_usd <= COMFORT_PREMIUM * min(s.tco.capex_usd for s in usable if s.tco):
        return None
    ranked = _settle_lead(banded, _finalize_band(banded, usable))
    lead = ranked[0]
    if lead.violations or lead.tco is None or primary.tco.capex_usd <= COMFORT_PREMIUM * lead.tco.capex_usd:
        return None  # the usable leader, probed, misses or is not that much cheaper: the comfortable answer stands
    return banded, ranked


def _preferred(sizer: Sizer, filled: Workload, free: list[Candidate], counted: list[tuple[Candidate, int]],
               primary: Sized, ranked: list[Sized]) -> tuple[Sizer, PreferredChoice]:
    """The preferred makers' option (`preference.preferred_choice`) and the sizer it was sized with: at the assumed
    comfortable speed first; when none of theirs leads there, at seed 1's acceptable band, as a buying rule is
    (`_usable_far_cheaper`): "domestic if it works at a sane price" is a usable answer, not a comfortable one."""
    vendors = filled.preferred_vendors or []
    choice = preferred_choice(primary, ranked, vendors)
    if choice.leads or not sizer.assumed_speed or sizer.target <= ACCEPTABLE_TOKENS_PER_S or is_batch_job(filled):
        return sizer, choice
    banded = _acceptable_sizer(sizer, filled, "acceptable_preferred")
    usable = [s for s in size_all(banded, [c for c in free if prefers(c, vendors)])
              + size_counted(banded, [(c, n) for c, n in counted if prefers(c, vendors)])
              if s.estimate.fits and not s.violations and s.tco is not None]
    if not usable:
        return sizer, choice
    banded_choice = preferred_choice(primary, _settle_lead(banded, _finalize_band(banded, usable)), vendors)
    return (banded, banded_choice) if banded_choice.leads else (sizer, choice)


def _buying_rules(filled: Workload) -> bool:
    """Whether a rule limits what may be bought: vendors ruled out or the only ones allowed ("信创"), a device form (a
    laptop), only the devices named, an instruction set ("一定要 x86")."""
    return bool(filled.excluded_vendors or filled.allowed_vendors or filled.device_form or filled.named_only
                or filled.cpu_arch)


def _speed_assumed(assumptions: list[Said], tps: float, why: str) -> list[Said]:
    """The assumptions with their speed line saying the band the option was sized at, and why."""
    speed = said("assume.speed", tps=tps, why=said(why))
    return [speed if line.key == "assume.speed" else line for line in assumptions]


def _acceptable_sizer(sizer: Sizer, filled: Workload, basis: SpeedBasis) -> Sizer:
    """`sizer` with the assumed speed at seed 1's acceptable band (15 tok/s per user), every other target as it was."""
    update = {"tokens_per_s_target": ACCEPTABLE_TOKENS_PER_S, "speed_basis": basis}
    return Sizer(filled.model_copy(update=update), sizer.catalog,
                 sizer.estimate_fn, sizer.capacity_fn, assumed_targets=(True, sizer.assumed_ttft),
                 format_stated=sizer.format_stated, shortcuts=sizer.shortcuts, assumed_shapes=sizer.assumed_shapes,
                 people=sizer.people, prompt_rate=sizer.prompt_rate)


def _named_usable_far_cheaper(sizer: Sizer, filled: Workload, catalog: Catalog,
                              lead: Sized) -> tuple[Sizer, list[Sized], Sized] | None:
    """"How many X?" with no speed set: the device is the lead's question, as a buying rule is (`_usable_far_cheaper`),
    so the same comparison is made on it. When the comfortable purchase of the device asked about costs more than
    `COMFORT_PREMIUM` times its purchase at seed 1's acceptable band (a 64-card Ascend fleet for what 16 cards serve at
    17 tok/s), the acceptable band's sizer, its named ranking and lead. None when a speed was set, a count was asked
    ("would one L40S do?" is a yes/no, judged at the targets), hardware is owned, or the step is not that large."""
    asked = [d for d in filled.named_devices or [] if d.hardware_id == lead.candidate.hardware.id]
    if (not sizer.assumed_speed or sizer.target <= ACCEPTABLE_TOKENS_PER_S or lead.tco is None or not asked
            or any(d.count is not None for d in asked) or filled.owned_devices or lead.candidate.existing
            or is_batch_job(filled)):
        return None
    banded = _acceptable_sizer(sizer, filled, "acceptable_on_asked")
    ranked = _named_ranked(banded, banded.workload, catalog)
    usable = _named_lead(banded.workload, ranked)
    if usable is None:
        return None
    usable = banded.finalize(usable)  # probed: its tail-latency and headroom risks charged, its capacity checked
    if usable.violations or usable.tco is None or lead.tco.capex_usd <= COMFORT_PREMIUM * usable.tco.capex_usd:
        return None
    return banded, ranked, usable


def _comfort_premium_note(sizer: Sizer, primary: Sized, comfortable: Sized) -> Said:
    """The speed the primary was sized at, and what the assumed comfortable speed would cost instead."""
    capex = comfortable.tco.capex_usd if comfortable.tco else 0.0
    ratio = capex / max(primary.tco.capex_usd if primary.tco else 1.0, 1.0)
    return said("note.comfort_premium", tps=sizer.target, comfortable=COMFORTABLE_TOKENS_PER_S,
                count=comfortable.count, hardware=comfortable.candidate.hardware.name, capex=capex, ratio=ratio)


def _banded_within_limits(sizer: Sizer, filled: Workload, free: list[Candidate],
                          counted: list[tuple[Candidate, int]]) -> tuple[Sizer, list[Sized]] | None:
    """When nothing meets the targets within the limits and the user set a limit (budget, power) but not the
    targets: the options within the limits judged by seed 1's bands ("舒適 30 以上 … 可接受 15–30"): at least the
    acceptable 15 tok/s per user where the speed was assumed, no first-token bound where that was assumed (the
    wait is shown, not judged, as for hardware they own). A limit the user set outranks a target they did not:
    a $4,820 budget is not answered with $12,598 of cards to reach an assumed 30 tok/s, nor a 15 W drone with a
    65 W mini PC to reach an assumed 2 s first token. A rule on what may be bought (vendors ruled out or the only ones
    allowed, "信创"; a laptop) is such a limit too: 50 users on a domestic-only buy are not answered with 200 Ascend
    910B, one replica a user, to reach an assumed 30 tok/s. None when no option lands in the band within the limits."""
    rules = _buying_rules(filled)
    if not (sizer.assumed_speed or sizer.assumed_ttft) or (filled.budget_usd is None and filled.power_budget_w is None
                                                           and not rules):
        return None
    # The echo says which band the speed is now (the comfortable one it replaces was assumed, not said).
    update = {"tokens_per_s_target": min(sizer.target, ACCEPTABLE_TOKENS_PER_S),
              "speed_basis": "acceptable_within_limits"} if sizer.assumed_speed else {}
    banded = sizer.at_band(filled.model_copy(update=update))  # an assumed first-token bound stays shown, unjudged
    within = [s for s in size_all(banded, free) + size_counted(banded, counted) if s.estimate.fits and not s.violations]
    return (banded, within) if within else None


def _banded_past_limits(sizer: Sizer, filled: Workload, free: list[Candidate], counted: list[tuple[Candidate, int]],
                        meeting: list[Sized]) -> tuple[Sizer, list[Sized]] | None:
    """When nothing meets the targets within the limits and the user set limits but no target at all (speed and first
    token both assumed): the options meeting seed 1's usable band (the acceptable speed, the first token unjudged, as
    `_banded_within_limits` judges within them) ranked by how far past the limits they are, when the best of them is
    less past the limits than the best of `meeting` (the options meeting the assumed targets, ranked alike). None
    otherwise: a target the user set (a first token of 1 s) keeps the assumed speed beside it."""
    if not (sizer.assumed_speed and sizer.assumed_ttft):
        return None
    banded = sizer.at_band(filled.model_copy(update={"tokens_per_s_target": min(sizer.target, ACCEPTABLE_TOKENS_PER_S),
                                                     "speed_basis": "acceptable_within_limits"}))
    key = lambda s: (*past_limits_by(banded.workload, s), s.tco.capex_usd if s.tco else 0.0, s.cost_per_token)  # noqa: E731
    usable = sorted((s for s in size_all(banded, free) + size_counted(banded, counted) if s.estimate.fits and s.meets_slo),
                    key=key)
    if not usable or (meeting and past_limits_by(filled, meeting[0]) <= past_limits_by(banded.workload, usable[0])):
        return None
    return banded, usable


def _accelerators_first(
    sizer: Sizer, catalog: Catalog, sized: list[Sized], fitting: list[Sized], ranked: list[Sized], primary: Sized,
    alternatives: list[Sized],
) -> tuple[AcceleratorVerdict | None, Sized, list[Sized]]:
    """Seed 2's rule: when its conditions hold, the accelerators are evaluated first; the best one that meets
    the targets within the limits (and has a price or a sourced price range) leads, with the GPU that comes
    closest beside it. Otherwise the ranking's answer stands and the verdict says which accelerator comes
    closest. An accelerator that turns out to miss once its capacity is probed does not lead."""
    conditions = seed2_conditions(sizer.workload)
    if not conditions.hold:
        return None, primary, alternatives
    evaluated = evaluate_accelerators(sizer, catalog, sized)
    best = evaluated[0] if evaluated else None
    # The GPU the ranking would buy, probed (its probed cost is what the accelerator must not exceed); the next
    # ones only if probing shows the first misses.
    ranked_gpus = [s for s in ranked if s.candidate.hardware.kind == "gpu"][:3]
    rival_gpu = gpu_to_beat([sizer.finalize(gpu) for gpu in ranked_gpus])
    chosen = accelerator_primary(ranked, best, rival_gpu)
    lost_on_cost = chosen is None and accelerator_primary(ranked, best) is not None
    if chosen is not None and chosen is not primary and not sizer.finalize(chosen).violations:
        primary = chosen
    gpu = closest_gpu([s for s in ranked if s is not primary], [s for s in fitting if s is not primary])
    if gpu is not None and primary.candidate.hardware.kind != "gpu":
        gpu = sizer.finalize(gpu)
        rest = [s for s in alternatives if s.candidate.hardware.id not in (gpu.candidate.hardware.id,
                                                                             primary.candidate.hardware.id)]
        alternatives = [gpu, *rest][:MAX_ALTERNATIVES]
    stack = next((c.stack for c in (s.candidate for s in sized) if best and c.hardware.id == best.hardware_id
                  and c.stack.name == best.serving_stack), None)
    if stack is None and best is not None:
        stack = next((st for st in catalog.stacks if st.name == best.serving_stack), None)
    migration = migration_finding(sizer.workload, stack) if stack is not None else None
    return verdict(conditions, evaluated, primary, gpu, migration, lost_on_cost=lost_on_cost), primary, alternatives


def _primary_format(sizer: Sizer, primary: Sized, filled: Workload, assumptions: list[Said]) -> tuple[Workload, list[Said]]:
    """With no format stated, the reply speaks of the primary's own (FP8 on an H100 under vLLM, Q4_K_M under
    llama.cpp): the workload carries it, and seed 1's assumed-format note gives way to the one saying why."""
    chosen = sizer.default_for(primary.candidate)
    if chosen is None:
        return filled, assumptions
    seed1 = {said("assume.q4"), said("assume.q8")}
    if chosen.basis not in ("seed1_gguf", "seed1_accuracy_critical"):
        cand = primary.candidate
        note = said(f"assume.format.{chosen.basis}", quant=chosen.format, hardware=cand.hardware.name,
                   stack=cand.stack.name)
        # a stated format had no seed-1 line to replace: the one it is served as is said beside the others
        assumptions = [note if line in seed1 else line for line in assumptions] if chosen.basis != "stack_w8a8" else [
            *assumptions, note]
    return sizer.workload_for(primary.candidate), assumptions


def _cloud(workload: Workload, primary: Sized, catalog: Catalog) -> CloudComparison | None:
    """Buy vs rent vs hosted API for the primary option; None when it has no TCO."""
    if primary.tco is None:
        return None
    return compare_cloud(workload, primary.candidate.hardware, primary.count, primary.tco, catalog,
                         memory_required_gb=primary.estimate.memory_required_gb, spare=primary.redundancy)


def _limited(workload: Workload) -> bool:
    """A hard limit the lead stated on what may be bought or drawn: a budget, a power cap, or devices named as the
    only ones buyable (owned-only reads that way too)."""
    return workload.budget_usd is not None or workload.power_budget_w is not None or bool(workload.named_only)


def _far_past(sizer: Sizer, catalog: Catalog, primary: Sized, free: list[Candidate],
              counted: list[tuple[Candidate, int]]) -> tuple[float | None, FitsLimit | None]:
    """Nothing meets the targets within the limits: how far past them the closest option is when too far to offer
    (`fits_limit.far_past_limits`), and then what fits the limits instead (`fits_limit.what_fits`). An option that
    misses the targets at any size is past nothing measurable: the limits are what rules it out only when it meets."""
    far = far_past_limits(sizer.workload, primary) if primary.meets_slo else None
    if far is None:
        return None, None
    return far, what_fits(sizer, catalog, _sizing_within_limits(free, counted))


def _sizing_within_limits(free: list[Candidate], counted: list[tuple[Candidate, int]]) -> Callable[[Sizer], list[Sized]]:
    """How `what_fits` sizes the candidates for a smaller model: as the recommendation does, less the devices whose
    fewest already draw past the power limit (`Sizer.surely_over_power`). What fits reads only the options within
    every limit, and `size_all` skips by those alone, so the options it reads are the same, found without a count
    search per model for every device the cap rules out (most of them, under a cap that ruled out the stated model)."""
    return lambda banded: (size_all(banded, [c for c in free if not banded.surely_over_power(c)])
                           + size_counted(banded, counted))


def _outside_limits(sizer: Sizer, primary: Sized) -> Said:
    """Plainly: nothing meets the targets within the limits; the option that meets them closest to the
    limits, and each limit it is past by how much (or, when none meets the targets at all, the closest)."""
    if primary.meets_slo:
        return said("rec.nothing_within_limits", describe=describe(primary),
                   limits=limits_text(sizer, primary))
    limited = sizer.workload.budget_usd is not None or sizer.workload.power_budget_w is not None
    return said("rec.nothing_at_all" if limited else "rec.nothing_meets", describe=describe(primary))


def _model_shape_note(workload: Workload, catalog: Catalog) -> Said:
    """The architecture a bare size stands for: its KV cache per token drives memory and decode at scale."""
    size = workload.model_params_b or 7.0
    arch = resolve_architecture(size, catalog.models)
    kv_mb = arch.kv_bytes_per_token(2.0) / 1e6
    shape = (said("note.shape_source", source=arch.source) if arch.source != "approximation"
             else said("note.shape_approx"))
    facts = said("note.shape_facts", layers=arch.layers, kv_heads=arch.kv_heads, kv_mb=kv_mb)
    older = closest_mha_model(size, catalog.models)
    if older is not None and older.id == arch.source:  # no grouped-query model of that size on record
        return said("note.shape_mha", size=size, shape=shape, facts=facts)
    note = said("note.shape_gqa", size=size, shape=shape, facts=facts)
    if older is None:
        return note
    older_mb = resolve_architecture(size, catalog.models, older.id).kv_bytes_per_token(2.0) / 1e6
    return said("note.shape_older", note=note, older=older.name, older_mb=older_mb)


def _unnamed_owned_note(primary: Sized) -> Said:
    """The user owns a class of devices ("NPU laptops") without naming the chip: say which one was costed."""
    hw = primary.candidate.hardware
    return said("note.owned_class", cls=said(f"owned.{owned_class(hw) or 'devices'}"), hardware=hw.name)


def _spare_offer(sizer: Sizer, primary: Sized) -> SpareOffer | None:
    """At organization scale (seed 1's tier that says "考慮冗餘"), with no availability asked: the N+1 spare the
    count does not include, as an option with its price. Not bought: a spare on a count that already serves the
    peak at the targets is a second margin, which doubles a one-card bill."""
    if sizer.availability or not sizer.organization:
        return None
    price = sizer.spare_price(primary)
    if price is None:
        return None
    return SpareOffer(hardware_id=primary.candidate.hardware.id, add_count=primary.candidate.board, add_capex_usd=price)


def _placement_note(sizer: Sizer, primary: Sized, workload: Workload, catalog: Catalog) -> Said | None:
    """Several models with loads of their own on the devices bought: where each can sit (`served_models.placement`)."""
    hardware = primary.candidate.hardware
    if not workload.served_models or primary.count < 2 or not hardware.memory_gb or not hardware.memory_bandwidth_gbs:
        return None
    quant = sizer.workload_for(primary.candidate).weight_format
    groups = placement(workload, catalog, quant=quant, bits=bits_per_weight(quant, catalog), devices=primary.count,
                       memory_gb=float(hardware.memory_gb), bandwidth_gbs=float(hardware.memory_bandwidth_gbs))
    if groups is None:
        return None
    parts = [said("note.placement_group" if g.tokens_per_s is not None else "note.placement_group_side",
                  models=joined(g.models, "list_sep"), devices=g.devices, memory=g.memory_gb, speed=g.tokens_per_s or 0.0)
             for g in groups]
    return said("note.placement", count=primary.count, hardware=hardware.name, groups=joined(parts))


def _ranking_notes(workload: Workload, excluded: dict[str, Said]) -> list[Said]:
    notes = [
        said("note.ranking", overload=OVERLOAD_FACTOR, weight=RISK_WEIGHT, high_weight=3 * RISK_WEIGHT),
        said("note.p95"),
    ]
    if workload.availability_required:
        notes.append(said("note.failover"))
    models = workload.models_served or 1
    if models > 1:
        key = ("note.models_each_load" if workload.served_models else
               "note.models_together" if workload.co_served_params_b is not None else "note.multi_model")
        notes.append(said(key, models=models, total=served_params_b(workload)))
    by_reason: dict[Said, list[str]] = {}
    for hw_id, reason in excluded.items():
        by_reason.setdefault(reason, []).append(hw_id)
    for reason, ids in sorted(by_reason.items(), key=lambda item: item[0].order):
        shown = ", ".join(sorted(ids)[:6]) + (said("note.more", n=len(ids) - 6) if len(ids) > 6 else "")
        notes.append(said("note.excluded", reason=reason, ids=shown))
    return notes


__all__ = [
    "MAX_ALTERNATIVES",
    "NEAR_TIE_BATCHED",
    "NEAR_TIE_SINGLE_STREAM",
    "RISK_WEIGHT",
    "adjusted_cost",
    "default_shortcuts",
    "default_throughput",
    "near_tie_band",
    "pick_alternatives",
    "rank",
    "recommend",
]
