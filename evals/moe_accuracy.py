"""Leave-one-device-out error of the estimator on mixture-of-experts rows.

For every usable measured row of a mixture-of-experts model the catalog knows (its total and active
parameters, experts and routing), the calibration is refitted without *any* row of that device, and
the row is predicted by the model alone: what the estimator would say about an MoE model on a device
it never saw. Dense rows are judged the same way, beside it, so a change for MoE that costs the dense
rows shows. `python -m evals.moe_accuracy` prints the table docs/estimator.md quotes; with `--by-source`
it also holds every publisher out (`leave_one_source_out`) and breaks both down by publisher and by
device, with the typical factor and the share within ±30 % beside MAPE, and the worst rows.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence

from estimator.catalog import Benchmark, CalibrationParams, Catalog
from estimator.fitting.calibration_fit import fit_calibration, predict_row, source_key
from estimator.measured_rows import retired_rows
from estimator.physics.memory import resolve_architecture
from evals.estimator_accuracy import WITHIN_SHARE, WORST_ROWS, error_factor


def is_catalog_moe(row: Benchmark, catalog: Catalog) -> bool:
    return resolve_architecture(row.params_b, catalog.models, row.model).moe


def moe_rows(catalog: Catalog, *, retired: bool = False) -> list[Benchmark]:
    """Measured rows of catalog MoE models on catalog devices whose workload shape is known (the same
    rule as the fit's, except that rows the fit leaves out — prefill, batched "at max load" — are judged
    too: they are what a reply would be asked about). With `retired`, instead the rows the fit leaves
    out by their source (`measured_rows`: excluded, or superseded by a newer run of the same engine):
    reported beside the headline, never in it, since the estimator does not claim to predict them."""
    ids = {h.id for h in catalog.hardware}
    left_out = retired_rows(catalog)
    return [
        row for row in catalog.benchmarks
        if row.hardware_id in ids and is_catalog_moe(row, catalog)
        and (row.metric == "tg" or row.prompt_tokens) and (row.metric != "total_tps" or row.gen_tokens)
        and (row.row_id in left_out) == retired
    ]


def _leave_group_out(
    catalog: Catalog, rows: Sequence[Benchmark], group_of: Callable[[Benchmark], str | None],
) -> list[tuple[Benchmark, float]]:
    """(row, prediction) with the calibration refitted without every catalog row of the row's group."""
    members: dict[str | None, frozenset[int]] = defaultdict(frozenset)
    for row in catalog.benchmarks:
        members[group_of(row)] |= {row.row_id}
    fits: dict[str | None, CalibrationParams] = {}
    predictions = []
    for row in rows:
        group = group_of(row)
        if group not in fits:
            fits[group] = fit_calibration(catalog, exclude_rows=members[group])
        predictions.append((row, predict_row(row, catalog, fits[group])))
    return predictions


def leave_one_device_out(catalog: Catalog, rows: Sequence[Benchmark]) -> list[tuple[Benchmark, float]]:
    """(row, prediction) with the calibration refitted without every row of the row's device."""
    # Every row of the device, not only the shared fit's: its MoE serving rows fit the model's own
    # step scale (`calibration_fit.model_step_scale`), which must come from the other devices.
    return _leave_group_out(catalog, rows, lambda row: row.hardware_id)


def leave_one_source_out(catalog: Catalog, rows: Sequence[Benchmark]) -> list[tuple[Benchmark, float]]:
    """(row, prediction) with the calibration refitted without every row of the row's publisher
    (`calibration_fit.source_key`): what a new report, whose method no fitted row shares, gets."""
    return _leave_group_out(catalog, rows, lambda row: source_key(row.source_url))


def factor_stats(predictions: Sequence[tuple[Benchmark, float]]) -> tuple[int, float, float, float, float]:
    """(rows, MAPE %, median |error| %, typical factor, share within ±30 %): the typical factor is the
    geometric mean of max(est / meas, meas / est) (`estimator_accuracy.error_factor`)."""
    errors = [abs(predicted / row.value - 1.0) for row, predicted in predictions]
    factors = [error_factor(predicted, row.value) for row, predicted in predictions]
    typical = math.exp(statistics.fmean(math.log(f) for f in factors)) if all(map(math.isfinite, factors)) else math.inf
    return (len(errors), statistics.fmean(errors) * 100.0, statistics.median(errors) * 100.0, typical,
            sum(e <= WITHIN_SHARE for e in errors) / len(errors))


