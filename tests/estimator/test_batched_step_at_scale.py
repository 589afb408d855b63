"""A batched decode step at datacenter scale, against first-principles arithmetic done by hand.

Each expectation below was worked out from the spec sheets and the model's shape, not read from the
estimator: weights read once per step, every stream's KV cache read per step, the weight matmuls'
FLOPs (2 per parameter per token, decode tokens and the prompt tokens chunked prefill folds into the
same steps) at a share of the format's dense peak, a per-step fixed cost, and host work that an
overlapping engine (vLLM since v0.14, TensorRT-LLM's PyExecutor) runs beside the device's step.

Figures used (catalog rows, sourced there): H200 SXM 141 GB, 4.8 TB/s, FP8 1,979 TFLOPS dense;
RTX 5090 32 GB, 1.79 TB/s, 209.5 TFLOPS 16-bit (FP32 accumulate). Llama 3.1 70B: 70.6 B parameters,
80 layers, 8 KV heads × 128; KV per token 80 × 8 × 128 × 2 × 2 B = 327,680 B in 16 bit (vLLM's
default), half that in FP8 (TensorRT-LLM's FP8 setups). Qwen3 32B: 32.8 B, 64 layers, 8 KV heads
× 128 → 262,144 B per token; Q4_K_M ≈ 4.85 bits a weight → 19.9 GB.
"""

from __future__ import annotations

import pytest

from estimator.physics.catalog_index import catalog_index
from estimator.physics.parallel_plans import step_time_ms
from estimator.physics.resolve import resolve
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest

WITHIN = 0.30  # the share an infra lead calls right (a sizing off by a third changes the count)


def _estimate(catalog, **request):
    return estimate(EstimateRequest(model_only=True, **request), catalog)


def test_one_h200_node_serves_500_users_of_a_70b_at_fp8_at_the_rate_its_compute_allows(catalog):
    # 500 users, 512-token prompts, 256-token answers: per answer token 2 prompt tokens ride along.
    # Per step on the node (8 replicas of 63 streams, or one TP8 group, alike to first order):
    #   matmuls: (500 decode + 1,000 prompt tokens) × 2 × 70.6e9 = 212 TFLOP / (8 × 1,979) = 13.4 ms at peak
    #   KV: 500 × 640 mean context × 327,680 B = 105 GB / 38.4 TB/s = 2.7 ms
    #   weights: 70.6 GB per replica / 4.8 TB/s = 14.7 ms, under the matmuls once they run at ≤ 90 % of peak
    #   fixed per-step cost: ~4 ms for 80 layers
    # At 55 % of FP8 peak (what TensorRT-LLM reaches on one H200 at ~1,360 streams: 3,803 tok/s of
    # 128/128 = 2 × 3,803 × 141 GFLOP/s = 1.07 PFLOPS) that is 24.4 + 2.7 + 4 = 31 ms: 32 tok/s a user.
    # The serial 0.1 ms per stream this replaces added 6-50 ms a step by itself (23.5 tok/s reported).
    expected = 1000.0 / (13.4 / 0.55 + 2.7 + 4.0)
    got = _estimate(catalog, hardware="nvidia-h200-sxm", count=8, params_b=70.6, model="llama-3.1-70b", quant="FP8",
                    backend="vllm", concurrency=500, prompt_tokens=512, output_tokens=256)
    assert got.fits
    assert expected * (1 - WITHIN) <= got.decode_tokens_per_s_per_stream <= expected * (1 + WITHIN)


def test_eight_h200_at_2048_streams_reach_the_mlperf_class_rate(catalog):
    # 2,048 streams of 512 / 512 on 8 replicas of 256 streams (70.6 GB FP8 + 256 × 1,024 × 163,840 B =
    # 43 GB of FP8 KV fit in 141 GB). Per replica step:
    #   matmuls (256 decode + 256 prompt tokens) × 141.2 GFLOP = 72.3 TFLOP / 1,979 = 36.5 ms at peak → 66 ms at 55 %
    #   KV 256 × 768 × 163,840 B = 32 GB / 4.8 TB/s = 6.7 ms; fixed ~4 ms → 77 ms
    # 8 × 256 / 0.077 s = 26.6k output tokens/s (MLPerf-class 8 × H200 runs: ~35k at OpenOrca's shorter shapes).
    expected = 8 * 256 / ((72.3 / 1.979 / 0.55 + 6.7 + 4.0) / 1000.0)
    got = _estimate(catalog, hardware="nvidia-h200-sxm", count=8, params_b=70.6, model="llama-3.1-70b", quant="FP8",
                    backend="trt-llm", concurrency=2048, prompt_tokens=512, output_tokens=512)
    assert expected * (1 - WITHIN) <= got.decode_tokens_per_s_total <= expected * (1 + WITHIN)


