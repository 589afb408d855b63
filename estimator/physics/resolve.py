"""Resolve a request once: look up the device, model shape, format and calibration factors, and
precompute every per-request constant the plan evaluation (`parallel_plans.py`) needs.

The recommendation ranker asks for every device × count × stack each turn, so per-catalog lookups
live in `CatalogIndex` (built once per catalog) and a resolved request is cached without its device
count: sweeping the counts resolves once. A decode step is linear in the batch, so the resolved
request carries its calibrated per-step coefficients (roofline's own functions evaluated once).
"""

from __future__ import annotations

import copy
import dataclasses
import math
from dataclasses import dataclass, field

from estimator.catalog import CalibrationParams
from estimator.errors import InvalidRequest
from estimator.physics import roofline
from estimator.physics.batching import host_sampling_ms, is_continuous, is_static_batch, overlaps_host
from estimator.physics.calibration import (
    Factors,
    default_backend,
    normalize_backend,
)
from estimator.physics.catalog_index import CatalogIndex
from estimator.physics.device import (
    DeviceSpec,
    device_from_custom,
    overhead_clock_scale,
    parse_interconnect,
    peak_tflops,
)
from estimator.physics.memory import (
    RUNTIME_OVERHEAD_GB,
    Architecture,
    head_compute_extra_b,
    is_k_quant,
    kv_bytes_per_element,
    model_by_name,
    touched_expert_share,
    unquantized_head_gb,
    weights_gb,
)
from estimator.physics.servers import devices_per_server, needs_host_server
from estimator.said import Said, said
from estimator.schemas import EstimateRequest

# The note an estimate without measured rows for its engine on its device kind carries; an estimate
# answered by a measured row drops it (`throughput.estimate`).
UNCALIBRATED = "estimate.uncalibrated"

