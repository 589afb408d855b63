"""Fit the calibration factors on measured rows, and predict a row from the model (for leave-one-out).

Per key "<backend>/<kind>" (and pooled "*/<kind>"), in this order:

1. `tg` rows (single-stream decode): step time 1000 / value = a · memory_ms + o · layers/32 + comm,
   a = 1 / η_bw ≥ 1 and o ≥ 0, by least squares on the *relative* error (each row counts equally,
   whatever its speed). With fewer than `MIN_ROWS_FOR_OVERHEAD` rows only η_bw is fitted and o comes
   from the pooled fit or the prior. A key with rows of GGUF k-quants and of other formats also fits
   c_k ≥ 0, the ALU work per k-quant weight read (FLOP-equivalents at the device's compute rate,
   κ · bandwidth for devices listing none: κ comes from step 2, which runs first), alternating with
   η_bw and o.
2. `pp` rows (prefill): time = FLOPs / (peak · η_pp) on devices with an FP16 rate, FLOPs / (κ · bandwidth)
   on devices without, times 1 / q for weight-quantized formats; relative least squares, alternating
   between (η_pp, κ) and q when a key has rows of both float and quantized formats.
3. `total_tps` and `decode_tps` rows (batched serving; batched decode alone): η_c (share of the
   format's dense peak) by golden-section search for every host cost per stream `s` of a grid (a
   continuous-batching engine's η_c is its η_pp, fitted as one), the other factors held at their step
   1–2 values; the host work of runs that overlap it with the device (`s_o`) on those runs alone
   (see `batching.py`).
4. Mixture-of-experts serving rows (`moe_fit`): the routed experts' prefill efficiency in continuous-
   batching engines, then per-model decode-step scales for models with many runs of their own.

Rows only count when their device is in the catalog (its specs are needed) and, for `pp` and
`total_tps`, when the source gave the prompt (and output) lengths: those figures depend on them.
Everything is closed form or a 1-D search: a full fit takes tens of milliseconds, so leave-one-out
refits every row.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, NamedTuple
from urllib.parse import urlparse

from estimator.catalog import Benchmark, CalibrationParams, Catalog
from estimator.errors import SiliconsultError
from estimator.fitting.calibration_decode import MIN_ROWS_FOR_OVERHEAD, Sample, fit_decode
from estimator.fitting.minimize import golden_section_minimum, refined_grid_minimum
from estimator.fitting.moe_fit import MIN_MODEL_SERVING_ROWS, fit_expert_efficiency, with_model_step_scales
from estimator.fitting.row_predict import (
    BATCHED_METRICS,
    DEFAULT_PP_PROMPT,
    DEFAULT_TG_OUTPUT,
    predict_resolved,
    predict_row,
    relative_squared_error,
    row_request,
    stated_groups,
)
from estimator.measured_rows import model_serving_rows, retired_rows
from estimator.physics import roofline
from estimator.physics.batching import STATIC_BATCH_BACKENDS, is_continuous, run_overlaps_host
from estimator.physics.calibration import POOLED, PRIORS, calibration_key, normalize_backend
from estimator.physics.catalog_index import CatalogIndex, catalog_index
from estimator.physics.device import overhead_clock_scale
from estimator.physics.memory import resolve_architecture
from estimator.physics.resolve import (
    FLOAT_FORMATS,
    Resolved,
    resolve,
    step_weights_gb,
)

PREFILL_ROUNDS = 200
BATCHED_STEP = 0.1
BATCHED_GRID = tuple(BATCHED_STEP * i for i in range(1, 11))  # 0.1 … 1.0: a share of dense peak
# Host work per running stream per decode step (ms): scheduling, input preparation, stop checks and output
# processing, serial with the device in the runs that scheduled between steps and beside it in the engines
# that overlap (`batching.run_overlaps_host`). vLLM's V0 engine measured ~20 ms of it per step at batch
# ~200 on an H100, 0.1 ms a stream (vllm-project/vllm#6801); the grid reaches well past that so the fitted
# figure is an interior optimum, not a clipped one.
SCHEDULER_GRID = (0.0, 0.01, 0.02, 0.03, 0.06, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2)
# Upper end of the fixed per-step cost (ms per 32 layers) searched for keys with serving rows but no
# single-stream rows (the fitted single-stream overheads are 1–11 ms).
MAX_STEP_OVERHEAD_MS = 40.0
BATCHED_ROUNDS = 20  # at most; the alternation stops once η_pp moves less than BATCHED_TOLERANCE
# Where the serving-row η_pp alternation starts: the top of its range, not the pooled llama-bench fit of
# the kind. The serving rows barely separate η_pp from η_c (the error is flat along a valley: vLLM/gpu
# η_pp 0.80–0.86 differ by 1e-4 in squared error), so coordinate steps stop near where they start;
# starting from the llama.cpp pool let llama.cpp's rows (other kernels, and since the listed-rate refit a share of
# the FP16-accumulate rate on GeForce) steer vLLM's figure. The alternation now also runs until η_pp
# settles (`BATCHED_ROUNDS` at most, steps of 1e-4). A joint golden search over η_pp was tried: the
# valley is not unimodal (synthetic η_c 0.70 for a true 0.3) and the fit took 3x as long.
SERVING_PREFILL_START = 1.0
BATCHED_TOLERANCE = 0.002
PREFILL_TOLERANCE = 1e-4  # η_c moves ~10x as far as η_pp along the valley: η_pp needs the finer step
MIN_RELATIVE_ERROR = 0.08
FEW_ROWS = 10
FEW_ROWS_MIN_RELATIVE_ERROR = 0.25
RELATIVE_ERROR_QUANTILE = 0.8
# One shared instance so the index of "no calibration" is built once per catalog and reused by refits.
_UNFITTED = CalibrationParams()
# llama.cpp's GPU backend (ggml-cuda, which HIP builds share) multiplies a batch of at most this many tokens
# with its vector kernels on the CUDA cores (mmvq.cuh `MMVQ_MAX_BATCH_SIZE 8` for quantized weights; the
# float vector kernels likewise), and only larger batches with the tensor-core tiles (MMQ, cuBLAS) whose
# share of the dense peak η_c is (`is_vector_kernel_batch`).
LLAMA_CPP_GPU_VECTOR_BATCH = 8


# Sources label mixture-of-experts models "(MoE)" or by their active size ("Qwen3-30B-A3B").
_MOE_LABEL = re.compile(r"\bmoe\b|\ba\d+(?:\.\d+)?b\b", re.IGNORECASE)


def is_moe_without_active_params(row: Benchmark, catalog: Catalog) -> bool:
    """A mixture-of-experts row the estimator would size as dense (it reads only the active experts).

    Such a row says nothing about a device's efficiency until the model's active parameters are
    known to the sizing (`Architecture.active_params_b`), so it is left out of fits and judgements.
    """
    arch = resolve_architecture(row.params_b, catalog.models, row.model)
    if arch.moe:
        # A catalog mixture of experts: decode is sized with its active parameters and routed experts,
        # prefill with the routed experts' FLOPs at their matmul tiles' fill (`roofline.
        # expert_tile_efficiency`: grouped expert matmuls of a 512-token llama.cpp micro-batch fill 16-64
        # of 128 rows), so its decode and prefill rows count. Its batched rows are judged
        # (`evals.moe_accuracy`) but not fitted: the batched factors (η_c, s) are shared by every model
        # an engine serves, and an MoE serving row carries what the sizing does not model (how the
        # engine lays the experts out over the server: expert parallel, data-parallel attention; MLA's
        # latent cache held whole on every tensor-parallel rank). The two DeepSeek-R1 rows on 8-GPU
        # servers alone would move vLLM's scheduler cost for every dense model (0.1 -> 0.01 ms per
        # stream), and with it seed 1's RTX 4090 vs H100 cost per token. Rows "at max load" without a
        # concurrency could not judge a batched factor anyway: the experts a step reads depend on the batch.
        return row.metric in BATCHED_METRICS
    return bool(_MOE_LABEL.search(row.model))


def is_vector_kernel_batch(row: Benchmark) -> bool:
    """A llama.cpp multi-stream row on a GPU whose batch its vector kernels multiply: it cannot calibrate
    the batched step (η_c, s), so `_fit_batched` leaves it out; it is still judged (`usable_rows`).

    Its step is not the one the model's batched terms describe: up to `LLAMA_CPP_GPU_VECTOR_BATCH`
    streams, every stream's column costs its own dequantize-and-dot pass on the CUDA cores, so the step
    grows with the streams far faster than a tensor-core matmul (llama-server with 4 slots on an L4: a
    step 44 % longer than one slot's, 30.4 vs 21.1 ms) and says nothing of the tensor-core share at 16
    or 64 streams. Fitted, that one row set llama.cpp/gpu's η_c to 0.024 (vLLM's: 0.14), which would run
    64 slots on an RTX 4090 at 2.4 % of its BF16 tensor rate. Metal's thresholds are not the CUDA ones and were
    not checked: llama.cpp's Apple rows keep calibrating llama.cpp/soc.
    """
    return (normalize_backend(row.backend) == "llama.cpp" and row.kind == "gpu"
            and row.concurrency is not None and row.concurrency <= LLAMA_CPP_GPU_VECTOR_BATCH)


def usable_rows(catalog: Catalog) -> list[Benchmark]:
    """Rows the model can be judged on: device in the catalog, workload shape known for `total_tps`,
    and no mixture-of-experts model the sizing cannot yet read as one."""
    ids = {h.id for h in catalog.hardware}
    return [
        row for row in catalog.benchmarks
        if row.hardware_id in ids
        and (row.metric == "tg" or row.prompt_tokens is not None)
        and (row.metric != "pp" or row.prompt_tokens)
        and (row.metric != "total_tps" or row.gen_tokens)
        and (row.metric != "decode_tps" or row.concurrency)
        and not is_moe_without_active_params(row, catalog)
    ]


def _sample(row: Benchmark, index: CatalogIndex) -> Sample | None:
    try:
        r = resolve(row_request(row), index)
    except SiliconsultError:
        return None
    parallel = 1 if r.layer_split else row.device_count
    keys = (calibration_key(normalize_backend(row.backend), row.kind), calibration_key(POOLED, row.kind))
    dev, arch = r.device, r.arch
    if row.metric == "tg":
        memory = roofline.decode_memory_ms(
            step_weights_gb(r, 1), r.kv_token_gb, r.decode_context, 1, dev.bandwidth_gbs, parallel
        )
        comm = roofline.comm_ms_per_step(parallel, arch.layers, arch.hidden_size, 1, dev.link_gbs, dev.link_latency_us)
        step = step_weights_gb(r, 1)
        kquant_gb = r.dense_weights_gb if r.native_experts else step
        # o is quoted at the reference GPU clock (`device.overhead_clock_scale`), as `resolve` applies it.
        units = roofline.overhead_units(arch.layers) * overhead_clock_scale(dev, r.backend)
        borrowed = roofline.overhead_units(arch.layers) * overhead_clock_scale(dev, r.backend, own_overhead=False)
        return Sample(row, keys, 1000.0 / row.value, memory, units, comm, False,
                       borrowed_overhead_units=borrowed,
                       kquant_params_b=kquant_gb * r.kquant_params_per_gb,
                       listed_tflops=None if r.compute_derived else r.peak_tflops,
                       bandwidth_gbs=dev.bandwidth_gbs, derived_cap_tflops=r.derived_peak_cap)
    if row.metric == "pp":
        flops = arch.prompt_flops(r.prefill_params_b, r.prompt_tokens)
        if r.compute_derived:
            x = flops / (parallel * r.device.bandwidth_gbs * 1e9) * 1000.0
        else:
            x = flops / (parallel * r.peak_tflops * r.prefill_peak_scale * 1e12) * 1000.0
        comm = roofline.comm_ms_per_step(
            parallel, arch.layers, arch.hidden_size, r.prompt_tokens, dev.link_gbs, dev.link_latency_us
        )
        return Sample(row, keys, r.prompt_tokens / row.value * 1000.0, x, 0.0, comm, r.compute_derived,
                       r.quant not in FLOAT_FORMATS, alu=not r.compute_derived and dev.vector_alu_rate)
    return None


def _fit_ratio(samples: Sequence[Sample], scales: Sequence[float]) -> float:
    """c minimizing Σ((x / (c · scale) + comm) / measured − 1)²: returns c (η_pp, κ or q)."""
    num = sum((s.x / scale / s.measured_ms) ** 2 for s, scale in zip(samples, scales, strict=True))
    den = sum((s.x / scale / s.measured_ms) * (1 - s.comm_ms / s.measured_ms)
              for s, scale in zip(samples, scales, strict=True))
    return num / den


def _fit_prefill(samples: Sequence[Sample]) -> tuple[float | None, float | None, float | None, float]:
    """(η_pp on devices with a listed matrix-unit rate, κ on devices listing none, η_alu on devices listing a
    vector-ALU rate (Apple GPUs), q for quantized formats) of one key.

    The three families are fitted apart: a share of a tensor or WMMA rate, an effective FLOP/byte and a
    share of an ALU rate are different quantities (`device.VECTOR_ALU_VENDORS`). q is only identifiable
    when the key has rows of both float and quantized formats; otherwise it is 1 and the efficiencies
    absorb whichever format was measured. The alternating fits run to convergence.
    """
    listed = [s for s in samples if not s.derived and not s.alu]
    derived = [s for s in samples if s.derived]
    alu_rows = [s for s in samples if s.alu]
    both = any(s.quantized for s in samples) and not all(s.quantized for s in samples)
    quantized_factor = 1.0
    efficiency = kappa = alu = None
    for _ in range(PREFILL_ROUNDS if both else 1):
        if listed:
            efficiency = _fit_ratio(listed, [quantized_factor if s.quantized else 1.0 for s in listed])
        if derived:
            kappa = _fit_ratio(derived, [quantized_factor if s.quantized else 1.0 for s in derived])
        if alu_rows:
            alu = _fit_ratio(alu_rows, [quantized_factor if s.quantized else 1.0 for s in alu_rows])
        if both:
            quantized = [s for s in samples if s.quantized]
            previous = quantized_factor
            quantized_factor = _fit_ratio(
                quantized, [(kappa if s.derived else alu if s.alu else efficiency) or 1.0 for s in quantized])
            if abs(quantized_factor - previous) < 1e-9:
                break
    return efficiency, kappa, alu, quantized_factor


def _group(samples: Iterable[Sample]) -> dict[str, list[Sample]]:
    grouped: dict[str, list[Sample]] = defaultdict(list)
    for s in samples:
        for key in s.keys:
            grouped[key].append(s)
    return grouped


def fit_calibration(
    catalog: Catalog, *, exclude_rows: frozenset[int] = frozenset(), data_version: str | None = None
) -> CalibrationParams:
    """Fit every factor on the catalog's usable rows except `exclude_rows` (leave-one-out)."""
    # Rows whose source says they are not what they state, or that a newer run of the same engine on
    # the same model speaks for (`measured_rows`), calibrate nothing.
    exclude_rows = exclude_rows | retired_rows(catalog).keys()
    rows = [row for row in usable_rows(catalog) if row.row_id not in exclude_rows]
    unfitted = catalog_index(catalog, _UNFITTED)
    samples = [s for s in (_sample(row, unfitted) for row in rows) if s is not None]
    bw: dict[str, float] = {}
    overhead: dict[str, float] = {}
    pp: dict[str, float] = {}
    kappa: dict[str, float] = {}
    counts: dict[str, int] = defaultdict(int)
    quantized_factor: dict[str, float] = {}
    alu: dict[str, float] = {}
    for key, group in _group(s for s in samples if s.row.metric == "pp").items():
        efficiency, derived_kappa, alu_efficiency, quantized_factor[key] = _fit_prefill(group)
        if efficiency is not None:
            pp[key] = efficiency
        if derived_kappa is not None:
            kappa[key] = derived_kappa
        if alu_efficiency is not None:
            alu[key] = alu_efficiency
    tg_groups = _group(s for s in samples if s.row.metric == "tg")
    # After prefill (κ prices k-quant unpacking on devices listing no rate). Pooled keys first: an exact
    # key with few rows borrows the pooled overhead.
    kquant: dict[str, float] = {}
    for key in sorted(tg_groups, key=lambda k: not k.startswith(POOLED)):
        kind = key.split("/", 1)[1]
        prior = overhead.get(calibration_key(POOLED, kind), PRIORS[kind]["overhead"])
        group = tg_groups[key]
        # A key with too few rows to fit its own overhead borrows the pool's, applied as the pool's rows pay
        # it; it records none, so the lookup and its factors say the overhead is the pool's (`Factors.overhead_own`).
        borrows = not key.startswith(POOLED) and len(group) < MIN_ROWS_FOR_OVERHEAD
        if borrows:
            group = [replace(s, overhead_units=s.borrowed_overhead_units or s.overhead_units) for s in group]
        bw[key], key_overhead, key_kquant = fit_decode(group, prior, kappa)
        if not borrows:
            overhead[key] = key_overhead
        if key_kquant is not None:
            kquant[key] = key_kquant
    for s in samples:
        for key in s.keys:
            counts[key] += 1
    partial = CalibrationParams(
        data_version=data_version or catalog.data_version, decode_bandwidth_efficiency=bw,
        per_token_overhead_ms=overhead, prefill_compute_efficiency=pp, compute_per_bandwidth=kappa,
        prefill_alu_efficiency=alu,
        prefill_quantized_factor=quantized_factor, decode_kquant_flops_per_weight=kquant,
    )
    batched, scheduler, overlapped_host, serving_prefill, serving_overhead = _fit_batched(
        catalog, partial, [row for row in rows if row.metric in BATCHED_METRICS and not is_vector_kernel_batch(row)],
        counts,
    )
    fitted = partial.model_copy(update={
        "batched_efficiency": batched, "scheduler_ms_per_stream": scheduler,
        "overlapped_host_ms_per_stream": overlapped_host,
        "per_token_overhead_ms": {**serving_overhead, **overhead},
        "prefill_compute_efficiency": {**serving_prefill, **pp}, "rows_used": dict(counts),
    })
    # MoE serving rows last: the expert layers' prefill efficiency, then per-model step scales (`moe_fit`).
    return with_model_step_scales(catalog, fit_expert_efficiency(catalog, fitted, exclude_rows), exclude_rows)


