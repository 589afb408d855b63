"""A 910B's prompt matmuls are priced at the share of peak a measured 910B prompt reaches, not at the share one
serving run left over after its decode.

Worked out before running the product, for AccelMark's interactive run on one 910B2 (benchmarks.csv 5339: vllm-ascend
0.18.0rc1, Llama-3.1-8B BF16, one ~28,650-token prompt at a time, 28,650 / 3.346 s = 8,562 prompt tok/s):
- FLOPs a prompt token costs: the weights' 2 x 8.03e9 = 16.1 GFLOP, plus attention over the causal half of the
  context, 2 x 2 x 32 layers x 4,096 query width x ~14,300 tokens = 7.5 GFLOP: ~23.6 GFLOP;
- 8,562 tok/s x 23.6 GFLOP = ~202 TFLOP/s: 0.72 of the catalog's 280 FP16 TFLOPS (the lowest Atlas A2 bin), 0.54 of
  the 376 TFLOPS bin a 910B2 may be.
The Ascend key's share was fitted on one serving row alone (5248, whose decode steps dominate) at 0.386 of peak,
which priced this prompt at ~4,590 tok/s, 1.87x below what was measured; a prompt-heavy load (RAG prompts of 4-6k
tokens to a 72B) then needed about twice the 910Bs its prefill takes.
"""

from __future__ import annotations

from estimator.fitting.row_predict import predict_row

ONE_PROMPT_ON_A_910B2 = 5339
MEASURED_PROMPT_TOK_S = 8_561.8


def test_a_long_prompt_on_one_910b_is_priced_within_a_quarter_of_the_measured_rate(catalog):
    row = next(row for row in catalog.benchmarks if row.row_id == ONE_PROMPT_ON_A_910B2)
    assert row.value == MEASURED_PROMPT_TOK_S
    predicted = predict_row(row, catalog, catalog.calibration)
    assert MEASURED_PROMPT_TOK_S / 1.25 <= predicted <= MEASURED_PROMPT_TOK_S * 1.25


def test_the_ascend_prompt_share_is_no_longer_the_serving_rows_leftover(catalog):
    # 202 TFLOP/s of 280 (above): a share near 0.7, not the 0.39 the serving row alone gave.
    share = catalog.calibration.prefill_compute_efficiency["ascend/accel"]
    assert 0.6 <= share <= 0.85
