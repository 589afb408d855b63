"""Throughput, TTFT and memory fit of one device × count × model × stack: the estimator's public API.

- `estimate(request, catalog)`: decode tokens/s per stream and in total at the request's
  concurrency, prefill tokens/s, TTFT (mean and p95 under the arrival model of `latency.py`), memory
  fit, the bound (memory or compute), the method ("measured" when a public benchmark row answers the
  request exactly, else "model"), a confidence range and notes saying what was assumed.
- `max_concurrent_streams(request, catalog, min_tokens_per_s=…, ttft_target_ms=…)`: the largest
  concurrency that still fits in memory and meets the per-user speed and p95 TTFT targets.

The physics lives in `roofline.py`, memory in `memory.py`, the factors in `calibration.py`, the plan
search in `parallel_plans.py`. A configuration that cannot hold the model (or its users' KV cache) serves
nothing: `fits` is False and the speeds are 0, so a caller that forgets to check cannot rank it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from estimator.catalog import Benchmark, CalibrationParams, Catalog
from estimator.errors import InvalidRequest
from estimator.physics import parallel_plans
from estimator.physics.catalog_index import CatalogIndex, catalog_index
from estimator.physics.measured_match import find_measured
from estimator.physics.parallel_plans import (
    PlanMemo,
    PlanMemos,
    PlanResult,
    best_plan,
    expert_parallel_servers,
    pipeline_stages,
    speed_parallel,
    tensor_parallel_kv_gb,
    tensor_parallel_required_gb,
)
from estimator.physics.ranges import likely_range, measured_range
from estimator.physics.resolve import ASSUMPTION_WIDENING, UNCALIBRATED, Resolved, resolve
from estimator.said import Said, said
from estimator.schemas import Estimate, EstimateRequest, construct_trusted

MEASURED_RELATIVE_ERROR = 0.10  # run-to-run and setup spread of one public figure
MAX_SEARCH_CONCURRENCY = 1_000_000


def estimate(request: EstimateRequest, catalog: Catalog, *, calibration: CalibrationParams | None = None) -> Estimate:
    """Estimate one configuration. `calibration` overrides the catalog's (leave-one-out evaluation)."""
    index = catalog_index(catalog, calibration)
    resolved = resolve(request, index)
    plan = best_plan(resolved, request.count, request.concurrency)
    decode_row, prefill_row = _measured_rows(request, resolved, index, request.count)
    return _assemble(request, resolved, plan, decode_row, prefill_row, index)


class Figures(NamedTuple):
    """The figures of an `Estimate` that a check against targets reads (same names, same values)."""

    fits: bool
    decode_tokens_per_s_per_stream: float
    decode_tokens_per_s_per_stream_range: list[float] | None
    ttft_ms: float
    ttft_p95_ms: float | None
    ttft_ms_range: list[float] | None
    calibrated: bool
    prefill_tokens_per_s: float  # a batch job's hours read it (`batch_jobs.job_hours`)
    replicas: int = 1  # model copies, each prefilling its own prompts (a prefill-only job's hours read it)


class JobSpeeds(NamedTuple):
    """The figures of an `Estimate` a batch job's hours read (`batch_jobs.job_hours`): same names, same values."""

    fits: bool
    decode_tokens_per_s_per_stream: float
    prefill_tokens_per_s: float
    replicas: int = 1


def figures(request: EstimateRequest, catalog: Catalog) -> Figures:
    """`estimate(request, catalog)`'s figures a target check reads, computed by the same steps without
    what only a shown option needs: its notes, the admitted concurrency of a plan that does not fit and
    the `Estimate` itself. A count search checks several counts per candidate and shows one or two."""
    return figures_by_count(request, catalog)(request.count)


def figures_by_count(request: EstimateRequest, catalog: Catalog) -> Callable[[int], Figures]:
    """`figures` of `request` at any device count (its own count is ignored): the catalog lookups and the
    resolved request, which do not depend on the count, are done once for a whole count search."""
    return ByCount(request, catalog).figures