class _BatchedFit(NamedTuple):
    """One key's batched-step fit: its error, η_c, and the per-stream host work of serial and overlapping runs."""

    error: float
    efficiency: float
    serial_ms: float
    overlapped_ms: float

    def factors(self) -> dict[str, Any]:
        return {"batched_efficiency": self.efficiency, "scheduler_ms_per_stream": self.serial_ms,
                "overlapped_host_ms_per_stream": self.overlapped_ms}


def _tied_fit(
    serial: Sequence[tuple[Benchmark, Resolved]], overlapping: Sequence[tuple[Benchmark, Resolved]],
    groups: dict[int, int], step_overhead: float,
) -> _BatchedFit:
    """(η, s, s_o) of a key whose decode matmuls run at its prefill rate (η_c = η_pp): for every host cost s
    of `SCHEDULER_GRID` the η with the least error by golden section, the pair with the least error over
    all; then s_o, the host work of the overlapping runs, the grid point with the least error on them (the
    lowest where the error is flat: host work the rows never see is not charged). A joint search: an
    alternation from η = 1 stopped in a valley where a large s and a large η trade against each other."""
    pairs = [*serial, *overlapping]

    def error(**update: float) -> float:
        return relative_squared_error(pairs, groups, overhead_ms=step_overhead, **update)

    best = _BatchedFit(math.inf, 0.0, 0.0, 0.0)
    for cost in SCHEDULER_GRID:

        def by_eta(value: float, cost: float = cost) -> float:
            return error(compute_efficiency=value, scheduler_ms_per_stream=cost, overlapped_host_ms_per_stream=0.0)

        eta = golden_section_minimum(by_eta, 0.02, 1.0, PREFILL_TOLERANCE)
        found = _BatchedFit(by_eta(eta), eta, cost, 0.0)
        if found.error < best.error - 1e-9:
            best = found
    overlapped = (math.inf, 0.0)
    for cost in SCHEDULER_GRID if overlapping else ():
        trial = relative_squared_error(overlapping, groups, overhead_ms=step_overhead, compute_efficiency=best.efficiency,
                                       overlapped_host_ms_per_stream=cost)
        if trial < overlapped[0] - 1e-9:
            overlapped = (trial, cost)
    return best._replace(overlapped_ms=overlapped[1])


