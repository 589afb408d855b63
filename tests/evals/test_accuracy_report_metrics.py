"""The accuracy report's symmetric error, bands and publisher key: what they must say on rows worked by hand."""

from __future__ import annotations

import math

import pytest

from estimator.catalog import Benchmark
from estimator.fitting.calibration_fit import source_key
from evals.estimator_accuracy import RowResult, _stats, concurrency_band, error_factor


def test_half_and_double_the_measured_figure_are_the_same_factor():
    # MAPE calls a 0.5x estimate 50 % off and a 2x one 100 % off; the factor calls both 2x.
    assert error_factor(50, 100) == error_factor(200, 100) == 2.0
    assert error_factor(100, 100) == 1.0
    assert math.isinf(error_factor(0, 100))


def _row(predicted, measured=100.0, source_out=None):
    return RowResult(row_id=1, metric="total_tps", kind="gpu", hardware_id="x", measured=measured,
                     predicted=predicted, naive=measured, predicted_source_out=source_out)


def test_typical_factor_is_the_geometric_mean_and_the_band_counts_within_30_percent():
    rows = [_row(50), _row(200), _row(125), _row(100)]
    stats = _stats(rows)
    # factors 2, 2, 1.25, 1 -> geometric mean (2 * 2 * 1.25 * 1) ** 0.25 = 5 ** 0.25 = 1.495
    assert stats.typical_factor == pytest.approx(5 ** 0.25, abs=0.01)
    assert stats.within_30 == 0.5  # 125 and 100 are within ±30 %, 50 and 200 are not
    held_out = _stats([_row(100, source_out=40), _row(100, source_out=250)], source_out=True)
    assert held_out.typical_factor == pytest.approx(2.5) and held_out.within_30 == 0


def _benchmark(metric, concurrency):
    return Benchmark(row_id=1, hardware_id="x", hardware_label="x", kind="gpu", model="m", params_b=7, quant="FP16",
                     backend="vllm", concurrency=concurrency, prompt_tokens=128, gen_tokens=128, metric=metric,
                     value=1.0, source_url="https://example.org")


@pytest.mark.parametrize(("metric", "concurrency", "band"), [
    ("tg", None, "1"), ("pp", None, "1"), ("total_tps", 1, "1"), ("total_tps", 16, "2-16"),
    ("total_tps", 17, "17-128"), ("total_tps", 128, "17-128"), ("total_tps", 2048, ">128"),
    ("total_tps", None, "max load"),
])
def test_concurrency_bands(metric, concurrency, band):
    assert concurrency_band(_benchmark(metric, concurrency)) == band


def test_a_publisher_is_its_repository_at_any_commit_or_its_host():
    a = source_key("https://github.com/NVIDIA/TensorRT-LLM/blob/00f3768/docs/source/performance/perf-overview.md")
    b = source_key("https://github.com/NVIDIA/TensorRT-LLM/blob/138f96d/docs/source/performance.md ; https://x.org")
    assert a == b == "github.com/nvidia/tensorrt-llm"
    assert source_key("https://raw.githubusercontent.com/mlcommons/inference_results_v4.1/main/x.json") == \
        "github.com/mlcommons/inference_results_v4.1"
    assert source_key("https://www.redhat.com/zh-cn/blog/x") == "redhat.com"


def test_median_factor_and_the_side_the_misses_lean_to():
    # est / meas 0.5, 1.1, 1.2, 1.3, 3.0: factors 2, 1.1, 1.2, 1.3, 3 -> middle 1.3; ratios' middle 1.2 (leans over)
    stats = _stats([_row(50), _row(110), _row(120), _row(130), _row(300)])
    assert stats.median_factor == 1.3
    assert stats.median_ratio == 1.2
    assert _stats([_row(100, source_out=80), _row(100, source_out=90), _row(100, source_out=70)],
                  source_out=True).median_ratio == 0.8  # held out by source, the estimates lean under
