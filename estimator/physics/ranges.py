"""Likely ranges of an estimate, from how far the model missed on devices it was not fitted on.

`scripts/fit_calibration.py` predicts every measured row with a fit that saw no row of its device
(`calibration_fit.leave_one_device_out`). The ratios measured / predicted of a group of rows — one
metric (tg: one user's decode, pp: prefill, total_tps: serving throughput) on one (backend, kind) —
give the group's 10th and 90th percentile: an estimate of that group is "likely" between
prediction × q10 and prediction × q90. Groups with fewer than `MIN_RANGE_ROWS` rows borrow the kind's
pooled group, then the metric's whole set. A range is an honest statement only if it covers held-out
rows: `range_coverage` checks that with the device itself excluded from its own quantiles.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from estimator.catalog import Benchmark, CalibrationParams
from estimator.physics.batching import STATIC_BATCH_BACKENDS
from estimator.physics.calibration import POOLED, calibration_key, normalize_backend, pool_is_another_engine

MIN_RANGE_ROWS = 8
LOW_QUANTILE, HIGH_QUANTILE = 0.1, 0.9
MEASURED_SPREAD = 0.10  # a measured figure: run-to-run and setup spread
TARGET_COVERAGE = 0.80


def range_metric(metric: str) -> str:
    """The figure a row's residual speaks for: a batch's decode-only rate (`decode_tps`) is judged by
    the same batched factors as serving throughput, so it joins the `total_tps` ranges."""
    return "total_tps" if metric == "decode_tps" else metric


def group_keys(metric: str, backend: str, kind: str) -> tuple[str, str, str]:
    """The lookup chain of a figure's range: exact group, the kind's pool, the metric's whole set."""
    return (f"{metric}|{calibration_key(backend, kind)}", f"{metric}|{calibration_key(POOLED, kind)}", f"{metric}|*")