@pytest.mark.parametrize("backend", ["vllm", "trt-llm"])
def test_an_overlapping_engines_host_work_does_not_lengthen_a_step_the_device_bounds(catalog, backend):
    # One TP8 group of 8 × H200 at 2,048 streams (the MLPerf batch): the device's step is at least the
    # matmuls at peak, 2,048 × 141.2 GFLOP / 15.8 PFLOPS = 18.3 ms, plus the KV reads, 2,048 × 640 ×
    # 327,680 B / 38.4 TB/s = 11.2 ms. A host loop that prepares step n + 1 while the device runs step n
    # costs nothing more unless it is the longer of the two; 0.1 ms per stream added serially was 205 ms.
    resolved = resolve(EstimateRequest(hardware="nvidia-h200-sxm", count=8, params_b=70.6, model="llama-3.1-70b",
                                       quant="FP8", backend=backend, prompt_tokens=512, output_tokens=256,
                                       model_only=True), catalog_index(catalog))
    assert resolved.host_overlapped
    step, _ = step_time_ms(resolved, 8, 2048)
    without_host = step_time_ms(_no_host(resolved), 8, 2048)[0]
    assert step >= 18.3 + 11.2
    if resolved.scheduler_ms_per_stream * 2048 <= without_host - resolved.step_overhead_ms:
        assert step == pytest.approx(without_host)


def _no_host(resolved):
    import copy

    bare = copy.copy(resolved)
    bare.scheduler_ms_per_stream = 0.0
    return bare


@pytest.mark.xfail(strict=True, reason=(
    "vLLM's GGUF matmuls are priced at its one fitted batched share (0.41 of the 16-bit rate) times the pooled "
    "weight-quantized factor (0.82): 0.33 of the rate, under the 40 % this bound assumes, so 28.7 tok/s a user; "
    "what vLLM's GGUF dequantizing kernels reach on a 5090 is not measured in the store"))
def test_four_rtx_5090_serve_30_users_of_qwen3_32b_at_reading_speed(catalog):
    # 30 users, 1,000 / 300, Q4_K_M (19.9 GB) on vLLM. Two TP2 replicas of 15 streams (the faster layout):
    #   weights 19.9 GB / 3.58 TB/s = 5.6 ms; KV 15 × 1,150 × 262,144 B = 4.5 GB / 3.58 TB/s = 1.3 ms
    #   matmuls (15 decode + 50 prompt tokens) × 65.6 GFLOP = 4.26 TFLOP / 419 TFLOPS = 10.2 ms at peak
    #   all-reduce over PCIe: 2 × 64 layers × ~33 µs = 4.2 ms; fixed ~3 ms for 64 layers
    # At 40 % of the 16-bit rate: 25.4 + 1.3 + 4.2 + 3 = 34 ms → 29 tok/s; at the full rate 18.7 ms → 53.
    # Seed 1's "≥ 30 tok/s comfortable" is met from ~42 % of the rate up (the scenario's "~5 ms per step"
    # counted the weights alone).
    got = _estimate(catalog, hardware="nvidia-rtx-5090", count=4, params_b=32.8, model="qwen3-32b", quant="Q4_K_M",
                    backend="vllm", concurrency=30, prompt_tokens=1000, output_tokens=300)
    low, high = 1000.0 / (10.2 / 0.40 + 1.3 + 4.2 + 3.0), 1000.0 / (10.2 + 1.3 + 4.2 + 3.0)
    assert low <= got.decode_tokens_per_s_per_stream <= high


def test_one_stream_still_reads_the_weights_and_its_kv_once_per_token(catalog):
    # Batch 1 is where the terms started: one H200, 70.6 GB of FP8 weights + 640 × 327,680 B of KV
    # = 70.8 GB / 4.8 TB/s = 14.75 ms at peak bandwidth; the calibrated step adds the bandwidth share
    # and a fixed cost, never the matmuls (2 × 70.6 GFLOP / 1,979 TFLOPS = 0.07 ms).
    resolved = resolve(EstimateRequest(hardware="nvidia-h200-sxm", params_b=70.6, model="llama-3.1-70b", quant="FP8",
                                       backend="vllm", prompt_tokens=512, output_tokens=256, model_only=True),
                       catalog_index(catalog))
    step, memory_bound = step_time_ms(resolved, 1, 1)
    assert memory_bound
    reads = 70.8 / 4.8 / resolved.factors.bandwidth_efficiency
    assert step == pytest.approx(reads + resolved.step_overhead_ms, rel=0.02)
