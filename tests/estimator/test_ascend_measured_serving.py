"""The 910B's batched step is priced from Ascend's own measured serving rows, not borrowed from Gaudi's vLLM fork.

Worked out before running the product, for vllm-ascend's nightly Qwen3-32B W8A8 case (benchmarks.csv 5248: 4 x 910B,
TP4, 72 concurrent streams, ~3,500-token prompts, 1,500 generated tokens each, measured 1,065 output tok/s):
- decode step: the weights, 32.8 GB in INT8, are read once per step across 4 cards (8.2 GB a card); the KV cache is
  64 layers x 8 KV heads x 128 x 2 (K and V) x 2 bytes = 262 KB a token, and 72 streams hold ~3,500 + 750 tokens
  on average: 80 GB, 20 GB a card. At 1.6 TB/s and ~60 % of it: (8.2 + 20) / 0.96 ~ 29 ms a step, so decode alone
  caps the run near 72 / 0.029 ~ 2,500 tok/s;
- prefill: every request's 3,500-token prompt costs 2 x 32.8e9 x 3,500 = 230 TFLOP; at half of 4 x 280 TFLOPS
  (FP16; INT8 twice that), ~0.2-0.4 s of the whole group per prompt;
- per request: 1,500 steps of ~29 ms shared by 72 streams (0.6 s) plus its prompt (0.2-0.4 s): 72 x 1,500 tokens in
  ~ 1,500 x 0.029 + 72 x 0.3 ~ 65 s, i.e. ~1,650 tok/s, with the pure bandwidth-and-peak arithmetic an upper bound.
The measured 1,065 tok/s is ~0.65 of that bound, so a prediction within 1.5x of it is what a calibrated step gives;
before, the row's engine fell under Gaudi's vLLM key (576 tok/s, 1.85x low) and recommendations priced
vLLM-Ascend as a static batch at that key's borrowed step share 0.149 (833 tok/s).
"""

from __future__ import annotations

import pytest

from estimator.fitting.row_predict import predict_row
from estimator.physics.batching import is_continuous
from estimator.physics.calibration import normalize_backend, resolve_factors

QWEN3_32B_W8A8_ON_4 = 5248
QWEN3_235B_BF16_ON_16 = 5249


def _row(catalog, row_id):  # type: ignore[no-untyped-def]
    return next(row for row in catalog.benchmarks if row.row_id == row_id)


def test_vllm_ascend_is_its_own_engine_key_and_batches_continuously():
    # vLLM's scheduler over Ascend kernels: continuous batching (serving_stacks.csv), Ascend's key, not Gaudi's "vllm".
    assert normalize_backend("vllm-ascend") == "ascend" == normalize_backend("vLLM-Ascend")
    assert is_continuous("ascend")


def test_the_910b_batched_step_is_fitted_on_ascend_rows_not_borrowed(catalog):
    calibration = catalog.calibration
    assert calibration.rows_used.get("ascend/accel", 0) >= 1
    factors = resolve_factors(calibration, "ascend", "accel")
    assert factors.calibrated and factors.batched_efficiency == calibration.batched_efficiency["ascend/accel"]


def test_a_32b_w8a8_serving_run_on_four_910b_is_predicted_within_1_5x(catalog):
    row = _row(catalog, QWEN3_32B_W8A8_ON_4)
    predicted = predict_row(row, catalog, catalog.calibration)
    assert row.value / 1.5 <= predicted <= row.value * 1.5
    # Never past the bandwidth-and-peak bound worked out above (~1,650 tok/s at 60 % of bandwidth; 2,000 at 75 %).
    assert predicted < 2_000


@pytest.mark.parametrize("factor", [2.0])
def test_a_235b_moe_serving_run_on_sixteen_910b_is_predicted_within_a_factor(catalog, factor):
    # Qwen3-235B-A22B BF16, DP2 x TP8 with expert parallel over 2 servers, 256 streams, 3,500 in / 1,500 out:
    # 22B active x 2 bytes = 44 GB of expert and attention weights a step at most, spread over 16 cards.
    row = _row(catalog, QWEN3_235B_BF16_ON_16)
    predicted = predict_row(row, catalog, catalog.calibration)
    assert row.value / factor <= predicted <= row.value * factor