def _fit_batched(
    catalog: Catalog, partial: CalibrationParams, rows: Sequence[Benchmark], counts: dict[str, int]
) -> tuple[dict[str, float], dict[str, float], dict[str, float], dict[str, float], dict[str, float]]:
    """(η_c, s, s_o, η_pp, overhead) per key minimizing the relative squared error of its batched rows
    (`BATCHED_METRICS`: serving `total_tps`, decode-only `decode_tps`).

    Every engine with such rows on a kind gets its own key (llama.cpp's slots on an M2 Ultra as well as
    vLLM's continuous batching on GPUs); `calibration.resolve_factors` lends the reference engine's to
    the others.

    η_c (share of the format's dense peak) by a coarse grid refined by golden section, for each
    scheduler cost `s` of `SCHEDULER_GRID` (ms per stream per step); the pair with the least error
    wins. A key with no `pp` rows of its own (serving engines are rarely measured with llama-bench)
    also gets its prefill efficiency η_pp from these rows, whose long-prompt shapes (2048/128,
    5000/500) are prefill-bound: alternating η_pp and (η_c, s) for `BATCHED_ROUNDS` rounds, starting
    at η_pp = 1 (`SERVING_PREFILL_START`). A kind with no `tg` rows at all (accelerators: tt-metal)
    likewise gets its per-step overhead from them (golden section on [0, `MAX_STEP_OVERHEAD_MS`]):
    otherwise it would borrow another engine's.
    """
    index = catalog_index(catalog, partial)
    groups = stated_groups(catalog)  # each row predicted in the layout its source states it ran
    by_key: dict[str, list[tuple[Benchmark, Resolved]]] = defaultdict(list)
    for row in rows:
        try:
            resolved = resolve(row_request(row), index)
        except SiliconsultError:
            continue
        engine = normalize_backend(row.backend)
        # A static-batch tool's rows calibrate its own key, not the kind's pool (`batching.STATIC_BATCH_BACKENDS`).
        pools = () if engine in STATIC_BATCH_BACKENDS else (calibration_key(POOLED, row.kind),)
        for key in (calibration_key(engine, row.kind), *pools):
            by_key[key].append((row, resolved))
            counts[key] += 1
    efficiency: dict[str, float] = {}
    scheduler: dict[str, float] = {}
    overlapped_host: dict[str, float] = {}
    prefill: dict[str, float] = {}
    overhead: dict[str, float] = {}
    for key, pairs in by_key.items():

        def error(pairs: list[tuple[Benchmark, Resolved]] = pairs, **update: Any) -> float:
            return relative_squared_error(pairs, groups, **update)

        # Decode-only rows (`decode_tps`) say nothing of prefill: a key with only those keeps its prior η_pp. Nor
        # does a kind's pool search one from its serving rows: its engines schedule prompts differently (chunked
        # into decode steps, one slot at a time), and searched jointly with η_c over them the pair degenerates
        # (accelerators: tt-metal's decode-only rows beside Furiosa-LLM's and vLLM-Gaudi's gave η_pp 1.0 with
        # η_c 0.011, a prefill at the full rate that every vendor stack without rows would then borrow).
        own_prefill = (key in partial.prefill_compute_efficiency or key.startswith(POOLED)
                       or all(row.metric == "decode_tps" for row, _ in pairs))
        eta_pp = pairs[0][1].factors.compute_efficiency if own_prefill else SERVING_PREFILL_START
        # A kind with no single-stream rows at all (accelerators measured only in batches) has no fitted
        # per-step overhead: its batched rows fit it too (a step's fixed cost shows in a batch's step
        # time as in one stream's). Where the kind has single-stream rows (GPUs), an engine without its
        # own (TensorRT-LLM) borrows the kind's: at batch 256-2048 the overhead trades off against η_c
        # and the fit would give TensorRT-LLM 7 ms per step, slower than llama.cpp at 16 users.
        # Only an engine's own key: the overhead is its software's, so tt-metal's must not become the
        # pooled figure an accelerator on another stack (Gaudi's vLLM fork) borrows.
        pooled_key = calibration_key(POOLED, key.split("/", 1)[1])
        own_overhead = (key.startswith(POOLED) or key in partial.per_token_overhead_ms
                        or pooled_key in partial.per_token_overhead_ms)
        step_overhead = previous_overhead = pairs[0][1].factors.overhead_ms
        # A continuous-batching engine's decode matmuls run at its prefill rate (`resolve._apply_factors`):
        # one efficiency, fitted as η_pp, is also its η_c.
        # Tied, the search over η_pp is the search over η_c, so it runs for decode-only rows too.
        tied = not key.startswith(POOLED) and is_continuous(key.split("/", 1)[0])
        search_prefill = not own_prefill or (tied and key not in partial.prefill_compute_efficiency)
        # Runs of releases that overlap host work with the device say what that host work is there; the
        # others what it is serial (`batching.run_overlaps_host`). Each row reads one of the two figures,
        # so for a given η the two are fitted apart, each on its own rows.
        overlapping = [pair for pair in pairs if pair[1].host_overlapped
                       and run_overlaps_host(pair[1].backend, pair[0].backend_label, pair[0].source_note)]
        serial = [pair for pair in pairs if pair not in overlapping]
        best = _BatchedFit(math.inf, 0.0, 0.0, 0.0)
        for _ in range(1 if not search_prefill and own_overhead else BATCHED_ROUNDS):
            if tied:
                best = _tied_fit(serial, overlapping, groups, step_overhead)
                eta_pp = best.efficiency
            else:
                best = _BatchedFit(math.inf, 0.0, 0.0, 0.0)
                for cost in SCHEDULER_GRID:
                    fixed: dict[str, Any] = {
                        "scheduler_ms_per_stream": cost, "overlapped_host_ms_per_stream": cost,
                        "compute_efficiency": eta_pp, "overhead_ms": step_overhead,
                    }

                    def by_eta(value: float, fixed: dict[str, Any] = fixed) -> float:
                        return error(batched_efficiency=value, **fixed)

                    value = refined_grid_minimum(by_eta, BATCHED_GRID, BATCHED_STEP)
                    found = _BatchedFit(by_eta(value), value, cost, cost)
                    if found.error < best.error - 1e-9:
                        best = found
            if not own_overhead:

                def by_overhead(value: float, best: _BatchedFit = best, eta_pp: float = eta_pp) -> float:
                    return error(compute_efficiency=eta_pp, overhead_ms=value, **best.factors())

                previous_overhead = step_overhead
                step_overhead = round(golden_section_minimum(by_overhead, 0.0, MAX_STEP_OVERHEAD_MS), 3)
            if search_prefill and not tied:

                def by_prefill(value: float, best: _BatchedFit = best, step_overhead: float = step_overhead) -> float:
                    return error(overhead_ms=step_overhead, compute_efficiency=value, **best.factors())

                previous, eta_pp = eta_pp, golden_section_minimum(by_prefill, 0.02, 1.0, PREFILL_TOLERANCE)
                if abs(eta_pp - previous) < BATCHED_TOLERANCE:
                    break
            elif own_overhead or abs(step_overhead - previous_overhead) < BATCHED_TOLERANCE:
                break
        efficiency[key] = round(eta_pp if tied else best.efficiency, 4)
        scheduler[key] = best.serial_ms
        if overlapping:  # no overlapping run of the key: nothing says what its host work is beside the device
            overlapped_host[key] = best.overlapped_ms
        if not own_overhead:
            overhead[key] = step_overhead
        if search_prefill:
            prefill[key] = round(eta_pp, 4)
    return efficiency, scheduler, overlapped_host, prefill, overhead


