"""Decode attention FLOPs span the query heads × head dim, not the hidden size.

Worked out before running: a decoded token's attention costs 4 × layers × (query heads × head dim) ×
context FLOPs (QKᵀ and the weighted sum of V, 2 FLOPs per multiply-add each). Two 8 B models that differ
only in their attention width (32 × 128 = 4,096, hidden 4,096; 64 × 128 = 8,192, hidden still 4,096,
as Qwen3-30B-A3B's 32 × 128 heads over a 2,048 hidden size) pay the same 2 × 8 B FLOPs for the weights;
going from a 1,000-token to a 9,000-token context adds 4 × 32 × width × 8,000 FLOPs per token: twice as
much for the wider one.
"""

from __future__ import annotations

import pytest

from estimator.catalog import ModelArch
from estimator.physics.catalog_index import catalog_index
from estimator.physics.resolve import resolve
from estimator.schemas import EstimateRequest
from tests.support.estimator_builders import ARCH_8B, QUANTS, THREE_GPUS, URL, catalog

WIDE = ModelArch(
    id="test-8b-wide", family="test", name="Test 8B wide attention", params_b=8.0, layers=32, hidden_size=4096,
    attention_heads=64, kv_heads=8, head_dim=128, max_context=32768, source_url=URL,
)


def _compute_ms(model: str, prompt: int) -> float:
    cat = catalog(*THREE_GPUS).model_copy(update={"models": (ARCH_8B, WIDE), "quant_formats": QUANTS})
    request = EstimateRequest.model_validate({
        "hardware": "gpu-c", "params_b": 8.0, "model": model, "quant": "FP16", "backend": "vllm",
        "prompt_tokens": prompt, "output_tokens": 1, "model_only": True,
    })
    resolved = resolve(request, catalog_index(cat))
    # The weight matmuls' and the attention's FLOPs of one stream's token (a step runs them apart).
    return resolved.compute_per_stream_ms + resolved.attention_compute_per_stream_ms


def test_the_attention_share_of_a_decode_step_grows_with_the_attention_width():
    narrow = _compute_ms("test-8b", 9000) - _compute_ms("test-8b", 1000)
    wide = _compute_ms("test-8b-wide", 9000) - _compute_ms("test-8b-wide", 1000)
    assert narrow > 0
    assert wide / narrow == pytest.approx(2.0, rel=1e-6)
    assert _compute_ms("test-8b-wide", 1) == pytest.approx(_compute_ms("test-8b", 1), rel=0.01)
