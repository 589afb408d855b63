"""The accuracy report on the shipped rows: leave-one-device-out MAPE targets, better than
naive, ranges that cover held-out rows, a real PNG. Targets missed today are strict xfails that say by
how much, so an improvement shows up."""

from __future__ import annotations

import json

import pytest

from estimator.physics.ranges import range_metric
from evals.estimator_accuracy import (
    TARGET_COVERAGE,
    TARGET_MAPE,
    format_report,
    naive_prediction,
    print_report,
    run_report,
)

# tg meets its target since session 8 (11.3 %, was 12.7 %): the per-token overhead of kernel-bound engines scales
# with 1 / GPU clock, graph-replaying engines' own overhead is host work (docs/estimator.md, "The model").
# decode_tps meets its target again since session 17 (33.9 %, was 35.1 %): Tenstorrent's chips link directly over
# their own Ethernet (`device.LINK_FIGURES["ethernet mesh"]`: ~1 µs a hop, not a host network stack's 40 µs), and a
# tensor-parallel group spans that mesh rather than one host's four slots (Galaxy's 32 chips, a QuietBox's 8).
MISSED: dict[str, str] = {}
# The Tenstorrent rows alone still miss it, judged on their own below (the three Apple llama.cpp rows are off by
# ~15 % held out since session 8's Apple rates).
TENSTORRENT_DECODE_MISS = (
    "leave-one-device-out batched decode-only MAPE 37.7 % (target 35 %) on the 13 Tenstorrent tt-metal rows: five "
    "devices of two generations, Blackhole's software marked 'under active development' by the source (2x p150a "
    "only 12 % faster than one), so each held-out device is judged by the other generation's efficiency")


# Every test of the report refits the calibration once per held-out device and source (~4 minutes on 2
# cores): the full tier (CI, scripts/test.sh) runs them, a bare `pytest` does not.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def report(catalog, tmp_path_factory):
    return run_report(catalog, tmp_path_factory.mktemp("accuracy"))


@pytest.mark.parametrize("metric", [
    pytest.param(metric, marks=pytest.mark.xfail(strict=True, reason=MISSED[metric])) if metric in MISSED
    else metric for metric in TARGET_MAPE
])
def test_leave_one_device_out_meets_the_target(report, metric):
    stats = report.by_metric[metric]
    assert stats.rows >= 10, f"too few {metric} rows to judge"
    assert stats.mape <= TARGET_MAPE[metric], f"{metric}: LODO MAPE {stats.mape} % > {TARGET_MAPE[metric]} %"


@pytest.mark.xfail(strict=True, reason=TENSTORRENT_DECODE_MISS)
def test_tenstorrent_decode_rows_meet_the_batched_target(report):
    errors = [abs(r.predicted / r.measured - 1) * 100 for r in report.results
              if r.metric == "decode_tps" and r.kind == "accel"]
    assert len(errors) >= 10
    assert sum(errors) / len(errors) <= TARGET_MAPE["decode_tps"]


def test_likely_ranges_cover_held_out_rows(report):
    # Each device's rows against ranges built from the other devices' residuals, widened by the one
    # per-metric factor the shipped calibration carries (fitted for this coverage, and kept small).
    # decode_tps rows join the total_tps ranges (one batched figure, one range).
    assert set(report.coverage) == {range_metric(metric) for metric in TARGET_MAPE}
    for metric, share in report.coverage.items():
        assert share >= TARGET_COVERAGE, (metric, share)


def test_range_widening_stays_modest(catalog):
    assert catalog.calibration.range_widening
    assert all(1.0 <= value <= 1.5 for value in catalog.calibration.range_widening.values())


def test_clearly_better_than_the_naive_roofline(report):
    for metric, stats in report.by_metric.items():
        assert stats.mape < stats.naive_mape / 2, metric
        assert stats.median_ape < stats.naive_median_ape, metric
    assert report.beats_naive


def test_every_kind_with_rows_is_reported(report):
    kinds = {result.kind for result in report.results}
    assert set(report.by_kind) == kinds and {"gpu", "soc"} <= kinds


def test_scatter_plot_is_a_png(report):
    assert report.plot is not None
    with open(report.plot, "rb") as handle:
        assert handle.read(8) == b"\x89PNG\r\n\x1a\n"


def test_printable_summary(report):
    text = format_report(report)
    for metric in TARGET_MAPE:
        assert metric in text
    assert "naive" in text and "leave-one-device-out" in text and "cover held-out rows" in text


def test_naive_baseline_is_bandwidth_over_weight_bytes(catalog):
    row = next(r for r in catalog.benchmarks if r.row_id == 43)  # RTX 4090, 8.03 B Q4_K_M, tg
    bits = catalog.quant("Q4_K_M").bits_per_weight
    assert naive_prediction(row, catalog) == pytest.approx(1008e9 / (8.03e9 * bits / 8))


def test_the_report_prints_as_json(report, capsys):
    code = print_report(report, json_out=True)
    data = json.loads(capsys.readouterr().out)
    assert set(data["by_metric"]) == set(TARGET_MAPE) and data["validation"] == "leave-one-device-out"
    assert code == (0 if data["meets_targets"] and data["beats_naive"] else 1)


def test_every_metric_is_also_judged_with_its_publisher_held_out(report):
    # Leave-one-source-out beside leave-one-device-out: same rows, every row predicted, broken down four ways.
    assert set(report.by_metric_source_out) == set(report.by_metric)
    assert all(r.predicted_source_out is not None and r.source for r in report.results)
    for metric, breakdowns in report.breakdowns_source_out.items():
        # ... and by publisher: each source held out is its own group (which side its misses lean to)
        assert set(breakdowns) == {"class", "engine", "concurrency", "architecture", "source"}
        assert sum(s.rows for s in breakdowns["class"].values()) == report.by_metric_source_out[metric].rows
        assert report.worst_source_out[metric]
    assert "leave-one-source-out" in format_report(report)