def _quantile(ordered: Sequence[float], q: float) -> float:
    position = q * (len(ordered) - 1)
    below = int(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def _ratios(predictions: Iterable[tuple[Benchmark, float]]) -> dict[str, list[float]]:
    groups: dict[str, list[float]] = defaultdict(list)
    for row, predicted in predictions:
        if predicted <= 0:
            continue
        backend = normalize_backend(row.backend)
        keys = group_keys(range_metric(row.metric), backend, row.kind)
        # A static-batch tool's misses are its own, not its kind's or the metric's (`batching.STATIC_BATCH_BACKENDS`).
        for key in keys[:1] if backend in STATIC_BATCH_BACKENDS else keys:
            groups[key].append(row.value / predicted)
    return groups


def range_ratios(predictions: Iterable[tuple[Benchmark, float]]) -> tuple[dict[str, float], dict[str, float]]:
    """(low, high) ratio per group with at least `MIN_RANGE_ROWS` rows.

    >>> from estimator.catalog import Benchmark
    >>> rows = [Benchmark(row_id=i, hardware_id="d", hardware_label="d", kind="gpu", model="m", params_b=1,
    ...                   quant="FP16", backend="vllm", metric="tg", value=float(v), source_url="https://x")
    ...         for i, v in enumerate([8, 9, 10, 10, 10, 10, 11, 12])]
    >>> low, high = range_ratios((row, 10.0) for row in rows)
    >>> round(low["tg|vllm/gpu"], 2), round(high["tg|vllm/gpu"], 2)
    (0.87, 1.13)
    """
    low: dict[str, float] = {}
    high: dict[str, float] = {}
    for key, values in _ratios(predictions).items():
        if len(values) < MIN_RANGE_ROWS:
            continue
        ordered = sorted(values)
        low[key] = round(min(1.0, _quantile(ordered, LOW_QUANTILE)), 4)
        high[key] = round(max(1.0, _quantile(ordered, HIGH_QUANTILE)), 4)
    return low, high


def calibrated_widening(
    predictions: Sequence[tuple[Benchmark, float]], target: float = TARGET_COVERAGE
) -> dict[str, float]:
    """Per metric, the smallest widening (1.0, 1.05, …, 3.0) at which its ranges cover `target` of
    held-out rows.

    Errors cluster by device (one spec sheet, one source), so the 10th–90th percentile of the other
    devices' residuals covers fewer than 80 % of a new device's rows: the ranges are widened until the
    device-held-out coverage reaches the target (one number per metric, fitted on its rows, reported).
    A static-batch tool's rows do not count (`batching.STATIC_BATCH_BACKENDS`).
    """
    # A static-batch tool's misses are its own (`_ratios`): its rows keep their own quantiles but do not set the
    # widening every other engine's ranges carry (Intel's 40 Gaudi tables are a fifth of the serving rows).
    predictions = [pair for pair in predictions if normalize_backend(pair[0].backend) not in STATIC_BATCH_BACKENDS]
    metrics = {range_metric(row.metric) for row, _ in predictions}
    result: dict[str, float] = {}
    for metric in sorted(metrics):
        result[metric] = 3.0
        for step in range(41):
            widening = round(1.0 + 0.05 * step, 2)
            inside, total = range_coverage(predictions, {metric: widening}).get(metric, (0, 0))
            if total == 0 or inside / total >= target:
                result[metric] = widening
                break
    return result


def ratio_bounds(calibration: CalibrationParams, metric: str, backend: str, kind: str) -> tuple[float, float] | None:
    """The (low, high) measured/predicted ratio for a figure (widened by the calibration's coverage
    widening), or None when the calibration has none."""
    widening = calibration.range_widening.get(metric, 1.0)
    keys: tuple[str, ...] = group_keys(metric, backend, kind)
    if pool_is_another_engine(calibration, normalize_backend(backend), kind):  # another vendor's misses, not the kind's
        keys = (keys[0], keys[2])
    for key in keys:
        if key in calibration.range_ratio_low and key in calibration.range_ratio_high:
            return calibration.range_ratio_low[key] / widening, calibration.range_ratio_high[key] * widening
    return None


def likely_range(value: float, bounds: tuple[float, float] | None, widen: float = 1.0) -> list[float] | None:
    """[low, high] around `value` (widened for assumed specs); None without bounds or for 0."""
    if bounds is None or value <= 0:
        return None
    low, high = bounds
    return [round(value * low / widen, 3), round(value * high * widen, 3)]


def measured_range(value: float) -> list[float] | None:
    """The range of a figure a public measurement gives directly."""
    return None if value <= 0 else [round(value / (1 + MEASURED_SPREAD), 3), round(value * (1 + MEASURED_SPREAD), 3)]


def range_coverage(
    predictions: Sequence[tuple[Benchmark, float]], widening: dict[str, float] | None = None
) -> dict[str, tuple[int, int]]:
    """Per metric, (rows inside their range, rows): each device's rows checked against quantiles
    computed without that device (ranges widened by `widening`), so the range never vouches for rows
    it was built from."""
    by_device: dict[str, list[tuple[Benchmark, float]]] = defaultdict(list)
    for pair in predictions:
        by_device[pair[0].hardware_id or ""].append(pair)
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for device, own in by_device.items():
        others = [pair for pair in predictions if (pair[0].hardware_id or "") != device]
        low, high = range_ratios(others)
        calibration = CalibrationParams(range_ratio_low=low, range_ratio_high=high)
        for row, predicted in own:
            metric = range_metric(row.metric)
            bounds = ratio_bounds(calibration, metric, normalize_backend(row.backend), row.kind)
            if bounds is None or predicted <= 0:
                continue
            counts[metric][1] += 1
            wide = (widening or {}).get(metric, 1.0)
            if predicted * bounds[0] / wide <= row.value <= predicted * bounds[1] * wide:
                counts[metric][0] += 1
    return {metric: (inside, total) for metric, (inside, total) in counts.items()}


__all__ = [
    "range_metric",
    "MEASURED_SPREAD",
    "MIN_RANGE_ROWS",
    "TARGET_COVERAGE",
    "calibrated_widening",
    "group_keys",
    "likely_range",
    "measured_range",
    "range_coverage",
    "range_ratios",
    "ratio_bounds",
]
