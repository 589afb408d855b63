"""Likely ranges beside each figure: built from held-out residuals, and honest about it."""

from __future__ import annotations

import pytest

from estimator.physics.ranges import range_coverage, range_ratios
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest
from tests.support.estimator_builders import bench_row


@pytest.mark.parametrize("hardware, users", [("nvidia-rtx-4090", 1), ("nvidia-rtx-4090", 24), ("apple-m4-max", 1),
                                             ("nvidia-h100-sxm", 64), ("amd-mi300x", 8)])
def test_every_figure_carries_a_range_around_it(catalog, hardware, users):
    result = estimate(EstimateRequest(hardware=hardware, params_b=8.0, quant="Q4_K_M", concurrency=users,
                                      model_only=True), catalog)
    assert result.fits
    for field in ("decode_tokens_per_s_per_stream", "decode_tokens_per_s_total", "prefill_tokens_per_s", "ttft_ms"):
        low, high = getattr(result, f"{field}_range")
        assert low <= getattr(result, field) <= high, field
        assert low < high


def test_a_measured_figure_gets_the_measurement_spread(catalog):
    # RTX 4090, Mistral 7B BF16 on vLLM at 16 users, 256 in / 128 out: a public row (644 tok/s).
    result = estimate(EstimateRequest(hardware="nvidia-rtx-4090", params_b=7.24, quant="BF16", backend="vllm",
                                      concurrency=16, prompt_tokens=256, output_tokens=128), catalog)
    assert result.method == "measured"
    assert result.decode_tokens_per_s_total_range == pytest.approx([644 / 1.1, 644 * 1.1], rel=1e-3)


def _rows(device: str, ratios: list[float]) -> list[tuple]:
    return [(bench_row(i, 10.0 * ratio, hardware_id=device, backend="vllm"), 10.0) for i, ratio in enumerate(ratios)]


def test_ranges_span_the_middle_80_percent_of_residuals():
    pairs = _rows("a", [0.5, 0.8, 0.9, 1.0, 1.0, 1.0, 1.1, 1.2, 1.3, 2.0])
    low, high = range_ratios(pairs)
    assert 0.5 < low["tg|vllm/gpu"] <= 0.8 and 1.3 <= high["tg|vllm/gpu"] < 2.0
    assert low["tg|*/gpu"] == low["tg|vllm/gpu"]  # the pool holds the same rows here


def test_coverage_never_uses_a_device_to_vouch_for_itself():
    # Device "b" misses by 3x; devices "a" and "c" are exact: b's rows fall outside ranges built from a and c.
    pairs = _rows("a", [1.0] * 8) + _rows("b", [3.0] * 8) + _rows("c", [1.0] * 8)
    inside, total = range_coverage(pairs)["tg"]
    assert total == 24 and inside <= 16
