"""Prefill (prompt processing, time to first token) accuracy per source and per device.

    PYTHONPATH=$PWD .venv/bin/python scripts/prefill_accuracy.py [--worst 15]

Every usable `pp` row of knowledge/data/benchmarks.csv (the only metric that times a prompt alone) and every
prefill-dominated serving row (`total_tps` with prompts ≥ `PREFILL_DOMINATED_RATIO` × the answer: 2048/128,
20000/2000, where the GPU spends most of its time on prompts) is predicted by the shipped calibration (`row_predict.predict_row`, the model alone, never the row) and compared with the
measurement: the symmetric error max(pred / meas, meas / pred) beside the absolute percentage error, grouped
by publisher (`calibration_fit.source_key`) and by device, with the worst rows. Each row also shows the
measured effective rate (tokens/s × FLOPs per token, attention included) as a share of the dense peak the
estimator costs its format at (`device.peak_tflops`): the measured utilization the fit turns into η_pp.
In-sample: `siliconsult eval --estimator` gives the leave-one-device-out and leave-one-source-out figures.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from estimator.catalog import Benchmark, Catalog
from estimator.fitting.calibration_fit import source_key, usable_rows
from estimator.fitting.row_predict import predict_row, row_request
from estimator.physics.catalog_index import catalog_index
from estimator.physics.resolve import resolve
from knowledge import open_store
from knowledge.loader import default_data_dir

# A serving row whose prompts are this many times its answers spends most of its device time prefilling
# (2048/128: ~16 prompt tokens per answer token, each costing about what a decode step's matmuls cost a stream).
PREFILL_DOMINATED_RATIO = 8


@dataclass(frozen=True)
class PrefillResult:
    row: Benchmark
    predicted: float
    effective_tflops: float  # measured tokens/s × FLOPs per token
    costed_peak_tflops: float  # the dense peak the estimator costs this format at (0: derived from bandwidth)

    @property
    def factor(self) -> float:
        return max(self.predicted / self.row.value, self.row.value / self.predicted) if self.predicted > 0 else math.inf

    @property
    def ape(self) -> float:
        return abs(self.predicted / self.row.value - 1.0) * 100.0


def is_prefill_row(row: Benchmark) -> bool:
    """A row that times prompts alone (`pp`) or a serving run dominated by them."""
    if row.metric == "pp":
        return True
    return (row.metric == "total_tps" and bool(row.gen_tokens) and row.prompt_tokens is not None
            and row.prompt_tokens >= PREFILL_DOMINATED_RATIO * (row.gen_tokens or 0))


def prefill_results(catalog: Catalog) -> list[PrefillResult]:
    index = catalog_index(catalog, catalog.calibration)
    results = []
    for row in usable_rows(catalog):
        if not is_prefill_row(row):
            continue
        resolved = resolve(row_request(row), index)
        flops = resolved.arch.prompt_flops(resolved.prefill_params_b, resolved.prompt_tokens)
        # For a serving row, the prompt tokens it got through (output tokens/s ÷ answer length × prompt length).
        prompt_rate = row.value if row.metric == "pp" else row.value / (row.gen_tokens or 1) * resolved.prompt_tokens
        effective = prompt_rate * flops / resolved.prompt_tokens / 1e12
        peak = 0.0 if resolved.compute_derived else resolved.peak_tflops * resolved.prefill_peak_scale * row.device_count
        results.append(PrefillResult(row, predict_row(row, catalog, catalog.calibration), effective, peak))
    return results


def _summary(results: Sequence[PrefillResult]) -> str:
    factors = [r.factor for r in results]
    typical = math.exp(statistics.fmean(math.log(f) for f in factors))
    mape = statistics.fmean(r.ape for r in results)
    within = sum(f <= 1.3 for f in factors) / len(factors)
    return f"rows {len(results):3d}  typical ×{typical:.2f}  worst ×{max(factors):.2f}  MAPE {mape:5.1f} %  within ±30 % {within:.0%}"


def _grouped(results: Sequence[PrefillResult], key: str) -> list[str]:
    groups: dict[str, list[PrefillResult]] = defaultdict(list)
    for result in results:
        name = source_key(result.row.source_url) if key == "source" else (result.row.hardware_id or "?")
        groups[name].append(result)
    return [f"  {name:42s} {_summary(rows)}" for name, rows in sorted(groups.items())]


def _row_line(r: PrefillResult) -> str:
    utilization = f"{r.effective_tflops / r.costed_peak_tflops:5.1%}" if r.costed_peak_tflops else "  n/a"
    return (f"  row {r.row.row_id:4d} {r.row.hardware_id:30s} ×{r.row.device_count} {r.row.model[:28]:28s} {r.row.quant:7s} "
            f"{r.row.backend:17s} {r.row.prompt_tokens}/{r.row.gen_tokens or 0}: measured {r.row.value:8.1f} predicted {r.predicted:8.1f} "
            f"(×{r.factor:.2f}); prompts at {r.effective_tflops:6.1f} TFLOP/s = {utilization} of costed peak")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worst", type=int, default=15)
    parser.add_argument("--all", action="store_true", help="list every row, not only the worst")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:
        store = open_store(Path(home), default_data_dir())
        try:
            catalog = store.catalog()
        finally:
            store.close()
    every = prefill_results(catalog)
    for title, results in (("prompt-processing rows (pp)", [r for r in every if r.row.metric == "pp"]),
                           ("prefill-dominated serving rows (total_tps)", [r for r in every if r.row.metric != "pp"])):
        print(f"{title}, in-sample, shipped calibration")
        print(f"  {'all':42s} {_summary(results)}")
        print("by source")
        print("\n".join(_grouped(results, "source")))
        print("by device")
        print("\n".join(_grouped(results, "device")))
        ordered = sorted(results, key=lambda r: -r.factor)
        print("every row" if args.all else f"worst {args.worst}")
        print("\n".join(_row_line(r) for r in (ordered if args.all else ordered[: args.worst])))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