# Backends whose multi-device mode splits layers (pipeline) rather than tensors.
LAYER_SPLIT_BACKENDS = frozenset({"llama.cpp", "llama.cpp-vulkan", "mlx", "ollama", "ik_llama.cpp", "exllama"})
# GGUF engines: their quantized matmuls (MXFP4 included) run far below a Blackwell's FP4 peak, at the
# rate of their other quantized formats (`device.peak_tflops`, `fp4_matmuls`).
GGUF_BACKENDS = frozenset({"llama.cpp", "llama.cpp-vulkan", "ollama", "ik_llama.cpp"})
# Formats whose matmuls run natively (no dequantization): the others get the quantized prefill factor.
FLOAT_FORMATS = frozenset({"FP32", "FP16", "BF16", "FP8", "FP4", "NVFP4", "MXFP4"})
# Native checkpoint formats that quantize only a mixture of experts' routed experts, leaving attention,
# router, embeddings and output head in BF16 (gpt-oss's MXFP4: quantization_config.modules_to_not_convert
# in https://huggingface.co/openai/gpt-oss-120b/blob/main/config.json); Kimi K2 Thinking / K2.5 / K2.6's
# native INT4 (W4A16, quantization-aware trained on the MoE components only, per Moonshot's model card).
# Applied only when the format sized is the model's own native one.
EXPERT_ONLY_NATIVE_FORMATS = frozenset({"MXFP4", "W4A16"})
# Engines whose published MoE serving runs lay a multi-GPU group out attention-data-parallel (each rank
# holds whole attention layers and its own requests and KV cache) with the routed experts expert-
# parallel: TensorRT-LLM's perf-overview MoE command (`enable_attention_dp: true` with --tp/--ep) and its
# DeepSeek-R1 max-throughput runs (`--max_batch_size` per rank). Its ADP Balance blog (tech blog 10):
# "the iteration time is dominated by the slowest rank", every MoE layer synchronizing the ranks.
ATTENTION_DP_BACKENDS = frozenset({"trt-llm"})
# Engines that can lay a mixture of experts out attention-data-parallel when asked, their default being
# tensor-parallel attention: SGLang's `--enable-dp-attention` ("a significant reduction in the KV cache size,
# enabling larger batch sizes ... If you do not use DP attention, KV cache will be duplicated among all TP
# ranks", sgl-project/sglang docs/basic_usage/deepseek.md, "Data Parallelism Attention") and vLLM's
# `--data-parallel-size` ("For MoE models, particularly those like DeepSeek that employ MLA ... data parallel
# for the attention layers and expert or tensor parallel (EP or TP) for the expert layers", docs.vllm.ai
# "Data Parallel Deployment"). The plans take it where tensor-parallel attention cannot hold the KV cache
# (`parallel_plans._step_terms`); their published runs (InferenceX's TP=8) keep the default elsewhere.
OPT_IN_ATTENTION_DP_BACKENDS = frozenset({"sglang", "vllm"})
# Engines whose published MoE runs on several devices place whole experts on each rank (expert parallel): the
# same TensorRT-LLM commands (`--ep` equal to `--tp`; tech blog "Best perf practice on DeepSeek-R1": `--tp 8
# --ep 8`). Each token's hidden state goes to the ranks holding its experts and comes back (dispatch and
# combine, an all-to-all per MoE layer), and the step waits for the rank whose experts drew the most tokens:
# the per-layer cost `Factors.moe_layer_ms` is fitted on. The other continuous-batching engines' defaults
# split every expert over the group instead (tensor-parallel experts: vLLM's expert parallelism is opt-in,
# `--enable-expert-parallel`, docs.vllm.ai "Expert Parallel Deployment"; SGLang's `--ep-size` defaults to 1,
# the "TP=8, EP=1" of InferenceX's DeepSeek-R1 runs on 8 x H200; TensorRT-LLM's own docs call tensor-parallel
# experts its "default pattern" but its published MoE runs set `--ep`). A tensor-parallel expert layer sends
# no token anywhere and gives every rank the same slice of every touched expert, so no rank waits for another
# beyond the all-reduce the communication term already charges: InferenceX's SGLang v0.5.7 runs (TPOT 12.8,
# 17.2, 25.6, 34.6 ms at 8-64 streams) grow by the expert reads alone (docs/estimator.md, "MoE layers on
# several devices", session 22).
EXPERT_PARALLEL_BACKENDS = frozenset({"trt-llm"})
# Engines whose published MoE decode evaluates each device's experts over the whole batch and weights the
# result by the router, instead of routing tokens to their experts: tt-metal's Mixtral demo on 8 Wormhole
# ASICs (models/demos/t3000/mixtral8x7b/tt/mixtral_moe.py: one expert per device, `expert(inputs)` on all
# 32 users, `ttnn.mul` by the top-2 weights, one all_gather + reduce per layer). Every rank does the same
# work and no token is dispatched or permuted, so the per-layer routing and slowest-rank cost fitted on GPU
# engines' grouped-GEMM runs (`Factors.moe_layer_ms`) is not paid; the one gather per layer is the
# all-reduce volume the communication term already charges.
MASKED_EXPERT_BACKENDS = frozenset({"tt-metal"})
# A spec filled by a default, or compute derived from bandwidth, widens the confidence range.
ASSUMPTION_WIDENING = 1.3
# Engines whose prompt matmuls accumulate FP16 products in FP16. llama.cpp's CUDA backend multiplies
# FP16 weights, and weight-quantized ones dequantized to FP16, with cuBLAS in CUBLAS_COMPUTE_16F
# (ggml/src/ggml-cuda/ggml-cuda.cu, `batched_mul_mat_traits<GGML_TYPE_F16>`; FP32 only on Volta, CDNA
# and RDNA4, and for BF16 weights); its Vulkan backend picks the `f16acc` matmul pipelines at default
# precision (ggml-vulkan.cpp, `ggml_vk_get_mul_mat_mat_pipeline`). On GeForce cards that doubles the
# tensor rate over the FP32-accumulate figure the catalog lists (`DeviceSpec.fp16_accumulate_speedup`).
# PyTorch-based engines (vLLM, SGLang, TensorRT-LLM) accumulate in FP32: no change for them.
# On NVIDIA GPUs with int8 MMA (Turing on) GGUF k-quant prompts actually run MMQ on the int8 tensor cores
# (`ggml_cuda_should_use_mmq` is true at any batch), 2x the FP16-accumulate rate on GeForce and 2x the
# 16-bit one on datacenter cards: the same GeForce/datacenter ratio, with the constant 2x in the fitted
# q, so the fitted figures are those of the int8 picture (docs/estimator.md).
FP16_ACCUMULATE_BACKENDS = frozenset({"llama.cpp"})
# Formats whose prompt matmuls run as FP16 in those engines: FP16 itself and the weight-only quantized
# formats (GGUF, dequantized to FP16). BF16 and FP32 weights take cuBLAS's FP32-accumulate path. FP4
# weights in a GGUF are quantized blocks like the k-quants: llama.cpp multiplies MXFP4 against q8_1
# activations in MMQ on the int8 tensor cores (`device.peak_tflops`, `fp4_matmuls`), so they take the
# k-quants' speedup, and a GGUF labelled MXFP4 prefills like one labelled Q4_K_M that keeps the same experts.
_FP32_ACCUMULATE_FORMATS = FLOAT_FORMATS - {"FP16", "FP4", "NVFP4", "MXFP4"}


def prefill_accumulate_speedup(device: DeviceSpec, backend: str, quant: str) -> float:
    """How much faster than the listed 16-bit rate the engine's prompt matmuls run on this device.

    >>> from estimator.physics.device import DeviceSpec
    >>> geforce = DeviceSpec("g", "gpu", 24, 1008, 165.2, None, None, "pcie", 20, 25, fp16_accumulate_speedup=2.0)
    >>> prefill_accumulate_speedup(geforce, "llama.cpp", "Q4_K_M"), prefill_accumulate_speedup(geforce, "vllm", "FP16")
    (2.0, 1.0)
    >>> prefill_accumulate_speedup(geforce, "llama.cpp", "BF16")
    1.0
    """
    if backend not in FP16_ACCUMULATE_BACKENDS or quant in _FP32_ACCUMULATE_FORMATS:
        return 1.0
    return device.fp16_accumulate_speedup


