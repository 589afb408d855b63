"""The estimator's inner loop: evaluate parallel plans of a resolved request with plain floats.

`throughput.estimate` and `max_concurrent_streams`, the calibration fit and the accuracy report all
go through `resolve()` (`resolve.py`) + `best_plan()` here.

Plans. `count` devices are split into `replicas` groups of `group` devices. A group shards the model
(tensor parallel, or layer split for llama.cpp/MLX); replicas each serve ⌈C / replicas⌉ of the users.
Tensor-parallel groups are powers of two (attention heads must divide evenly); among the plans that fit in
memory and reach the per-user speed asked, the smallest group meeting the first-token bound asked, if any (else the
one whose first token comes soonest); when none reaches the speed, the one with the highest per-user decode speed.
Layer split gains capacity but no speed from more devices, so it takes the smallest group that fits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from estimator.physics import batching, latency, roofline
from estimator.physics.device import INTER_SERVER_LINK
from estimator.physics.memory import per_device_memory_gb, touched_expert_share
from estimator.physics.resolve import Resolved, step_weights_gb

# Largest batch an engine schedules by default when a benchmark ran "at max load". TensorRT-LLM's
# max-load rows are trtllm-bench runs: it sizes max_batch_size from the KV cache the weights leave at the
# dataset's ISL + OSL, capped at 4,096 requests (`tensorrt_llm/bench/build/tuning.py`, `finetune_setting`:
# `raw_bs = min(kv_cache_max_requests, 4096) / pp_size`), not the LLM API's 2,048 default. vLLM: its
# `max_num_seqs` default of 256. A static-batch tool (`batching.STATIC_BATCH_BACKENDS`) runs exactly the batch it
# is given, with no scheduler cap: Intel's published Gaudi throughput runs pass 1,536-4,000 requests
# (HabanaAI/Gaudi-tutorials, Benchmarking_on_Optimum-habana_with_fp8/Gaudi_1-20.json), so only the KV cache
# bounds it.
STATIC_BATCH_UNCAPPED = 1 << 20
DEFAULT_MAX_BATCH: dict[str, int] = {"trt-llm": 4096, "vllm": 256,
                                     **dict.fromkeys(batching.STATIC_BATCH_BACKENDS, STATIC_BATCH_UNCAPPED)}
FALLBACK_MAX_BATCH = 64


@dataclass(slots=True)  # not frozen: frozen dataclasses pay a setattr per field, and this is built per call
class PlanResult:
    """Figures of one plan at one concurrency (memory per device; totals over the devices used)."""

    group: int
    replicas: int
    batch: int
    per_stream: float
    total: float
    prefill_tokens_per_s: float
    ttft_ms: float
    ttft_p95_ms: float
    memory_bound: bool
    per_device_required_gb: float
    per_device_usable_gb: float
    kv_cache_gb: float
    # The plan lays attention out data-parallel (each rank its own streams and their KV cache), not tensor parallel.
    attention_dp: bool
    # What the offline totals below are worked out from when read: only the calibration fit reads them, and a
    # count search evaluates thousands of plans per recommendation (two answer times each saved).
    resolved: Resolved = field(repr=False, compare=False)
    terms: _AnswerTerms = field(repr=False, compare=False)

    @property
    def sustained_total(self) -> float:
        """Output tokens/s including every prompt's prefill (offline benchmarks): every answer also pays for its
        own prompt."""
        sustained_cycle = _answer_ms(self.resolved, self.terms, self.batch, self.batch)[0]
        return self.replicas * self.batch * self.resolved.output_tokens / sustained_cycle * 1000.0

    @property
    def decode_total(self) -> float:
        """Output tokens/s over the devices used counting decode steps only (no prompt interleaved): what a
        benchmark reports as batch × 1 / inter-token latency (tt-metal demos' "t/s")."""
        decode_ms = _answer_ms(self.resolved, self.terms, self.batch, 0)[0]
        return self.replicas * self.batch * self.resolved.output_tokens / decode_ms * 1000.0

    @property
    def fits(self) -> bool:
        return self.per_device_required_gb <= self.per_device_usable_gb

    @property
    def devices_used(self) -> int:
        return self.group * self.replicas


def kv_cache_gb(r: Resolved, batch: int) -> float:
    """KV cache of one replica at `batch` streams, as a paged engine allocates it: every stream's typical
    sequence, plus one request at the maximum context when that is longer."""
    return r.kv_sequence_gb * batch + (r.kv_long_extra_gb if batch > 0 else 0.0)


def speed_parallel(r: Resolved, group: int) -> int:
    """Devices that work on one token at once: the tensor-parallel group inside one server (1 for a layer
    split). A group larger than a server is pipelined across servers: each stage works in turn."""
    if r.layer_split:
        return 1
    return min(group, r.per_server) if r.per_server else group


def pipeline_stages(r: Resolved, group: int) -> int:
    """Servers one model copy spans (1 unless the copy does not fit in one server)."""
    if r.layer_split or not r.per_server or group <= r.per_server:
        return 1
    return -(-group // r.per_server)


# Engines that run a mixture of experts' copy across servers expert-parallel: attention data parallel (one
# copy of the dense weights per server, tensor parallel inside it), the routed experts sharded over every device
# of every server, all ranks stepping together ("Use Data Parallel (DP) for attention layers ... Expert or Tensor
# Parallel (EP/TP) for expert layers ... expert layers across all ranks are required to synchronize during every
# forward pass": vLLM-Ascend's Multi-Node-DP (DeepSeek) tutorial, docs.vllm.ai/projects/ascend/en/v0.11.0/
# tutorials/multi_node.html; vLLM's expert parallel deployment, docs.vllm.ai/en/latest/serving/
# expert_parallel_deployment/, `deepep_low_latency` "Multi-node decode"; TensorRT-LLM's wide expert parallelism).
# Every device's bandwidth then reads its share of the experts at once, where a pipeline's stages read in turn.
CROSS_SERVER_EXPERT_PARALLEL_BACKENDS = frozenset({"vllm", "trt-llm", "ascend"})
# Only servers built around a scale-up fabric (HGX's NVLink, OAM's Infinity Fabric, Atlas's HCCS) come with an RDMA
# NIC per accelerator for the per-layer token exchange: DeepEP forwards NVLink-domain tokens into the RDMA domain
# (NVSHMEM IBGDA), measured on H800s each with a CX7 400 Gb/s NIC (github.com/deepseek-ai/DeepEP README). PCIe-card
# boxes keep the pipeline across servers.
CROSS_SERVER_EXPERT_PARALLEL_LINKS = frozenset({"nvlink", "fabric"})


def expert_parallel_servers(r: Resolved, group: int) -> int:
    """Servers a mixture of experts' copy spans expert-parallel (`CROSS_SERVER_EXPERT_PARALLEL_BACKENDS`), 1 when
    the copy fits in one server, is dense, or its engine pipelines it across the servers instead."""
    if (not r.expert_read_ms or r.backend not in CROSS_SERVER_EXPERT_PARALLEL_BACKENDS
            or r.device.link not in CROSS_SERVER_EXPERT_PARALLEL_LINKS):
        return 1
    return pipeline_stages(r, group)


def _cross_server_exchange_ms(r: Resolved, servers: int, tokens: float) -> float:
    """The routed tokens of a layer sent to the servers holding their experts and their results brought back
    (dispatch + combine, two exchanges of the tokens' activations a layer) over the servers' network."""
    latency_us, gbs = INTER_SERVER_LINK
    return roofline.comm_ms_per_step(servers, r.arch.layers, r.arch.hidden_size, tokens, gbs, latency_us)


def _hop_ms(r: Resolved, group: int, tokens: float) -> float:
    """Activations of `tokens` tokens handed between pipeline stages over the servers' network."""
    stages = pipeline_stages(r, group)
    if stages <= 1:
        return 0.0
    latency_us, gbs = INTER_SERVER_LINK
    return (stages - 1) * (latency_us / 1000.0 + tokens * r.arch.hidden_size * 2.0 / (gbs * 1e9) * 1000.0)


def prefill_tokens(r: Resolved) -> int:
    """The prompt tokens one request prefills: the prompt less the prefix the engine's cache already holds (vLLM's
    automatic prefix caching, SGLang's RadixAttention, TensorRT-LLM's KV cache reuse compute a shared prefix once:
    https://docs.vllm.ai/en/latest/design/prefix_caching/, https://nvidia.github.io/TensorRT-LLM/advanced/kv-cache-reuse.html)."""
    return r.prompt_tokens - r.cached_prefix_tokens


def prompt_flops(r: Resolved) -> float:
    """FLOPs of one request's prefill: the whole prompt's less those of its cached prefix computed alone. Causal
    attention makes each position's cost depend only on the tokens before it, so the rest still attends over the
    cached prefix (its attention term is kept)."""
    flops = r.arch.prompt_flops(r.prefill_params_b, r.prompt_tokens)
    if r.cached_prefix_tokens:
        flops -= r.arch.prompt_flops(r.prefill_params_b, r.cached_prefix_tokens)
    return flops


def prefill_time_ms(r: Resolved, parallel: int) -> float:
    """One prompt's prefill on one replica (`parallel` devices working on it at once); cached."""
    cached = r.prefill_cache.get(parallel)
    if cached is None:
        dev, arch = r.device, r.arch
        comm = roofline.comm_ms_per_step(
            parallel, arch.layers, arch.hidden_size, prefill_tokens(r), dev.link_gbs, dev.link_latency_us
        )
        cached = r.prefill_cache[parallel] = roofline.prefill_ms(
            prompt_flops(r), step_weights_gb(r, prefill_tokens(r)), r.peak_tflops, r.prefill_efficiency, dev.bandwidth_gbs,
            r.factors.bandwidth_efficiency, parallel, comm,
        )
    return cached


def static_prefill_ms(r: Resolved, parallel: int, prompts: int) -> float:
    """One prefill pass over a static batch of `prompts` prompts (`batching.is_static_batch`): their FLOPs at
    the calibrated prompt rate, floored by one read of the weights (the pass reads them once for the whole
    batch, not once a prompt), plus the all-reduces of all `prompts × I` tokens' activations."""
    if prompts <= 1:
        return prefill_time_ms(r, parallel)
    dev, arch = r.device, r.arch
    tokens = prompts * prefill_tokens(r)
    comm = roofline.comm_ms_per_step(parallel, arch.layers, arch.hidden_size, tokens, dev.link_gbs, dev.link_latency_us)
    return roofline.prefill_ms(
        prompts * prompt_flops(r), step_weights_gb(r, tokens), r.peak_tflops,
        r.prefill_efficiency, dev.bandwidth_gbs, r.factors.bandwidth_efficiency, parallel, comm,
    )


def prefill_compute_ms(r: Resolved, parallel: int) -> float:
    """One prompt's prefill FLOPs at the calibrated prefill rate, without the weights-read floor: what a
    continuous-batching engine adds to decode steps that read the weights anyway (`batching.py`)."""
    key = -parallel  # shares the prefill cache: negative keys never collide with group sizes
    cached = r.prefill_cache.get(key)
    if cached is None:
        flops = prompt_flops(r)
        cached = r.prefill_cache[key] = flops / (parallel * r.peak_tflops * 1e12 * r.prefill_efficiency) * 1000.0
    return cached


def _comm_terms(r: Resolved, parallel: int) -> tuple[float, float]:
    """(ms at batch 0, ms per stream) of a decode step's all-reduces on `parallel` devices; cached."""
    terms = r.comm_cache.get(parallel)
    if terms is None:
        dev, arch = r.device, r.arch
        fixed = roofline.comm_ms_per_step(parallel, arch.layers, arch.hidden_size, 0, dev.link_gbs, dev.link_latency_us)
        one = roofline.comm_ms_per_step(parallel, arch.layers, arch.hidden_size, 1, dev.link_gbs, dev.link_latency_us)
        terms = r.comm_cache[parallel] = (fixed, one - fixed)
    return terms


def step_time_ms(r: Resolved, parallel: int, batch: int) -> tuple[float, bool]:
    """Calibrated decode step for `batch` streams on `parallel` devices, and whether memory bounds it.

    The roofline terms are linear in the batch and inverse in the devices, so the per-request
    coefficients (`with_factors`) give the step without re-deriving it.
    """
    memory, compute, overhead, comm, host, attention = _step_terms(r, parallel, batch)
    device = max(memory, compute) + attention + comm
    busy = max(device, host) if r.host_overlapped else device + host
    return busy + overhead, memory >= compute


_StepTerms = tuple[float, float, float, float, float, float]


def _step_terms(r: Resolved, parallel: int, batch: int, servers: int = 1) -> _StepTerms:
    """`_laid_out_step` without the layout."""
    return _laid_out_step(r, parallel, batch, parallel * servers, servers)[0]


def _laid_out_step(r: Resolved, parallel: int, batch: int, group: int,
                   servers: int = 1) -> tuple[_StepTerms, bool]:
    """((memory, compute, overhead, comm, host, attention) ms of one decode step of `batch` streams on
    `parallel` devices of a group of `group`, and whether attention is laid out data-parallel): the weight
    matmuls' reads and FLOPs, the step's fixed cost, the all-reduces, its per-stream host work
    (`batching.cycle_ms`) and the streams' attention.

    The weight matmuls and the attention are separate kernels, each at its own roofline: a matmul reads
    the weights once for all streams and its FLOPs grow with the batch (memory bound at batch 1, compute
    bound at thousands), while attention reads every stream's own KV cache (memory bound at any batch:
    one multiply-add per KV element read). So the step is max(weights, matmul FLOPs) + max(KV, attention
    FLOPs), not max(weights + KV, matmul + attention FLOPs): at batch 1 the same weights + KV, at 2,048
    streams the matmuls' compute plus the KV reads that the single max hid under it.

    `servers` > 1: a mixture of experts' copy expert-parallel over that many servers of `parallel` devices
    (`expert_parallel_servers`): each server reads its own copy of the dense weights for its share of the streams,
    every device of every server its share of the experts the whole batch touches; each server's engine schedules
    and all-reduces only its own streams (the servers' exchange is `_cross_server_exchange_ms`)."""
    devices = parallel * servers
    memory = r.memory_fixed_ms / parallel
    if r.expert_read_ms:  # a mixture of experts reads only the experts the batch's tokens touch
        memory += r.expert_read_ms * touched_expert_share(r.route_share, batch) / devices
    compute = batch * r.compute_per_stream_ms / devices
    # Each tensor-parallel rank reads the KV heads it holds: 1 / parallel of the cache, or for fewer KV heads than
    # ranks 1 / heads of it, the whole latent for MLA (`Architecture.kv_shards`); its attention FLOPs are its query
    # heads', 1 / parallel. Each server of an expert-parallel copy attends over its own streams, an attention-data-
    # parallel rank over its own only.
    shards = r.arch.kv_shards(parallel) if not r.layer_split else parallel
    attention = batch * max(_kv_read_ms(r, parallel, shards), r.attention_compute_per_stream_ms / parallel) / servers
    if parallel > 1:
        comm_fixed, comm_per_stream = _comm_terms(r, parallel)
        comm = (comm_fixed + batch / servers * comm_per_stream) * r.model_step_scale
    else:
        comm = 0.0
    overhead, host = r.step_overhead_ms, batch * r.scheduler_ms_per_stream / servers
    if r.moe_step_ms and parallel > 1:
        # A mixture of experts spread expert-parallel over several devices synchronizes them at every MoE
        # layer: the tokens go to the ranks holding their experts and come back (all-gather + reduce-scatter,
        # or all-to-all), and the step waits for the rank with the most work ("the iteration time is dominated
        # by the slowest rank", TensorRT-LLM tech blog 10). `Factors.moe_layer_ms` is that cost per layer once
        # the batch reaches every expert; a batch reaching fewer (`touched_expert_share`: k of E at one stream,
        # all of them at hundreds) involves fewer ranks' experts and pays that share. It holds in either
        # attention layout of an engine that runs its experts expert-parallel (`resolve.EXPERT_PARALLEL_BACKENDS`);
        # tensor-parallel experts (vLLM's and SGLang's default) send no token and split every expert's work
        # evenly, so `moe_step_ms` is 0 there. One device has no ranks to wait for.
        overhead += r.moe_step_ms * touched_expert_share(r.route_share, batch)
    dp = False
    if group == parallel > 1 and attention_dp_fits(r, parallel, batch):
        # Attention data parallel: each rank's executor schedules its own ~batch / parallel streams (the
        # ranks work at once), and holds their KV cache only (`attention_dp_required_gb`).
        # Every rank holds every weight but the routed experts ("All GEMM weights are replicated on every
        # GPU", TensorRT-LLM's parallel-strategy guide; its dense MLPs and shared experts are built with
        # `overridden_tp_size=1` under attention DP), so each rank reads the dense weights whole; and no
        # attention all-reduce runs (`disable_attn_allreduce`): a layer's only exchange is the MoE's
        # all-gather of the tokens and reduce-scatter of the results, one all-reduce's volume of two.
        # It is a layout the operator chooses for throughput (TensorRT-LLM's max-throughput recipes;
        # its min-latency ones keep tensor parallel attention), so the step takes whichever layout is
        # faster at this batch. An engine that lays it out only when asked (`Resolved.attention_dp_opt_in`)
        # takes it where tensor-parallel attention cannot hold the KV cache (an MLA latent cache is whole on
        # every tensor-parallel rank, `tensor_parallel_required_gb`), and so does TensorRT-LLM.
        dp_memory = memory + r.memory_fixed_ms * (1.0 - 1.0 / parallel)
        dp_comm = comm / 2.0
        dp_overhead, dp_host = overhead, host / parallel
        device = max(memory, compute) + attention + comm
        dp_attention = batch * max(r.memory_per_stream_ms, r.attention_compute_per_stream_ms) / parallel
        dp_device = max(dp_memory, compute) + dp_attention + dp_comm
        if tensor_parallel_required_gb(r, parallel, batch) > r.device.usable_memory_gb:
            dp = True
        elif not r.attention_dp:
            dp = False
        elif r.host_overlapped:
            dp = dp_overhead + max(dp_device, dp_host) < overhead + max(device, host)
        else:
            dp = dp_overhead + dp_device + dp_host < overhead + device + host
        if dp:
            memory, comm, overhead, host = dp_memory, dp_comm, dp_overhead, dp_host
            attention = dp_attention
    if batch > 1:
        # llama-server's host samples the running slots one after another (`batching.host_sampling_ms`).
        host += (batch - 1) * r.host_sampling_ms_per_extra_stream
    return (memory, compute, overhead, comm, host, attention), dp


def _kv_read_ms(r: Resolved, parallel: int, shards: int) -> float:
    """One stream's KV cache read by one of `parallel` tensor-parallel ranks of which `shards` hold distinct KV heads;
    a hybrid's recurrent state (read and written back, `Resolved.memory_per_stream_ms`) splits over every rank."""
    if shards >= parallel:
        return r.memory_per_stream_ms / parallel
    state_bytes = 2.0 * r.state_gb
    kv_bytes = r.kv_token_gb * r.decode_context
    state_ms = r.memory_per_stream_ms * state_bytes / (state_bytes + kv_bytes) if state_bytes else 0.0
    return state_ms / parallel + (r.memory_per_stream_ms - state_ms) / shards


class _AnswerTerms(NamedTuple):
    """One replica's step terms at a batch (ms), with the inter-server hops of a copy spanning servers:
    what every answer time at that batch is made of, whatever number of prompts interleave."""

    memory: float
    compute: float
    overhead: float
    comm: float
    prefill: float
    prefill_compute: float
    host: float
    attention: float
    attention_dp: bool  # attention laid out data-parallel (`_laid_out_step`)


def _answer_terms(r: Resolved, group: int, batch: int) -> _AnswerTerms:
    parallel = speed_parallel(r, group)
    servers = expert_parallel_servers(r, group)
    (memory, compute, overhead, comm, host, attention), dp = _laid_out_step(r, parallel, batch, group, servers)
    # A static batch prefills its `batch` prompts in one pass (`batching.py`): that pass is every answer's prefill.
    prompts = batch if r.static_batch else 1
    # A prompt is prefilled on its own server's devices (its attention is there; conservative for its experts).
    prefill = static_prefill_ms(r, parallel, prompts) if prompts > 1 else prefill_time_ms(r, parallel)
    if servers > 1:
        comm += _cross_server_exchange_ms(r, servers, batch)
        prefill += _cross_server_exchange_ms(r, servers, prompts * prefill_tokens(r))
    elif group > parallel and not r.layer_split:
        comm += _hop_ms(r, group, batch)
        prefill += _hop_ms(r, group, prompts * prefill_tokens(r))
    prefill_compute = prefill_compute_ms(r, parallel) if r.continuous else 0.0
    return _AnswerTerms(memory, compute, overhead, comm, prefill, prefill_compute, host, attention, dp)


def _answer_ms(r: Resolved, terms: _AnswerTerms, batch: int, others: float) -> tuple[float, bool]:
    """One answer's wall time with `others` prompts prefilled in between (`batching.cycle_ms`), and
    whether memory bounds its steps."""
    return batching.cycle_ms(r.continuous, r.output_tokens, batch, terms.memory, terms.compute, terms.overhead,
                             terms.comm + terms.attention, terms.prefill, terms.prefill_compute, others, terms.host,
                             r.host_overlapped, r.static_batch)


class _Cycle(NamedTuple):
    """One answer of a plan at its batch: the step terms, its wall time with every other user's prompt
    interleaved (ms) and whether memory bounds its steps."""

    batch: int
    terms: _AnswerTerms
    cycle_ms: float
    memory_bound: bool


def prompting_share(r: Resolved) -> float:
    """The share of a user's cycle its answer takes, so the share of the other users whose next prompt lands
    within it: 1 in a closed loop (each stream sends its next prompt when its answer ends, as a benchmark client
    and as streams from a stated rate do: Little's law already counted them generating), else answer time ÷
    (answer + reading), the answer streamed at the paced speed and read at `reading_tokens_per_s`, which is
    reading ÷ (reading + paced) whatever the answer's length: 15 % at 30 tok/s against 5.3 tok/s of reading
    (`estimator.advice.concurrency.generating_share`, the same rule a head count's streams are sized by).

    People at once are still sized as that many streams decoding together (the peak they can reach); only their
    prompts arrive at the rate people send them, not one per answer each.
    """
    if not r.reading_tokens_per_s or not r.paced_tokens_per_s:
        return 1.0
    return r.reading_tokens_per_s / (r.reading_tokens_per_s + r.paced_tokens_per_s)


# A rate's fixed point (`_paced_answer_ms`) is taken as found once the share moves less than this between rounds.
_SHARE_TOLERANCE = 1e-3
_SHARE_ROUNDS = 40


def _paced_answer_ms(r: Resolved, terms: _AnswerTerms, batch: int) -> tuple[float, bool]:
    """One answer's wall time with the other streams' prompts that land within it, and whether memory bounds it.

    Streams from an arrival rate (`Resolved.prompts_per_stream_per_s`, ρ a second each) send ρ × C prompts each in
    an answer of C: the prompts arrive at the rate said, not one per answer per stream sized (the streams were
    counted at the rate's busiest moments, at a hold time the device need not take). C itself grows with the
    prompts prefilled within it, so the share is the least fixed point of s = min(1, ρ · C(s)), found from below
    (C grows with s, so the rounds rise to it); a rate the replica cannot keep up with saturates at one prompt per
    answer per stream, the closed loop (its queue would grow without bound).
    """
    share = prompting_share(r)
    rate = r.prompts_per_stream_per_s
    if rate is None:
        return _answer_ms(r, terms, batch, (batch - 1) * share)
    arrived = 0.0
    for _ in range(_SHARE_ROUNDS):
        cycle, memory_bound = _answer_ms(r, terms, batch, (batch - 1) * arrived)
        step = min(share, rate * cycle / 1000.0)
        if step - arrived < _SHARE_TOLERANCE:
            return cycle, memory_bound
        arrived = step
    return _answer_ms(r, terms, batch, (batch - 1) * share)


def _cycle(r: Resolved, count: int, group: int, concurrency: int, memo: PlanMemo | None = None) -> _Cycle:
    return _cycle_at(r, group, -(-concurrency // max(1, count // group)), memo)


def _cycle_at(r: Resolved, group: int, batch: int, memo: PlanMemo | None) -> _Cycle:
    """`_cycle` of a group at its batch (each replica's share of the users)."""
    cycled = memo.cycles.get((group, batch)) if memo is not None else None
    if cycled is None:
        terms = _answer_terms(r, group, batch)
        cycle, memory_bound = _paced_answer_ms(r, terms, batch)
        cycled = _Cycle(batch, terms, cycle, memory_bound)
        if memo is not None:
            memo.cycles[(group, batch)] = cycled
    return cycled


@dataclass(slots=True)
class PlanMemo:
    """What `best_plan` worked out for one resolved request, reused across a search over device counts
    (`throughput.ByCount`): an answer's cycle depends on its group and batch only, a plan's figures on its group,
    replicas and users only, never on the count itself, and a count search meets the same ones at many counts (a
    replica more only every `group` devices). Its entries are functions of the request's physics alone (its
    `Resolved.plans_scope`), so they hold for as long as that does; it is kept by the recommendations that use it
    (`PlanMemos`), never on the resolved request itself (that outlives every turn). The plans it hands out are
    shared, so read-only."""

    cycles: dict[tuple[int, int], _Cycle] = field(default_factory=dict)
    plans: dict[tuple[int, int, int], PlanResult] = field(default_factory=dict)
    # (mean, p95) first token of a group at a batch: a function of its cycle, which is the group's and batch's.
    ttfts: dict[tuple[int, int], tuple[float, float]] = field(default_factory=dict)
    # Whether a group holds the model and a batch's KV cache (`_fits_at`): the group's and batch's too.
    fits: dict[tuple[int, int], bool] = field(default_factory=dict)
    # `best_plan` at (count, users, probe speed, first-token bound): the sizer checks a count's figures, then keeps
    # its estimate (the same plan); a capacity probe asking a stricter bound gets its own.
    chosen: dict[tuple[int, int, float | None, float | None], PlanResult] = field(default_factory=dict)


# id of a plans scope → (that scope, its memo); the scope is held so its id stays its own.
_Memos = dict[int, tuple[object, PlanMemo]]


@dataclass(slots=True)
class PlanMemos:
    """One `PlanMemo` per resolved request's physics, for every search of one recommendation. A memo's entries
    depend on the physics alone (never on the users, the count searched or the first-token bound a layout is
    chosen for), and `resolve` hands one request's searches the same scope: the peak's and the overload's count
    searches of a candidate (1.5× the users), the search with an assumed first-token bound waived and its capacity
    probe meet the same layouts at the same batches.

    `recent`: the memos of the recommendation before (`recent_memos`), whose physics a follow-up meets again ("what if
    800 users?", "compare that with two L40S", a fact the sizing does not read): a scope found there is carried
    over, so the memos kept are at most those of two recommendations. A catalog loaded anew (another data
    version) is indexed anew, its requests resolved anew, and shares no scope with the old one."""

    by_resolved: _Memos = field(default_factory=dict)
    recent: _Memos = field(default_factory=dict)

    def of(self, r: Resolved) -> PlanMemo:
        scope = r.plans_scope
        found = self.by_resolved.get(id(scope))
        if found is None:
            found = self.recent.get(id(scope))
            if found is None or found[0] is not scope or len(found[1].chosen) > MAX_CARRIED_PLANS:
                found = (scope, PlanMemo())
            self.by_resolved[id(scope)] = found
        return found[1]


_LAST_MEMOS: list[PlanMemos] = []
# A physics every recommendation meets (a common model on a common card) would carry its memo on forever, growing
# with every count and head count asked: past this many chosen plans (a large recommendation's searches of one
# physics choose a few dozen) it starts afresh.
MAX_CARRIED_PLANS = 4_096


def recent_memos() -> PlanMemos:
    """A recommendation's `PlanMemos`, carrying over the plans of the one before it (of any thread: the entries are
    the physics', whoever asked). The previous memos are dropped from it, so no chain of recommendations is kept."""
    memos = PlanMemos(recent=_LAST_MEMOS[0].by_resolved if _LAST_MEMOS else {})
    _LAST_MEMOS[:] = [memos]
    return memos


def per_stream_tokens_per_s(r: Resolved, count: int, group: int, concurrency: int) -> float:
    """Per-user decode speed of a plan (the cheap part of `evaluate`, used to compare plans)."""
    return r.output_tokens / _cycle(r, count, group, concurrency).cycle_ms * 1000.0


def evaluate(r: Resolved, count: int, group: int, concurrency: int, cycled: _Cycle | None = None,
             ttft: tuple[float, float] | None = None) -> PlanResult:
    """All figures of `count // group` replicas of `group` devices serving `concurrency` users (`cycled`:
    this plan's `_cycle`, and `ttft` its `_ttft_ms`, when the caller has them already)."""
    replicas = max(1, count // group)
    batch, terms, cycle, memory_bound = cycled or _cycle(r, count, group, concurrency)
    prefill = terms.prefill
    per_stream = r.output_tokens / cycle * 1000.0
    mean_ttft, p95_ttft = ttft or _ttft_ms(r, batch, cycle, prefill)
    kv = kv_cache_gb(r, batch)
    required = attention_dp_required_gb(r, group, batch) if terms.attention_dp else \
        tensor_parallel_required_gb(r, group, batch)
    return PlanResult(
        group, replicas, batch, per_stream, per_stream * concurrency,
        prefill_tokens(r) / prefill * 1000.0, mean_ttft, p95_ttft, memory_bound,
        required, r.device.usable_memory_gb, kv, terms.attention_dp, r, terms,
    )


@lru_cache(maxsize=256)
def group_sizes(count: int, layer_split: bool, per_server: int = 0) -> tuple[int, ...]:
    """Candidate group sizes: any size for layer split, powers of two for tensor parallelism (inside one
    server when the device goes into servers)."""
    if layer_split:
        return tuple(range(1, count + 1))
    top = min(count, per_server) if per_server else count
    return tuple(2**i for i in range(top.bit_length()))


@lru_cache(maxsize=256)
def pipeline_group_sizes(count: int, per_server: int) -> tuple[int, ...]:
    """Model copies spanning 2, 3, … whole servers (tensor parallel inside each, pipeline across)."""
    if not per_server:
        return ()
    return tuple(per_server * stages for stages in range(2, count // per_server + 1))


def attention_dp_replicated_gb(r: Resolved, group: int) -> float:
    """Weights every rank of an attention-data-parallel group holds whole (all but the routed experts,
    `_step_terms`); 0 for any other layout."""
    return r.dense_weights_gb if r.attention_dp and group > 1 else 0.0


def attention_dp_possible(r: Resolved, group: int) -> bool:
    """Whether the engine can lay a group of `group` devices out attention-data-parallel: a mixture of experts
    (whose routed experts the ranks share; a dense model's data parallel is plain replicas) on an engine that
    runs it (`resolve.ATTENTION_DP_BACKENDS`, `resolve.OPT_IN_ATTENTION_DP_BACKENDS`), inside one server."""
    return (r.attention_dp or r.attention_dp_opt_in) and group > 1 and not r.layer_split \
        and pipeline_stages(r, group) == 1


def attention_dp_required_gb(r: Resolved, group: int, batch: int) -> float:
    """One rank of an attention-data-parallel group: the dense weights whole (`_step_terms`), its share of the
    routed experts, its share of the streams and their KV cache, and the runtime."""
    dense = r.dense_weights_gb
    return dense + per_device_memory_gb(r.weights_gb - dense, kv_cache_gb(r, batch), group, r.overhead_gb)


def attention_dp_fits(r: Resolved, group: int, batch: int) -> bool:
    """Whether a group of `group` ranks laid out attention-data-parallel holds the dense weights on every
    rank plus its share of the experts and of `batch` streams' KV cache."""
    return attention_dp_possible(r, group) and attention_dp_required_gb(r, group, batch) <= r.device.usable_memory_gb


def kv_shards(r: Resolved, group: int) -> int:
    """Devices of a group the KV cache splits over: all of a layer split's (each holds its layers), else the
    KV heads' share of each server's tensor-parallel group (`Architecture.kv_shards`: 1 for an MLA latent)
    times the pipeline stages (each holds its layers). Cached per group: every memory check of the group asks."""
    shards = r.shards_cache.get(group)
    if shards is None:
        shards = r.shards_cache[group] = group if r.layer_split else \
            r.arch.kv_shards(speed_parallel(r, group)) * pipeline_stages(r, group)
    return shards


def tensor_parallel_required_gb(r: Resolved, group: int, batch: int) -> float:
    """One device of a group that shards the weights and holds its part of `batch` streams' KV cache: the KV
    heads split over at most their number of ranks (`kv_shards`), the rest replicas (each server of an
    expert-parallel copy holds its own streams', as a pipeline stage holds its own layers'); a hybrid's recurrent
    state splits over every rank (its heads are many)."""
    # Expert-parallel across servers, the other servers' copies of the dense weights (each server holds one,
    # `_step_terms`) spread over the group.
    weights = r.weights_gb + r.dense_weights_gb * (expert_parallel_servers(r, group) - 1)
    kv = kv_cache_gb(r, batch)
    if kv_shards(r, group) >= group:
        return per_device_memory_gb(weights, kv, group, r.overhead_gb)
    return weights / group + tensor_parallel_kv_gb(r, group, batch) + r.overhead_gb


def tensor_parallel_kv_gb(r: Resolved, group: int, batch: int) -> float:
    """The KV cache (and recurrent state) one device of a tensor-parallel group holds at `batch` streams."""
    state = r.state_gb * batch
    return state / group + (kv_cache_gb(r, batch) - state) / kv_shards(r, group)


def plan_fits(r: Resolved, count: int, group: int, concurrency: int) -> bool:
    """Whether `count // group` replicas of `group` devices hold the model and their users' KV cache."""
    return _fits_at(r, group, -(-concurrency // max(1, count // group)))


def _fits_at(r: Resolved, group: int, batch: int) -> bool:
    """Whether a group of `group` devices holds the model and `batch` streams' KV cache, in some layout."""
    return tensor_parallel_required_gb(r, group, batch) <= r.device.usable_memory_gb \
        or attention_dp_fits(r, group, batch)


def _fits_memo(r: Resolved, group: int, batch: int, memo: PlanMemo | None) -> bool:
    """`_fits_at`, memoized with the plans: a count search checks one group at one batch at many counts."""
    if memo is None:
        return _fits_at(r, group, batch)
    fits = memo.fits.get((group, batch))
    if fits is None:
        fits = memo.fits[(group, batch)] = _fits_at(r, group, batch)
    return fits


def fewest_fitting_devices(r: Resolved, concurrency: int) -> int:
    """A floor under the devices any plan needs to hold the model and `concurrency` streams' KV cache: every replica
    holds the weights and its streams' KV cache (`kv_cache_gb`), spread over its group's devices, each keeping its
    runtime overhead; the replicas hold all the streams between them, so the devices used hold the weights once and
    every stream's KV cache at least. A count search skips the counts below unchecked (`Sizer.smallest_count`): they
    fit nothing (hundreds of streams' KV cache on 8 GB cards took it through 1, 2 and 4 cards first)."""
    room = r.device.usable_memory_gb - r.overhead_gb
    if room <= 0:
        return 1  # nothing fits on any count: the search finds that itself
    # Less a hair: a plan exactly at the limit must stay above the floor whatever the rounding of the division.
    return max(1, math.ceil((r.weights_gb + kv_cache_gb(r, concurrency)) / room * (1 - 1e-9)))


def smallest_fitting_group(r: Resolved, count: int, concurrency: int) -> int | None:
    """The smallest group whose devices hold the model and its share of KV cache, or None."""
    for group in (*group_sizes(count, r.layer_split, r.per_server), *pipeline_group_sizes(count, r.per_server)):
        if plan_fits(r, count, group, concurrency):
            return group
    return None


def best_plan(r: Resolved, count: int, concurrency: int, memo: PlanMemo | None = None, *,
              speed_asked: float | None = None, ttft_asked: float | None = None) -> PlanResult:
    """The fitting plan with the fastest per-user decode, or the all-devices plan if nothing fits; when several
    fitting plans reach the per-user speed asked (`Resolved.paced_tokens_per_s`), the smallest group among them that
    meets the first-token bound asked (`Resolved.ttft_target_ms`; any, when none is asked), else the one among them
    whose p95 first token comes soonest (more replicas split the prompts; a larger group splits each prompt but pays its all-reduces,
    over PCIe a large share of a long prompt).

    Every group size is checked for fit on its own: a larger group does not always fit when a smaller
    one does. When `count` is not a multiple of the group, `count // group` replicas leave devices
    idle and each replica takes more users (3 devices: groups of 1 serve C / 3 users each, the one
    group of 2 serves all C), so with a long reserved context the larger group can need more memory
    per device; choosing it anyway reported "does not fit" (speed 0) at C while C + 1 users got a
    fitting, faster plan. The set of fitting plans only shrinks as C grows and each plan's per-user
    speed only falls, so the best fitting one never gets faster with more users.

    `speed_asked` / `ttft_asked`: a capacity probe that checks a stricter speed or first-token bound than the
    request's own (the low end of an uncalibrated estimate's range, `max_concurrent_streams`) picks the layout for
    that bound: a layout chosen for the looser pace (two single-card copies at 30 tok/s) would fail the probe at
    one user while a tensor-parallel group reaching it fits, and the probe would read "carries nobody".
    """
    # The bound the plan is chosen for: the one asked, else the request's own (one memo serves the requests that
    # differ only in it, `Resolved.plans_scope`).
    key = (count, concurrency, speed_asked, ttft_asked if ttft_asked is not None else r.ttft_target_ms)
    if memo is None:
        return _best_plan(r, count, concurrency, None, speed_asked, ttft_asked)
    plan = memo.chosen.get(key)
    if plan is None:
        plan = memo.chosen[key] = _best_plan(r, count, concurrency, memo, speed_asked, ttft_asked)
    return plan


def _best_plan(r: Resolved, count: int, concurrency: int, memo: PlanMemo | None,
               speed_asked: float | None, ttft_asked: float | None) -> PlanResult:
    pace = r.paced_tokens_per_s  # the faster of the request's pace and the probe's speed, either unset (None or 0)
    if speed_asked and not (pace and pace >= speed_asked):
        pace = speed_asked
    bound = ttft_asked if ttft_asked is not None else r.ttft_target_ms
    if r.layer_split:
        # No speed from a larger group; the smallest fitting one has the most replicas (smallest batch).
        smallest = smallest_fitting_group(r, count, concurrency)
        return _evaluated(r, count, group_sizes(count, True)[-1] if smallest is None else smallest, concurrency, memo)
    best_group, best_speed, best_cycle = 0, -1.0, None
    sizes = group_sizes(count, False, r.per_server)
    at_target: list[tuple[float, int, _Cycle]] = []  # (p95 first token, group, cycle) of plans at the speed asked
    for group in sizes:
        batch = -(-concurrency // max(1, count // group))  # `plan_fits` and `_cycle`, the batch worked out once
        if _fits_memo(r, group, batch, memo):
            cycled = _cycle_at(r, group, batch, memo)
            speed = r.output_tokens / cycled.cycle_ms * 1000.0  # `per_stream_tokens_per_s`, kept for `evaluate`
            if speed > best_speed:
                best_group, best_speed, best_cycle = group, speed, cycled
            if pace and speed >= pace:
                p95 = _plan_ttft_ms(r, group, cycled, memo)[1]
                if bound is None or p95 <= bound:
                    # The rule below picks this group whatever the larger ones do: the smallest at the speed asked
                    # that meets the bound when several reach that speed, the fastest when it alone does (none
                    # before it did). Groups come smallest first, so a count search's plan usually costs one cycle.
                    return _evaluated(r, count, group, concurrency, memo, cycled)
                at_target.append((p95, group, cycled))
    if len(at_target) > 1:
        # Several layouts reach the per-user speed asked. Tensor parallel only where memory, the per-user speed or the
        # first-token bound needs it (seed 2: "模型不大但请求多数据并行加负载均衡通常最简单有效"): the smallest group that
        # also meets the bound, or with no bound asked the smallest (more copies split the prompts among them, and no
        # all-reduce crosses the link); with none meeting the bound, the one whose first token comes soonest.
        meeting = [plan for plan in at_target if bound is None or plan[0] <= bound]
        _, best_group, best_cycle = min(meeting, key=lambda plan: plan[1]) if meeting else \
            min(at_target, key=lambda plan: plan[:2])
    if best_group:
        return _evaluated(r, count, best_group, concurrency, memo, best_cycle)
    # One copy does not fit in one server: the fewest servers per copy that hold it (pipeline across
    # them), which leaves the most replicas.
    # (`plan_fits`, memoized with the plans: a count search of a large copy meets each pipelined group at each count)
    pipelined = pipeline_group_sizes(count, r.per_server)
    best_group = next((g for g in pipelined if _fits_memo(r, g, -(-concurrency // max(1, count // g)), memo)), 0)
    fallback = (pipelined or sizes)[-1]
    return _evaluated(r, count, best_group or fallback, concurrency, memo)


def some_layout_reaches(r: Resolved, count: int, concurrency: int, tokens_per_s: float, ttft_p95_ms: float | None,
                        memo: PlanMemo | None = None) -> bool:
    """Whether any plan `best_plan` may choose at `count` (each fitting tensor-parallel group, each fitting copy
    pipelined across servers; a layer split's one) decodes at `tokens_per_s` per user or faster with its p95 first
    token within `ttft_p95_ms` (None: any), whichever it would choose: its choice depends on the speed and bound it
    is asked for, and a caller checking others (the slow end of a range) finds here whether any choice passes."""
    if r.layer_split:
        groups: tuple[int, ...] = (best_plan(r, count, concurrency, memo).group,)
    else:
        groups = (*group_sizes(count, False, r.per_server), *pipeline_group_sizes(count, r.per_server))
    for group in groups:
        batch = -(-concurrency // max(1, count // group))
        if not _fits_memo(r, group, batch, memo):
            continue
        cycled = _cycle_at(r, group, batch, memo)
        if r.output_tokens / cycled.cycle_ms * 1000.0 < tokens_per_s:
            continue
        if ttft_p95_ms is None or _plan_ttft_ms(r, group, cycled, memo)[1] <= ttft_p95_ms:
            return True
    return False


def layouts_improve_with_count(r: Resolved) -> bool:
    """Whether each layout's figures only improve as the count grows: a group of g devices at n devices runs n // g
    replicas, each with ⌈C / (n // g)⌉ streams, so more devices only shrink its batch, and where every step term
    grows with the batch (`_grows_with_batch`) a smaller batch decodes no slower and queues its prompts no
    longer. (Which layout `best_plan` picks can still change from one count to the next.)"""
    return _grows_with_batch(r)


def _ttft_ms(r: Resolved, batch: int, cycle: float, prefill: float) -> tuple[float, float]:
    """(mean, p95) first token of a replica answering in `cycle` ms at `batch` streams, each prompt taking `prefill`.

    Arrivals: a stream sends its next prompt when its answer ends (a closed loop at the device's speed, as the
    benchmark rows run), but people reading the answers no sooner than it streams at their pace."""
    arrivals = max(cycle, r.output_tokens / r.paced_tokens_per_s * 1000.0) if r.paced_tokens_per_s else cycle
    if r.reading_tokens_per_s:  # people read the answer before they send the next prompt
        arrivals += r.output_tokens / r.reading_tokens_per_s * 1000.0
    if r.prompts_per_stream_per_s:  # streams from a rate: each sends a prompt every 1/ρ on average, no sooner
        arrivals = max(arrivals, 1000.0 / r.prompts_per_stream_per_s - prefill)
    return latency.ttft_ms(prefill, batch, arrivals + prefill, r.arrival_pattern)


def _plan_ttft_ms(r: Resolved, group: int, cycled: _Cycle, memo: PlanMemo | None) -> tuple[float, float]:
    """The (mean, p95) first token of a group's replica at its batch (`cycled`), as `evaluate` reports it; memoized
    with the cycle (a count search meets one group at one batch at many counts)."""
    if memo is None:
        return _ttft_ms(r, cycled.batch, cycled.cycle_ms, cycled.terms.prefill)
    key = (group, cycled.batch)
    found = memo.ttfts.get(key)
    if found is None:
        found = memo.ttfts[key] = _ttft_ms(r, cycled.batch, cycled.cycle_ms, cycled.terms.prefill)
    return found


def _evaluated(r: Resolved, count: int, group: int, concurrency: int, memo: PlanMemo | None,
               cycled: _Cycle | None = None) -> PlanResult:
    if memo is None:
        return evaluate(r, count, group, concurrency, cycled)
    key = (max(1, count // group), group, concurrency)
    plan = memo.plans.get(key)
    if plan is None:
        cycled = cycled or _cycle(r, count, group, concurrency, memo)
        plan = memo.plans[key] = evaluate(r, count, group, concurrency, cycled, _plan_ttft_ms(r, group, cycled, memo))
    return plan


def _grows_with_batch(r: Resolved) -> bool:
    """Whether every term of a decode step (and of the prefills interleaved with it) is non-decreasing in
    the batch: then one stream per replica is the fastest a plan gets, whatever the count."""
    per_stream = (r.memory_per_stream_ms, r.compute_per_stream_ms, r.attention_compute_per_stream_ms,
                  r.scheduler_ms_per_stream,
                  r.host_sampling_ms_per_extra_stream, r.expert_read_ms, r.model_step_scale, r.moe_step_ms)
    return min(per_stream) >= 0.0 and 0.0 <= r.route_share <= 1.0


def best_case(r: Resolved, max_count: int) -> tuple[float, float] | None:
    """(fastest per-user decode in tok/s, shortest prefill in ms) of any plan `best_plan` can choose on at
    most `max_count` devices at any concurrency, or None when no such bound is proven.

    Why it holds: a plan's figures depend on its group and its batch only (never on the count itself), a
    group that holds the model and one stream's KV cache is the only kind that can fit at all (the KV
    cache only grows with the batch), each step term only grows with the batch (`_grows_with_batch`), and
    the time to first token is the prefill plus a wait that is never negative (`latency.ttft_ms`). So the
    fitting groups at one stream bound every plan from above (speed) and below (first token). A copy
    pipelined across servers runs the server's tensor-parallel step plus the hops between stages, so its
    smallest layout stands for all of them; a layer split gains no speed from its group, so one fitting
    group stands for all of them. Nothing fitting at one stream: (0, inf), no count fits. Cached: the count
    search asks for the peak and for the overload, and the bound depends on neither.
    """
    if max_count not in r.best_case_cache:
        r.best_case_cache[max_count] = _best_case(r, max_count)
    return r.best_case_cache[max_count]


def _best_case(r: Resolved, max_count: int) -> tuple[float, float] | None:
    if not _grows_with_batch(r):
        return None
    if r.layer_split:
        sizes: tuple[int, ...] = (max_count,) if plan_fits(r, max_count, max_count, 1) else ()
    else:
        sizes = tuple(g for g in group_sizes(max_count, False, r.per_server) if plan_fits(r, g, g, 1))
        pipelined = pipeline_group_sizes(max_count, r.per_server)
        if pipelined and plan_fits(r, pipelined[-1], pipelined[-1], 1):  # the widest layout holds the most
            sizes += pipelined[:1]
    if not sizes:
        return 0.0, float("inf")
    # count = group and one user: exactly one stream on the group, evaluated by the same functions as a plan
    # (`per_stream_tokens_per_s` of that plan is its cycle's speed; each cycle worked out once).
    cycles = [_cycle_at(r, g, 1, None) for g in sizes]
    terms = [cycled.terms for cycled in cycles]
    comm_per_stream = [_comm_terms(r, speed_parallel(r, g))[1] for g in sizes if speed_parallel(r, g) > 1]
    if min((t.prefill for t in terms), default=0.0) < 0.0 or min((t.prefill_compute for t in terms), default=0.0) < 0.0 \
            or min(comm_per_stream, default=0.0) < 0.0:
        return None  # a prompt or an all-reduce that takes negative time: no monotone step to bound
    return max(r.output_tokens / cycled.cycle_ms * 1000.0 for cycled in cycles), min(t.prefill for t in terms)


def saturating_concurrency(r: Resolved, count: int, group: int | None = None) -> int:
    """Concurrency an engine runs at "max load": its default batch cap, or what the KV cache holds.

    Over the fitting group sizes, the one whose replicas hold the most sequences: a model that barely
    fits one device leaves no room for KV cache there, and a max-load benchmark shards it instead
    (TensorRT-LLM's TP2 rows of a 70B FP8 model on 80 GB cards). `group`: the one layout a run states
    (a row's source: "TP8"), instead of the best of them.

    The batch cap is per scheduler: an attention-data-parallel group (`Resolved.attention_dp`) runs one
    executor per rank, each with its own `max_batch_size` (TensorRT-LLM's PyTorch executor sizes every
    attention-DP rank as `tp_size=1` and never divides the cap by the DP size, so the aggregate is
    `max_batch_size × dp_size`: ai-dynamo/dynamo PR #11982, tracing `_torch/pyexecutor/_util.py` of
    v1.1.0rc5), so such a group holds the cap once per device; its KV cache still bounds it.
    """
    per_sequence = r.kv_sequence_gb
    best = 0
    for size in group_sizes(count, r.layer_split) if group is None else (group,):
        if not plan_fits(r, count, size, 1):
            continue
        # An attention-DP group (the layout TensorRT-LLM's max-throughput runs take) holds the dense weights
        # on every rank: less room for KV cache than a tensor-parallel copy of the same devices.
        replicated = attention_dp_replicated_gb(r, size)
        free = (r.device.usable_memory_gb - r.overhead_gb - replicated) * size - (r.weights_gb - replicated) \
            - r.kv_long_extra_gb
        shards = size if replicated else kv_shards(r, size)
        if shards < size:
            # Tensor-parallel attention over fewer KV heads than ranks: each rank holds 1 / shards of the KV
            # cache and 1 / size of the weights and of a hybrid's state (`tensor_parallel_required_gb`).
            room = r.device.usable_memory_gb - r.overhead_gb - r.weights_gb / size - r.kv_long_extra_gb / shards
            per_stream = r.state_gb / size + (per_sequence - r.state_gb) / shards
            free, per_sequence_held = room, per_stream
        else:
            per_sequence_held = per_sequence
        replicas = max(1, count // size)
        capacity = int(free / per_sequence_held) * replicas if per_sequence_held > 0 else 1
        schedulers = replicas * (size if r.attention_dp and size > 1 else 1)
        cap = DEFAULT_MAX_BATCH.get(r.backend, FALLBACK_MAX_BATCH) * schedulers
        best = max(best, min(cap, capacity))
    return max(1, best)


__all__ = [
    "DEFAULT_MAX_BATCH",
    "PlanMemo",
    "PlanMemos",
    "PlanResult",
    "attention_dp_fits",
    "attention_dp_possible",
    "attention_dp_required_gb",
    "attention_dp_replicated_gb",
    "best_case",
    "best_plan",
    "evaluate",
    "fewest_fitting_devices",
    "group_sizes",
    "kv_cache_gb",
    "kv_shards",
    "layouts_improve_with_count",
    "pipeline_group_sizes",
    "pipeline_stages",
    "speed_parallel",
    "expert_parallel_servers",
    "CROSS_SERVER_EXPERT_PARALLEL_BACKENDS",
    "per_stream_tokens_per_s",
    "plan_fits",
    "prefill_time_ms",
    "prompting_share",
    "recent_memos",
    "saturating_concurrency",
    "some_layout_reaches",
    "smallest_fitting_group",
    "static_prefill_ms",
    "step_time_ms",
    "tensor_parallel_kv_gb",
    "tensor_parallel_required_gb",
]