class ByCount:
    """One request at any device count (its own count is ignored): `figures` for a count search and `estimate`
    for the counts it keeps, sharing the catalog lookups, the resolved request (neither depends on the count)
    and the plans the counts share (`parallel_plans.PlanMemo`). Each is what `figures` and `estimate` give for
    the request at that count."""

    __slots__ = ("bounds", "index", "memo", "request", "resolved")

    def __init__(self, request: EstimateRequest, catalog: Catalog, memos: PlanMemos | None = None) -> None:
        self.request = request
        self.index = catalog_index(catalog)
        self.resolved = resolve(request, self.index)
        # Counts share layouts and batches; so do other searches of the same resolved request (`memos`).
        self.memo = PlanMemo() if memos is None else memos.of(self.resolved)
        self.bounds = _range_bounds(request, self.resolved, self.index)  # the count changes none of them

    def figures(self, count: int) -> Figures:
        return self._figures_of(best_plan(self.resolved, count, self.request.concurrency, self.memo), count)

    def job_speeds(self, count: int) -> JobSpeeds:
        """`figures(count)`'s fit, per-stream decode and prefill, by the same steps without the ranges: a batch job's
        count search reads only these, at every batch width of every count it tries."""
        request, resolved = self.request, self.resolved
        plan = best_plan(resolved, count, request.concurrency, self.memo)
        decode_row, prefill_row = _measured_rows(request, resolved, self.index, count)
        speeds = _speeds(request, plan, decode_row, prefill_row, resolved.confidence_width)
        return JobSpeeds(plan.fits, speeds.per_stream, speeds.prefill, plan.replicas)

    def some_layout_reaches(self, count: int, tokens_per_s: float, ttft_p95_ms: float | None, *,
                            slow_end: bool) -> bool:
        """Whether any layout `best_plan` may choose at `count` (`parallel_plans.some_layout_reaches`) reaches
        `tokens_per_s` per user within a p95 first token of `ttft_p95_ms`, by the model's figures (a measured row at
        that count may answer otherwise: `measured_counts`), at the slow end of their likely range when `slow_end`
        (its speed low and its first token high by the request's range bounds, as `figures` gives them)."""
        speed_share, ttft_scale = 1.0, 1.0
        if slow_end:
            bounds = self.bounds
            if bounds.decode is not None:
                speed_share = bounds.decode[0] / bounds.widen
            if bounds.prefill is not None:
                ttft_scale = bounds.prefill_widen / bounds.prefill[0]
        # Less a thousandth: the ranges are rounded to 3 decimals, and a bound may pass more layouts, never fewer.
        speed = tokens_per_s / speed_share * (1 - 1e-3)
        ttft = None if ttft_p95_ms is None else ttft_p95_ms / ttft_scale * (1 + 1e-3)
        return parallel_plans.some_layout_reaches(self.resolved, count, self.request.concurrency, speed, ttft, self.memo)

    def calibrated(self) -> bool:
        """Whether the model's figures are calibrated for this engine on this kind of device (a measured row at a
        count calibrates that count's)."""
        return self.resolved.factors.calibrated

    def layouts_improve_with_count(self) -> bool:
        """Whether every layout's figures are monotone in the count (`parallel_plans.layouts_improve_with_count`)."""
        return parallel_plans.layouts_improve_with_count(self.resolved)

    def measured_counts(self) -> frozenset[int]:
        """Counts at which a measured row may answer instead of the model (each count's own figures, monotone in
        nothing): the counts of the device's rows at the request's format."""
        if self.request.model_only or not self.request.hardware:
            return frozenset()
        return self.index.measured_counts(self.request.hardware, self.resolved.quant)

    def _figures_of(self, plan: PlanResult, count: int) -> Figures:
        request, resolved, bounds = self.request, self.resolved, self.bounds
        decode_row, prefill_row = _measured_rows(request, resolved, self.index, count)
        speeds = _speeds(request, plan, decode_row, prefill_row, resolved.confidence_width)
        # The ranges a target check reads, as `_ranges` works them out (not the total's).
        stream_range = (measured_range(speeds.per_stream) if decode_row is not None
                        else likely_range(speeds.per_stream, bounds.decode, bounds.widen))
        prefill_range = _prefill_range(speeds.prefill, bounds, prefill_row is not None)
        return Figures(plan.fits, speeds.per_stream, stream_range, speeds.ttft, speeds.ttft_p95,
                       _ttft_range(speeds.ttft, speeds.prefill, prefill_range),
                       resolved.factors.calibrated or decode_row is not None, speeds.prefill, plan.replicas)

    def best_case(self, max_count: int) -> BestCase | None:
        """`best_case` of the request at `max_count` devices."""
        return _best_case(self.request, self.resolved, self.index, max_count)

    def fewest_fitting(self) -> int:
        """No count below this fits the request's users (`parallel_plans.fewest_fitting_devices`)."""
        return parallel_plans.fewest_fitting_devices(self.resolved, self.request.concurrency)

    def estimate(self, count: int) -> Estimate:
        request = construct_trusted(EstimateRequest, {**self.request.__dict__, "count": count})
        plan = best_plan(self.resolved, count, request.concurrency, self.memo)
        decode_row, prefill_row = _measured_rows(request, self.resolved, self.index, count)
        return _assemble(request, self.resolved, plan, decode_row, prefill_row, self.index)