@dataclass(slots=True)  # not frozen: built and re-factored in the hot path; treat as read-only
class Resolved:
    """A request with everything looked up and every per-request constant computed (count excluded)."""

    device: DeviceSpec
    params_b: float
    quant: str
    backend: str
    backend_given: bool
    weights_gb: float
    arch: Architecture
    kv_token_gb: float
    factors: Factors
    peak_tflops: float
    compute_derived: bool
    layer_split: bool
    prompt_tokens: int
    output_tokens: int
    tokens_per_sequence: int
    arrival_pattern: str
    paced_tokens_per_s: float | None  # prompts no sooner than an answer streams at this speed (None: closed loop)
    ttft_target_ms: float | None  # the p95 first-token bound a layout is chosen for (None: none asked)
    overhead_gb: float
    # Derived once: calibrated efficiencies and the per-step overhead.
    prefill_efficiency: float
    decode_compute_efficiency: float
    step_overhead_ms: float
    decode_context: float
    notes: tuple[Said, ...]
    derived_peak_cap: float | None = None
    # Prompt matmuls' tensor rate relative to `peak_tflops` (FP16 accumulation on GeForce, see
    # `prefill_accumulate_speedup`); batched decode steps keep the listed peak.
    prefill_peak_scale: float = 1.0
    continuous: bool = False  # continuous batching with chunked prefill (`batching.py`), else slots
    static_batch: bool = False  # one static batch: all prompts in one prefill pass (`batching.is_static_batch`)
    # The engine's per-stream host work runs beside the device's step (`batching.overlaps_host`).
    host_overlapped: bool = False
    scheduler_ms_per_stream: float = 0.0
    # Host sampling per decode step per running stream beyond the first (`batching.host_sampling_ms`):
    # llama-server samples each slot on the CPU. Not a fitted factor; 0 for engines that sample on the
    # device (and for rows of tools that sample nothing, `row_predict.predict_resolved`).
    host_sampling_ms_per_extra_stream: float = 0.0
    confidence_width: float = 0.0  # relative half-width of the decode range (set in `with_factors`)
    # A decode step is linear in the batch: calibrated ms on one device at batch 0 and per extra stream
    # (roofline's own functions evaluated once, in `with_factors`).
    memory_fixed_ms: float = 0.0
    memory_per_stream_ms: float = 0.0
    compute_per_stream_ms: float = 0.0  # the weight matmuls' FLOPs of one stream's token
    attention_compute_per_stream_ms: float = 0.0  # its attention over its context (FLOPs)
    # Mixture of experts: weights every step reads (attention, shared experts, embeddings) and the
    # routed experts, of which a batch of B streams reads 1 − (1 − k/E)^B (`touched_expert_share`).
    # Dense models: all weights are dense, `expert_weights_gb` = 0 and `active_params_b` = `params_b`.
    active_params_b: float = 0.0
    # Decode FLOPs a 16-bit output head adds among faster FP8/FP4 matmuls, in parameters' worth
    # (`memory.head_compute_extra_b`); 0 for every other checkpoint.
    head_extra_b: float = 0.0
    dense_weights_gb: float = 0.0
    expert_weights_gb: float = 0.0
    route_share: float = 0.0
    # Prompt tokens the prefix cache holds (`EstimateRequest.cached_prefix_tokens`, below the prompt): not prefilled.
    cached_prefix_tokens: int = 0
    expert_read_ms: float = 0.0  # calibrated ms to read every expert once on one device
    # The experts keep the model's native format whatever the file's label (gpt-oss GGUFs: MXFP4).
    native_experts: bool = False
    # Parameters (billions) per GB of k-quant weights (8 / bits per weight); 0 for any other format.
    kquant_params_per_gb: float = 0.0
    # Parameters whose FLOPs one prefill pays: the active ones, the routed experts' share divided by the
    # share of their matmul tiles real tokens fill (`roofline.expert_tile_efficiency`) and, in a
    # continuous-batching engine, by its fitted expert-layer efficiency (`Factors.expert_efficiency`);
    # = active for dense. Split into the dense part and the routed experts' part at their tile fill.
    prefill_params_b: float = 0.0
    prefill_dense_b: float = 0.0
    prefill_expert_b: float = 0.0
    # Paged KV cache: each stream holds its typical sequence; one request at the maximum context is
    # a check on top (`kv_long_extra_gb`), not a reservation for every stream.
    kv_sequence_gb: float = 0.0
    kv_long_extra_gb: float = 0.0
    # A hybrid's fixed recurrent state per stream (Mamba / Gated DeltaNet layers, `Architecture.state_bytes_per_sequence`):
    # part of `kv_sequence_gb` (each stream holds one, whatever its length), read and rewritten every decode step.
    state_gb: float = 0.0
    # Devices one server holds (tensor parallelism stays inside it); 0 = no server limit (custom devices).
    per_server: int = 0
    # A catalog model whose own measured serving runs the general factors cannot explain (fitted
    # `CalibrationParams.model_step_scale`): every decode-step term of it is this many times longer.
    model_step_scale: float = 1.0
    # A mixture of experts served attention-data-parallel + expert-parallel when its group is larger than
    # one device (`ATTENTION_DP_BACKENDS`): each rank schedules its own share of the streams.
    attention_dp: bool = False
    # A mixture of experts on an engine that lays attention out data-parallel only when asked
    # (`OPT_IN_ATTENTION_DP_BACKENDS`): taken where tensor-parallel attention cannot hold the KV cache.
    attention_dp_opt_in: bool = False
    # A mixture of experts' cost per decode step on several devices once its batch reaches every expert, in a
    # continuous-batching engine, any layout: its layers × `Factors.moe_layer_ms`, scaled like every step
    # term (`parallel_plans._step_terms`).
    moe_step_ms: float = 0.0
    # People in sessions read each answer at this speed before their next prompt (`EstimateRequest`); None: a
    # closed loop, every stream sends its next prompt when its answer ends.
    reading_tokens_per_s: float | None = None
    # Streams from an arrival rate: their prompts arrive this many a second per stream (`EstimateRequest`); None:
    # each stream's next prompt follows its answer (or its reading).
    prompts_per_stream_per_s: float | None = None
    prefill_cache: dict[int, float] = field(default_factory=dict, compare=False)
    comm_cache: dict[int, tuple[float, float]] = field(default_factory=dict, compare=False)
    best_case_cache: dict[int, tuple[float, float] | None] = field(default_factory=dict, compare=False)
    shards_cache: dict[int, int] = field(default_factory=dict, compare=False)  # `parallel_plans.kv_shards` by group
    # Shared by the requests that differ only in `ttft_target_ms` (`resolve`; `dataclasses.replace` keeps it): the
    # plans worked out for one are the other's (`parallel_plans.PlanMemos`). A copy under other factors gets its own.
    plans_scope: object = field(default_factory=object, compare=False)


