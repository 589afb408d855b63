"""When every user's KV cache does not fit, the estimate says how many streams an engine admits at once.

A paged engine (vLLM, SGLang, TensorRT-LLM) admits requests while KV blocks are free and queues the rest,
so "does not fit at 500 users" is not "serves nobody". The contract stays: fits False and speeds 0.
"""

from __future__ import annotations

from estimator.schemas import EstimateRequest
from tests.support.worded import estimate


def _request(**overrides):
    values = dict(hardware="nvidia-h100-sxm", count=1, params_b=8.03, model="Llama 3.1 8B Instruct", quant="FP16",
                  backend="vllm", concurrency=500, prompt_tokens=4000, output_tokens=1000)
    values.update(overrides)
    return EstimateRequest(**values)


def test_an_overfull_kv_cache_reports_the_streams_it_holds(catalog):
    # First principles, written before running: 80 GB × 0.92 usable − 0.75 GB runtime = 72.85 GB; weights
    # 8.03 B × 2 B = 16.1 GB leave ~56.8 GB; Llama 3.1 8B keeps 32 layers × 8 KV heads × 128 × 2 (K, V) × 2 B
    # = 131 kB per token, × 5,000 tokens per stream = 0.655 GB: ~86 streams (a few fewer for the request the
    # engine reserves at full context).
    result = estimate(_request(), catalog)
    assert not result.fits and result.decode_tokens_per_s_total == 0  # the contract: no speed when it does not fit
    assert result.admitted_concurrency is not None and 75 <= result.admitted_concurrency <= 90
    assert result.admitted_decode_tokens_per_s_total and result.admitted_decode_tokens_per_s_total > 0
    assert any("queues the rest" in note for note in result.notes)


def test_the_admitted_streams_fit_and_one_more_does_not(catalog):
    admitted = estimate(_request(), catalog).admitted_concurrency
    assert admitted is not None
    assert estimate(_request(concurrency=admitted), catalog).fits
    assert not estimate(_request(concurrency=admitted + 1), catalog).fits


def test_nothing_is_admitted_when_the_weights_alone_do_not_fit(catalog):
    result = estimate(_request(hardware="nvidia-rtx-4090", params_b=70.6, model=None, concurrency=5), catalog)
    assert not result.fits and result.admitted_concurrency is None


def test_a_fitting_estimate_carries_no_admission_figure(catalog):
    result = estimate(_request(concurrency=8), catalog)
    assert result.fits and result.admitted_concurrency is None and result.admitted_decode_tokens_per_s_total is None


def test_a_one_device_moe_past_its_kv_cache_reports_what_the_engine_admits(catalog):
    # First principles, written before running: Qwen3-30B-A3B (30.5 B total, 48 layers, 4 KV heads of 128) in FP8 on
    # one H100 with vLLM, 2,000 users of 512 + 256 tokens. 80 GB × 0.92 − 0.75 GB runtime = 72.85 GB, less 30.5 GB
    # of weights = 42.35 GB for KV; vLLM keeps KV at 16 bits: 2 × 48 × 4 × 128 × 2 B = 98.3 kB per token, × 768
    # tokens = 75.5 MB per stream: ~560 streams (a few fewer for the longest request held at full context), not
    # "does not fit". What they decode together is far more than one stream alone (a step's weight reads are shared
    # by the batch; 560 streams at even a tenth of one stream's speed is 56x its rate: over 10x is the bound).
    request = EstimateRequest(hardware="nvidia-h100-sxm", count=1, model="qwen3-30b-a3b", params_b=30.5, quant="FP8",
                              backend="vllm", concurrency=2000, prompt_tokens=512, output_tokens=256)
    result = estimate(request, catalog)
    assert not result.fits and result.decode_tokens_per_s_total == 0
    assert result.admitted_concurrency is not None and 540 <= result.admitted_concurrency <= 565
    alone = estimate(request.model_copy(update={"concurrency": 1}), catalog)
    assert result.admitted_decode_tokens_per_s_total is not None
    assert result.admitted_decode_tokens_per_s_total > 10 * alone.decode_tokens_per_s_total
