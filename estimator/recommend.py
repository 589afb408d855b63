"""The ranked recommendation: candidates → sizing → TCO → risks → primary and alternatives.

`recommend(workload, catalog)` fills unstated facts (`assume.fill_defaults`), enumerates device ×
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
from estimator.assume import fill_defaults
from estimator.candidates import Candidate, enumerate_candidates, is_organization, owned_class
from estimator.catalog import Catalog
from estimator.defaults import OVERLOAD_FACTOR
from estimator.errors import NoFeasibleOption
from estimator.memory import closest_mha_model, resolve_architecture
from estimator.schemas import Option, OptionEstimate, OptionTco, Recommendation
from estimator.sizing import CapacityFn, EstimateFn, Sized, Sizer
from estimator.validation_plan import validation_plan
from estimator.workload import Workload

RISK_WEIGHT = 0.10  # share of cost one risk point is worth when ranking (medium = 1 point, high = 3)
MAX_ALTERNATIVES = 3
LEAD_PROBES = 12  # further probes while the leader is still unprobed (each can only demote it)
BAND_PROBES = 6  # capacity probes (tail-latency and headroom risks) for the options competing for the lead
# Probing can add up to two high risks (tail latency, headroom) to an option: its adjusted cost can grow
# by this factor, so pruning keeps candidates whose floor is within it of the best adjusted cost.
PRUNE_MARGIN = 1 + RISK_WEIGHT * 6


def default_throughput() -> tuple[EstimateFn, CapacityFn]:
    from estimator.throughput import estimate, max_concurrent_streams

    return estimate, max_concurrent_streams


def adjusted_cost(sized: Sized) -> float:
    """Cost per served token raised by `RISK_WEIGHT` per risk point: the ranking key."""
    return sized.cost_per_token * (1 + RISK_WEIGHT * sized.risk_points)


def rank(options: list[Sized]) -> list[Sized]:
    """Lowest risk-adjusted cost per served token first; ties go to fewer risks, fewer devices, then the
    more modest device."""
    return sorted(options, key=lambda s: (adjusted_cost(s), s.risk_points, s.count, _bandwidth(s)))


def _bandwidth(sized: Sized) -> float:
    """Last tie-break: the more modest device (for owned hardware this reads as "at least this class")."""
    return sized.candidate.hardware.memory_bandwidth_gbs or 0.0


def pick_alternatives(primary: Sized, ranked: list[Sized]) -> list[Sized]:
    """The best option of each other kind first, then other devices; never the primary's device again."""
    chosen: list[Sized] = []
    seen_devices = {primary.candidate.hardware.id}
    seen_kinds = {primary.candidate.hardware.kind}
    for pass_kinds in (True, False):
        for option in ranked:
            hw = option.candidate.hardware
            if len(chosen) >= MAX_ALTERNATIVES or hw.id in seen_devices:
                continue
            if pass_kinds and hw.kind in seen_kinds:
                continue
            chosen.append(option)
            seen_devices.add(hw.id)
            seen_kinds.add(hw.kind)
    return chosen


def to_option(sized: Sized, rationale: str | None = None) -> Option:
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
        ),
        tco=OptionTco(
            three_year_total_usd=cost.three_year_total_usd,
            cost_per_million_tokens_usd=cost.cost_per_million_tokens_usd,
            annual_power_usd=cost.annual_power_usd, price_is_estimate=cost.price_is_estimate,
        ),
        hardware_name=cand.hardware.name, power_w=cost.power_w, risks=list(sized.risks),
        rationale=rationale or describe(sized), existing=cand.existing, violations=list(sized.violations),
        tco_assumptions=list(cost.assumptions), redundancy=sized.redundancy,
    )