# Resolved requests a catalog index keeps (the ranker resolves a few hundred per turn).
_MAX_RESOLVED = 20_000


def resolve(request: EstimateRequest, index: CatalogIndex) -> Resolved:
    """Look everything up for a request (cached); raises InvalidRequest / UnknownHardware naming the field."""
    multi_user = request.backend is None and request.concurrency > 1  # only the default backend depends on C
    custom = request.custom
    key = (
        request.hardware,
        None if custom is None else (custom.kind, custom.memory_gb, custom.memory_bandwidth_gbs, custom.fp16_tflops),
        request.params_b, request.quant, request.backend, multi_user,
        request.prompt_tokens, request.output_tokens, request.context, request.arrival_pattern, request.model,
        request.active_params_b, request.kv_cache_dtype, request.adapter_gb, request.paced_tokens_per_s,
        request.reading_tokens_per_s, request.cached_prefix_tokens, request.prompts_per_stream_per_s,
        request.kv_scale, request.compute_params_b,
    )
    # The first-token bound only chooses among layouts (`parallel_plans.best_plan`): the requests that differ in
    # it alone are one physics, resolved once and sharing its caches and plans (`Resolved.plans_scope`).
    by_bound: dict[float | None, Resolved] | None = index.resolved.get(key)
    if by_bound is None:
        if len(index.resolved) >= _MAX_RESOLVED:
            index.resolved.clear()
        by_bound = index.resolved[key] = {}
    bound = request.ttft_target_ms
    found = by_bound.get(bound)
    if found is None:
        twin = next(iter(by_bound.values()), None)
        found = by_bound[bound] = _resolve(request, index) if twin is None else dataclasses.replace(
            twin, ttft_target_ms=bound)
    return found


def _device(request: EstimateRequest, index: CatalogIndex) -> DeviceSpec:
    if request.hardware and request.custom:
        raise InvalidRequest(said("error.hardware_and_custom"), field="hardware")
    if request.hardware:
        return index.device(request.hardware)
    if request.custom is not None:
        return device_from_custom(request.custom)
    raise InvalidRequest(said("error.no_hardware"), field="hardware")


