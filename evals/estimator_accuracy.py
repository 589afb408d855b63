"""Estimator accuracy on the shipped benchmark rows: leave-one-device-out and leave-one-source-out errors
beside a naive roofline.

For every usable measured row (device in the catalog; prompt/output lengths known where the metric
depends on them), the calibration is refitted without *any* row of that row's device and the row is
predicted by the model alone (`calibration_fit.leave_one_device_out`): rows of one device share its
spec-sheet errors and usually its source, so leaving one row out lets its siblings vouch for it and
flatters the model. The likely ranges (`ranges.py`) are checked on the same held-out predictions,
each device against quantiles built without it (`coverage`). Errors are reported per metric (tg, pp, total_tps) and per hardware kind as MAPE (mean
absolute percentage error) and median absolute percentage error, beside a naive roofline baseline of
the kind public calculators use:

- tg: aggregate peak bandwidth / weight bytes;
- pp: aggregate peak compute / (2 · params) FLOPs per token;
- total_tps, decode_tps: min(C · bandwidth / weight bytes, compute / (2 · params)) at the row's concurrency.

Devices that list no FP16 rate get, in the baseline, the median FLOP/byte of the catalog's devices of
their kind (of all devices when their kind lists none). A log-log scatter of predicted against
measured is written as a PNG. `siliconsult eval --estimator` calls `main`.

Leave-one-device-out cannot see errors shared by a publisher's method, nor devices that have no rows
to leave out: every row is therefore also predicted with its whole source (`calibration_fit.source_key`:
a GitHub repository or a web host) held out. Beside MAPE, which punishes over-estimates more than
under-estimates (a 0.5× figure scores 50 %, a 2× one 100 %), each group reports the typical factor
(geometric mean of max(est / meas, meas / est): 2.0 for either) and the share within ±30 %, broken down
by device class, engine, concurrency band, dense vs mixture of experts and publisher, with the worst rows; beside them the
median factor and the median estimate / measured, the side the misses lean to (above 1 a count sized on the estimate
buys too few devices).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel

from estimator.catalog import Benchmark, Catalog, Hardware
from estimator.fitting.calibration_fit import leave_one_device_out, leave_one_source_out, source_key, usable_rows
from estimator.physics.batching import STATIC_BATCH_BACKENDS
from estimator.physics.calibration import normalize_backend
from estimator.physics.device import device_from_hardware, peak_tflops
from estimator.physics.memory import bits_per_weight, resolve_architecture
from estimator.physics.ranges import calibrated_widening, range_coverage

# The accuracy targets (README's table) for leave-one-device-out MAPE, and for the share of held-out rows inside their range.
# decode_tps (a batch's decode-only rate) is batched throughput too: the same bound as total_tps.
TARGET_MAPE: dict[str, float] = {"tg": 12.0, "pp": 30.0, "total_tps": 35.0, "decode_tps": 35.0}
TARGET_COVERAGE = 0.80
# The baseline's batch when a row ran "at max load" without saying how many requests it batched.
NAIVE_DEFAULT_CONCURRENCY = 256
PLOT_FILE = "estimator_accuracy.png"
# "Within ±30 %": the share of rows an infra lead would call right (a sizing off by a third changes the count).
WITHIN_SHARE = 0.30
WORST_ROWS = 10
# Concurrency bands (upper bounds, inclusive): one stream, a team, a department, a service.
CONCURRENCY_BANDS: tuple[tuple[int, str], ...] = ((1, "1"), (16, "2-16"), (128, "17-128"))


class RowResult(BaseModel):
    row_id: int
    metric: str
    kind: str
    hardware_id: str
    measured: float
    predicted: float
    naive: float
    # The same row predicted with its whole source held out (None in reports built before it existed).
    predicted_source_out: float | None = None
    source: str = ""
    engine: str = ""
    concurrency_band: str = ""
    moe: bool = False

    @property
    def architecture(self) -> str:
        return "moe" if self.moe else "dense"


class ErrorStats(BaseModel):
    rows: int
    mape: float
    median_ape: float
    naive_mape: float
    naive_median_ape: float
    typical_factor: float = 1.0
    within_30: float = 0.0
    # The median of max(est / meas, meas / est): the middle row's miss, either way (the typical factor's mean is pulled by
    # a few rows far off).
    median_factor: float = 1.0
    # The median of est / meas: which way the misses lean. Above 1 the estimator carries more than was measured, so a
    # count sized on it buys too few devices; below 1, too many.
    median_ratio: float = 1.0


class AccuracyReport(BaseModel):
    data_version: str
    rows_used: int
    rows_excluded: int
    by_metric: dict[str, ErrorStats]
    by_kind: dict[str, ErrorStats]
    targets: dict[str, float]
    meets_targets: bool
    validation: str = "leave-one-device-out"
    # Per metric: share of held-out rows inside their likely range (range built without their device).
    coverage: dict[str, float] = {}
    coverage_target: float = TARGET_COVERAGE
    # Leave-one-source-out: per metric, then per metric and breakdown ("class", "engine", "concurrency",
    # "architecture", "source") and group; the worst rows (largest factor) per metric.
    by_metric_source_out: dict[str, ErrorStats] = {}
    breakdowns_source_out: dict[str, dict[str, dict[str, ErrorStats]]] = {}
    worst_source_out: dict[str, list[RowResult]] = {}
    beats_naive: bool
    plot: str | None
    results: list[RowResult]


def _median_flop_per_byte(hardware: Sequence[Hardware], kind: str) -> float:
    def ratios(devices: Sequence[Hardware]) -> list[float]:
        return [
            (h.fp16_tflops or h.bf16_tflops or 0) * 1000 / h.memory_bandwidth_gbs
            for h in devices if (h.fp16_tflops or h.bf16_tflops) and h.memory_bandwidth_gbs
        ]

    same_kind = ratios([h for h in hardware if h.kind == kind])
    return statistics.median(same_kind or ratios(hardware))


def naive_prediction(row: Benchmark, catalog: Catalog) -> float:
    """The naive roofline figure for a row (see the module docstring)."""
    hw = catalog.hardware_by_id(row.hardware_id or "")
    if hw is None:
        raise ValueError(f"row {row.row_id}: device not in the catalog")
    device = device_from_hardware(hw)
    count = row.device_count
    weight_bytes = row.params_b * 1e9 * bits_per_weight(row.quant, catalog) / 8
    peak = peak_tflops(device, row.quant.upper())
    if peak is None:
        peak = _median_flop_per_byte(catalog.hardware, hw.kind) * device.bandwidth_gbs / 1000
    memory_bound = device.bandwidth_gbs * 1e9 * count / weight_bytes
    compute_bound = peak * 1e12 * count / (2 * row.params_b * 1e9)
    if row.metric == "tg":
        return memory_bound
    if row.metric == "pp":
        return compute_bound
    return min((row.concurrency or NAIVE_DEFAULT_CONCURRENCY) * memory_bound, compute_bound)


def error_factor(predicted: float, measured: float) -> float:
    """max(est / meas, meas / est): 2.0 for half and for double the measured figure (∞ for a zero estimate)."""
    if predicted <= 0:
        return math.inf
    return max(predicted / measured, measured / predicted)


def _stats(results: Sequence[RowResult], *, source_out: bool = False) -> ErrorStats:
    predicted = [(r.predicted_source_out or 0.0) if source_out else r.predicted for r in results]
    errors = [abs(p / r.measured - 1) * 100 for p, r in zip(predicted, results, strict=True)]
    naive = [abs(r.naive / r.measured - 1) * 100 for r in results]
    factors = [error_factor(p, r.measured) for p, r in zip(predicted, results, strict=True)]
    return ErrorStats(
        rows=len(results), mape=round(statistics.fmean(errors), 1), median_ape=round(statistics.median(errors), 1),
        naive_mape=round(statistics.fmean(naive), 1), naive_median_ape=round(statistics.median(naive), 1),
        typical_factor=round(math.exp(statistics.fmean(math.log(f) for f in factors)), 2) if all(
            math.isfinite(f) for f in factors) else math.inf,
        within_30=round(sum(abs(e) <= WITHIN_SHARE * 100 for e in errors) / len(errors), 3),
        median_factor=round(statistics.median(factors), 2),
        median_ratio=round(statistics.median(p / r.measured for p, r in zip(predicted, results, strict=True)), 2),
    )


def _grouped(results: Sequence[RowResult], attribute: str, *, source_out: bool = False) -> dict[str, ErrorStats]:
    groups: dict[str, list[RowResult]] = defaultdict(list)
    for result in results:
        groups[str(getattr(result, attribute))].append(result)
    return {key: _stats(groups[key], source_out=source_out) for key in sorted(groups)}


def concurrency_band(row: Benchmark) -> str:
    """The row's concurrency band; "max load" when the source batched as many as fit without saying how many."""
    if row.metric in ("tg", "pp"):
        return "1"
    if row.concurrency is None:
        return "max load"
    return next((name for bound, name in CONCURRENCY_BANDS if row.concurrency <= bound),
                f">{CONCURRENCY_BANDS[-1][0]}")