def describe(sized: Sized) -> str:
    """One sentence with the deciding numbers of an option."""
    cand, est, cost = sized.candidate, sized.estimate, sized.tco
    assert cost is not None
    per_m = cost.cost_per_million_tokens_usd
    owned = " (already owned)" if cand.existing else ""
    spare = ", including one spare for N+1 failover" if sized.redundancy else ""
    return (
        f"{sized.count} × {cand.hardware.name}{owned} with {cand.stack.name}{spare}: "
        f"{est.decode_tokens_per_s_per_stream:,.0f} tok/s per user, p95 TTFT {est.ttft_p95_ms or est.ttft_ms:,.0f} ms, "
        f"capacity ~{sized.capacity_users:,} concurrent users; capex ${cost.capex_usd:,.0f}, "
        f"3-year TCO ${cost.three_year_total_usd:,.0f}"
        + (f", ${per_m:,.3f}/M tokens" if per_m is not None else "")
        + f", {cost.power_w or 0:,.0f} W peak"
    )


def cheapest_rival(primary: Sized, ranked: list[Sized]) -> Sized | None:
    """The cheapest option on another device that still meets every target (the rationale's foil)."""
    others = [s for s in ranked if s.candidate.hardware.id != primary.candidate.hardware.id and not s.violations]
    return min(others, key=lambda s: s.cost_per_token, default=None)


def _rationale(workload: Workload, primary: Sized, ranked: list[Sized]) -> str:
    """The primary's deciding numbers, how many options met every target, and the cheapest rival."""
    peak = workload.concurrent_users or 1
    models = workload.models_served or 1
    size = f"{workload.model_params_b:g}B"
    served = f"{models} × {size} models" if models > 1 else f"a {size} model"
    head = (
        f"For {peak} concurrent user(s) of {served} at {workload.quantization}, "
        f"≥{workload.tokens_per_s_target:g} tok/s and p95 TTFT ≤{workload.ttft_target_ms:,} ms: "
    )
    if not ranked:
        return head + "no option meets every constraint; closest: " + describe(primary) + "."
    text = (head + describe(primary)
            + f". Lowest risk-weighted cost per served token of {len(ranked)} options that meet every target")
    rival = cheapest_rival(primary, ranked)
    if rival is None or primary.cost_per_token <= 0:
        return text + "."
    if rival.cost_per_token < primary.cost_per_token:
        text += (
            f", weighing risk: {rival.count} × {rival.candidate.hardware.name} is cheaper "
            f"(${rival.cost_per_token:,.3f}/M) but carries {_risk_summary(rival)}, "
            f"against {_risk_summary(primary)} here"
        )
    else:
        gap = rival.cost_per_token / primary.cost_per_token - 1
        text += (f"; the cheapest other device, {rival.count} × {rival.candidate.hardware.name}, "
                 f"costs {gap:.0%} more per token")
        if rival.risk_points > primary.risk_points:
            text += f" and carries {_risk_summary(rival)}"
    return text + "."


def _risk_summary(sized: Sized) -> str:
    high = [r.id for r in sized.risks if r.severity == "high"]
    medium = [r.id for r in sized.risks if r.severity == "medium"]
    parts = ([f"high {', '.join(high)}"] if high else []) + ([f"medium {', '.join(medium)}"] if medium else [])
    return "; ".join(parts) if parts else "no notable risk"


def _relax(workload: Workload, closest: Sized) -> list[str]:
    """Which constraint to relax for the closest option, and by how much."""
    est, cost = closest.estimate, closest.tco
    assert cost is not None
    hints: list[str] = []
    if not closest.meets_slo and est.fits:
        speed = est.decode_tokens_per_s_per_stream
        target = workload.tokens_per_s_target or 30
        if speed < target:
            hints.append(f"lower the per-user speed target from {target:g} to {speed:.0f} tok/s "
                         f"({speed / target - 1:+.0%}), or cut peak concurrency to {closest.capacity_users}")
        ttft = est.ttft_p95_ms or est.ttft_ms
        if workload.ttft_target_ms and ttft > workload.ttft_target_ms:
            hints.append(f"relax the p95 TTFT target from {workload.ttft_target_ms:,} to {ttft:,.0f} ms")
        if not hints:
            hints.append(f"cut peak concurrency from {workload.concurrent_users} to {closest.capacity_users}")
    if workload.budget_usd is not None and cost.capex_usd > workload.budget_usd:
        hints.append(f"raise the capex budget from ${workload.budget_usd:,.0f} to ${cost.capex_usd:,.0f} "
                     f"(+${cost.capex_usd - workload.budget_usd:,.0f})")
    power = cost.power_w or 0.0
    if workload.power_budget_w is not None and not closest.candidate.hardware.tdp_w:
        hints.append(f"confirm the power draw of {closest.candidate.hardware.name} (no TDP on record) against "
                     f"the {workload.power_budget_w:,} W budget")
    elif workload.power_budget_w is not None and power > workload.power_budget_w:
        hints.append(f"raise the power budget from {workload.power_budget_w:,} W to {power:,.0f} W "
                     f"(+{power / workload.power_budget_w - 1:.0%})")
    return hints