def _measured_rows(request: EstimateRequest, resolved: Resolved, index: CatalogIndex,
                   count: int) -> tuple[Benchmark | None, Benchmark | None]:
    """The (decode, prefill) rows that measure exactly this request at `count` devices, if any
    (`measured_match.find_measured`)."""
    if request.model_only or not request.hardware:
        return None, None
    candidates = index.measured.get((request.hardware, count, resolved.quant))
    if not candidates:
        return None, None
    decode, prefill = find_measured(
        candidates, params_b=request.params_b, backend=resolved.backend if resolved.backend_given else None,
        concurrency=request.concurrency, prompt_tokens=request.prompt_tokens, output_tokens=request.output_tokens,
    )
    # A measured prompt rate prefilled every token: with a cached prefix the model's figure answers instead.
    return decode, None if resolved.cached_prefix_tokens else prefill


class _Speeds(NamedTuple):
    """An estimate's figures: the plan's, or a measured row's where one answers (0 speeds: no fit)."""

    per_stream: float
    total: float
    prefill: float
    ttft: float
    ttft_p95: float
    width: float  # relative half-width of the per-user confidence interval


def _speeds(request: EstimateRequest, plan: PlanResult, decode_row: Benchmark | None, prefill_row: Benchmark | None,
            width: float) -> _Speeds:
    per_stream, total, prefill, ttft, ttft_p95 = (
        plan.per_stream, plan.total, plan.prefill_tokens_per_s, plan.ttft_ms, plan.ttft_p95_ms,
    )
    if decode_row is not None:
        width = MEASURED_RELATIVE_ERROR
        if decode_row.metric == "tg":
            per_stream, total = decode_row.value, decode_row.value * request.concurrency
        else:
            total, per_stream = decode_row.value, decode_row.value / request.concurrency
    if prefill_row is not None:
        # Scale the modelled TTFT by how much faster or slower the measured prefill is.
        scale = plan.prefill_tokens_per_s / prefill_row.value
        prefill, ttft, ttft_p95 = prefill_row.value, ttft * scale, ttft_p95 * scale
    if not plan.fits:
        per_stream = total = prefill = 0.0
    return _Speeds(per_stream, total, prefill, ttft, ttft_p95, width)


def _plan_notes(resolved: Resolved, plan: PlanResult, count: int) -> list[Said]:
    notes = list(resolved.notes)
    if plan.group > 1 or plan.replicas > 1:
        if resolved.layer_split:
            mode = said("estimate.layout.layer_split")
        elif plan.attention_dp:
            mode = said("estimate.layout.attention_dp", link=resolved.device.link)
        else:
            mode = said("estimate.layout.tensor_parallel", link=resolved.device.link)
        stages = pipeline_stages(resolved, plan.group)
        if expert_parallel_servers(resolved, plan.group) > 1:
            mode = said("estimate.layout.expert_parallel", within=mode, stages=stages)
        elif stages > 1:
            mode = said("estimate.layout.pipelined", within=mode, stages=stages)
        notes.append(said("estimate.layout", replicas=plan.replicas, group=plan.group, mode=mode))
    notes.extend(_kv_layout_notes(resolved, plan))
    if count > plan.devices_used:
        notes.append(said("estimate.idle", idle=count - plan.devices_used))
    notes.extend(_host_sampling_note(resolved, plan))
    if not plan.fits:
        notes.append(said("estimate.does_not_fit", needs=plan.per_device_required_gb, weights=resolved.weights_gb,
                          kv=plan.kv_cache_gb, group=plan.group, usable=plan.per_device_usable_gb))
    return notes