def leave_one_out(catalog: Catalog) -> list[tuple[Benchmark, float]]:
    """Each usable row predicted by a model refitted without it: (row, predicted value)."""
    predictions = []
    for row in usable_rows(catalog):
        refit = fit_calibration(catalog, exclude_rows=frozenset({row.row_id}))
        predictions.append((row, predict_row(row, catalog, refit)))
    return predictions


def _leave_group_out(
    catalog: Catalog, group_of: Callable[[Benchmark], str], on_group: Callable[[int, int], None] | None = None,
) -> list[tuple[Benchmark, float]]:
    """Each usable row predicted by a model refitted without every row of its group, in catalog order.
    `on_group(done, total)` is called after each group's refit (a progress bar: the refits take minutes)."""
    groups: dict[str, list[Benchmark]] = defaultdict(list)
    for row in usable_rows(catalog):
        groups[group_of(row)].append(row)
    predictions: list[tuple[Benchmark, float]] = []
    for done, rows in enumerate(groups.values(), start=1):
        refit = fit_calibration(catalog, exclude_rows=frozenset(row.row_id for row in rows))
        predictions.extend((row, predict_row(row, catalog, refit)) for row in rows)
        if on_group is not None:
            on_group(done, len(groups))
    order = {row.row_id: position for position, row in enumerate(usable_rows(catalog))}
    return sorted(predictions, key=lambda pair: order[pair[0].row_id])


