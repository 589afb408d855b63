"""A prompt prefix the engine's cache holds (a shared system prompt, the same repo) is not prefilled again: prefill
works on the rest, which still attends over the cached prefix; the KV cache is sized for the whole prompt per stream.
Expectations worked out by hand from the test model's FLOPs (2 · params + causal attention, `roofline.prefill_flops`)."""

from __future__ import annotations

import pytest

from estimator.schemas import EstimateRequest
from tests.support.estimator_builders import catalog, device
from tests.support.worded import estimate

GPU = device("test-gpu", fp16=100.0)
PROMPT, CACHED = 1000, 800


def _flops(tokens: int) -> float:
    # the 8B test model: 2 · 8e9 FLOPs a token's matmuls + 2 · 32 layers · 4096 width · n for causal attention
    return tokens * (2 * 8e9 + 2 * 32 * 4096 * tokens)


def _request(cached: int) -> EstimateRequest:
    return EstimateRequest.model_validate({
        "hardware": "test-gpu", "params_b": 8.0, "quant": "FP16", "backend": "vllm",
        "prompt_tokens": PROMPT, "output_tokens": 10, "cached_prefix_tokens": cached,
    })


def test_a_cached_prefix_is_not_prefilled_but_the_rest_still_attends_over_it():
    # The 200 uncached tokens cost F(1000) − F(800) = 3.29e12 FLOPs (vs 2 · 8e9 · 200 = 3.2e12 without attention to
    # the prefix) at 100 TFLOPS × η_pp 0.5: 65.9 ms, above one read of the 16 GB of weights (32 ms): compute bound.
    ms = (_flops(PROMPT) - _flops(CACHED)) / (100e12 * 0.5) * 1000
    cached = estimate(_request(CACHED), catalog(GPU))
    assert cached.prefill_tokens_per_s == pytest.approx((PROMPT - CACHED) / ms * 1000, rel=0.01)


def test_a_cached_prefix_cuts_the_first_token_wait_but_not_the_memory_held():
    whole, cached = estimate(_request(0), catalog(GPU)), estimate(_request(CACHED), catalog(GPU))
    # 65.9 ms of prefill instead of 163 ms: the first token comes ~2.5× sooner, the KV cache is the same
    assert whole.ttft_ms / cached.ttft_ms == pytest.approx(_flops(PROMPT) / (_flops(PROMPT) - _flops(CACHED)), rel=0.15)
    assert cached.memory_required_gb == pytest.approx(whole.memory_required_gb)


def test_a_prefix_said_longer_than_the_prompt_leaves_one_token_to_prefill():
    ok = estimate(_request(5000), catalog(GPU))
    assert ok.fits and ok.ttft_ms > 0