def _kv_layout_notes(resolved: Resolved, plan: PlanResult) -> list[Said]:
    """Where a multi-device copy keeps its KV cache when that is not simply split over its devices: whole on every
    tensor-parallel rank (an MLA latent has no heads to split), replicated over ranks beyond its KV heads, or split
    by streams because tensor-parallel attention could not hold it (`parallel_plans._laid_out_step`)."""
    group, batch = plan.group, plan.batch
    if group <= 1 or batch <= 0 or resolved.layer_split:
        return []
    if plan.attention_dp:
        needs = tensor_parallel_required_gb(resolved, group, batch)
        if needs <= plan.per_device_usable_gb:
            return []  # taken for speed (TensorRT-LLM's MoE layout), not for room
        return [said("estimate.attention_dp_for_kv", tp_needs=needs, needs=plan.per_device_required_gb,
                     usable=plan.per_device_usable_gb, group=group)]
    tensor_parallel = speed_parallel(resolved, group)
    heads = resolved.arch.kv_cache_heads
    if heads >= tensor_parallel:
        return []
    kv = tensor_parallel_kv_gb(resolved, group, batch)
    if heads == 1 and resolved.arch.attention_type == "mla":
        return [said("estimate.kv_whole_per_device", model=resolved.arch.source, kv=kv, devices=tensor_parallel)]
    return [said("estimate.kv_heads_replicated", model=resolved.arch.source, heads=heads, devices=tensor_parallel,
                 kv=kv)]


def _host_sampling_note(resolved: Resolved, plan: PlanResult) -> list[Said]:
    """The host sampling a llama-server step carries at this batch (`batching.host_sampling_ms`): a term of
    every multi-user figure, so the figure's provenance says it."""
    extra = plan.batch - 1
    if extra <= 0 or not resolved.host_sampling_ms_per_extra_stream:
        return []
    per_slot = resolved.host_sampling_ms_per_extra_stream
    return [said("estimate.host_sampling", slots=plan.batch, step_ms=extra * per_slot, per_slot_ms=per_slot)]


class _RangeBounds(NamedTuple):
    """The measured/predicted ratio bounds a request's ranges use (`ranges.ratio_bounds`), and their widening."""

    decode: tuple[float, float] | None
    widen: float
    prefill: tuple[float, float] | None
    prefill_widen: float


def _range_bounds(request: EstimateRequest, resolved: Resolved, index: CatalogIndex) -> _RangeBounds:
    """The residuals of single-stream decode rows for one user, of serving rows for several, of prefill rows for
    prefill and TTFT."""
    kind, backend = resolved.device.kind, resolved.backend
    # A spec filled by a default widens every range; compute derived from bandwidth only the prefill's
    # (single-stream decode is bandwidth-bound, and the serving residuals already include such devices).
    return _RangeBounds(
        index.ratio_bounds("tg" if request.concurrency == 1 else "total_tps", backend, kind),
        ASSUMPTION_WIDENING if resolved.device.assumptions else 1.0,
        index.ratio_bounds("pp", backend, kind),
        ASSUMPTION_WIDENING if resolved.device.assumptions or resolved.compute_derived else 1.0,
    )


def _prefill_range(prefill: float, bounds: _RangeBounds, measured: bool) -> list[float] | None:
    return measured_range(prefill) if measured else likely_range(prefill, bounds.prefill, bounds.prefill_widen)


def _ttft_range(ttft: float, prefill: float, prefill_range: list[float] | None) -> list[float] | None:
    """A faster prefill than predicted shortens the time to first token in proportion."""
    if prefill_range is None or prefill <= 0:
        return None
    return [round(ttft * prefill / prefill_range[1], 3), round(ttft * prefill / prefill_range[0], 3)]


