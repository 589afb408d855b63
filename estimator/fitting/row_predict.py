"""A measured benchmark row as the request it answers, and the estimator's figure for it.

Shared by the calibration fit (`calibration_fit`, `moe_fit`) and the accuracy reports: a row is
predicted by the model alone, never from the row itself.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from estimator.catalog import Benchmark, CalibrationParams, Catalog
from estimator.measured_rows import BATCHED_METRICS
from estimator.physics.batching import run_overlaps_host
from estimator.physics.catalog_index import catalog_index
from estimator.physics.parallel_plans import best_plan, evaluate, plan_fits, saturating_concurrency
from estimator.physics.resolve import Resolved, resolve, with_factors
from estimator.schemas import EstimateRequest

DEFAULT_PP_PROMPT = 512
DEFAULT_TG_OUTPUT = 128
# Metrics of a running batch: they fit the batched-step factors (η_c, s).


def row_request(row: Benchmark) -> EstimateRequest:
    """The model-only request a measured row answers (with the row's model, so its real architecture)."""
    if row.metric == "pp":
        prompt, output = row.prompt_tokens or DEFAULT_PP_PROMPT, 1
    elif row.metric == "decode_tps":  # the step right after the prompt: context = the prompt
        prompt, output = max(1, row.prompt_tokens or 0), 1
    else:
        prompt, output = max(1, row.prompt_tokens or 0), row.gen_tokens or DEFAULT_TG_OUTPUT
    return EstimateRequest.model_construct(
        hardware=row.hardware_id, custom=None, count=row.device_count, params_b=row.params_b,
        quant=row.quant, backend=row.backend, concurrency=1, prompt_tokens=prompt, output_tokens=output,
        context=None, model_only=True, arrival_pattern="batch", model=row.model,
    )


def predict_resolved(row: Benchmark, resolved: Resolved, group: int | None = None) -> float:
    """The model's figure for a row's metric (tokens/s), from a resolved request.

    `group`: the devices per model copy the row's source states it ran (`stated_groups`); the row is
    predicted in that layout, not in the one the planner would pick (a run measured at TP8 is not a run of
    four TP2 replicas). A stated layout the memory model says does not fit falls back to the planner's."""
    if group is not None and (group > row.device_count or not plan_fits(resolved, row.device_count, group, 1)):
        group = None
    if row.metric in ("tg", "pp"):
        plan = best_plan(resolved, row.device_count, 1) if group is None else evaluate(resolved, row.device_count, group, 1)
        return plan.per_stream if row.metric == "tg" else plan.prefill_tokens_per_s
    if resolved.host_overlapped and not run_overlaps_host(resolved.backend, row.backend_label, row.source_note):
        # A run of a release that scheduled between steps is predicted as it ran (`batching.run_overlaps_host`):
        # its host work serial with the device, at the figure fitted on such runs.
        resolved = copy.copy(resolved)
        resolved.host_overlapped = False
        resolved.scheduler_ms_per_stream = resolved.factors.scheduler_ms_per_stream * resolved.model_step_scale
    if row.metric == "decode_tps" and resolved.host_sampling_ms_per_extra_stream:
        # llama.cpp's decode-only rows are llama-batched-bench's S_TG: it times `llama_decode` alone and
        # samples nothing, unlike llama-server's slot loop (`batching.host_sampling_ms`).
        resolved = copy.copy(resolved)
        resolved.host_sampling_ms_per_extra_stream = 0.0
    # An engine runs at most what its batch cap and KV cache hold; a benchmark that submits more
    # requests (offline runs of 256 prompts of 32k tokens) queues the rest.
    capacity = saturating_concurrency(resolved, row.device_count, group)
    concurrency = min(row.concurrency, capacity) if row.concurrency else capacity
    plan = best_plan(resolved, row.device_count, concurrency) if group is None else \
        evaluate(resolved, row.device_count, group, concurrency)
    return plan.decode_total if row.metric == "decode_tps" else plan.sustained_total


def stated_groups(catalog: Catalog) -> dict[int, int]:
    """row_id → devices per model copy, for the rows whose source states the layout they ran
    (`benchmark_layouts.csv`, migration 009)."""
    return {layout.row_id: layout.tensor_parallel for layout in catalog.benchmark_layouts}


def predict_row(row: Benchmark, catalog: Catalog, calibration: CalibrationParams) -> float:
    """The calibrated model's figure for a measured row (never the row itself)."""
    return predict_resolved(row, resolve(row_request(row), catalog_index(catalog, calibration)),
                            stated_groups(catalog).get(row.row_id))


def relative_squared_error(
    pairs: Sequence[tuple[Benchmark, Resolved]], groups: Mapping[int, int] | None = None, **factors: Any
) -> float:
    """Σ (predicted / measured − 1)² over resolved rows, each predicted under its own factors with
    `factors` replaced (`calibration.Factors` field names) and in its stated layout (`groups`, by row id):
    the objective of the 1-D factor fits."""
    total = 0.0
    stated = groups or {}
    for row, resolved in pairs:
        trial = with_factors(resolved, replace(resolved.factors, **factors))
        total += (predict_resolved(row, trial, stated.get(row.row_id)) / row.value - 1.0) ** 2
    return total


__all__ = ["BATCHED_METRICS", "DEFAULT_PP_PROMPT", "DEFAULT_TG_OUTPUT", "predict_resolved", "predict_row", "relative_squared_error",
           "row_request", "stated_groups"]
