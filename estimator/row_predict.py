"""A measured benchmark row as the request it answers, and the estimator's figure for it.

Shared by the calibration fit (`calibration_fit`, `moe_fit`) and the accuracy reports: a row is
predicted by the model alone, never from the row itself.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from estimator.catalog import Benchmark, CalibrationParams, Catalog
from estimator.catalog_index import catalog_index
from estimator.engine import best_plan, saturating_concurrency
from estimator.resolve import Resolved, resolve, with_factors
from estimator.schemas import EstimateRequest

DEFAULT_PP_PROMPT = 512
DEFAULT_TG_OUTPUT = 128
# Metrics of a running batch: they fit the batched-step factors (η_c, s).
BATCHED_METRICS = frozenset({"total_tps", "decode_tps"})


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


def predict_resolved(row: Benchmark, resolved: Resolved) -> float:
    """The model's figure for a row's metric (tokens/s), from a resolved request."""
    if row.metric == "tg":
        return best_plan(resolved, row.device_count, 1).per_stream
    if row.metric == "pp":
        return best_plan(resolved, row.device_count, 1).prefill_tokens_per_s
    if row.metric == "decode_tps" and resolved.host_sampling_ms_per_extra_stream:
        # llama.cpp's decode-only rows are llama-batched-bench's S_TG: it times `llama_decode` alone and
        # samples nothing, unlike llama-server's slot loop (`batching.host_sampling_ms`).
        resolved = copy.copy(resolved)
        resolved.host_sampling_ms_per_extra_stream = 0.0
    # An engine runs at most what its batch cap and KV cache hold; a benchmark that submits more
    # requests (offline runs of 256 prompts of 32k tokens) queues the rest.
    capacity = saturating_concurrency(resolved, row.device_count)
    concurrency = min(row.concurrency, capacity) if row.concurrency else capacity
    plan = best_plan(resolved, row.device_count, concurrency)
    return plan.decode_total if row.metric == "decode_tps" else plan.sustained_total


def predict_row(row: Benchmark, catalog: Catalog, calibration: CalibrationParams) -> float:
    """The calibrated model's figure for a measured row (never the row itself)."""
    return predict_resolved(row, resolve(row_request(row), catalog_index(catalog, calibration)))


def relative_squared_error(pairs: Sequence[tuple[Benchmark, Resolved]], **factors: Any) -> float:
    """Σ (predicted / measured − 1)² over resolved rows, each predicted under its own factors with
    `factors` replaced (`calibration.Factors` field names): the objective of the 1-D factor fits."""
    total = 0.0
    for row, resolved in pairs:
        trial = with_factors(resolved, replace(resolved.factors, **factors))
        total += (predict_resolved(row, trial) / row.value - 1.0) ** 2
    return total


__all__ = ["BATCHED_METRICS", "DEFAULT_PP_PROMPT", "DEFAULT_TG_OUTPUT", "predict_resolved", "predict_row", "relative_squared_error",
           "row_request"]
