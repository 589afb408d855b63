"""Batched decode per serving engine: how one replica schedules a new prompt among running streams.

Two engine families, told apart by what happens when a user's next prompt arrives while `b − 1`
other streams are decoding:

- **Continuous batching** (vLLM, SGLang, TensorRT-LLM, TGI, LMDeploy, vendor vLLM forks): chunked
  prefill. The prompt's tokens ride in the same forward passes as the running streams' decode
  tokens (Sarathi-Serve; vLLM's V1 scheduler and TensorRT-LLM's in-flight batching with chunked
  context do this by default), so the weights are not read again for it and its FLOPs fill the
  compute a memory-bound decode step leaves idle. Over one user's answer of `O` tokens:

      device = O · (comm + attention(b)) + max(O · weights, O · matmuls(b) + (b − 1) · prefill_compute)
      cycle  = O · overhead + device + O · s · b            (host work between steps)
      cycle  = O · overhead + max(device, O · s · b)        (host work beside the device: `overlaps_host`)

- **Slot servers** (llama.cpp server, Ollama, MLX, ExLlama, MLC): the prompt is processed in its own
  forward passes (micro-batches) while the other slots wait, a serial stall that re-reads the
  weights:

      cycle = O · step(b) + (b − 1) · prefill,
      step(b) = max(weights, matmuls(b)) + attention(b) + comm + overhead + s · b

- **Static batches** (Optimum Habana's `run_generation.py`, `STATIC_BATCH_BACKENDS`): one batch of exactly
  the `N` prompts given, no serving loop. The `N` prompts (padded to the longest) go through the model
  together in one prefill pass, which reads the weights once and runs `N · I` tokens' FLOPs at the prompt
  rate; then every stream decodes in lockstep at batch `N` until the longest answer ends:

      cycle = prefill(N × I) + O · step(N),    total = N · O / cycle

  unlike a slot server, whose `N − 1` other prompts each run in passes of their own that re-read the
  weights (a 70B at 128-token prompts: 4,000 weight reads instead of one).

Both read the weights once per step and every stream's KV cache (`attention(b)`: b · max(KV read, attention
FLOPs), kernels of its own after the weight matmuls, `parallel_plans._step_terms`), run the matmuls at the device's
dense tensor rate for the weight format (`device.peak_tflops`: FP4 on FP4 units, FP8 on FP8 units,
weight-only formats dequantized to 16 bit) times a batched-compute efficiency η_c (a continuous-batching
engine's is its prefill share η_pp: the same matmuls carry both), and pay a per-step overhead plus host
work `s` per running stream (scheduling, input preparation, output processing), serial or overlapped as
the engine's release runs it. η_c, `s` and the overlapped `s_o` are fitted per (backend, kind) on
`total_tps` and `decode_tps` rows (`calibration_fit._fit_batched`). Total throughput b · O / cycle rises
with b and levels off at the compute roof; per-user speed only falls.

**llama-server samples every slot on the host** (`host_sampling_ms`). After each `llama_decode` its
`update_slots` loop calls `common_sampler_sample` slot after slot on one CPU thread
(tools/server/server-context.cpp), each over the full vocabulary (`common_sampler::set_logits` builds
the candidate array from the logits copied to the host, then the default chain's top-k partial sort);
sampling on the GPU is opt-in (`-bs, --backend-sampling`: "experimental, default: disabled",
common/arg.cpp). vLLM, SGLang and TensorRT-LLM sample the batch on the GPU. Measured
(ggml-org/llama.cpp#27050, RTX 5090, 32 slots): time per output token 41.2 ms with host sampling,
25.4 ms with `-bs`, one slot unchanged, so each slot beyond the first adds (41.2 − 25.4) / 31 = 0.51 ms
of host time to every decode step, at that run's ~127k-entry vocabulary (the sampler's work is linear in
the vocabulary, so other vocabularies scale it). At one slot host sampling costs what sampling on the GPU does, so
the one-slot step keeps the per-step overhead fitted on llama-bench rows and the term is (b − 1) · 0.51 ms.

Prompts and the split KV cache: with `--cont-batching` (default on) llama-server puts waiting prompts in
the same `llama_decode` call as the running slots' tokens, but an explicit `-np N` selects one KV stream
per slot (`-kvu` is "enabled if number of slots is auto", common/arg.cpp), and `llama_kv_cache::init_batch`
then splits the batch with `split_equal`, which grows every sequence in lockstep (src/llama-kv-cache.cpp,
src/llama-batch.cpp): the running slots' one token each fill the first micro-batch and the rest of the
prompt runs in micro-batches of its own, each reading the weights again: the serial stall above.
"""

from __future__ import annotations

import re