def _nothing_fits(workload: Workload, sized: list[Sized], excluded: dict[str, str]) -> NoFeasibleOption:
    largest = max(sized, key=lambda s: s.estimate.memory_available_gb, default=None)
    if largest is None:
        reasons = sorted(set(excluded.values()))
        return NoFeasibleOption(
            "No device in the catalog is eligible for this workload: " + "; ".join(reasons[:4]) + ". "
            "Relax a constraint (existing hardware, training on the same hardware) or add priced devices.")
    est = largest.estimate
    return NoFeasibleOption(
        f"A {workload.model_params_b:g}B model at {workload.quantization} needs ~{est.memory_required_gb:,.0f} GB "
        f"for {workload.concurrent_users} user(s); the largest option, {largest.count} × "
        f"{largest.candidate.hardware.name}, holds {est.memory_available_gb:,.0f} GB. Use a smaller model, a "
        "lower-bit quantization (e.g. Q4_K_M), fewer concurrent users or a shorter context.")


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
    ranked = rank(feasible)
    for _ in range(LEAD_PROBES):
        ranked = [s for s in ranked if not s.violations] or ranked
        if ranked[0].probed:
            break
        sizer.finalize(ranked[0])
        ranked = rank(ranked)
    return [s for s in ranked if not s.violations] or ranked


def recommend(
    workload: Workload,
    catalog: Catalog,
    *,
    estimate_fn: EstimateFn | None = None,
    capacity_fn: CapacityFn | None = None,
) -> Recommendation:
    """Primary option, alternatives, risks, assumptions, rationale and validation plan for a workload.

    `estimate_fn`/`capacity_fn` default to `estimator.throughput` (injectable for tests).
    """
    filled, assumptions = fill_defaults(workload)
    if estimate_fn is None or capacity_fn is None:
        default_estimate, default_capacity = default_throughput()
        estimate_fn, capacity_fn = estimate_fn or default_estimate, capacity_fn or default_capacity
    candidates, excluded = enumerate_candidates(filled, catalog)
    sizer = Sizer(filled, catalog, estimate_fn, capacity_fn)
    sized = size_all(sizer, candidates)
    fitting = [s for s in sized if s.estimate.fits]
    if not fitting:
        raise _nothing_fits(filled, sized, excluded)
    feasible = [s for s in fitting if not s.violations]
    relax: list[str] = []
    if feasible:
        ranked = _settle_lead(sizer, _finalize_band(sizer, feasible))
        primary = ranked[0]
        alternatives = [sizer.finalize(s) for s in pick_alternatives(primary, ranked)]
        alternatives += _owned_but_short(sizer, primary, fitting)
        if primary.violations:  # every contender missed once its capacity was probed
            relax = _relax(filled, primary)
    else:
        closest = sorted(fitting, key=lambda s: (s.shortfall, s.cost_per_token))
        primary = sizer.finalize(closest[0])
        alternatives = [sizer.finalize(s) for s in pick_alternatives(primary, closest)]
        relax = _relax(filled, primary)
        ranked = []
    assumptions += _ranking_notes(filled, excluded)
    assumptions.append(_model_shape_note(filled, catalog))
    if primary.candidate.class_owned:
        assumptions.append(_unnamed_owned_note(primary))
    rival = cheapest_rival(primary, ranked)
    if rival is not None:  # its tail-latency and headroom risks are named in the rationale: probe it first
        sizer.finalize(rival)
    primary_option = to_option(primary, _rationale(filled, primary, ranked))
    return Recommendation(
        primary=primary_option,
        alternatives=[to_option(s) for s in alternatives],
        risks=list(primary.risks),
        assumptions=assumptions,
        rationale=primary_option.rationale or "",
        validation_plan=validation_plan(filled, primary_option, primary.risks),
        calibration_rows=list(primary.estimate.source_rows),
        relax=relax,
        workload=filled.model_dump(mode="json"),
    )


