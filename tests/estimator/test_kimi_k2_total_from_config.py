"""Kimi K2's total parameters are the sum of its config's tensors (1,026B), not the README's rounded "1 trillion".

First principles, from moonshotai/Kimi-K2-Instruct's config.json (61 layers, the first dense, hidden 7168, 384 routed
experts of width 2048 top-8 + 1 shared, MLA with q rank 1536, kv rank 512 + rope 64, 64 heads of 128 / 192, vocab
163,840), written before the catalog changed: routed experts 60 × 384 × 3 × 7168 × 2048 = 1,014.7B; shared experts
60 × 3 × 7168 × 2048 = 2.6B; router 60 × 384 × 7168 = 0.17B; the first layer's MLP 3 × 7168 × 18432 = 0.4B; attention
61 × (7168 × 1536 + 1536 × 64 × 192 + 7168 × 576 + 512 × 64 × 256 + 64 × 128 × 7168) = 6.2B; embedding + head
2 × 163,840 × 7168 = 2.3B: 1,026B. In FP8 that is ~1,026 GB of weights: 8 × H200 (1,128 GB, 92 % usable = 1,038 GB,
less 8 × 0.75 GB runtime) leaves ~6 GB for KV, so 32 streams of 9k tokens (288k × 35 KB in FP8 = 10 GB) do not fit,
as Moonshot's deploy guidance says (16 GPUs at least for FP8 on H200-class parts); 8 × MI300X (1,536 GB) holds them.
"""

from __future__ import annotations

import pytest

from estimator.schemas import EstimateRequest
from tests.support.worded import estimate

ROUTED = 60 * 384 * 3 * 7168 * 2048
SHARED = 60 * 3 * 7168 * 2048
ROUTER = 60 * 384 * 7168
DENSE_MLP = 3 * 7168 * 18432
ATTENTION = 61 * (7168 * 1536 + 1536 * 64 * 192 + 7168 * 576 + 512 * 64 * 256 + 64 * 128 * 7168)
EMBEDDINGS = 2 * 163_840 * 7168


def test_the_catalog_total_is_the_configs_sum(catalog):
    total_b = (ROUTED + SHARED + ROUTER + DENSE_MLP + ATTENTION + EMBEDDINGS) / 1e9
    for model_id in ("kimi-k2", "kimi-k2-thinking"):
        model = next(m for m in catalog.models if m.id == model_id)
        assert model.params_b == pytest.approx(total_b, abs=1.0)


def _k2_fp8(hardware: str, catalog):
    return estimate(EstimateRequest(hardware=hardware, count=8, params_b=1026, model="kimi-k2", quant="FP8",
                                    backend="vllm", concurrency=32, prompt_tokens=8000, output_tokens=1000), catalog)


def test_k2_in_fp8_with_a_working_kv_cache_needs_more_than_one_h200_server(catalog):
    assert not _k2_fp8("nvidia-h200-sxm", catalog).fits
    assert _k2_fp8("amd-mi300x", catalog).fits
