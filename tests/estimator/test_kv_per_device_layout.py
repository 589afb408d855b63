"""KV cache per device under tensor-parallel and attention-data-parallel layouts.

Worked out from first principles and the engines' sources before running the estimator:
- Tensor-parallel attention splits the KV cache by KV head: each rank keeps max(1, KV heads // TP) heads
  (vLLM `ModelConfig.get_num_kv_heads`: "We will replicate the KV heads in the case where the number of KV
  heads is smaller than the tensor parallel size"). MLA caches one latent per token and layer, no head axis:
  "When using MLA during decode it becomes MQA", `return 1` (same function), so every rank holds the whole
  latent cache. SGLang's DeepSeek guide: "If you do not use DP attention, KV cache will be duplicated among
  all TP ranks."
- DeepSeek-V3 / R1: 61 layers × (512 latent + 64 RoPE key) × 2 bytes (SGLang and vLLM keep the KV cache in
  BF16 by default for an FP8 checkpoint) = 70,272 B per token. FP8 weights: 671 GB, 83.875 GB per GPU of 8.
  H200: 141 GB × 0.92 usable = 129.72 GB, 0.75 GB runtime allowance.
  - 64 streams × 8,192 tokens: 64 × 8,192 × 70,272 B = 36.84 GB of latent cache, whole on each rank:
    83.875 + 36.84 + 0.75 = 121.47 GB per GPU, fits (dividing it by 8 would claim 89.24).
  - 64 streams × 32,768 tokens: 147.37 GB of cache. Tensor parallel: 83.875 + 147.37 + 0.75 = 232 GB, does
    not fit. Attention data parallel (SGLang `--enable-dp-attention`, vLLM `--data-parallel-size` with the
    experts shared): each rank keeps its own requests' cache and the weights but the routed experts whole.
    Routed experts = (671 − 37) / (1 − 8/256) = 654.45 B, the rest 16.55 B: 16.55 + 654.45 / 8 + 147.37 / 8
    + 0.75 = 117.5 GB per GPU, fits.
  - 64 streams × 131,072 tokens: 589.5 GB of cache + 671 GB of weights = 1,260 GB > 8 × 129.72 = 1,038 GB:
    no layout holds it on 8 H200s.
- Qwen3-235B-A22B (94 layers, 4 KV heads of 128): 2 × 94 × 4 × 128 × 2 B = 192,512 B per token in BF16. On
  TP8 each rank holds one of the 4 heads (replicated twice): 32 streams × 8,192 tokens = 50.47 GB of cache,
  12.62 GB per rank, not 6.31. BF16 weights 470 GB, 58.75 per rank: 58.75 + 12.62 + 0.75 = 72.12 GB.
- Llama 3.1 70B (8 KV heads) on TP8: one head per rank, the cache splits 8 ways as before.
"""

from __future__ import annotations

import copy

import pytest

from estimator.physics.catalog_index import catalog_index
from estimator.physics.parallel_plans import best_plan, evaluate
from estimator.physics.resolve import resolve
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest

H200_USABLE = 141.0 * 0.92
DSV3_KV_TOKEN = 61 * 576 * 2  # bytes
DSV3_ROUTED_B = (671.0 - 37.0) / (1.0 - 8.0 / 256.0)


def _request(backend: str, streams: int, tokens: int, model: str = "DeepSeek-V3", params_b: float = 671.0,
             quant: str = "FP8", count: int = 8) -> EstimateRequest:
    return EstimateRequest.model_validate({
        "hardware": "nvidia-h200-sxm", "count": count, "params_b": params_b, "model": model, "quant": quant,
        "backend": backend, "concurrency": streams, "prompt_tokens": tokens - 1024, "output_tokens": 1024,
        "model_only": True,
    })


def _resolved(catalog, *args, **kwargs):
    return resolve(_request(*args, **kwargs), catalog_index(catalog))


@pytest.mark.parametrize("backend", ["sglang", "vllm"])
def test_an_mla_latent_cache_is_whole_on_every_tensor_parallel_rank(catalog, backend):
    r = _resolved(catalog, backend, 64, 8192)
    plan = best_plan(r, 8, 64)
    kv = 64 * 8192 * DSV3_KV_TOKEN / 1e9
    assert plan.fits and plan.group == 8 and not plan.attention_dp
    assert plan.per_device_required_gb == pytest.approx(671.0 / 8 + kv + 0.75, rel=0.005)
    assert plan.per_device_required_gb > 671.0 / 8 + kv / 8 + 0.75 + 30.0