def _model_shape_note(workload: Workload, catalog: Catalog) -> str:
    """The architecture a bare size stands for: its KV cache per token drives memory and decode at scale."""
    size = workload.model_params_b or 7.0
    arch = resolve_architecture(size, catalog.models)
    kv_mb = arch.kv_bytes_per_token(2.0) / 1e6
    shape = (f"{arch.source}'s shape" if arch.source != "approximation" else "an approximated shape")
    facts = f"{arch.layers} layers, {arch.kv_heads} KV heads, {kv_mb:.2f} MB of FP16 KV cache per token"
    older = closest_mha_model(size, catalog.models)
    if older is not None and older.id == arch.source:  # no grouped-query model of that size on record
        return f"a {size:g}B model is sized with {shape} (multi-head attention): {facts}"
    note = f"a {size:g}B model is sized as a current grouped-query-attention model, with {shape}: {facts}"
    if older is None:
        return note
    older_mb = resolve_architecture(size, catalog.models, older.id).kv_bytes_per_token(2.0) / 1e6
    return (f"{note}; an older multi-head-attention model such as {older.name} ({older_mb:.2f} MB per token) "
            "needs more memory and bandwidth per user")


def _unnamed_owned_note(primary: Sized) -> str:
    """The user owns a class of devices ("NPU laptops") without naming the chip: say which one was costed."""
    hw = primary.candidate.hardware
    cls = (owned_class(hw) or "owned devices").replace("_", " ")
    return (f"you own {cls} but did not name the model, so the owned option is costed on {hw.name}, the one of "
            f"that class on record that serves this workload cheapest; yours may be slower or draw more power. "
            f"Name it (e.g. \"a Snapdragon X laptop\", \"Xeon 8480+ servers\") to check it")


def _ranking_notes(workload: Workload, excluded: dict[str, str]) -> list[str]:
    notes = [
        f"ranked by 3-year-amortized cost per served token (served = up to {OVERLOAD_FACTOR}× the peak at the "
        f"target speed), each medium risk adding {RISK_WEIGHT:.0%} and each high risk {3 * RISK_WEIGHT:.0%}",
        "TTFT targets are checked at p95 under the arrival model; prices marked as estimates are estimates",
    ]
    if is_organization(workload):
        notes.append("organization scale: N+1 redundancy (one spare device) added to every server option (seed 1)")
    models = workload.models_served or 1
    if models > 1:
        notes.append(f"{models} models served at once: sized as one deployment holding all of them "
                     f"(memory and weight reads for {models} copies; compute as for one "
                     f"{(workload.model_params_b or 7.0) * models:g}B model, which overstates prefill)")
    by_reason: dict[str, list[str]] = {}
    for hw_id, reason in excluded.items():
        by_reason.setdefault(reason, []).append(hw_id)
    for reason, ids in sorted(by_reason.items()):
        shown = ", ".join(sorted(ids)[:6]) + (f" and {len(ids) - 6} more" if len(ids) > 6 else "")
        notes.append(f"not considered ({reason}): {shown}")
    return notes


__all__ = [
    "MAX_ALTERNATIVES",
    "RISK_WEIGHT",
    "adjusted_cost",
    "default_throughput",
    "fill_defaults",
    "pick_alternatives",
    "rank",
    "recommend",
]