def _resolve(request: EstimateRequest, index: CatalogIndex) -> Resolved:
    device = _device(request, index)
    quant = request.quant.strip().upper()
    bits = index.bits_per_weight(quant)
    backend_given = bool(request.backend)
    backend = (
        normalize_backend(request.backend) if request.backend else default_backend(device.kind, request.concurrency)
    )
    factors = index.resolve_factors(backend, device.kind)
    listed_peak = peak_tflops(device, quant, fp4_matmuls=backend not in GGUF_BACKENDS)
    arch = _moe_shape(index.architecture(request.params_b, request.model), request, index)
    # Paged KV cache (vLLM-style): each stream holds its own prompt + answer; the maximum context is
    # one request that must also fit, not a reservation for every stream.
    tokens = request.prompt_tokens + request.output_tokens
    element = 1.0 if request.kv_cache_dtype == "FP8" else (
        2.0 if request.kv_cache_dtype else kv_bytes_per_element(quant, backend))
    decode_context = request.prompt_tokens + request.output_tokens / 2.0
    # Several models' streams: their own KV per token, weighted by their loads (`EstimateRequest.kv_scale`).
    kv_token_gb = arch.kv_bytes_per_token(element) / 1e9 * request.kv_scale
    if arch.sliding_layers:
        # Windowed layers stop growing: the per-token figure is the average over the read context.
        kv_sequence_gb = arch.kv_bytes_per_sequence(tokens, element) / 1e9 * request.kv_scale
        kv_token_gb = arch.kv_bytes_per_sequence(decode_context, element) / 1e9 / decode_context * request.kv_scale
    else:
        kv_sequence_gb = kv_token_gb * tokens
    # The recurrent state does not grow with the tokens: one per stream, beside its KV cache.
    state_gb = arch.state_bytes_per_sequence() / 1e9
    kv_sequence_gb += state_gb
    long_tokens = request.context or 0
    kv_long_extra_gb = max(0.0, arch.kv_bytes_per_sequence(long_tokens, element) / 1e9 + state_gb - kv_sequence_gb) \
        if long_tokens > tokens else 0.0
    total_weights_gb = weights_gb(request.params_b, bits)
    dense_b, expert_b, share = arch.expert_split_b() if arch.moe else (request.params_b, 0.0, 0.0)
    scale = request.params_b / (dense_b + expert_b) if arch.moe else 1.0  # several models served at once
    expert_gb = total_weights_gb * expert_b / (dense_b + expert_b) if arch.moe else 0.0
    native_experts = bool(expert_gb) and _keeps_native_experts(arch, quant, index)
    if native_experts:
        # Every GGUF of an MXFP4-native model (gpt-oss) keeps the expert tensors in MXFP4, whatever the
        # file's label: the "Q8_0" 120B is 63.4 GB like the MXFP4 one (llama.cpp #15117; llmfit #1059).
        native_gb = expert_b * scale * index.bits_per_weight(arch.native_format or quant) / 8.0
        total_weights_gb += native_gb - expert_gb
        expert_gb = native_gb
    if expert_gb and quant.upper() in EXPERT_ONLY_NATIVE_FORMATS and (arch.native_format or "").upper() == quant.upper():
        # The model's own MXFP4 checkpoint quantizes only the routed experts: gpt-oss's config.json
        # lists self_attn, the router, embed_tokens and lm_head under quantization_config's
        # modules_to_not_convert, so they ship (and are read every step) in BF16; 114.71 B expert params
        # at 4.25 bits + 2.12 B at 16 bits = 65.2 GB, the published file's size. Sized at 4.25 bits they
        # were ~5x too small, and gpt-oss's decode steps at a few streams came out ~1.6x too fast.
        dense_gb = total_weights_gb - expert_gb
        total_weights_gb += dense_gb * (16.0 / bits - 1.0)
    # The output head a vLLM 4-bit checkpoint keeps in 16 bits (`memory.unquantized_head_gb`): dense
    # weights every step reads, so it joins `dense_weights_gb` (total − experts).
    total_weights_gb += unquantized_head_gb(arch, quant, backend, bits) * scale
    active_b = (arch.active_params_b or request.params_b) * scale if arch.moe else request.params_b
    if request.compute_params_b is not None:  # several models, each token through its own (`EstimateRequest`)
        active_b = min(active_b, request.compute_params_b)
    # A 16-bit output head among FP8/FP4 matmuls (`memory.head_compute_extra_b`): decode FLOPs only.
    head_extra_b = head_compute_extra_b(arch, quant, backend, listed_peak, device.fp16_tflops) * scale
    step_scale, measured_model = _model_step_scale(request, arch, index)
    prefill_dense_b, prefill_expert_b = _prefill_split_b(
        active_b, expert_b * scale, share, request.prompt_tokens, is_continuous(backend),
        metal=backend == "llama.cpp" and device.vector_alu_rate)
    base = Resolved(
        device=device, params_b=request.params_b, quant=quant, backend=backend, backend_given=backend_given,
        weights_gb=total_weights_gb, arch=arch,
        kv_token_gb=kv_token_gb, factors=factors,
        peak_tflops=listed_peak or 0.0, compute_derived=listed_peak is None,
        layer_split=backend in LAYER_SPLIT_BACKENDS, prompt_tokens=request.prompt_tokens,
        cached_prefix_tokens=min(request.cached_prefix_tokens, request.prompt_tokens - 1),
        output_tokens=request.output_tokens, tokens_per_sequence=tokens, arrival_pattern=request.arrival_pattern,
        paced_tokens_per_s=request.paced_tokens_per_s, ttft_target_ms=request.ttft_target_ms,
        reading_tokens_per_s=request.reading_tokens_per_s, prompts_per_stream_per_s=request.prompts_per_stream_per_s,
        overhead_gb=RUNTIME_OVERHEAD_GB.get(device.kind, 0.75) + request.adapter_gb, prefill_efficiency=1.0,
        decode_compute_efficiency=1.0, step_overhead_ms=0.0,
        decode_context=decode_context,
        notes=_static_notes(device, factors, backend, listed_peak is None, arch) + _model_notes(request, arch)
        + _serving_scale_notes(arch, index.calibration, step_scale, measured_model),
        derived_peak_cap=index.max_listed_tflops, continuous=is_continuous(backend),
        static_batch=is_static_batch(backend), host_overlapped=overlaps_host(backend),
        host_sampling_ms_per_extra_stream=host_sampling_ms(backend, arch.vocab_size),
        prefill_peak_scale=prefill_accumulate_speedup(device, backend, quant) if listed_peak else 1.0,
        active_params_b=active_b, head_extra_b=head_extra_b,
        prefill_dense_b=prefill_dense_b, prefill_expert_b=prefill_expert_b,
        dense_weights_gb=total_weights_gb - expert_gb, expert_weights_gb=expert_gb,
        route_share=share, native_experts=native_experts, kv_sequence_gb=kv_sequence_gb, state_gb=state_gb,
        kquant_params_per_gb=8.0 / bits if is_k_quant(quant) else 0.0, kv_long_extra_gb=kv_long_extra_gb,
        per_server=_per_server(request, index),
        model_step_scale=step_scale, attention_dp=backend in ATTENTION_DP_BACKENDS and expert_gb > 0.0,
        attention_dp_opt_in=backend in OPT_IN_ATTENTION_DP_BACKENDS and expert_gb > 0.0,
    )
    _apply_factors(base, factors)
    return base