# "ascend" is the key of vLLM-Ascend (vLLM's own scheduler on Ascend NPUs; serving_stacks.csv: continuous batching
# "yes") and of MindIE, which shares it: the stack buyers serve Ascend with schedules continuously.
CONTINUOUS_BATCHING_BACKENDS = frozenset({
    "vllm", "sglang", "trt-llm", "tgi", "lmdeploy", "vllm-gaudi", "vllm-tpu", "neuron", "tt-metal", "qaic", "furiosa-llm",
    "ascend",
})
# Offline tools that generate one static batch of exactly the requests they are given, with no serving loop:
# Optimum Habana's text-generation example (`run_generation.py --batch_size N`), the engine of Intel's published
# Gaudi throughput tables (HabanaAI/Gaudi-tutorials, Gaudi_1-20.json). No scheduler caps their batch (only the
# KV cache does), and no buyer serves users with them, so their rows calibrate their own key but do not stand
# for their kind's pool (`calibration_fit._fit_batched`): a Gaudi run's static batch of 4,000 says nothing of
# how another vendor's serving stack batches.
STATIC_BATCH_BACKENDS = frozenset({"optimum-habana"})


# Engines whose host loop prepares step n + 1 while the device runs step n, so per-stream host work
# (scheduling, input preparation, stop checks, detokenization) costs a step only where it outlasts the
# device's work: max(device, host), not their sum.
# - vLLM V1 (the default engine since v0.8.0, vllm-project/vllm#13726): the RFC's design moves the API
#   server, tokenization and detokenization into their own process, keeps stateful workers that apply only
#   each step's changes to a persistent batch, and schedules asynchronously
#   (https://github.com/vllm-project/vllm/issues/8779); `--async-scheduling` schedules one step ahead. The V0 engine it replaced spent 62 % of an
#   8B step on one H100 in the API server and the scheduler, serial with the GPU
#   (https://blog.vllm.ai/2024/09/05/perf-update.html), which is why a serial per-stream cost once fitted.
#   SGLang (zero-overhead batch scheduler since v0.4, https://lmsys.org/blog/2024-12-04-sglang-v0-4/) and
#   TGI share vLLM's key (`calibration.normalize_backend`).
# - TensorRT-LLM's PyExecutor: overlap scheduler on by default, "CPU work (step n) and GPU computation
#   (step n+1) run concurrently" (https://nvidia.github.io/TensorRT-LLM/features/overlap-scheduler.html).
# llama-server is not among them: it samples every slot on the host after each decode (below).
OVERLAPPED_HOST_BACKENDS = frozenset({"vllm", "trt-llm"})
# The first release of an engine that overlaps by default, by the engine a measured run names: a published
# run of an earlier release scheduled between steps. vLLM v0.14.0's release notes: "Async scheduling is now
# enabled by default" (vllm-project/vllm#27614, https://github.com/vllm-project/vllm/releases/tag/v0.14.0);
# SGLang's overlap scheduler since v0.4. A run that names no release is taken as scheduling between steps:
# the stored vLLM runs without a version are 2024-2025 blogs.
OVERLAP_DEFAULT_SINCE: dict[str, tuple[int, int]] = {"vllm": (0, 14), "sglang": (0, 4)}
_RELEASE = re.compile(r"\bv?(\d+)\.(\d+)")


# Host time per decode step for each running slot beyond the first (ms): llama-server's serial host sampling
# (module docstring; https://github.com/ggml-org/llama.cpp/issues/27050: (41.2 − 25.4) ms / 31 slots on an
# RTX 5090 host). Engines absent here sample on the device or have it in their fitted s.
HOST_SAMPLING_MS_PER_EXTRA_SLOT: dict[str, float] = {"llama.cpp": round((41.2 - 25.4) / (32 - 1), 3)}
# The vocabulary of that run: it names no model, but it measures "16.2 MB per step at batch 32" of logits
# copied to the host, FP32 each, so 16.2e6 / (32 · 4) ≈ 126,600 entries (a Llama-3-sized vocabulary).
# Each slot's sampler builds and partially sorts an array of the whole vocabulary, so its time scales with
# the vocabulary: a 32k-vocabulary model samples in about a quarter of the time. That also squares with
# PR #17004's table, where backend sampling saved only 8-12 % at 16 slots (model not stated).
HOST_SAMPLING_REFERENCE_VOCAB = 16.2e6 / (32 * 4)


def host_sampling_ms(backend: str, vocab_size: int | None = None) -> float:
    """Host sampling ms per decode step per running slot beyond the first (0 for engines that sample on
    the device), for a vocabulary of `vocab_size` entries (None: the measured run's).

    >>> host_sampling_ms("llama.cpp"), host_sampling_ms("vllm"), round(host_sampling_ms("llama.cpp", 32000), 3)
    (0.51, 0.0, 0.129)
    """
    per_slot = HOST_SAMPLING_MS_PER_EXTRA_SLOT.get(backend, 0.0)
    return per_slot * vocab_size / HOST_SAMPLING_REFERENCE_VOCAB if vocab_size else per_slot


def is_static_batch(backend: str) -> bool:
    """Whether an engine runs one static batch: every prompt prefilled in one pass, then decoded in lockstep."""
    return backend in STATIC_BATCH_BACKENDS


def is_continuous(backend: str) -> bool:
    """Whether an engine folds new prompts into running decode steps (chunked prefill)."""
    return backend in CONTINUOUS_BATCHING_BACKENDS