def leave_one_device_out(
    catalog: Catalog, *, on_device: Callable[[int, int], None] | None = None,
) -> list[tuple[Benchmark, float]]:
    """Each usable row predicted by a model refitted without *every* row of its device.

    Rows of one device share its spec-sheet errors and usually one source: leaving one row out lets
    its siblings vouch for it. Holding the whole device out measures what a user asking about a device
    the catalog has no measured row for gets. `on_device(done, total)` is called after each device's
    refit (a progress bar: the refits take minutes).
    """
    return _leave_group_out(catalog, lambda row: row.hardware_id or "", on_device)


def source_key(url: str) -> str:
    """Who published a row: a GitHub repository (owner/name, any commit or file of it), else the web host.

    >>> source_key("https://github.com/NVIDIA/TensorRT-LLM/blob/00f3768/docs/perf.md ; https://x.org/a")
    'github.com/nvidia/tensorrt-llm'
    >>> source_key("https://www.redhat.com/en/blog/x")
    'redhat.com'
    """
    parsed = urlparse(url.split(";")[0].strip())
    host = parsed.netloc.lower().removeprefix("www.")
    parts = [part for part in parsed.path.split("/") if part]
    if host in ("github.com", "raw.githubusercontent.com") and len(parts) >= 2:
        return f"github.com/{parts[0]}/{parts[1]}".lower()
    return host


