"""Calibration factors: which efficiency factors apply to a (backend, hardware kind), and how sure we are.

The model (see `roofline.py`, `batching.py`) has seven factors per key (and two for MoE serving) "<backend>/<kind>":

| factor | meaning | fitted on |
|---|---|---|
| `decode_bandwidth_efficiency` η_bw | share of peak bandwidth a decode step achieves | `tg` rows |
| `per_token_overhead_ms` o | fixed cost per generated token (32-layer model) | `tg` rows |
| `prefill_compute_efficiency` η_pp | share of peak FP16/FP8 compute in prefill and batched decode | `pp` rows |
| `compute_per_bandwidth` κ | effective FLOP per byte for devices listing no FP16 rate | `pp` rows |
| `prefill_alu_efficiency` η_alu | share of a listed vector-ALU rate (Apple GPUs) in prefill | `pp` rows |
| `prefill_quantized_factor` q | share of that rate weight-quantized formats reach | `pp` rows, both kinds |
| `batched_efficiency` η_c | share of the format's dense peak a batched decode step reaches | `total_tps`, `decode_tps` rows |
| `scheduler_ms_per_stream` s | host work per running stream per decode step, serial with the device (ms) | batched rows of releases that schedule between steps |
| `overlapped_host_ms_per_stream` s_o | the same host work where the engine overlaps it with the device (ms) | batched rows of releases that overlap |
| `expert_prefill_efficiency` η_e | share of the dense rate a serving engine's routed experts reach, in prompt chunks and decode tokens alike (one figure, "*") | MoE serving rows (`moe_fit`) |
| `moe_layer_ms` f_moe | ms per layer per decode step of an MoE spread expert-parallel over several devices (`resolve.EXPERT_PARALLEL_BACKENDS`), every expert reached | MoE serving rows (`moe_fit`) |
| `decode_kquant_flops_per_weight` c_k | ALU work per GGUF k-quant weight read in decode (FLOP-equivalents) | `tg` rows of both kinds of format |

`scripts/fit_calibration.py` fits them (`estimator.fitting.calibration_fit.fit_calibration`) and records
them with the data version in `knowledge/data/calibration.json`. A factor is looked up for the exact
key first, then pooled over the kind's backends ("*/<kind>"), then a per-kind prior (`PRIORS`, round
figures from the reference notes: GPUs and Apple chips reach 0.55–0.9 of bandwidth at batch 1, CPUs
much less). An engine measured on another kind but not this one gets its single-stream η_bw and
overhead carried over as a ratio to that kind's pool (`_separable_decode`). Only a factor fitted on the
exact key counts as calibrated; anything else says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from estimator.catalog import CalibrationParams
from estimator.physics.batching import is_continuous, is_static_batch

POOLED = "*"
# The engine whose fitted batched-step factors an engine without serving rows of its own borrows.
REFERENCE_BATCHING_BACKEND = "vllm"
# Engines whose serving loop is vLLM's own scheduler, so its fitted per-stream host cost is theirs too: vLLM and
# the forks that normalize to it (Gaudi's, TPU's), and the vendor stacks that serve through a vLLM plugin or fork
# (their serving-stack rows: AWS Neuron's vLLM plugin, Qualcomm's vLLM fork, vLLM-RBLN, vLLM-Ascend). A vendor's
# own engine (Furiosa-LLM, tt-metal, TensorRT-LLM, llama.cpp, MLX, OpenVINO) runs its own loop: vLLM's figure
# is another stack's software, not a property of the device or the kind.
VLLM_HOST_LOOP_BACKENDS: tuple[str, ...] = (REFERENCE_BATCHING_BACKEND, "neuron", "qaic", "rbln", "ascend")

# Per-kind priors for keys without measured rows. κ is FLOP/byte (already net of utilization). η_c
# ("batched", a share of dense peak) is the former prior product η_pp · η_b; the scheduler cost defaults to 0.
PRIORS: dict[str, dict[str, float]] = {
    "gpu": {"bw": 0.75, "overhead": 1.5, "pp": 0.45, "kappa": 100.0, "batched": 0.27, "scheduler": 0.0},
    "soc": {"bw": 0.70, "overhead": 2.0, "pp": 0.40, "kappa": 25.0, "batched": 0.24, "scheduler": 0.0},
    "cpu": {"bw": 0.40, "overhead": 3.0, "pp": 0.30, "kappa": 8.0, "batched": 0.15, "scheduler": 0.0},
    "npu": {"bw": 0.50, "overhead": 3.0, "pp": 0.20, "kappa": 8.0, "batched": 0.1, "scheduler": 0.0},
    "accel": {"bw": 0.60, "overhead": 2.0, "pp": 0.40, "kappa": 50.0, "batched": 0.24, "scheduler": 0.0},
}
# Typical relative error of a figure: fitted keys carry their own (leave-one-out) error; these apply
# to pooled and prior factors.
POOLED_RELATIVE_ERROR = 0.35
PRIOR_RELATIVE_ERROR = 0.6

# Spellings users, sources and stacks use → the normalized backend keys of the catalog.
_BACKEND_ALIASES: dict[str, str] = {
    "llamacpp": "llama.cpp", "llama-cpp": "llama.cpp", "llama_cpp": "llama.cpp", "ollama": "llama.cpp",
    "lm studio": "llama.cpp", "lmstudio": "llama.cpp", "tensorrt-llm": "trt-llm", "tensorrt_llm": "trt-llm",
    "trtllm": "trt-llm", "trt_llm": "trt-llm", "tensorrt": "trt-llm", "tgi": "vllm", "sglang": "vllm",
    "mlx-lm": "mlx", "mlx_lm": "mlx",
    # vLLM-Ascend is vLLM's scheduler over Huawei's own kernels and graph mode (torch_npu, CANN, ACL graphs): its
    # batched step is fitted on its own Ascend rows (serving_stacks.csv: backend_key "ascend"), not on Gaudi's
    # vLLM fork, whose rows are the only ones "vllm" has on accelerators.
    "vllm-ascend": "ascend", "vllm_ascend": "ascend",
}
# Vulkan runs keep their own `backend` value in the data, but share llama.cpp's factors: a separate key
# was tried and fitted on two devices whose Vulkan drivers differ 10x (an RTX 3090, an RX 6700 XT), and
# leave-one-device-out prefill error rose from 22 % to 41 %. More Vulkan rows on more devices first.
# Re-checked with both cards' listed FP16 rates: the Vulkan rows reach 0.55 of the 3090's
# FP16-accumulate rate (its CUDA rows 0.46–0.58) but 0.24 of the RX 6700 XT's (its ROCm row 0.56), so a
# Vulkan key fitted on either card misjudges the other: measured, leave-one-device-out prefill 27.2 %
# with the key against 23.7 % without (RX 6700 XT Vulkan +134 %, RTX 3090 Vulkan −57 %; tg 14.6 %).
KNOWN_BACKENDS: tuple[str, ...] = ("llama.cpp", "vllm", "trt-llm", "mlx", "mlc-llm", "exllama", "openvino")


def normalize_backend(name: str) -> str:
    """Normalized backend key: "TensorRT-LLM" → "trt-llm", "llama.cpp-metal" → "llama.cpp", "vLLM" → "vllm".

    >>> normalize_backend("llama.cpp-metal"), normalize_backend("TensorRT-LLM"), normalize_backend("vllm-rocm")
    ('llama.cpp', 'trt-llm', 'vllm')
    >>> normalize_backend("llama.cpp-vulkan"), normalize_backend("llama.cpp-rocm"), normalize_backend("vllm-ascend")
    ('llama.cpp', 'llama.cpp', 'ascend')
    """
    low = name.strip().lower()
    if low in _BACKEND_ALIASES:
        return _BACKEND_ALIASES[low]
    for known in KNOWN_BACKENDS:
        if low == known or low.startswith(known + "-") or low.startswith(known + " "):
            return known
    return low


def default_backend(kind: str, concurrency: int) -> str:
    """The stack a request without `--backend` is assumed to run: llama.cpp for one user or off-GPU,
    vLLM for concurrent users on GPUs and accelerators."""
    if kind in ("gpu", "accel") and concurrency > 1:
        return "vllm"
    return "llama.cpp" if kind != "accel" else "vllm"


def calibration_key(backend: str, kind: str) -> str:
    return f"{backend}/{kind}"


def pool_is_another_engine(calibration: CalibrationParams, backend: str, kind: str) -> bool:
    """The kind's pooled rows are one other engine's alone (accelerators: tt-metal's): that pool says how
    that engine misses, not how the kind does, so it does not stand for `backend` (its range, error and
    provenance fall back past it). A pool of several engines still speaks for its kind."""
    pooled, own = calibration_key(POOLED, kind), calibration_key(backend, kind)
    total = calibration.rows_used.get(pooled, 0)
    engines = [k for k, n in calibration.rows_used.items() if n and k.endswith(f"/{kind}") and k != pooled]
    return total > 0 and len(engines) == 1 and engines[0] != own and calibration.rows_used[engines[0]] == total


@dataclass(frozen=True, slots=True)
class Factors:
    """The resolved factors for one (backend, kind), with their provenance."""

    key: str
    bandwidth_efficiency: float
    overhead_ms: float
    compute_efficiency: float
    compute_per_bandwidth: float
    batched_efficiency: float
    prefill_quantized_factor: float
    scheduler_ms_per_stream: float
    calibrated: bool
    relative_error: float
    source: str  # "fitted", "pooled over <kind>" or "prior"
    kappa_source: str = "fitted"  # where κ came from: "fitted", "pooled" or "prior"
    # FLOP-equivalents of ALU work per GGUF k-quant weight a decode step reads (0 = no cost).
    decode_kquant_flops_per_weight: float = 0.0
    # Share of the dense prefill rate routed-expert layers reach (continuous-batching engines; else 1).
    expert_efficiency: float = 1.0
    # Ms per layer per decode step of a mixture of experts spread over several devices, at every expert
    # reached (continuous-batching engines; else 0): `parallel_plans._step_terms`.
    moe_layer_ms: float = 0.0
    # Share of a listed vector-ALU rate (GPUs without matrix units: `DeviceSpec.vector_alu_rate`) prompt
    # matmuls reach; the kind's prior η_pp when no such device was measured.
    alu_compute_efficiency: float = PRIORS["soc"]["pp"]
    # Host work per stream per step of a release that overlaps it with the device (`batching.overlaps_host`).
    overlapped_host_ms_per_stream: float = 0.0
    # Whether `overhead_ms` was fitted on this key's own single-stream rows (False: the kind's pool, a
    # separable carry-over or the prior, i.e. a figure quoted at the reference GPU clock of the kernel-bound
    # engines it was fitted on; `device.overhead_clock_scale`).
    overhead_own: bool = True


def _lookup(table: dict[str, float], key: str, pooled: str, prior: float) -> tuple[float, str]:
    if key in table:
        return table[key], "fitted"
    if pooled in table:
        return table[pooled], "pooled"
    return prior, "prior"


# Kinds an engine's single-stream factors may be carried over from, in order (`_separable_decode`).
SEPARABLE_KINDS: tuple[str, ...] = ("gpu", "soc", "cpu")


def _separable_decode(
    calibration: CalibrationParams, backend: str, kind: str, bw: float, overhead: float
) -> tuple[float, float]:
    """Single-stream (η_bw, overhead) of an engine never measured on `kind` but measured on another kind.

    A decode step's efficiency is the engine's kernels and host loop times the kind's memory system, so
    the two are taken as separable: η(engine, kind) = η(engine, other) · η(*, kind) / η(*, other), and
    likewise the per-token overhead. The kind's pool alone (the fallback before) is the engines that
    happen to be measured on that kind (llama.cpp on Apple chips for vLLM on a Jetson). Without the
    engine on another kind, the pooled figures stay. η is capped at 1.

    >>> from estimator.catalog import CalibrationParams
    >>> c = CalibrationParams(data_version="t", decode_bandwidth_efficiency={"vllm/gpu": 0.9, "*/gpu": 0.75,
    ...     "*/soc": 0.6}, per_token_overhead_ms={"vllm/gpu": 1.0, "*/gpu": 2.0, "*/soc": 4.0})
    >>> tuple(round(v, 3) for v in _separable_decode(c, "vllm", "soc", 0.6, 4.0))
    (0.72, 2.0)
    """
    table, costs = calibration.decode_bandwidth_efficiency, calibration.per_token_overhead_ms
    pooled = calibration_key(POOLED, kind)
    for other in SEPARABLE_KINDS:
        engine_key, other_pool = calibration_key(backend, other), calibration_key(POOLED, other)
        if other == kind or engine_key not in table or other_pool not in table or pooled not in table:
            continue
        bw = min(1.0, table[engine_key] * table[pooled] / table[other_pool])
        if engine_key in costs and other_pool in costs and pooled in costs and costs[other_pool] > 0:
            overhead = costs[engine_key] * costs[pooled] / costs[other_pool]
        return bw, overhead
    return bw, overhead


def _host_cost_pool(calibration: CalibrationParams, backend: str, kind: str) -> tuple[str, ...]:
    """Where an engine without its own fitted per-stream host cost borrows one, in order (`resolve_factors`)."""
    pooled, reference = calibration_key(POOLED, kind), calibration_key(REFERENCE_BATCHING_BACKEND, kind)
    if is_static_batch(backend):
        # A static batch has no serving loop to borrow from: Transformers' `generate` runs the whole batch as one
        # tensor per step (the next tokens, the stopping criteria) with no admission, per-request bookkeeping or
        # detokenization between steps, so a serving engine's per-stream host work is not its cost (the prior's 0).
        return ()
    if normalize_backend(backend) in VLLM_HOST_LOOP_BACKENDS:
        return reference, calibration_key(REFERENCE_BATCHING_BACKEND, "gpu"), pooled
    # vLLM's figure on this kind is the kind's best-measured host loop (on GPUs, where it was fitted); carried to
    # another kind it is one engine's software on another device, which a different engine does not share.
    return (reference,) + (() if pool_is_another_engine(calibration, normalize_backend(backend), kind) else (pooled,))


def resolve_factors(calibration: CalibrationParams, backend: str, kind: str) -> Factors:
    """Factors for `backend` on `kind`: exact fit, else pooled over the kind, else the kind's prior."""
    key = calibration_key(backend, kind)
    pooled = calibration_key(POOLED, kind)
    prior = PRIORS.get(kind, PRIORS["gpu"])
    bw, bw_src = _lookup(calibration.decode_bandwidth_efficiency, key, pooled, prior["bw"])
    overhead, overhead_src = _lookup(calibration.per_token_overhead_ms, key, pooled, prior["overhead"])
    overhead_own = overhead_src == "fitted" and bw_src == "fitted"
    if bw_src != "fitted":
        bw, overhead = _separable_decode(calibration, backend, kind, bw, overhead)
    # An accelerator's prompt matmuls run on its vendor's own kernels: the kind's pool of prompt rows (the 910B's alone)
    # says nothing of another vendor's stack, which keeps the kind's prior (Qualcomm's, Rebellions'). GPU engines
    # share the vendor's GEMM libraries, so their pool stands for an engine without prompt rows of its own.
    pp, _ = _lookup(calibration.prefill_compute_efficiency, key, key if kind == "accel" else pooled, prior["pp"])
    alu, _ = _lookup(calibration.prefill_alu_efficiency, key, pooled, prior["pp"])
    kappa, kappa_source = _lookup(calibration.compute_per_bandwidth, key, pooled, prior["kappa"])
    # A batched step's physics (weights once, every stream's KV, b-wide matmuls) is the same on every
    # engine; `batching.py` models how engines schedule prompts. An engine without measured serving
    # rows borrows the reference engine's fitted step factors rather than a pool of different engines.
    # An engine with rows of its own on the kind keeps its own: llama.cpp on Apple chips is fitted on
    # llama-batched-bench rows (M2 Ultra); on GPUs no such row is in the store yet, so it borrows vLLM's.
    # A kind with no serving rows at all borrows the reference engine's GPU figures: an uncalibrated
    # accelerator is not assumed to batch better than the measured engines do.
    reference = calibration_key(REFERENCE_BATCHING_BACKEND, kind)
    reference_gpu = calibration_key(REFERENCE_BATCHING_BACKEND, "gpu")
    # The kind's pool comes last: accelerators' pool is tt-metal's rows alone (another engine's software,
    # fitted with its own per-step overhead), which Gaudi's vLLM fork must not inherit.
    step_fallback = next(
        (k for k in (reference, reference_gpu, pooled) if k in calibration.batched_efficiency), pooled
    )
    batched, _ = _lookup(calibration.batched_efficiency, key, step_fallback, prior["batched"])
    quantized, _ = _lookup(calibration.prefill_quantized_factor, key, pooled, 1.0)
    # Only keys measured on k-quant and other formats alike have one; else the kind's pool, else no cost.
    kquant, _ = _lookup(calibration.decode_kquant_flops_per_weight, key, pooled, 0.0)
    # The scheduler cost is host-side software: an engine built on vLLM's loop shares vLLM's (without a fit of its
    # own, the reference engine's GPU figure, so an uncalibrated vLLM plugin does not look free of it); any other
    # engine keeps its own fit, else its kind's pool unless that pool is one other engine's alone, else the prior.
    host_pool = _host_cost_pool(calibration, backend, kind)
    scheduler_fallback = next((k for k in host_pool if k in calibration.scheduler_ms_per_stream), "")
    scheduler, _ = _lookup(calibration.scheduler_ms_per_stream, key, scheduler_fallback, prior["scheduler"])
    overlapped_fallback = next((k for k in host_pool if k in calibration.overlapped_host_ms_per_stream), "")
    overlapped, _ = _lookup(calibration.overlapped_host_ms_per_stream, key, overlapped_fallback, prior["scheduler"])
    calibrated = calibration.rows_used.get(key, 0) > 0
    if calibrated:
        source, error = "fitted", calibration.relative_error.get(key, POOLED_RELATIVE_ERROR)
    elif bw_src == "pooled" or (calibration.rows_used.get(pooled, 0) > 0
                                and not pool_is_another_engine(calibration, backend, kind)):
        source, error = f"pooled over {kind}", calibration.relative_error.get(pooled, POOLED_RELATIVE_ERROR)
        error = max(error, POOLED_RELATIVE_ERROR)
    else:
        source, error = "prior", PRIOR_RELATIVE_ERROR
    # Routed-expert layers in a serving engine's token budget (`moe_fit.fit_expert_efficiency`): one
    # figure for every continuous-batching engine; a slot server's micro-batches are charged by their
    # tile fill alone (`resolve._prefill_split_b`), fitted with its prefill rows.
    expert = calibration.expert_prefill_efficiency.get(key, calibration.expert_prefill_efficiency.get(POOLED, 1.0)) \
        if is_continuous(backend) else 1.0
    # A mixture of experts spread expert-parallel over several devices synchronizes them at every layer (`moe_fit`):
    # one figure, like the expert efficiency beside it; `resolve` charges it to the engines whose experts run
    # expert-parallel (`resolve.EXPERT_PARALLEL_BACKENDS`).
    moe_layer = calibration.moe_layer_ms.get(key, calibration.moe_layer_ms.get(POOLED, 0.0)) \
        if is_continuous(backend) else 0.0
    return Factors(key, bw, overhead, pp, kappa, batched, quantized, scheduler, calibrated, error, source, kappa_source,
                   kquant, expert, moe_layer, alu, overlapped, overhead_own)


__all__ = [
    "KNOWN_BACKENDS",
    "POOLED",
    "REFERENCE_BATCHING_BACKEND",
    "VLLM_HOST_LOOP_BACKENDS",
    "POOLED_RELATIVE_ERROR",
    "PRIORS",
    "PRIOR_RELATIVE_ERROR",
    "Factors",
    "calibration_key",
    "default_backend",
    "normalize_backend",
    "pool_is_another_engine",
    "resolve_factors",
]
