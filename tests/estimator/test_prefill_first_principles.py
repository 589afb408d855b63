"""One prompt's prefill on four device/model pairs, worked out by hand before running the product.

Prefill is compute bound: an n-token prompt costs n · (2 · params + 2 · attention layers · width · n) FLOPs
(causal attention, mean context n / 2; width = query heads × head dim), run at a share of the dense peak of the
format's matmul units (the catalog's sheet). Published serving engines reach 40-65 % of it on long prompts:
- vLLM's B200 kernel benchmarks at a serving-sized GEMM (M = 16,384) measure FP8 with its activation quantization
  at 2,249 of 4,500 TFLOPS (50 %; vllm-project/vllm#19566) and BF16 at ~1,360-1,510 of 2,250 (60-67 %);
- TensorRT-LLM's perf-overview (trtllm-bench, offline max load, 2,048-token prompts / 128-token answers) gets
  through prompts at 46-52 % of the FP8 peak on one H100/H200 while also decoding (rows 143, 222, 272 of
  knowledge/data/benchmarks.csv; `scripts/prefill_accuracy.py` prints the figure per row);
- an outside reviewer's expert sizing uses 50 % (docs/reviews/2026-12-06-outside-review.md, E1).
So each expectation below is the band 30-70 % of that peak: wide enough for the engine and the card's clocks,
narrow enough to catch a prefill costed at the wrong format's peak (FP16 for FP8 halves it), at a share of it no
source measured (the 15 % of an accelerator's fork), or by the bandwidth (a 2,048-token prompt is ~270
FLOP/byte, far past every GPU's ridge).

Worked figures (peak from the sheet, model shape from config.json via knowledge/data/models.csv):
1. Llama-3.3-70B FP8 on one H100 SXM (1,979 TFLOPS FP8): 2,048-token prompt, 80 layers, width 64 × 128 = 8,192:
   2 · 70.6e9 + 2 · 80 · 8,192 · 2,048 = 143.9 GFLOP a token -> 50 % = 6,880 tok/s (band 4,130-9,630).
2. Llama-3.3-70B FP8 on one RTX PRO 6000 Blackwell (1,000 TFLOPS FP8 dense; the 4 PFLOPS on NVIDIA's page is
   sparse FP4): 143.9 GFLOP -> 50 % = 3,470 tok/s (band 2,080-4,860). The reviewer's 157 TFLOP/s of prefill is
   16 % of this card's FP8 peak: one card carries it.
3. Qwen3-32B FP8 on one L40S (733 TFLOPS FP8 dense): 64 layers, width 64 × 128 = 8,192:
   2 · 32.8e9 + 2 · 64 · 8,192 · 2,048 = 67.7 GFLOP -> 50 % = 5,410 tok/s (band 3,250-7,580).
4. Llama-3.1-8B BF16 on one RTX 4090 in vLLM (165 TFLOPS: GeForce runs BF16 with FP32 accumulation, which vLLM
   uses, at half the FP16-accumulate rate): 32 layers, width 4,096:
   2 · 8.03e9 + 2 · 32 · 4,096 · 2,048 = 16.6 GFLOP -> 50 % = 4,980 tok/s (band 2,990-6,970).
"""

from __future__ import annotations

import pytest

from estimator.schemas import EstimateRequest
from tests.support.worded import estimate

PROMPT = 2048
LOW_SHARE, HIGH_SHARE = 0.30, 0.70

# (hardware, model, params, quant, dense peak TFLOPS of the format, GFLOP per prompt token): worked above.
PAIRS = [
    ("nvidia-h100-sxm", "llama-3.3-70b", 70.6, "FP8", 1978.9, 143.9),
    ("nvidia-rtx-pro-6000-blackwell", "llama-3.3-70b", 70.6, "FP8", 1000.0, 143.9),
    ("nvidia-l40s", "qwen3-32b", 32.8, "FP8", 733.0, 67.7),
    ("nvidia-rtx-4090", "llama-3.1-8b", 8.03, "BF16", 165.2, 16.6),
]


def _prefill_tokens_per_s(catalog, hardware: str, model: str, params_b: float, quant: str) -> float:  # type: ignore[no-untyped-def]
    request = EstimateRequest.model_validate({
        "hardware": hardware, "model": model, "params_b": params_b, "quant": quant, "backend": "vllm",
        "prompt_tokens": PROMPT, "output_tokens": 64, "concurrency": 1, "model_only": True,
    })
    return estimate(request, catalog).prefill_tokens_per_s


@pytest.mark.parametrize(("hardware", "model", "params_b", "quant", "peak", "gflop"), PAIRS)
def test_one_prompt_prefills_at_a_published_share_of_the_formats_peak(catalog, hardware, model, params_b, quant,
                                                                      peak, gflop):
    # The sheet is the one the arithmetic used: a changed sheet shows here first.
    sheet = catalog.hardware_by_id(hardware)
    assert (sheet.fp8_tflops if quant == "FP8" else sheet.bf16_tflops) == pytest.approx(peak, rel=0.01)
    low, high = peak * 1e12 * LOW_SHARE / (gflop * 1e9), peak * 1e12 * HIGH_SHARE / (gflop * 1e9)
    assert low <= _prefill_tokens_per_s(catalog, hardware, model, params_b, quant) <= high


def test_one_rtx_pro_6000_carries_157_tflops_of_prefill(catalog):
    # The outside reviewer's case: 157 TFLOP/s of prompt work. At the band's low end (30 % of 1,000) the card
    # has ~1.9x that; the estimate must leave the card with headroom, not ask for three.
    rate = _prefill_tokens_per_s(catalog, "nvidia-rtx-pro-6000-blackwell", "llama-3.3-70b", 70.6, "FP8")
    assert rate * 143.9e9 > 1.5 * 157e12
