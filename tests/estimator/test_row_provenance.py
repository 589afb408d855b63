"""Rows the fit and the accuracy reports leave out by what their source says (`estimator.measured_rows`).

Expectations from the sources (benchmark_provenance.csv): dstack published its DeepSeek-R1 runs on
2025-03-18 (SGLang 0.4.x, vLLM 0.7.x, TensorRT-LLM 0.17 / an early PyTorch flow); each of the three engines
was measured on the same model later (TensorRT-LLM's blog at commit b626186, after DeepSeek-R1-0528's
2025-05-28 release; GPUStack's vLLM v0.11.0 page of 2025-10-31; InferenceX's SGLang v0.5.7 run of
2026-03-05), so all 81 dstack rows are superseded and none of the later ones. Rows 423-428 are excluded:
their raw file shows the stated batch is not what ran.
"""

from __future__ import annotations

from datetime import date

import pytest

from estimator.catalog import BenchmarkProvenance
from estimator.fitting.calibration_fit import fit_calibration
from estimator.measured_rows import engine_of, excluded_rows, retired_rows, superseded_rows
from knowledge.loader import validate_dir
from tests.support.knowledge_helpers import copy_data


def _deepseek(catalog, source: str) -> set[int]:
    return {row.row_id for row in catalog.benchmarks if "DeepSeek" in row.model and source in row.source_url}


def test_every_march_2025_run_is_superseded_by_a_newer_run_of_its_engine(catalog):
    superseded = superseded_rows(catalog)
    dstack = _deepseek(catalog, "dstackai")
    assert len(dstack) == 81 and dstack <= set(superseded)
    assert not set(superseded) & set(range(4400, 4411))
    assert "2025-03-18" in superseded[361] and "2026-03-05" in superseded[361]  # SGLang: InferenceX's run
    assert "2025-10-31" in superseded[373]  # vLLM: GPUStack's v0.11.0 page
    assert "2025-05-28" in superseded[374]  # TensorRT-LLM: its DeepSeek blog at b626186


def test_rows_whose_stated_batch_did_not_run_are_excluded_with_the_reason(catalog):
    excluded = excluded_rows(catalog)
    # DeepSeek-R1's offline runs whose stated batch did not run; vllm-ascend nightly runs with a draft model.
    stated_batch, speculative = set(range(423, 429)), {5250, 5251}
    assert set(excluded) == stated_batch | speculative
    assert all("concurrency not what ran" in excluded[row] for row in stated_batch)
    assert all("speculative decoding ran" in excluded[row] for row in speculative)
    assert retired_rows(catalog)[425].startswith("excluded: ")


def test_sglang_is_its_own_engine_not_vllm(catalog):
    rows = {row.row_id: row for row in catalog.benchmarks}
    assert engine_of(rows[4403]) == "sglang" and engine_of(rows[4410]) == "vllm" and engine_of(rows[4400]) == "trt-llm"


def test_the_gaudi_vllm_fork_is_its_own_engine_not_vllm(catalog):
    # HabanaAI's vllm-fork has releases of its own ("v0.7.2+Gaudi-1.21.0"): an upstream vLLM run dated later
    # says nothing of which Gaudi release is current, so it must not retire the fork's dated rows.
    rows = {row.row_id: row for row in catalog.benchmarks}
    assert engine_of(rows[5243]) == "vllm-gaudi"


def test_the_rule_compares_runs_of_one_model_on_one_engine_only(catalog):
    # Date a dense row on vLLM far in the future: it supersedes nothing of DeepSeek's, and an undated row
    # of its model is not superseded by it (nothing says which is newer).
    dense = next(row for row in catalog.benchmarks if row.model.startswith("Llama 3.1 8B") and row.backend == "vllm")
    note = BenchmarkProvenance(row_id=dense.row_id, measured_on=date(2030, 1, 1), source_url="https://example.org")
    shifted = catalog.model_copy(update={"benchmark_provenance": (*catalog.benchmark_provenance, note)})
    assert superseded_rows(shifted) == superseded_rows(catalog)


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_the_fit_ignores_retired_rows(catalog):
    # Fitted on the full store or on the store without the retired rows: the same step scale and factors.
    retired = retired_rows(catalog)
    kept = catalog.model_copy(update={"benchmarks": tuple(r for r in catalog.benchmarks if r.row_id not in retired)})
    full, trimmed = fit_calibration(catalog), fit_calibration(kept)
    assert full.model_step_scale == trimmed.model_step_scale
    assert full.batched_efficiency == trimmed.batched_efficiency
    assert full.expert_prefill_efficiency == trimmed.expert_prefill_efficiency


def test_a_provenance_line_for_an_unknown_row_is_a_data_error(tmp_path):
    data = copy_data(tmp_path)
    with (data / "benchmark_provenance.csv").open("a", encoding="utf-8") as handle:
        handle.write("99999,2025-01-01,,https://example.org,\n")
    errors = validate_dir(data)
    assert any(e.startswith("benchmark_provenance.csv:") and "unknown benchmark row 99999" in e for e in errors)


def test_a_provenance_edit_makes_the_shipped_calibration_stale(tmp_path):
    # The provenance file decides which rows the fit uses, so its bytes are part of the fit's data
    # version: dropping an exclusion without refitting must fail `fit_calibration.py --check`.
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    data = copy_data(tmp_path)
    path = data / "benchmark_provenance.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("concurrency not what ran", "x", 1), encoding="utf-8")
    check = [sys.executable, "scripts/fit_calibration.py", "--check", "--data-dir"]
    assert subprocess.run([*check, str(data)], cwd=root, capture_output=True).returncode == 1
