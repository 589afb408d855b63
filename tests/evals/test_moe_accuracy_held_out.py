"""The MoE accuracy report's held-out predictions and its symmetric error (`evals.moe_accuracy`).

Worked out before running it:
- A row held out by source is predicted by a fit that saw no row of its publisher (any commit or file of
  one GitHub repository, else one web host), whatever device the other publishers measured; held out by
  device, by a fit that saw no row of its device. So each prediction equals `predict_row` under
  `fit_calibration(exclude_rows=<that group's rows>)`.
- Two rows predicted at 0.5x and 2x their measured figures: MAPE (50 + 100) / 2 = 75 %, median 75 %, typical
  factor √(2 · 2) = 2.0 (both are off by the same factor), none within ±30 %. One exact row added: MAPE 50 %,
  factor (2 · 2 · 1)^(1/3) ≈ 1.587, a third within ±30 %.
"""

from __future__ import annotations

import pytest

from estimator.fitting.calibration_fit import fit_calibration, predict_row
from evals.moe_accuracy import factor_stats, leave_one_device_out, leave_one_source_out
from tests.support.estimator_builders import THREE_GPUS, bench_row, catalog

A, B = "https://github.com/org-a/bench/blob/1/x.md", "https://www.b.example/run"


def _catalog():
    rows = (
        # 8B at 16 bits (16 GB a token): publisher A's runs reach about half of the bandwidth, B's about 0.8.
        bench_row(1, 9.0, hardware_id="gpu-a", source_url=A),
        bench_row(2, 28.0, hardware_id="gpu-b", source_url=A),
        bench_row(3, 45.0, hardware_id="gpu-b", source_url=B),
        bench_row(4, 100.0, hardware_id="gpu-c", source_url=B),
    )
    return catalog(*THREE_GPUS, benchmarks=rows)


def test_a_row_held_out_by_source_is_predicted_without_any_row_of_its_publisher():
    cat = _catalog()
    rows = cat.benchmarks
    by_source = dict((row.row_id, predicted) for row, predicted in leave_one_source_out(cat, rows))
    assert by_source[2] == pytest.approx(predict_row(rows[1], cat, fit_calibration(cat, exclude_rows=frozenset({1, 2}))))
    assert by_source[3] == pytest.approx(predict_row(rows[2], cat, fit_calibration(cat, exclude_rows=frozenset({3, 4}))))
    by_device = dict((row.row_id, predicted) for row, predicted in leave_one_device_out(cat, rows))
    assert by_device[2] == pytest.approx(predict_row(rows[1], cat, fit_calibration(cat, exclude_rows=frozenset({2, 3}))))
    # Held out by source, A's gpu-b run is judged by B's faster runs alone: predicted above its 28 tok/s; held
    # out by device, A's own gpu-a run still vouches for it.
    assert by_source[2] > 28.0 * 1.2 and abs(by_device[2] / 28.0 - 1) < abs(by_source[2] / 28.0 - 1)


def test_the_typical_factor_scores_half_and_double_alike():
    half, double, exact = (bench_row(1, 100.0), 50.0), (bench_row(2, 100.0), 200.0), (bench_row(3, 100.0), 100.0)
    n, mape, median, typical, within = factor_stats([half, double])
    assert (n, mape, median, typical, within) == (2, pytest.approx(75.0), pytest.approx(75.0), pytest.approx(2.0), 0.0)
    n, mape, _, typical, within = factor_stats([half, double, exact])
    assert (n, mape, typical, within) == (3, pytest.approx(50.0), pytest.approx(4.0 ** (1 / 3)), pytest.approx(1 / 3))