@pytest.mark.parametrize("backend", ["sglang", "vllm"])
def test_attention_data_parallel_holds_what_tensor_parallel_cannot(catalog, backend):
    r = _resolved(catalog, backend, 64, 32768)
    kv = 64 * 32768 * DSV3_KV_TOKEN / 1e9
    assert 671.0 / 8 + kv + 0.75 > H200_USABLE  # tensor-parallel attention: the whole cache on each rank
    plan = best_plan(r, 8, 64)
    dense = 671.0 - DSV3_ROUTED_B
    assert plan.fits and plan.attention_dp
    assert plan.per_device_required_gb == pytest.approx(dense + DSV3_ROUTED_B / 8 + kv / 8 + 0.75, rel=0.01)
    assert plan.per_stream > 0.0


def test_an_engine_without_attention_data_parallel_does_not_fit_the_long_cache(catalog):
    # Only a mixture of experts has weights an attention-DP group shares (its routed experts), so a dense
    # model's data parallel is plain replicas; and an engine lays out what it supports. With attention DP
    # taken away, DeepSeek-V3 at 64 x 32k does not fit 8 H200s.
    r = copy.copy(_resolved(catalog, "sglang", 64, 32768))  # the resolved request is cached: change a copy
    r.attention_dp_opt_in = False
    r.attention_dp = False
    assert not best_plan(r, 8, 64).fits


def test_no_layout_holds_64_contexts_of_128k_on_8_h200s(catalog):
    for backend in ("sglang", "vllm", "trt-llm"):
        assert not best_plan(_resolved(catalog, backend, 64, 131072), 8, 64).fits


def test_kv_heads_fewer_than_the_tensor_parallel_group_are_replicated(catalog):
    r = _resolved(catalog, "vllm", 32, 8192, model="Qwen3-235B-A22B", params_b=235.0, quant="BF16")
    kv = 32 * 8192 * (2 * 94 * 4 * 128 * 2) / 1e9
    tp8 = evaluate(r, 8, 8, 32)
    assert not tp8.attention_dp
    assert tp8.per_device_required_gb == pytest.approx(470.0 / 8 + kv / 4 + 0.75, rel=0.005)


def test_eight_kv_heads_still_split_eight_ways(catalog):
    r = _resolved(catalog, "vllm", 32, 8192, model="Llama 3.1 70B Instruct", params_b=70.6, quant="BF16")
    kv = 32 * 8192 * (2 * 80 * 8 * 128 * 2) / 1e9
    assert evaluate(r, 8, 8, 32).per_device_required_gb == pytest.approx((141.2 + kv) / 8 + 0.75, rel=0.005)


def test_the_estimate_says_which_layout_holds_the_cache(catalog):
    whole = estimate(_request("sglang", 64, 8192), catalog)
    keys = {note.key for note in whole.notes}
    assert "estimate.kv_whole_per_device" in keys
    laid_out = estimate(_request("sglang", 64, 32768), catalog)
    layout = next(note for note in laid_out.notes if note.key == "estimate.layout")
    assert layout.params["mode"].key == "estimate.layout.attention_dp"
    assert "estimate.attention_dp_for_kv" in {note.key for note in laid_out.notes}


def test_every_tensor_parallel_rank_reads_the_kv_it_holds(catalog):
    # A decode step's attention reads each stream's cache where it is held: the whole MLA latent on each of 8
    # tensor-parallel ranks (8,192 tokens x 70,272 B = 0.58 GB a stream, against ~4e10 attention FLOPs split over the
    # 8 ranks' query heads: memory bound), one of 4 Qwen3-235B heads on each of 8 ranks, one of 8 Llama heads on 8;
    # an attention-data-parallel rank reads its own streams' only (64 / 8 of them, whole).
    from estimator.physics.parallel_plans import _laid_out_step, _step_terms

    mla = _resolved(catalog, "sglang", 64, 8192)
    assert _step_terms(mla, 8, 64)[5] == pytest.approx(64 * mla.memory_per_stream_ms)
    qwen = _resolved(catalog, "vllm", 32, 8192, model="Qwen3-235B-A22B", params_b=235.0, quant="BF16")
    assert _step_terms(qwen, 8, 32)[5] == pytest.approx(32 * qwen.memory_per_stream_ms / 4)
    llama = _resolved(catalog, "vllm", 32, 8192, model="Llama 3.1 70B Instruct", params_b=70.6, quant="BF16")
    assert _step_terms(llama, 8, 32)[5] == pytest.approx(32 * llama.memory_per_stream_ms / 8)
    long = _resolved(catalog, "sglang", 64, 32768)
    terms, dp = _laid_out_step(long, 8, 64, 8)
    assert dp and terms[5] == pytest.approx(64 * long.memory_per_stream_ms / 8)
