"""The physical terms of one decode step and one prefill, before and after calibration.

Decode (one step of a batch of `b` streams on one replica of `g` devices):

    memory_ms  = (weights + b · context · KV bytes per token) / (g_bw · bandwidth · η_bw)
    compute_ms = b · (2 · params + 4 · layers · width · context) / (g_c · peak · η_c)
    step_ms    = max(memory_ms, compute_ms) + overhead_ms · layers / 32 + comm_ms

The larger of the two terms is the bound; tokens/s per stream = 1000 / step_ms. `overhead_ms` is a
fixed per-token cost (kernel launches, sampling, scheduling), quoted for a 32-layer model and scaled
by depth because each layer launches its own kernels. Tensor parallelism (`g_bw = g_c = g`) splits
both terms over the group and pays `comm_ms`: two all-reduces per layer, each a link latency per
tree level (log2 g) plus the activations (b · width · 2 bytes) through the link. llama.cpp's
multi-GPU mode splits *layers*, so a single stream visits the devices one after another: memory
capacity adds up, speed does not (`g_bw = g_c = 1`), which the 2×/6×/8× GPU llama.cpp rows confirm.

Prefill of one `n`-token prompt is compute bound: 2 · params · n + 2 · layers · width · n² FLOPs
(causal attention) at `η_pp` of peak, never faster than reading the weights once. `η_c` of batched
decode is `η_pp · η_b` (see `calibration.py`).

Pure float arithmetic with positional arguments: this is the hot path of the ranker; `resolve.py`
evaluates these functions once per request to get per-step coefficients (they are linear in b).
"""

from __future__ import annotations

import math

# The depth at which `per_token_overhead_ms` is quoted (Llama 7B/8B class).
OVERHEAD_REFERENCE_LAYERS = 32


def comm_ms_per_step(
    group_size: int, layers: int, width: int, tokens: float, link_gbs: float, link_latency_us: float
) -> float:
    """Two all-reduces per layer of `tokens` activations of `width` FP16 values (0 for one device).

    Each all-reduce pays the link latency once per level of a tree over the group (log2 g) and moves
    2 · (g − 1) / g of the payload through each link (the ring's bandwidth term).

    >>> comm_ms_per_step(1, 32, 4096, 1, 300.0, 8.0)
    0.0
    >>> round(comm_ms_per_step(4, 1, 0, 0, 300.0, 10.0), 6)  # latency only: 2 all-reduces × 2 levels × 10 µs
    0.04
    """
    if group_size <= 1:
        return 0.0
    payload_gb = tokens * width * 2.0 * 2.0 * (group_size - 1) / group_size / 1e9
    per_all_reduce_ms = link_latency_us / 1000.0 * math.log2(group_size) + payload_gb / link_gbs * 1000.0
    return 2.0 * layers * per_all_reduce_ms


def decode_memory_ms(
    weights_gb: float, kv_per_token_gb: float, context_tokens: float, batch: int, bandwidth_gbs: float, parallel: int
) -> float:
    """Memory term at peak bandwidth: weights once per step plus every stream's KV cache.

    >>> decode_memory_ms(14.0, 0.0005, 0.0, 1, 1000.0, 1)
    14.0
    """
    return (weights_gb + batch * context_tokens * kv_per_token_gb) / (parallel * bandwidth_gbs) * 1000.0


def decode_compute_ms(
    params_b: float, layers: int, width: int, context_tokens: float, batch: int, peak_tflops: float, parallel: int
) -> float:
    """Compute term at peak: 2 FLOPs per parameter plus attention over the context, per stream."""
    flops = batch * (2.0 * params_b * 1e9 + 4.0 * layers * width * context_tokens)
    return flops / (parallel * peak_tflops * 1e12) * 1000.0


def overhead_units(layers: int) -> float:
    """Multiplier of the fitted per-token overhead: depth relative to a 32-layer model."""
    return layers / OVERHEAD_REFERENCE_LAYERS


def prefill_flops(params_b: float, layers: int, width: int, prompt_tokens: float) -> float:
    """FLOPs of one prompt: dense matmuls plus causal attention (average context n / 2)."""
    return prompt_tokens * (2.0 * params_b * 1e9 + 2.0 * layers * width * prompt_tokens)


def prefill_ms(
    flops: float,
    weights_gb: float,
    peak_tflops: float,
    compute_efficiency: float,
    bandwidth_gbs: float,
    bandwidth_efficiency: float,
    parallel: int,
    comm_ms: float,
) -> float:
    """Time of one prefill: compute at calibrated utilization, floored by one read of the weights.

    >>> prefill_ms(1e12, 1.0, 100.0, 0.5, 1000.0, 1.0, 1, 0.0)
    20.0
    """
    compute = flops / (parallel * peak_tflops * 1e12 * compute_efficiency) * 1000.0
    weights_read = weights_gb / (parallel * bandwidth_gbs * bandwidth_efficiency) * 1000.0
    return max(compute, weights_read) + comm_ms


__all__ = [
    "OVERHEAD_REFERENCE_LAYERS",
    "comm_ms_per_step",
    "decode_compute_ms",
    "decode_memory_ms",
    "overhead_units",
    "prefill_flops",
    "prefill_ms",
]
