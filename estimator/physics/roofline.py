"""The physical terms of one decode step and one prefill, before and after calibration.

Decode (one step of a batch of `b` streams on one replica of `g` devices):

    memory_ms  = (weights + b · context · KV bytes per token) / (g_bw · bandwidth · η_bw)
    compute_ms = b · (2 · params + 4 · layers · width · context) / (g_c · peak · η_c)
    step_ms    = max(memory_ms, compute_ms) + overhead_ms · layers / 32 + comm_ms

(at batch 1; a batched step, `parallel_plans._step_terms`, takes the weight matmuls' max(weights, 2 · params
FLOPs) and the attention's max(KV, attention FLOPs) apart, and adds the engine's host work.)
The larger of the two terms is the bound; tokens/s per stream = 1000 / step_ms. `overhead_ms` is a
fixed per-token cost (kernel launches, sampling, scheduling), quoted for a 32-layer model and scaled
by depth because each layer launches its own kernels. Tensor parallelism (`g_bw = g_c = g`) splits
both terms over the group and pays `comm_ms`: two all-reduces per layer, each a link latency per
tree level (log2 g) plus the activations (b · width · 2 bytes) through the link. llama.cpp's
multi-GPU mode splits *layers*, so a single stream visits the devices one after another: memory
capacity adds up, speed does not (`g_bw = g_c = 1`), which the 2×/6×/8× GPU llama.cpp rows confirm.

Prefill of one `n`-token prompt is compute bound: 2 · params · n + 2 · layers · width · n² FLOPs
(causal attention) at `η_pp` of peak, never faster than reading the weights once. `η_c` of batched
decode is `η_pp · η_b` (see `calibration.py`). A mixture of experts' routed-expert matmuls run at
the tile fill `expert_tile_efficiency` of that rate (each expert sees only ~U · k / E of a forward
pass's U tokens, while the kernel's row tile is sized for U).

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


def kquant_unpack_ms(params_b: float, flops_per_weight: float, peak_tflops: float) -> float:
    """ALU time (ms) to unpack the scales of `params_b` billion k-quant weights at `flops_per_weight`
    FLOP-equivalents each on a device computing `peak_tflops` (0 when either is 0).

    >>> kquant_unpack_ms(8.0, 5.0, 10.0)  # 8e9 weights × 5 FLOP / 10 TFLOPS = 4 ms
    4.0
    """
    if params_b <= 0.0 or flops_per_weight <= 0.0 or peak_tflops <= 0.0:
        return 0.0
    return params_b * flops_per_weight / peak_tflops


def overhead_units(layers: int) -> float:
    """Multiplier of the fitted per-token overhead: depth relative to a 32-layer model."""
    return layers / OVERHEAD_REFERENCE_LAYERS


# Grouped expert matmuls (llama.cpp's MUL_MAT_ID, vLLM's fused_moe, TensorRT-LLM's grouped GEMM) compute
# each expert's rows in tiles of a fixed height chosen for the forward pass's token count, but an expert
# receives only its share of those tokens: with top-k of E routing, ~U · k / E of U. The rows a tile does
# not fill are computed anyway (llama.cpp #29182: "the picker took the l-tile for ~6 live rows"; AMD's
# llama.cpp PR 39: "wide tiles (e.g. mmq_x=128) that are mostly empty per expert"; vLLM #55225: fused_moe's
# default BLOCK_SIZE_M = 64 "pads token-to-expert assignments up to multiples of 64").
# - Slot servers (llama.cpp family) run one prompt in micro-batches of `n_ubatch` = 512 tokens (the
#   llama.cpp default) with the 128-row tile (mmq_x / Vulkan's large tile) such a pass selects.
# - Continuous-batching engines fill each pass up to their token budget with prompt chunks of several
#   users and the running decodes; sized at vLLM's V1 online default of 2,048 tokens, with fused_moe's
#   64-row tile. At that budget every catalog MoE with k / E >= 1/32 fills its tiles (efficiency 1).
# - llama.cpp's Metal backend (Apple GPUs) multiplies in fixed 64 x 32 tiles whatever the batch: 32 token rows a tile
#   (ggml-metal.metal, kernel_mul_mm / kernel_mul_mm_id: BLOCK_SIZE_M 64 weight rows, BLOCK_SIZE_N 32 activation rows),
#   so an expert holding 16 of a pass's tokens fills half a tile, not an eighth of a 128-row one.
EXPERT_TILE_ROWS_SLOT = 128
EXPERT_TILE_ROWS_METAL = 32
EXPERT_TILE_ROWS_CONTINUOUS = 64
PASS_TOKENS_SLOT = 512
PASS_TOKENS_CONTINUOUS = 2048


def expert_tile_efficiency(pass_tokens: float, route_share: float, touched_share: float, tile_rows: int) -> float:
    """Share of a grouped expert matmul's tile rows that hold real tokens, in (0, 1].

    A pass of `pass_tokens` tokens routed top-k of E (`route_share` = k / E) gives each of the experts it
    touches (`touched_share` of them, `memory.touched_expert_share`) pass_tokens · k / E / touched tokens;
    the tile is `tile_rows` high, or the pass's own size when that is smaller. 1 for a dense model
    (`route_share` 0) and whenever the experts fill their tiles.

    >>> expert_tile_efficiency(512, 8 / 128, 1.0, 128)  # Qwen3-30B-A3B in llama.cpp: 32 rows of 128
    0.25
    >>> expert_tile_efficiency(2048, 8 / 256, 1.0, 64)  # DeepSeek-V3 in vLLM: 64 rows fill the tile
    1.0
    >>> expert_tile_efficiency(512, 0.0, 0.0, 128)  # dense
    1.0
    """
    if route_share <= 0.0 or touched_share <= 0.0 or pass_tokens <= 0:
        return 1.0
    per_expert = pass_tokens * route_share / touched_share
    return min(1.0, per_expert / min(float(tile_rows), pass_tokens))


def prefill_flops(
    params_b: float, layers: int, width: int, prompt_tokens: float,
    sliding_layers: int = 0, window: int | None = None,
) -> float:
    """FLOPs of one prompt: dense matmuls plus causal attention (average context n / 2).

    `width` is what one token's scores and values span in one layer: query heads × head dim (QK^T and
    AV each cost 2 · width FLOPs per cached token), which is not the hidden size in many models
    (Qwen3-30B-A3B: 32 × 128 = 4096 against a hidden size of 2048). `layers` are the attention layers;
    `sliding_layers` of them attend over at most `window` tokens, whose mean context over n positions
    is w − w² / 2n (Σ min(i, w) for i = 1..n, over n).

    >>> prefill_flops(1.0, 2, 100, 1000)
    2000400000000.0
    >>> prefill_flops(1.0, 2, 100, 1000, sliding_layers=1, window=100) < prefill_flops(1.0, 2, 100, 1000)
    True
    """
    if not sliding_layers or window is None or prompt_tokens <= window:
        return prompt_tokens * (2.0 * params_b * 1e9 + 2.0 * layers * width * prompt_tokens)
    windowed = window - window * window / (2.0 * prompt_tokens)
    full = layers - sliding_layers
    return prompt_tokens * (2.0 * params_b * 1e9 + 4.0 * width * (full * prompt_tokens / 2.0 + sliding_layers * windowed))


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
    "EXPERT_TILE_ROWS_CONTINUOUS",
    "EXPERT_TILE_ROWS_METAL",
    "EXPERT_TILE_ROWS_SLOT",
    "OVERHEAD_REFERENCE_LAYERS",
    "PASS_TOKENS_CONTINUOUS",
    "PASS_TOKENS_SLOT",
    "comm_ms_per_step",
    "expert_tile_efficiency",
    "decode_compute_ms",
    "decode_memory_ms",
    "kquant_unpack_ms",
    "overhead_units",
    "prefill_flops",
    "prefill_ms",
]