def overlaps_host(backend: str) -> bool:
    """Whether an engine's per-stream host work runs beside the device's step instead of between steps."""
    return backend in OVERLAPPED_HOST_BACKENDS


# A run whose source shows the flag that turns the overlap on ran overlapped, whatever its release's default.
OVERLAP_FLAGS = ("--async-scheduling",)


def run_overlaps_host(backend: str, label: str | None, note: str | None = None) -> bool:
    """Whether a measured run of `backend`, labelled `label` by its source ("vllm-cuda 0.7.3") and described
    by `note`, overlapped its host work with the device (`overlaps_host`, `OVERLAP_DEFAULT_SINCE`, `OVERLAP_FLAGS`).

    >>> run_overlaps_host("vllm", "vllm-cuda 0.16.0"), run_overlaps_host("vllm", "vllm-cuda v0.8.5")
    (True, False)
    >>> run_overlaps_host("vllm", "vllm (ROCm)"), run_overlaps_host("trt-llm", "trt-llm 0.5.0")
    (False, True)
    >>> run_overlaps_host("vllm", "vllm-cuda v0.10.2", "vllm serve openai/gpt-oss-120b --async-scheduling")
    True
    """
    if not overlaps_host(backend):
        return False
    if note and any(flag in note for flag in OVERLAP_FLAGS):
        return True
    engine = (label or backend).strip().lower()
    since = next((release for name, release in OVERLAP_DEFAULT_SINCE.items() if engine.startswith(name)), None)
    if since is None:
        return True
    found = _RELEASE.search(engine)
    return found is not None and (int(found.group(1)), int(found.group(2))) >= since


def cycle_ms(
    continuous: bool, output_tokens: int, batch: int, memory_ms: float, compute_ms: float, overhead_ms: float,
    comm_ms: float, prefill_ms: float, prefill_compute_ms: float, others: float, host_ms: float = 0.0,
    overlapped: bool = False, static: bool = False,
) -> tuple[float, bool]:
    """One answer's wall time on a replica (ms) and whether memory bounds its decode steps.

    `memory_ms` / `compute_ms` are one decode step's terms at `batch` streams, `overhead_ms` its fixed
    cost, `host_ms` its per-stream host work (scheduling, sampling bookkeeping, output processing) and
    `others` how many other users' prefills interleave with the answer (on average: a fraction when people
    read between prompts, `parallel_plans.prompting_share`). `overlapped`: the host works on
    step n + 1 while the device runs step n, so a step takes the longer of the two, else their sum.
    `static`: a static batch (`is_static_batch`), whose `prefill_ms` is the whole batch's one prefill pass
    (the caller's `N × I` tokens), paid once per answer whenever any other prompt shares the batch.

    >>> cycle_ms(True, 10, 4, 5.0, 1.0, 1.0, 0.0, 20.0, 8.0, 3)  # prefill compute hides under memory
    (60.0, True)
    >>> cycle_ms(False, 10, 4, 5.0, 1.0, 1.0, 0.0, 20.0, 8.0, 3)  # slot server: serial prefills
    (120.0, True)
    >>> cycle_ms(True, 10, 4, 5.0, 1.0, 1.0, 0.0, 20.0, 8.0, 3, 2.0)  # host work between steps
    (80.0, True)
    >>> cycle_ms(True, 10, 4, 5.0, 1.0, 1.0, 0.0, 20.0, 8.0, 3, 2.0, True)  # host work under the device's
    (60.0, True)
    >>> cycle_ms(False, 10, 4, 5.0, 1.0, 1.0, 0.0, 20.0, 8.0, 3, static=True)  # one batch pass: 10 · 6 + 20
    (80.0, True)
    """
    if continuous:
        memory, compute = output_tokens * memory_ms, output_tokens * compute_ms + others * prefill_compute_ms
        device = output_tokens * comm_ms + max(memory, compute)
        host = output_tokens * host_ms
        busy = max(device, host) if overlapped else device + host
        return output_tokens * overhead_ms + busy, memory >= compute
    device_step = max(memory_ms, compute_ms) + comm_ms
    step = overhead_ms + (max(device_step, host_ms) if overlapped else device_step + host_ms)
    if static:
        # The batch pass is paid once per answer that shares it (a share of it when prompts arrive a fraction of the time).
        return output_tokens * step + prefill_ms * min(1.0, others), memory_ms >= compute_ms
    return output_tokens * step + others * prefill_ms, memory_ms >= compute_ms


__all__ = [
    "CONTINUOUS_BATCHING_BACKENDS", "STATIC_BATCH_BACKENDS", "HOST_SAMPLING_MS_PER_EXTRA_SLOT", "HOST_SAMPLING_REFERENCE_VOCAB",
    "OVERLAPPED_HOST_BACKENDS", "OVERLAP_DEFAULT_SINCE", "OVERLAP_FLAGS", "cycle_ms", "host_sampling_ms", "is_continuous", "is_static_batch",
    "overlaps_host", "run_overlaps_host",
]