def _ranges(
    request: EstimateRequest, resolved: Resolved, index: CatalogIndex, figures: tuple[float, ...],
    decode_measured: bool, prefill_measured: bool,
) -> dict[str, list[float] | None]:
    """Likely [low, high] of each figure (`ranges.py`, bounds by `_range_bounds`)."""
    per_stream, total, prefill, ttft = figures
    bounds = _range_bounds(request, resolved, index)
    if decode_measured:
        stream_range, total_range = measured_range(per_stream), measured_range(total)
    else:
        stream_range = likely_range(per_stream, bounds.decode, bounds.widen)
        total_range = likely_range(total, bounds.decode, bounds.widen)
    prefill_range = _prefill_range(prefill, bounds, prefill_measured)
    return {
        "decode_tokens_per_s_per_stream_range": stream_range,
        "decode_tokens_per_s_total_range": total_range,
        "prefill_tokens_per_s_range": prefill_range,
        "ttft_ms_range": _ttft_range(ttft, prefill, prefill_range),
    }


def _assemble(
    request: EstimateRequest, resolved: Resolved, plan: PlanResult,
    decode_row: Benchmark | None, prefill_row: Benchmark | None, index: CatalogIndex,
) -> Estimate:
    per_stream, total, prefill, ttft, ttft_p95, width = _speeds(request, plan, decode_row, prefill_row,
                                                                resolved.confidence_width)
    rows = [row for row in (decode_row, prefill_row) if row is not None]
    fits = plan.fits
    notes = _plan_notes(resolved, plan, request.count) if (not fits or plan.group > 1 or plan.replicas > 1
                                                           or request.count > 1) \
        else list(resolved.notes) + _host_sampling_note(resolved, plan)
    if decode_row is not None:
        notes = [note for note in notes if note.key != UNCALIBRATED]
    admitted: tuple[int, PlanResult] | None = None
    if not fits:
        admitted = admitted_plan(resolved, request.count, request.concurrency)
        if admitted is not None:
            notes.append(said("estimate.kv_admits", admitted=admitted[0], streams=request.concurrency,
                              total=admitted[1].total))
    # Every field, computed here with the right types: no re-validation (`construct_trusted`).
    return construct_trusted(Estimate, {
        "decode_tokens_per_s_per_stream": per_stream,
        "decode_tokens_per_s_total": total,
        "prefill_tokens_per_s": prefill,
        "ttft_ms": ttft,
        "fits": fits,
        "memory_required_gb": plan.per_device_required_gb * plan.devices_used,
        "memory_available_gb": plan.per_device_usable_gb * plan.devices_used,
        "bound": "memory" if plan.memory_bound else "compute",
        "method": "measured" if decode_row is not None else "model",
        "error": None,
        "ttft_p95_ms": ttft_p95,
        "confidence_low": per_stream / (1.0 + width),
        "confidence_high": per_stream * (1.0 + width),
        "calibrated": resolved.factors.calibrated or decode_row is not None,
        "calibration_key": resolved.factors.key,
        "source_rows": [row.row_id for row in rows] if rows else [],
        "source_urls": list(dict.fromkeys(row.source_url for row in rows)) if rows else [],
        "notes": notes,
        "tensor_parallel": speed_parallel(resolved, plan.group),
        "pipeline_stages": plan.group if resolved.layer_split else pipeline_stages(resolved, plan.group),
        "expert_parallel": expert_parallel_servers(resolved, plan.group) > 1,
        "replicas": plan.replicas,
        "attention_data_parallel": plan.attention_dp,
        "admitted_concurrency": None if admitted is None else admitted[0],
        "admitted_decode_tokens_per_s_total": None if admitted is None else admitted[1].total,
        **_ranges(request, resolved, index, (per_stream, total, prefill, ttft),
                  decode_row is not None, prefill_row is not None),
    })


def admitted_plan(resolved: Resolved, count: int, concurrency: int) -> tuple[int, PlanResult] | None:
    """The largest concurrency below `concurrency` whose KV cache fits and its plan, or None if one stream does not.

    A paged engine admits requests while KV blocks are free and queues the rest (vLLM's scheduler, SGLang's
    and TensorRT-LLM's capacity schedulers), so "does not fit at C users" still serves the ones that fit. The
    fitting plans only shrink as C grows (`parallel_plans.best_plan`), so the largest fitting C is a bisection.
    """
    if not best_plan(resolved, count, 1).fits:
        return None
    low, high = 1, concurrency  # fits at low, not at high
    while high - low > 1:
        middle = (low + high) // 2
        if best_plan(resolved, count, middle).fits:
            low = middle
        else:
            high = middle
    return low, best_plan(resolved, count, low)