def with_factors(r: Resolved, factors: Factors) -> Resolved:
    """A copy of the request under other calibration factors (derived constants recomputed)."""
    copied = copy.copy(r)
    _apply_factors(copied, factors)
    return copied


def _apply_factors(r: Resolved, factors: Factors) -> None:
    """Set the factor-dependent constants of a freshly built or copied `Resolved` in place."""
    peak = r.peak_tflops
    prefill_efficiency = factors.compute_efficiency
    if r.compute_derived:
        # κ is effective FLOP/byte (utilization included), so the prefill efficiency is 1. On-chip-SRAM
        # parts (Cerebras, Groq) have bandwidths far beyond any DRAM device: never derive more compute
        # than the fastest device that lists its rate.
        peak = factors.compute_per_bandwidth * r.device.bandwidth_gbs / 1000.0
        if r.derived_peak_cap:
            peak = min(peak, r.derived_peak_cap)
        prefill_efficiency = 1.0
    else:
        # η_pp is a share of the rate the engine's prompt matmuls can reach (FP16 accumulation included);
        # a GPU without matrix units (Apple) lists its vector ALUs' rate, reached at its own share η_alu.
        if r.device.vector_alu_rate:
            prefill_efficiency = factors.alu_compute_efficiency
        prefill_efficiency *= r.prefill_peak_scale
    if r.quant not in FLOAT_FORMATS:
        # Weight-only quantized matmuls dequantize on the fly: a fitted share of the float rate.
        prefill_efficiency *= factors.prefill_quantized_factor
    # Batched decode reaches its own fitted share η_c of the format's peak (skinnier matmuls than
    # prefill, and each engine's own kernels); weight-only formats also pay the dequantization share.
    decode_compute_efficiency = factors.batched_efficiency * (
        factors.prefill_quantized_factor if r.quant not in FLOAT_FORMATS else 1.0
    )
    if r.continuous:
        # Chunked prefill: a step's decode tokens and prompt chunks are rows of the same matmuls (one
        # forward pass over the scheduled tokens), so the weights' FLOPs of both run at one rate.
        decode_compute_efficiency = prefill_efficiency
    bandwidth, arch, context = r.device.bandwidth_gbs, r.arch, r.decode_context
    r.factors, r.peak_tflops, r.prefill_efficiency = factors, peak, prefill_efficiency
    r.decode_compute_efficiency = decode_compute_efficiency
    r.prefill_params_b = r.prefill_dense_b + r.prefill_expert_b / factors.expert_efficiency
    # The fitted overhead is quoted at the reference GPU clock; kernel work is cycles (`overhead_clock_scale`).
    clock_scale = overhead_clock_scale(r.device, r.backend, factors.overhead_own)
    r.step_overhead_ms = factors.overhead_ms * roofline.overhead_units(arch.layers) * clock_scale
    # The host work of the release the request runs: beside the device's step where the engine overlaps it.
    r.scheduler_ms_per_stream = factors.overlapped_host_ms_per_stream if r.host_overlapped \
        else factors.scheduler_ms_per_stream
    # Unpacking k-quant weights' scales: ALU ms per GB of k-quant weights read, serialized with the
    # reads (it joins the memory terms, so it scales with the experts a batch touches and splits over
    # a tensor-parallel group). Experts kept in their native format (gpt-oss) are not k-quants.
    unpack_ms_per_gb = roofline.kquant_unpack_ms(
        r.kquant_params_per_gb, factors.decode_kquant_flops_per_weight, peak) if peak > 0 else 0.0
    r.memory_fixed_ms = roofline.decode_memory_ms(
        r.dense_weights_gb, r.kv_token_gb, context, 0, bandwidth, 1
    ) / factors.bandwidth_efficiency + r.dense_weights_gb * unpack_ms_per_gb
    r.expert_read_ms = roofline.decode_memory_ms(
        r.expert_weights_gb, 0.0, 0.0, 0, bandwidth, 1
    ) / factors.bandwidth_efficiency + (0.0 if r.native_experts else r.expert_weights_gb * unpack_ms_per_gb) \
        if r.expert_weights_gb else 0.0
    # Each stream's KV over its context, and its recurrent state read and written back (the whole state is
    # updated every token: 2 × its bytes of traffic).
    r.memory_per_stream_ms = roofline.decode_memory_ms(
        2.0 * r.state_gb, r.kv_token_gb, context, 1, bandwidth, 1) / factors.bandwidth_efficiency
    # Attention over the context spans the query heads × head dim (`attention_width`), as in prefill.
    # Split: the weight matmuls (`compute_per_stream_ms`) and each stream's attention over its own
    # context (`attention_compute_per_stream_ms`), which a step runs in kernels of its own (`parallel_plans._step_terms`).
    width = arch.attention_width or arch.hidden_size
    # A continuous-batching engine's decode tokens ride the step's grouped expert matmuls beside the prompt
    # chunks (chunked prefill: one forward pass over the scheduled tokens), so a mixture of experts' routed
    # FLOPs cost a decode token what they cost a prompt token: the expert layers' share of the dense rate and
    # the tile fill of the engine's pass (`prefill_params_b`). A slot server's decode runs passes of its own.
    step_params_b = r.prefill_params_b if r.continuous and r.expert_weights_gb else r.active_params_b
    # Attention spans only the layers that keep a KV cache (a hybrid's Mamba / linear layers are in the weights' FLOPs).
    with_attention = roofline.decode_compute_ms(
        step_params_b + r.head_extra_b, arch.kv_layer_count, width, context, 1, peak, 1) / decode_compute_efficiency
    r.compute_per_stream_ms = roofline.decode_compute_ms(
        step_params_b + r.head_extra_b, arch.layers, width, 0.0, 1, peak, 1) / decode_compute_efficiency
    r.attention_compute_per_stream_ms = with_attention - r.compute_per_stream_ms
    # Dense: no MoE layer; an engine that evaluates experts masked routes no token (`MASKED_EXPERT_BACKENDS`), and one
    # that splits every expert over its ranks sends none to another rank (`EXPERT_PARALLEL_BACKENDS`).
    routes_tokens = r.expert_weights_gb and r.backend in EXPERT_PARALLEL_BACKENDS
    r.moe_step_ms = factors.moe_layer_ms * arch.layers if routes_tokens else 0.0
    if r.model_step_scale != 1.0:
        step = r.model_step_scale
        r.moe_step_ms *= step
        r.step_overhead_ms *= step
        r.scheduler_ms_per_stream *= step
        r.memory_fixed_ms *= step
        r.expert_read_ms *= step
        r.memory_per_stream_ms *= step
        r.compute_per_stream_ms *= step
        r.attention_compute_per_stream_ms *= step
    r.confidence_width = factors.relative_error * (
        ASSUMPTION_WIDENING if r.device.assumptions or r.compute_derived else 1.0
    )
    # Every cache holds figures of the old factors: a copy starts with its own, empty.
    r.prefill_cache, r.comm_cache, r.best_case_cache, r.shards_cache, r.plans_scope = {}, {}, {}, {}, object()