# Breakdown name -> RowResult attribute (device class is the hardware kind).
BREAKDOWNS: dict[str, str] = {"class": "kind", "engine": "engine", "concurrency": "concurrency_band",
                              "architecture": "architecture", "source": "source"}


def _breakdowns(results: Sequence[RowResult]) -> dict[str, dict[str, dict[str, ErrorStats]]]:
    by_metric: dict[str, list[RowResult]] = defaultdict(list)
    for result in results:
        by_metric[result.metric].append(result)
    return {
        metric: {name: _grouped(rows, attribute, source_out=True) for name, attribute in BREAKDOWNS.items()}
        for metric, rows in sorted(by_metric.items())
    }


def _worst(results: Sequence[RowResult]) -> dict[str, list[RowResult]]:
    by_metric: dict[str, list[RowResult]] = defaultdict(list)
    for result in results:
        by_metric[result.metric].append(result)
    return {
        metric: sorted(rows, key=lambda r: -error_factor(r.predicted_source_out or 0.0, r.measured))[:WORST_ROWS]
        for metric, rows in sorted(by_metric.items())
    }


def write_plot(results: Sequence[RowResult], path: Path) -> None:
    """Log-log scatter of predicted (model and naive) against measured tokens/s, with the y = x line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colors = {"tg": "tab:blue", "pp": "tab:orange", "total_tps": "tab:green", "decode_tps": "tab:purple"}
    fig, ax = plt.subplots(figsize=(7, 7))
    for metric, color in colors.items():
        chosen = [r for r in results if r.metric == metric]
        if not chosen:
            continue
        measured = [r.measured for r in chosen]
        ax.scatter(measured, [r.predicted for r in chosen], c=color, s=22, label=f"{metric}: calibrated model")
        ax.scatter(measured, [r.naive for r in chosen], facecolors="none", edgecolors=color, s=22, marker="s",
                   label=f"{metric}: naive roofline")
    values = [v for r in results for v in (r.measured, r.predicted, r.naive)]
    low, high = min(values) / 1.5, max(values) * 1.5
    ax.plot([low, high], [low, high], "k-", lw=1, label="predicted = measured")
    ax.fill_between([low, high], [low / 1.25, high / 1.25], [low * 1.25, high * 1.25], color="grey", alpha=0.15,
                    label="±25 %")
    ax.set(xscale="log", yscale="log", xlim=(low, high), ylim=(low, high), xlabel="measured tokens/s",
           ylabel="predicted tokens/s", title="Estimator, leave-one-device-out vs measured rows")
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def run_report(catalog: Catalog, out_dir: Path | None, *,
               on_device: Callable[[int, int], None] | None = None) -> AccuracyReport:
    """Leave-one-device-out and leave-one-source-out accuracy of the estimator on the catalog's rows; the plot
    goes to `out_dir`. `on_device(done, total)` reports the device refits' progress."""
    held_out = leave_one_device_out(catalog, on_device=on_device)
    # The ranges a reply shows are for serving engines: a static-batch tool's rows (one offline batch, no buyer serves
    # users with it: `batching.STATIC_BATCH_BACKENDS`) neither set the widening nor count in its coverage.
    served = [pair for pair in held_out if normalize_backend(pair[0].backend) not in STATIC_BATCH_BACKENDS]
    source_out = dict((row.row_id, predicted) for row, predicted in leave_one_source_out(catalog))
    results = [
        RowResult(
            row_id=row.row_id, metric=row.metric, kind=row.kind, hardware_id=row.hardware_id or "",
            measured=row.value, predicted=round(predicted, 3), naive=round(naive_prediction(row, catalog), 3),
            predicted_source_out=round(source_out[row.row_id], 3), source=source_key(row.source_url),
            engine=normalize_backend(row.backend), concurrency_band=concurrency_band(row),
            moe=resolve_architecture(row.params_b, catalog.models, row.model).moe,
        )
        for row, predicted in held_out
    ]
    by_metric = _grouped(results, "metric")
    plot = None
    if out_dir is not None and results:
        plot_path = out_dir / PLOT_FILE
        write_plot(results, plot_path)
        plot = str(plot_path)
    return AccuracyReport(
        data_version=catalog.data_version,
        rows_used=len(results),
        rows_excluded=len(catalog.benchmarks) - len(usable_rows(catalog)),
        by_metric=by_metric,
        by_kind=_grouped(results, "kind"),
        targets=TARGET_MAPE,
        meets_targets=all(by_metric[m].mape <= t for m, t in TARGET_MAPE.items() if m in by_metric),
        coverage={metric: round(inside / total, 3)
                  for metric, (inside, total) in range_coverage(served, calibrated_widening(held_out)).items()
                  if total},
        beats_naive=all(s.mape < s.naive_mape for s in by_metric.values()),
        plot=plot,
        results=results,
        by_metric_source_out=_grouped(results, "metric", source_out=True),
        breakdowns_source_out=_breakdowns(results),
        worst_source_out=_worst(results),
    )


