"""An engine measured on one kind of device but not another: separable single-stream factors.

By hand: vLLM reaches η_bw 0.9 of bandwidth on GPUs where the GPU pool reaches 0.75, and the SoC pool
reaches 0.6; vLLM on an SoC is taken as 0.9 · 0.6 / 0.75 = 0.72 (the engine's kernels times the kind's
memory system). Per-token overhead likewise: 1.0 ms · 4.0 / 2.0 = 2.0 ms.
"""

from __future__ import annotations

import pytest

from estimator.catalog import CalibrationParams
from estimator.physics.calibration import resolve_factors

CALIBRATION = CalibrationParams(
    data_version="test",
    decode_bandwidth_efficiency={"vllm/gpu": 0.9, "*/gpu": 0.75, "*/soc": 0.6, "llama.cpp/soc": 0.6},
    per_token_overhead_ms={"vllm/gpu": 1.0, "*/gpu": 2.0, "*/soc": 4.0, "llama.cpp/soc": 4.0},
    rows_used={"vllm/gpu": 5, "*/gpu": 5, "*/soc": 5, "llama.cpp/soc": 5},
)


def test_an_engine_unmeasured_on_a_kind_carries_its_ratio_to_the_other_kinds_pool():
    factors = resolve_factors(CALIBRATION, "vllm", "soc")
    assert factors.bandwidth_efficiency == pytest.approx(0.72)
    assert factors.overhead_ms == pytest.approx(2.0)
    assert not factors.calibrated


def test_a_fitted_key_and_an_engine_measured_nowhere_keep_their_figures():
    assert resolve_factors(CALIBRATION, "llama.cpp", "soc").bandwidth_efficiency == pytest.approx(0.6)
    # TensorRT-LLM has no single-stream rows on any kind: the SoC pool, as before.
    unmeasured = resolve_factors(CALIBRATION, "trt-llm", "soc")
    assert (unmeasured.bandwidth_efficiency, unmeasured.overhead_ms) == pytest.approx((0.6, 4.0))


def test_the_carried_efficiency_never_exceeds_peak():
    fast = CALIBRATION.model_copy(update={"decode_bandwidth_efficiency": {
        "vllm/gpu": 1.0, "*/gpu": 0.5, "*/soc": 0.9}})
    assert resolve_factors(fast, "vllm", "soc").bandwidth_efficiency == 1.0