def _per_server(request: EstimateRequest, index: CatalogIndex) -> int:
    """Devices per server for a catalog device that goes into one (`servers.devices_per_server`), else 0: the
    bound on a tensor-parallel group. Chips that link to each other directly (`device.LINK_FIGURES`,
    "ethernet mesh": Tenstorrent's Ethernet mesh, 8 chips in a T3000, 32 in a Galaxy) have none: their group
    spans the mesh, not one host's slots (the hosts are still costed per server, `costing.tco`)."""
    hw = index.catalog.hardware_by_id(request.hardware) if request.hardware else None
    if hw is None or not needs_host_server(hw) or parse_interconnect(hw.interconnect)[0] == "ethernet mesh":
        return 0
    return devices_per_server(hw)


def _keeps_native_experts(arch: Architecture, quant: str, index: CatalogIndex) -> bool:
    """A GGUF quantization of a model whose experts ship in MXFP4 leaves the experts as they are."""
    if arch.native_format != "MXFP4" or quant == "MXFP4":
        return False
    fmt = index.catalog.quant(quant)
    return fmt is not None and fmt.family == "gguf"


def _prefill_split_b(
    active_b: float, expert_b: float, share: float, prompt_tokens: int, continuous: bool, metal: bool = False
) -> tuple[float, float]:
    """(dense, routed-expert) parameters whose FLOPs one prefill pays at the dense prefill rate: the
    active parameters, the routed experts' active share (expert_b · k / E) divided by their tile fill.
    A slot server runs the prompt in micro-batches of at most `roofline.PASS_TOKENS_SLOT` tokens, a
    continuous-batching engine fills its token budget (`roofline.PASS_TOKENS_CONTINUOUS`); llama.cpp on an Apple GPU
    (`metal`) tiles 32 token rows (`roofline.EXPERT_TILE_ROWS_METAL`). A dense model: (`active_b`, 0)."""
    if expert_b <= 0.0 or share <= 0.0:
        return active_b, 0.0
    routed = expert_b * share
    if continuous:
        tokens, tile = float(roofline.PASS_TOKENS_CONTINUOUS), roofline.EXPERT_TILE_ROWS_CONTINUOUS
    else:
        tokens = float(min(max(1, prompt_tokens), roofline.PASS_TOKENS_SLOT))
        tile = roofline.EXPERT_TILE_ROWS_METAL if metal else roofline.EXPERT_TILE_ROWS_SLOT
    efficiency = roofline.expert_tile_efficiency(tokens, share, touched_expert_share(share, tokens), tile)
    return active_b - routed, routed / efficiency  # efficiency in (0, 1]


