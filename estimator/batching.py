"""Batched decode per serving engine: how one replica schedules a new prompt among running streams.

Two engine families, told apart by what happens when a user's next prompt arrives while `b − 1`
other streams are decoding:

- **Continuous batching** (vLLM, SGLang, TensorRT-LLM, TGI, LMDeploy, vendor vLLM forks): chunked
  prefill. The prompt's tokens ride in the same forward passes as the running streams' decode
  tokens (Sarathi-Serve; vLLM's V1 scheduler and TensorRT-LLM's in-flight batching with chunked
  context do this by default), so the weights are not read again for it and its FLOPs fill the
  compute a memory-bound decode step leaves idle. Over one user's answer of `O` tokens:

      cycle = O · (overhead + s · b) + max(O · memory(b), O · compute(b) + (b − 1) · prefill_compute)

- **Slot servers** (llama.cpp server, Ollama, MLX, ExLlama, MLC): the prompt is processed in its own
  forward passes (micro-batches) while the other slots wait, a serial stall that re-reads the
  weights:

      cycle = O · step(b) + (b − 1) · prefill,  step(b) = max(memory(b), compute(b)) + overhead + s · b

Both read every stream's KV cache once per step (`memory(b)` grows with b and context), run the
matmuls at the device's dense tensor rate for the weight format (`device.peak_tflops`: FP4 on FP4
units, FP8 on FP8 units, weight-only formats dequantized to 16 bit) times a batched-compute
efficiency η_c, and pay a per-step overhead plus a scheduler cost `s` per running stream (sampling,
detokenization, batch assembly). η_c and `s` are fitted per (backend, kind) on `total_tps` and
`decode_tps` rows (`calibration_fit._fit_batched`). Total throughput b · O / cycle rises with b and levels off at the
compute roof (1 / (s + per-stream compute)); per-user speed only falls.
"""

from __future__ import annotations

CONTINUOUS_BATCHING_BACKENDS = frozenset({
    "vllm", "sglang", "trt-llm", "tgi", "lmdeploy", "vllm-gaudi", "vllm-tpu", "neuron", "tt-metal", "qaic",
})


def is_continuous(backend: str) -> bool:
    """Whether an engine folds new prompts into running decode steps (chunked prefill)."""
    return backend in CONTINUOUS_BATCHING_BACKENDS


def cycle_ms(
    continuous: bool, output_tokens: int, batch: int, memory_ms: float, compute_ms: float, overhead_ms: float,
    comm_ms: float, prefill_ms: float, prefill_compute_ms: float, others: int,
) -> tuple[float, bool]:
    """One answer's wall time on a replica (ms) and whether memory bounds its decode steps.

    `memory_ms` / `compute_ms` are one decode step's terms at `batch` streams, `overhead_ms` its fixed
    and per-stream overhead, `others` how many other users' prefills interleave with the answer.

    >>> cycle_ms(True, 10, 4, 5.0, 1.0, 1.0, 0.0, 20.0, 8.0, 3)  # prefill compute hides under memory
    (60.0, True)
    >>> cycle_ms(False, 10, 4, 5.0, 1.0, 1.0, 0.0, 20.0, 8.0, 3)  # slot server: serial prefills
    (120.0, True)
    """
    if continuous:
        steps = output_tokens * (overhead_ms + comm_ms)
        memory, compute = output_tokens * memory_ms, output_tokens * compute_ms + others * prefill_compute_ms
        return steps + max(memory, compute), memory >= compute
    step = max(memory_ms, compute_ms) + overhead_ms + comm_ms
    return output_tokens * step + others * prefill_ms, memory_ms >= compute_ms


__all__ = ["CONTINUOUS_BATCHING_BACKENDS", "cycle_ms", "is_continuous"]
