"""An FP8 prompt's attention runs at the 16-bit rate; its weight matmuls at the FP8 rate.

Worked by hand before running, on the builders' 8B model (32 layers, width 32 × 128 = 4,096) and a GPU
listing 100 TFLOPS FP16 and 200 FP8, at the builders' η_pp 0.5 with vLLM:
- an n-token prompt is n · 2 · 8e9 FLOPs of weight matmuls and 2 · 32 · 4,096 · n² of causal attention;
- FP16 weights: both at 100 TFLOPS × 0.5 = 50 TFLOP/s;
- FP8 weights: the matmuls at 200 × 0.5 = 100 TFLOP/s, the attention still at 50 (FlashAttention multiplies
  16-bit queries against a 16-bit cache; vLLM switches attention to FP8 only with an FP8 cache on FA3).
  At n = 1,000: matmuls 1.6e13 / 1e14 = 160 ms, attention 2.62e11 / 5e13 = 5.2 ms -> 165.2 ms, 6,053 tok/s
  (6,177 if the attention ran at the FP8 rate: ~2 %). At n = 32,000: matmuls 5.12e14 / 1e14 = 5,120 ms,
  attention 2.68e14 / 5e13 = 5,369 ms -> 10,489 ms, 3,051 tok/s (4,095 at the FP8 rate: 34 % faster).
"""

from __future__ import annotations

import pytest

from estimator.catalog import Hardware
from estimator.schemas import EstimateRequest
from tests.support.estimator_builders import URL, catalog
from tests.support.worded import estimate

GPU = Hardware(id="fp8-gpu", vendor="Test", name="fp8-gpu", kind="gpu", memory_gb=80.0, memory_bandwidth_gbs=1000.0,
               fp16_tflops=100.0, fp8_tflops=200.0, interconnect="PCIe 4.0 x16", source_url=URL)


def _prefill(quant: str, prompt: int) -> float:
    request = EstimateRequest.model_validate({
        "hardware": "fp8-gpu", "params_b": 8.0, "quant": quant, "backend": "vllm", "prompt_tokens": prompt,
        "output_tokens": 8, "model_only": True,
    })
    return estimate(request, catalog(GPU)).prefill_tokens_per_s


def _expected(prompt: int, matmul_tflops: float, attention_tflops: float) -> float:
    matmul_ms = prompt * 2 * 8e9 / (matmul_tflops * 1e12) * 1000
    attention_ms = 2 * 32 * 4096 * prompt * prompt / (attention_tflops * 1e12) * 1000
    return prompt / (matmul_ms + attention_ms) * 1000


@pytest.mark.parametrize("prompt", [1000, 32_000])
def test_fp8_prompt_attention_runs_at_the_16_bit_rate(prompt):
    assert _prefill("FP8", prompt) == pytest.approx(_expected(prompt, 100.0, 50.0), rel=1e-3)


@pytest.mark.parametrize("prompt", [1000, 32_000])
def test_fp16_prompt_runs_everything_at_one_rate(prompt):
    assert _prefill("FP16", prompt) == pytest.approx(_expected(prompt, 50.0, 50.0), rel=1e-3)


def test_long_fp8_prompt_gains_less_from_fp8_than_a_short_one():
    # The quadratic term does not speed up with the weights' format: FP8 buys ~1.96x at 1k tokens; at 32k, FP16 takes
    # 10,240 + 5,369 = 15,609 ms against FP8's 10,489: 1.49x.
    short = _prefill("FP8", 1000) / _prefill("FP16", 1000)
    long = _prefill("FP8", 32_000) / _prefill("FP16", 32_000)
    assert short == pytest.approx(1.96, abs=0.02)
    assert long == pytest.approx(1.49, abs=0.02)