def step_weights_gb(r: Resolved, tokens: float) -> float:
    """Weights one step over `tokens` tokens reads: the dense part, plus the experts those tokens touch."""
    if not r.expert_weights_gb:
        return r.weights_gb
    return r.dense_weights_gb + r.expert_weights_gb * touched_expert_share(r.route_share, tokens)


def _moe_shape(arch: Architecture, request: EstimateRequest, index: CatalogIndex) -> Architecture:
    """A request that states its active parameters is a mixture of experts even without a catalog name:
    the closest-sized catalog MoE lends its routing (k of E) as an assumption."""
    active = request.active_params_b
    if active is None or active >= request.params_b or arch.moe:
        return arch
    moes = [m for m in index.catalog.models if m.is_moe and m.n_experts and m.experts_per_token]
    lender = min(moes, key=lambda m: abs(math.log(m.total_b / request.params_b)), default=None)
    if lender is not None:  # its layers, attention and routing stand in for the unnamed model's
        arch = index.architecture(lender.total_b, lender.id)
    return dataclasses.replace(arch, total_params_b=request.params_b, active_params_b=active)


def _model_notes(request: EstimateRequest, arch: Architecture) -> tuple[Said, ...]:
    """Say when a named model is not in the catalog (it is sized by the closest architecture instead)."""
    if request.model and arch.source != request.model and not _same_name(request.model, arch.source):
        if arch.source == "approximation":
            return (said("estimate.model_unknown.approximated", model=request.model),)
        return (said("estimate.model_unknown.closest", model=request.model, closest=arch.source),)
    return ()


def _model_step_scale(request: EstimateRequest, arch: Architecture, index: CatalogIndex) -> tuple[float, str | None]:
    """The fitted step scale of the model the request names, or of a catalog model with its kernel shape
    (Kimi K2 runs DeepSeek-V3's code paths), and the model whose runs it comes from; (1, None) for a model
    only sized like one: an unnamed "671B MoE with 37B active" is not DeepSeek-V3's measured engines."""
    if not request.model:
        return 1.0, None
    named = model_by_name(request.model, index.catalog.models)
    if named is None or named.id != arch.source:
        return 1.0, None
    scales = index.calibration.model_step_scale
    measured = index.catalog.measured_scale_model(named, scales)
    return (scales[measured.id], measured.id) if measured is not None else (1.0, None)


def _serving_scale_notes(
    arch: Architecture, calibration: CalibrationParams, scale: float, measured_model: str | None
) -> tuple[Said, ...]:
    """Say when a model's decode steps are scaled to measured serving runs: its own, or its kernel twin's."""
    if measured_model is None or scale == 1.0:
        return ()
    rows = calibration.model_step_rows.get(measured_model, 0)
    if measured_model == arch.source:
        return (said("estimate.step_scale.own", model=arch.source, scale=scale, rows=rows),)
    return (said("estimate.step_scale.twin", model=arch.source, scale=scale, rows=rows, twin=measured_model),)


def _same_name(name: str, model_id: str) -> bool:
    from estimator.physics.memory import name_key

    return name_key(name) == name_key(model_id)


def _static_notes(device: DeviceSpec, f: Factors, backend: str, derived: bool, arch: Architecture) -> tuple[Said, ...]:
    notes = list(device.assumptions)
    if not f.calibrated:
        notes.append(said(UNCALIBRATED, backend=backend, kind=device.kind, source=f.source))
    if derived:
        # Since every measured GPU and Apple chip lists its rate, devices without one (Jetson,
        # DGX Spark, Lunar Lake, ...) use the kind's prior κ.
        fitted = f.kappa_source != "prior"
        notes.append(said("estimate.compute_from_bandwidth.fitted" if fitted else "estimate.compute_from_bandwidth.prior"))
    if arch.source == "approximation":
        notes.append(said("estimate.architecture_approximated"))
    return tuple(notes)


__all__ = [
    "ATTENTION_DP_BACKENDS",
    "EXPERT_PARALLEL_BACKENDS",
    "MASKED_EXPERT_BACKENDS",
    "OPT_IN_ATTENTION_DP_BACKENDS",
    "ASSUMPTION_WIDENING",
    "FLOAT_FORMATS",
    "FP16_ACCUMULATE_BACKENDS",
    "LAYER_SPLIT_BACKENDS",
    "Resolved",
    "prefill_accumulate_speedup",
    "resolve",
    "step_weights_gb",
    "with_factors",
]