class BestCase(NamedTuple):
    """What no estimate of one device × stack × workload reaches at any count up to the request's
    (`best_case`): the checks a count search makes, bounded once."""

    tokens_per_s_per_stream: float  # no count decodes faster per user
    tokens_per_s_per_stream_low: float | None  # nor has a higher low end of its likely range (None: no range)
    ttft_ms: float  # no count's time to first token (mean or p95) is shorter
    calibrated: bool  # every estimate's `calibrated`


def best_case(request: EstimateRequest, catalog: Catalog) -> BestCase | None:
    """Bounds on `estimate(request with count c)` for every c up to `request.count` (`parallel_plans.best_case`),
    or None when none are proven: a measured row answers some count exactly (its figures replace the
    model's), or the model's step is not monotone in the batch.

    The low end of the per-user range is the same rounding of the same ratio as in `_ranges`, so it only
    grows with the figure and the bound's low end bounds every count's."""
    index = catalog_index(catalog)
    return _best_case(request, resolve(request, index), index, request.count)


def _best_case(request: EstimateRequest, resolved: Resolved, index: CatalogIndex, max_count: int) -> BestCase | None:
    """`best_case` of `request` resolved, up to `max_count` devices (the request's own count is not read)."""
    if request.hardware and not request.model_only and index.has_measured(request.hardware, resolved.quant):
        return None
    bound = parallel_plans.best_case(resolved, max_count)
    if bound is None:
        return None
    speed, prefill_ms = bound
    decode_bounds = index.ratio_bounds("tg" if request.concurrency == 1 else "total_tps", resolved.backend,
                                       resolved.device.kind)
    if decode_bounds is not None and decode_bounds[0] < 0:
        return None  # a negative ratio would turn the low end around
    span = likely_range(speed, decode_bounds, ASSUMPTION_WIDENING if resolved.device.assumptions else 1.0)
    return BestCase(speed, None if span is None else span[0], prefill_ms, resolved.factors.calibrated)


def max_concurrent_streams(
    request_without_concurrency: EstimateRequest,
    catalog: Catalog,
    *,
    min_tokens_per_s: float,
    ttft_target_ms: float | None = None,
    memos: PlanMemos | None = None,
) -> int:
    """Largest C at which every user still decodes at ≥ `min_tokens_per_s`, the p95 TTFT stays within
    `ttft_target_ms` (when given) and the KV cache of C users fits; 0 if even one user fails.

    Without a backend, multi-user serving is assumed (vLLM on GPUs and accelerators). Always the
    calibrated model: measured rows cover too few concurrencies to search over. `memos`: the plans other searches
    of the same resolved request already worked out (a recommendation's count searches), shared.
    """
    if min_tokens_per_s < 0:
        raise InvalidRequest(said("error.negative_speed_target"), field="tokens_per_s_target")
    request = request_without_concurrency
    if request.backend is None:
        request = request.model_copy(update={"concurrency": 2})
    resolved = resolve(request, catalog_index(catalog))
    # A memo even alone: the probe's concurrencies share batches on the layouts with many replicas.
    memo = PlanMemo() if memos is None else memos.of(resolved)

    def meets(concurrency: int) -> bool:
        plan = best_plan(resolved, request.count, concurrency, memo, speed_asked=min_tokens_per_s, ttft_asked=ttft_target_ms)
        return (
            plan.fits and plan.per_stream >= min_tokens_per_s
            and (ttft_target_ms is None or plan.ttft_p95_ms <= ttft_target_ms)
        )

    if not meets(1):
        return 0
    low, high = 1, 2
    while high <= MAX_SEARCH_CONCURRENCY and meets(high):
        low, high = high, high * 2
    if high > MAX_SEARCH_CONCURRENCY:
        return low
    while high - low > 1:  # invariant: meets(low), not meets(high)
        middle = (low + high) // 2
        if meets(middle):
            low = middle
        else:
            high = middle
    return low


__all__ = ["BestCase", "ByCount", "Figures", "JobSpeeds", "admitted_plan", "best_case", "estimate", "figures", "figures_by_count",
           "max_concurrent_streams"]