def _print_breakdown(label: str, predictions: Sequence[tuple[Benchmark, float]]) -> None:
    """The batched rows' error by publisher and by device (count × device, format), then the worst rows."""
    batched = [pair for pair in predictions if pair[0].metric == "total_tps"]
    groups: dict[str, list[tuple[Benchmark, float]]] = defaultdict(list)
    for row, predicted in batched:
        groups[f"source {source_key(row.source_url)}"].append((row, predicted))
        groups[f"device {row.device_count}x {row.hardware_id} {row.quant}"].append((row, predicted))
    for name in sorted(groups):
        n, mape, median, typical, within = factor_stats(groups[name])
        print(f"{label} total_tps {name:<58} {n:>4} rows  MAPE {mape:5.1f} %  median {median:5.1f} %  "
              f"factor {typical:4.2f}x  within 30 % {within:4.0%}")
    worst = sorted(batched, key=lambda pair: -error_factor(pair[1], pair[0].value))[:WORST_ROWS]
    print(f"{label} worst total_tps rows: " + "; ".join(
        f"#{row.row_id} {row.device_count}x {row.hardware_id} {row.model[:24]} {row.prompt_tokens}/{row.gen_tokens} "
        f"{predicted / row.value:.2f}x" for row, predicted in worst))


def errors_by_metric(predictions: Sequence[tuple[Benchmark, float]]) -> dict[str, tuple[int, float, float]]:
    """metric → (rows, mean |error| %, median |error| %); decode = tg, batched = total_tps."""
    grouped: dict[str, list[float]] = {}
    for row, predicted in predictions:
        grouped.setdefault(row.metric, []).append(abs(predicted / row.value - 1.0) * 100.0)
    return {metric: (len(errs), statistics.fmean(errs), statistics.median(errs)) for metric, errs in grouped.items()}


def main() -> int:
    import tempfile
    from pathlib import Path

    from knowledge import open_store

    catalog = open_store(Path(tempfile.mkdtemp())).catalog()
    predictions = leave_one_device_out(catalog, moe_rows(catalog))
    left_out = leave_one_device_out(catalog, moe_rows(catalog, retired=True))
    for row, predicted in predictions + left_out:
        print(f"row {row.row_id:>4} {row.hardware_id:<28} ×{row.device_count} {row.model[:38]:<38} {row.quant:<7} "
              f"{row.metric:<9} c={row.concurrency!s:<5} measured {row.value:>8.1f} predicted {predicted:>8.1f} "
              f"({(predicted / row.value - 1) * 100:+.0f} %)")
    # Beside the headline, never in it: rows their source excludes or a newer run supersedes.
    reasons = retired_rows(catalog)
    for label, group in (("superseded", "superseded"), ("excluded", "excluded")):
        rows = [(row, p) for row, p in left_out if reasons[row.row_id].startswith(group)]
        for metric, (n, mean, median) in sorted(errors_by_metric(rows).items()):
            print(f"left out ({label}, not in the figures below) {metric}: {n} rows, mean |error| {mean:.0f} %, "
                  f"median {median:.0f} %")
    for metric, (n, mean, median) in sorted(errors_by_metric(left_out + predictions).items()):
        print(f"MoE with the left-out rows {metric}: {n} rows, mean |error| {mean:.0f} %, median {median:.0f} %")
    # One decimal on the headline: the done-when target is "<= 30 %", and 29.7 is not 30.4.
    for metric, (n, mean, median) in sorted(errors_by_metric(predictions).items()):
        print(f"MoE {metric}: {n} rows, mean |error| {mean:.1f} %, median {median:.1f} %")
    if "--by-source" in sys.argv[1:]:  # every publisher held out too, and both broken down (minutes more)
        source_out = leave_one_source_out(catalog, moe_rows(catalog))
        for label, pairs in (("device-out", predictions), ("source-out", source_out)):
            _print_breakdown(label, pairs)
            for metric in sorted({row.metric for row, _ in pairs}):
                n, mape, median, typical, within = factor_stats([pair for pair in pairs if pair[0].metric == metric])
                print(f"MoE {label} {metric}: {n} rows, MAPE {mape:.1f} %, median {median:.1f} %, typical factor "
                      f"{typical:.2f}x, within 30 % {within:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