def leave_one_source_out(catalog: Catalog) -> list[tuple[Benchmark, float]]:
    """Each usable row predicted by a model refitted without every row of its publisher (`source_key`).

    One publisher's rows share its method (engine build, prompt set, how it counts tokens) across
    devices; leaving a device out keeps that publisher's other devices vouching for the method. Holding
    the publisher out measures what a new benchmark report, on devices it shares with nobody, gets.
    """
    return _leave_group_out(catalog, lambda row: source_key(row.source_url))


def relative_errors(predictions: Sequence[tuple[Benchmark, float]]) -> dict[str, float]:
    """Per key (and pooled per kind): the 80th percentile of |predicted / measured − 1| in leave-one-out.

    This is the half-width of the confidence range an estimate for that key carries; keys with fewer
    than `FEW_ROWS` rows get at least `FEW_ROWS_MIN_RELATIVE_ERROR`.
    """
    errors: dict[str, list[float]] = defaultdict(list)
    for row, predicted in predictions:
        error = abs(predicted / row.value - 1.0)
        engine = normalize_backend(row.backend)
        errors[calibration_key(engine, row.kind)].append(error)
        if engine not in STATIC_BATCH_BACKENDS:  # its misses are its own, not its kind's
            errors[calibration_key(POOLED, row.kind)].append(error)
    result = {}
    for key, values in errors.items():
        ordered = sorted(values)
        position = min(len(ordered) - 1, math.ceil(RELATIVE_ERROR_QUANTILE * len(ordered)) - 1)
        # A handful of rows (often one device) cannot vouch for a narrow range.
        floor = MIN_RELATIVE_ERROR if len(ordered) >= FEW_ROWS else FEW_ROWS_MIN_RELATIVE_ERROR
        result[key] = round(max(floor, ordered[position]), 4)
    return result


__all__ = [
    "BATCHED_METRICS",
    "DEFAULT_PP_PROMPT",
    "DEFAULT_TG_OUTPUT",
    "LLAMA_CPP_GPU_VECTOR_BATCH",
    "MIN_MODEL_SERVING_ROWS",
    "MIN_ROWS_FOR_OVERHEAD",
    "fit_calibration",
    "is_vector_kernel_batch",
    "leave_one_device_out",
    "leave_one_out",
    "leave_one_source_out",
    "model_serving_rows",
    "predict_resolved",
    "predict_row",
    "relative_errors",
    "row_request",
    "source_key",
    "usable_rows",
]