def format_report(report: AccuracyReport) -> str:
    """The printable summary: one line per metric and per kind, model beside naive, then leave-one-source-out
    per metric, its breakdowns and worst rows."""
    lines = [
        f"Estimator accuracy, leave-one-device-out on {report.rows_used} measured rows "
        f"({report.rows_excluded} excluded: device not in the catalog or workload shape unknown)",
        f"{'group':<14}{'rows':>5}{'MAPE':>9}{'median':>9}{'factor':>8}{'±30 %':>7}{'naive MAPE':>12}"
        f"{'naive med.':>12}{'target':>9}{'med. factor':>12}{'est/meas':>9}",
    ]

    def line(name: str, stats: ErrorStats, target: float | None, naive: bool = True) -> str:
        goal = f"<= {target:g} %" if target is not None else ""
        baseline = f"{stats.naive_mape:>11.1f}%{stats.naive_median_ape:>11.1f}%" if naive else " " * 24
        return (f"{name[:14]:<14}{stats.rows:>5}{stats.mape:>8.1f}%{stats.median_ape:>8.1f}%"
                f"{stats.typical_factor:>7.2f}x{stats.within_30:>6.0%} {baseline}{goal:>9}"
                f"{stats.median_factor:>11.2f}x{stats.median_ratio:>8.2f}x")

    lines += [line(metric, stats, report.targets.get(metric)) for metric, stats in report.by_metric.items()]
    lines.append("by hardware kind:")
    lines += [line(kind, stats, None) for kind, stats in report.by_kind.items()]
    verdict = "meets" if report.meets_targets else "MISSES"
    naive = "beats" if report.beats_naive else "does NOT beat"
    lines.append(f"{verdict} the MAPE targets; {naive} the naive roofline on every metric")
    if report.coverage:
        shares = ", ".join(f"{metric} {share:.0%}" for metric, share in report.coverage.items())
        lines.append(f"likely ranges cover held-out rows: {shares} (target >= {report.coverage_target:.0%})")
    if report.by_metric_source_out:
        lines.append("leave-one-source-out (every row of the row's publisher held out):")
        lines += [line(metric, stats, None) for metric, stats in report.by_metric_source_out.items()]
    for metric, breakdowns in report.breakdowns_source_out.items():
        lines.append(f"{metric}, leave-one-source-out, by:")
        for name, groups in breakdowns.items():
            lines += [line(f"  {name[:5]} {group.rsplit('/', 1)[-1]}", stats, None, naive=False) for group, stats in groups.items()]
    for metric, worst in report.worst_source_out.items():
        lines.append(f"{metric}, worst rows held out by source (row: device, engine, estimate / measured):")
        lines += [f"  {r.row_id}: {r.hardware_id}, {r.engine}, {(r.predicted_source_out or 0) / r.measured:.2f}x "
                  f"({r.source})" for r in worst]
    if report.plot:
        lines.append(f"scatter plot: {report.plot}")
    return "\n".join(lines)


def main(out_dir: Path, json_out: bool, catalog: Catalog, *,
         on_device: Callable[[int, int], None] | None = None) -> int:
    """Run the report on `catalog` (the caller's store), print it (JSON or text); exit code 1 if a target is missed."""
    return print_report(run_report(catalog, out_dir, on_device=on_device), json_out)


def print_report(report: AccuracyReport, json_out: bool) -> int:
    """Print a finished report (JSON or text); exit code 1 if a target is missed."""
    if json_out:
        print(json.dumps(report.model_dump(mode="json", exclude={"results"}), indent=2))
    else:
        print(format_report(report))
    return 0 if report.meets_targets and report.beats_naive else 1


__all__ = [
    "TARGET_COVERAGE", "TARGET_MAPE", "AccuracyReport", "ErrorStats", "RowResult", "concurrency_band",
    "error_factor", "format_report", "main", "naive_prediction", "print_report", "run_report",
]

if __name__ == "__main__":
    # The shipped data (`siliconsult eval --estimator` passes the user's store instead).
    from knowledge.testing import memory_catalog

    args = [arg for arg in sys.argv[1:] if arg != "--json"]
    sys.exit(main(Path(args[0]) if args else Path("."), json_out="--json" in sys.argv, catalog=memory_catalog()))
