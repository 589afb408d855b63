"""The shipped per-stream scheduler cost must be an interior optimum of its search grid.

A fitted value equal to max(SCHEDULER_GRID) means the least-squares optimum lies at or past the grid's
edge: either the grid stops too early or the term's form (a cost linear in running streams that no GPU
speed removes) is wrong for those rows. Either way the shipped figure is a clipped number, not a fit.
Both figures are checked: the host work serial with the device (runs of releases that schedule between
steps) and the host work overlapped with it (`batching.run_overlaps_host`).
"""

from __future__ import annotations

import json
from pathlib import Path

from estimator.fitting.calibration_fit import SCHEDULER_GRID

SHIPPED = Path(__file__).resolve().parents[2] / "knowledge" / "data" / "calibration.json"


def _edge_keys() -> list[str]:
    shipped = json.loads(SHIPPED.read_text())
    costs = [(f"{figure}:{key}", cost) for figure in ("scheduler_ms_per_stream", "overlapped_host_ms_per_stream")
             for key, cost in shipped[figure].items()]
    return sorted(key for key, cost in costs if cost >= max(SCHEDULER_GRID))


def test_no_fitted_scheduler_cost_sits_on_the_grid_edge() -> None:
    assert _edge_keys() == []


def test_grid_edge_check_reads_the_shipped_fit() -> None:
    # Guards the xfail above from passing vacuously: the file holds scheduler costs for the keys fitted.
    fitted = json.loads(SHIPPED.read_text())["scheduler_ms_per_stream"]
    assert "vllm/gpu" in fitted
    assert all(min(SCHEDULER_GRID) <= cost <= max(SCHEDULER_GRID) for cost in fitted.values())
