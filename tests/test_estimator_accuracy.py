"""The accuracy report on the shipped rows: leave-one-out MAPE targets, better than naive, a real PNG."""

from __future__ import annotations

import json

import pytest

from evals.estimator_accuracy import TARGET_MAPE, format_report, main, naive_prediction, run_report


@pytest.fixture(scope="module")
def report(catalog, tmp_path_factory):
    return run_report(catalog, tmp_path_factory.mktemp("accuracy"))


def test_leave_one_out_meets_the_targets(report):
    for metric, target in TARGET_MAPE.items():
        stats = report.by_metric[metric]
        assert stats.rows >= 10, f"too few {metric} rows to judge"
        assert stats.mape <= target, f"{metric}: LOO MAPE {stats.mape} % > {target} %"
    assert report.meets_targets


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
    assert "naive" in text and "leave-one-out" in text


def test_naive_baseline_is_bandwidth_over_weight_bytes(catalog):
    row = next(r for r in catalog.benchmarks if r.row_id == 43)  # RTX 4090, 8.03 B Q4_K_M, tg
    bits = catalog.quant("Q4_K_M").bits_per_weight
    assert naive_prediction(row, catalog) == pytest.approx(1008e9 / (8.03e9 * bits / 8))


def test_main_prints_json(tmp_path, capsys, catalog):
    code = main(tmp_path, json_out=True, catalog=catalog)
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["meets_targets"] and set(data["by_metric"]) == set(TARGET_MAPE)
