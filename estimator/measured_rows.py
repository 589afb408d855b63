"""Measured rows the fit and the accuracy reports leave out, each with the reason its source gives.

Two rules, both read from `benchmark_provenance.csv` (migration 011), never from how well a row fits:

1. **Excluded**: the source itself establishes that the row's stated workload is not what ran (DeepSeek-R1
   rows 423-428: the raw file's elapsed times grow in proportion to the requests submitted, so the
   concurrency recorded is not the batch the engine ran). Such a row cannot be predicted from its cells.
2. **Superseded**: a newer published run of the same catalog model on the same engine exists. An engine's
   figures for a model family it has just started serving move fast (TensorRT-LLM's DeepSeek-R1
   throughput on B200: "approximately 2000 TPS/GPU in February to 4600 TPS/GPU", its tech blog 3;
   dstack's March 2025 report: "the current benchmark results may not accurately represent the
   long-term performance of these inference setups"), and an end-2026 buyer runs the current release.
   Only the newest dated runs of each (model, engine) speak for it. An undated row is neither superseded
   nor superseding: nothing says which is newer.

The per-model step scale (`moe_fit.with_model_step_scales`) is where this matters: DeepSeek-R1's 80
March-2025 rows of one source outvoted its 11 later ones and made its decode steps 3.3x the model's.
"""

from __future__ import annotations

from datetime import date

from estimator.catalog import Benchmark, Catalog
from estimator.physics.calibration import normalize_backend
from estimator.physics.catalog_index import catalog_index

# Serving metrics measured at a stated concurrency: aggregate `total_tps` and decode-only `decode_tps`.
BATCHED_METRICS = frozenset({"total_tps", "decode_tps"})


# Projects that share vLLM's calibration key but not its release history: SGLang, and HabanaAI's vLLM fork
# for Gaudi (its own releases, "v0.7.2+Gaudi-1.21.0"), so a newer upstream vLLM run does not retire a Gaudi one.
FORKS_WITH_OWN_RELEASES: tuple[str, ...] = ("sglang", "vllm-gaudi")


def engine_of(row: Benchmark) -> str:
    """The serving engine a row ran, as a project with its own releases: SGLang and vLLM-Gaudi share vLLM's
    calibration key (`calibration.normalize_backend`) but not its release history."""
    name = row.backend.strip().lower()
    return next((fork for fork in FORKS_WITH_OWN_RELEASES if name.startswith(fork)), None) or normalize_backend(name)


def excluded_rows(catalog: Catalog) -> dict[int, str]:
    """row_id → the source-established reason the row's stated workload is not what ran."""
    return {note.row_id: note.exclude_reason for note in catalog.benchmark_provenance if note.exclude_reason}


def superseded_rows(catalog: Catalog) -> dict[int, str]:
    """row_id → why a newer run of the same model on the same engine speaks for it instead."""
    dates = {note.row_id: note.measured_on for note in catalog.benchmark_provenance if note.measured_on}
    newest: dict[tuple[str, str], date] = {}
    dated: list[tuple[Benchmark, tuple[str, str], date]] = []
    index = catalog_index(catalog)  # cached architecture lookups: a reply asks for these rows too
    for row in catalog.benchmarks:
        measured = dates.get(row.row_id)
        if measured is None:
            continue
        key = (index.architecture(row.params_b, row.model).source, engine_of(row))
        dated.append((row, key, measured))
        newest[key] = max(measured, newest.get(key, measured))
    return {
        row.row_id: f"superseded: {key[1]} on {key[0]} measured {measured.isoformat()}, a newer run of the same "
                    f"engine on the same model published {newest[key].isoformat()}"
        for row, key, measured in dated if measured < newest[key]
    }


def retired_rows(catalog: Catalog) -> dict[int, str]:
    """Every row the fit and the accuracy reports leave out (excluded or superseded), with its reason."""
    return {**superseded_rows(catalog), **{row_id: f"excluded: {why}" for row_id, why in excluded_rows(catalog).items()}}


def model_serving_rows(catalog: Catalog) -> list[Benchmark]:
    """Serving rows of catalog mixture-of-experts models with a stated concurrency: left out of the
    shared fit (`is_moe_without_active_params`), they calibrate their own model (`model_step_scale`)."""
    ids = {h.id for h in catalog.hardware}
    index = catalog_index(catalog)  # its architecture lookups are cached: a reply asks for these rows too
    retired = retired_rows(catalog)  # excluded by their source, or superseded by a newer run (`measured_rows`)
    rows = []
    for row in catalog.benchmarks:
        if row.hardware_id not in ids or row.metric not in BATCHED_METRICS or row.concurrency is None \
                or row.row_id in retired:
            continue
        if row.metric == "total_tps" and not (row.gen_tokens and row.prompt_tokens is not None):
            continue
        if index.architecture(row.params_b, row.model).moe:
            rows.append(row)
    return rows


__all__ = ["BATCHED_METRICS", "engine_of", "excluded_rows", "model_serving_rows", "retired_rows", "superseded_rows"]
