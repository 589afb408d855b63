"""Fits on mixture-of-experts serving rows (run after the shared fit, `calibration_fit.fit_calibration`).

1. `fit_expert_efficiency`: the share of the dense prefill rate a continuous-batching engine's routed-
   expert layers reach. Measured MoE serving runs whose time is mostly prompts (TensorRT-LLM's perf
   overview at 2048/128 and 5000/500, GPUStack's vLLM runs of 2k-32k-token prompts) prefill 2-3x
   slower than the active parameters at the dense models' fitted rate predict: Qwen3-30B-A3B on one
   B200 reaches ~7 % of its FP4 peak where the dense Llama 3.3 70B on the same card reaches about a
   third; gpt-oss-120b on one H100 ~15 % of the BF16 peak. What the store's sources show of why: an
   expert matmul is a grouped GEMM over a few hundred tokens per expert (2048-8192-token budgets
   routed top-k of 64-128 experts), narrower than a dense layer's (768-2880-wide experts); each MoE
   layer adds routing, top-k and two token permutations; the engines' MoE kernels are newer than their
   dense ones. None of it is separately measured, so one figure is fitted for all of it, on the MoE
   serving rows, and judged on devices held out (`evals.moe_accuracy`). The decode tokens of a step ride
   the same grouped matmuls as its prompt chunks, so they pay the same share (`resolve._apply_factors`).
   Fitted jointly with it, the cost per MoE layer per decode step of a model spread expert-parallel over
   several devices (`CalibrationParams.moe_layer_ms`, key "*"): the multi-device step of an engine whose
   experts run expert-parallel (`resolve.EXPERT_PARALLEL_BACKENDS`) pays it in either attention layout, at
   the share of the experts its batch reaches (`parallel_plans._step_terms`). vLLM's and SGLang's default
   tensor-parallel experts dispatch no token and split every expert evenly: they pay none (InferenceX's
   SGLang DeepSeek-R1 steps grow with the expert reads alone). See docs/estimator.md, "MoE layers on
   several devices".
2. `with_model_step_scales`: a catalog model with many serving runs of its own at a stated concurrency
   gets the median predicted / measured ratio as a scale on its decode steps. Only its current runs
   count (`measured_rows`): DeepSeek-R1's 11 runs on 2025-26 engines, not the 80 March 2025 runs of
   the same three engines they supersede, nor the six whose stated batch did not run.

A model with its own step scale is left out of the first fit: the scale absorbs whatever its runs
carry (the engines' own kernels for that model), and the expert efficiency is meant for the others.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from functools import partial

from estimator.catalog import Benchmark, CalibrationParams, Catalog
from estimator.errors import SiliconsultError
from estimator.fitting.minimize import golden_section_minimum, refined_grid_minimum
from estimator.fitting.row_predict import predict_resolved, relative_squared_error, row_request, stated_groups
from estimator.measured_rows import BATCHED_METRICS, model_serving_rows
from estimator.physics.batching import is_continuous
from estimator.physics.calibration import POOLED, normalize_backend
from estimator.physics.catalog_index import catalog_index
from estimator.physics.resolve import EXPERT_PARALLEL_BACKENDS, Resolved, resolve

# Serving rows a mixture-of-experts model needs before its own step scale is fitted (`model_step_scale`).
MIN_MODEL_SERVING_ROWS = 8
# Expert-layer efficiency search: a coarse grid (a share of the dense prefill rate), then golden section.
EXPERT_GRID = tuple(round(0.05 * i, 2) for i in range(1, 21))  # 0.05 … 1.0
EXPERT_STEP = 0.05
EXPERT_TOLERANCE = 0.002
# MoE layer step cost search (ms per layer per decode step): a coarse grid, then golden section within
# one step of its best point; alternated with the expert efficiency until both settle.
MOE_LAYER_GRID = tuple(round(0.1 * i, 1) for i in range(0, 16))  # 0 … 1.5 ms per layer
MOE_LAYER_STEP = 0.1
MOE_LAYER_TOLERANCE = 0.005
# The per-layer cost when no fitted serving row runs its experts expert-parallel (nothing in the rows moves it):
# DeepEP's low-latency dispatch + combine at EP 8, the DeepSeek-V3/R1 decode setting of 128 tokens per rank,
# 7168 hidden, top-8, FP8 dispatch and BF16 combine, on H800: 77 us + 114 us (deepseek-ai/DeepEP docs/legacy.md,
# "Low-latency kernels with pure RDMA"). The exchange alone, without the slowest rank's wait: a floor, where a fit
# on TensorRT-LLM's expert-parallel runs finds 0.23 ms. Without it, holding those runs out left the cost at 0 and
# every expert-parallel MoE step 1.3-1.5x too fast.
EXPERT_PARALLEL_PRIOR_LAYER_MS = round((77 + 114) / 1000.0, 3)
JOINT_ROUNDS = 4


def with_model_step_scales(
    catalog: Catalog, calibration: CalibrationParams, exclude_rows: frozenset[int]
) -> CalibrationParams:
    """Per catalog model with at least `MIN_MODEL_SERVING_ROWS` serving rows outside the shared fit: the
    median of predicted / measured over them, by which its decode steps are lengthened.

    The shared factors are fitted on dense and single-stream rows; an MoE model served on a multi-GPU
    server brings costs they do not model (expert dispatch and all-to-all, MLA kernels, block-scaled FP8
    matmuls in the engines measured). Its own runs say by how much, for that model only; the
    leave-one-device-out report (`evals.moe_accuracy`) checks that one device's runs predict another's.
    """
    index = catalog_index(catalog, calibration)
    ratios: dict[str, list[float]] = defaultdict(list)
    groups = stated_groups(catalog)  # each row in the layout its source states it ran
    for row in model_serving_rows(catalog):
        if row.row_id in exclude_rows:
            continue
        try:
            resolved = resolve(row_request(row), index)
        except SiliconsultError:
            continue
        predicted = predict_resolved(row, resolved, groups.get(row.row_id))
        if predicted > 0:
            ratios[resolved.arch.source].append(predicted / row.value)
    scales = {model: round(statistics.median(values), 4) for model, values in ratios.items()
              if len(values) >= MIN_MODEL_SERVING_ROWS}
    return calibration.model_copy(update={
        "model_step_scale": scales, "model_step_rows": {model: len(ratios[model]) for model in scales},
    })


def _scaled_models(catalog: Catalog, exclude_rows: frozenset[int]) -> set[str]:
    """Catalog models that will get a step scale of their own (enough serving rows outside `exclude_rows`)."""
    index = catalog_index(catalog)
    counts: dict[str, int] = defaultdict(int)
    for row in model_serving_rows(catalog):
        if row.row_id not in exclude_rows:
            counts[index.architecture(row.params_b, row.model).source] += 1
    return {model for model, count in counts.items() if count >= MIN_MODEL_SERVING_ROWS}


def expert_fit_rows(catalog: Catalog, exclude_rows: frozenset[int] = frozenset()) -> list[Benchmark]:
    """Rows the expert-layer efficiency is fitted on: catalog MoE models served by a continuous-batching
    engine on a catalog device, batched (at a stated concurrency or at max load) or prefill, with the
    lengths their figure depends on; not the rows of a model with its own step scale."""
    ids = {h.id for h in catalog.hardware}
    index = catalog_index(catalog)
    scaled = _scaled_models(catalog, exclude_rows)
    rows = []
    for row in catalog.benchmarks:
        if row.row_id in exclude_rows or row.hardware_id not in ids or not is_continuous(normalize_backend(row.backend)):
            continue
        if row.metric not in BATCHED_METRICS and row.metric != "pp":
            continue
        if not row.prompt_tokens or (row.metric == "total_tps" and not row.gen_tokens):
            continue
        arch = index.architecture(row.params_b, row.model)
        if arch.moe and arch.source not in scaled:
            rows.append(row)
    return rows


def fit_expert_efficiency(
    catalog: Catalog, calibration: CalibrationParams, exclude_rows: frozenset[int] = frozenset()
) -> CalibrationParams:
    """`calibration` with the expert-layer efficiency (key "*") and, when serving rows are among them, the
    fixed step cost per MoE layer (key "*"), minimizing the relative squared error of `expert_fit_rows`,
    every other factor held as fitted; unchanged when there are no such rows.

    Fitted jointly (alternating 1-D searches) because both move the same max-load rows: a prompt-heavy
    run is slowed by slower expert prefill, a decode-heavy one on a small KV room by a fixed step cost,
    and fitted one after the other the first absorbs what the second would explain (the expert
    efficiency alone reaches 0.13; the 8 × H100 runs at 853-1,803 streams then stay fitted only through
    the per-stream scheduler cost, which under-predicts the same runs on 8 × H200 at 2.3x the streams).
    """
    index = catalog_index(catalog, calibration)
    pairs: list[tuple[Benchmark, Resolved]] = []
    for row in expert_fit_rows(catalog, exclude_rows):
        try:
            pairs.append((row, resolve(row_request(row), index)))
        except SiliconsultError:
            continue
    if not pairs:
        return calibration
    # A step cost moves serving rows only (a prefill row runs no decode step), and only those of an engine that runs
    # its experts expert-parallel on several devices (`resolve.EXPERT_PARALLEL_BACKENDS`); without such a row the
    # cost is DeepEP's measured exchange, not 0.
    serving = any(row.metric in BATCHED_METRICS for row, _ in pairs)
    spread = serving and any(row.metric in BATCHED_METRICS and row.device_count > 1
                             and resolved.backend in EXPERT_PARALLEL_BACKENDS for row, resolved in pairs)
    layer_ms = 0.0 if spread else EXPERT_PARALLEL_PRIOR_LAYER_MS

    groups = stated_groups(catalog)  # each row in the layout its source states it ran

    def error(value: float, layer_ms: float) -> float:
        return relative_squared_error(pairs, groups, expert_efficiency=value, moe_layer_ms=layer_ms)

    def efficiency_at(layer_ms: float) -> float:
        return refined_grid_minimum(partial(error, layer_ms=layer_ms), EXPERT_GRID, EXPERT_STEP, EXPERT_TOLERANCE)

    def layer_cost_at(value: float) -> float:
        at_value = partial(error, value)
        coarse = min(MOE_LAYER_GRID, key=at_value)
        return golden_section_minimum(at_value, max(0.0, coarse - MOE_LAYER_STEP), coarse + MOE_LAYER_STEP,
                                      MOE_LAYER_TOLERANCE)

    value = efficiency_at(layer_ms)
    for _ in range(JOINT_ROUNDS if spread else 0):  # alternating 1-D searches
        previous = (value, layer_ms)
        layer_ms = layer_cost_at(value)
        value = efficiency_at(layer_ms)
        if abs(value - previous[0]) < EXPERT_TOLERANCE and abs(layer_ms - previous[1]) < MOE_LAYER_TOLERANCE:
            break
    update: dict[str, object] = {
        "expert_prefill_efficiency": {"*": round(value, 4)}, "expert_prefill_rows": len(pairs),
    }
    if serving:
        update["moe_layer_ms"] = {POOLED: round(layer_ms, 4)}
    return calibration.model_copy(update=update)


__all__ = [
    "EXPERT_PARALLEL_PRIOR_LAYER_MS",
    "MIN_MODEL_SERVING_ROWS",
    "expert_fit_rows",
    "fit_expert_efficiency",
    "with_model_step_scales",
]
