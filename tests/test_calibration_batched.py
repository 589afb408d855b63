"""Batched-step factors per (backend, kind): an engine with measured multi-user rows gets its own.

Expectations, written before running the fit:
- A decode-only aggregate (`decode_tps`: B streams, no prompt between the timed steps) has step time
  max(memory(B), compute(B)) + overhead + s·B. Rows at 8, 32 and 128 streams on devices of different
  peak rates separate the compute share η_c (its term scales with 1 / peak) from the per-stream cost s
  (the same on every device), so a fit on rows the model generated with known η_c, s returns them.
- A slot server measured that way keeps its own factors; one without such rows borrows the reference
  continuous-batching engine's (vLLM's), as before.
- The shipped store has measured llama.cpp multi-user rows on an Apple M2 Ultra (llama-batched-bench,
  ggml-org/llama.cpp PR #15916) and none on a GPU: llama.cpp on Apple chips uses its own batched factors,
  on GPUs still vLLM's.
"""

from __future__ import annotations

import pytest

from estimator.calibration import normalize_backend, resolve_factors
from estimator.calibration_fit import fit_calibration, predict_row
from estimator.catalog import CalibrationParams
from tests.estimator_builders import generated_catalog

# llama.cpp decodes a batch at a lower share of the peak than vLLM and pays a per-slot cost vLLM does not.
TRUTH = CalibrationParams(
    data_version="truth",
    decode_bandwidth_efficiency={"llama.cpp/gpu": 0.6, "vllm/gpu": 0.6},
    per_token_overhead_ms={"llama.cpp/gpu": 2.0, "vllm/gpu": 2.0},
    prefill_compute_efficiency={"llama.cpp/gpu": 0.4, "vllm/gpu": 0.4},
    batched_efficiency={"llama.cpp/gpu": 0.15, "vllm/gpu": 0.3},
    scheduler_ms_per_stream={"llama.cpp/gpu": 0.06, "vllm/gpu": 0.0},
    prefill_quantized_factor={"llama.cpp/gpu": 0.8, "vllm/gpu": 0.8},
)
SINGLE_STREAM = (
    dict(metric="tg", quant="FP16", backend="llama.cpp"),
    dict(metric="tg", quant="Q4_K_M", backend="llama.cpp"),
    dict(metric="pp", quant="FP16", backend="llama.cpp", prompt_tokens=512, gen_tokens=0),
    dict(metric="pp", quant="Q4_K_M", backend="llama.cpp", prompt_tokens=512, gen_tokens=0),
)
SERVING = (
    dict(metric="total_tps", quant="FP16", backend="vllm", concurrency=64, prompt_tokens=128, gen_tokens=512),
    dict(metric="total_tps", quant="FP16", backend="vllm", concurrency=16, prompt_tokens=2048, gen_tokens=64),
    dict(metric="total_tps", quant="FP16", backend="vllm", concurrency=256, prompt_tokens=16, gen_tokens=512),
)
SLOTS_BATCHED = tuple(
    dict(metric="decode_tps", quant="FP16", backend="llama.cpp", concurrency=streams, prompt_tokens=512, gen_tokens=64)
    for streams in (8, 32, 128)
)


def _generated(shapes: tuple[dict[str, object], ...]):
    """Rows the model itself produces with the TRUTH factors, on every device."""
    return generated_catalog(TRUTH, shapes)


def test_a_slot_server_with_measured_batched_rows_gets_its_own_step_factors():
    fitted = fit_calibration(_generated(SINGLE_STREAM + SERVING + SLOTS_BATCHED))
    assert fitted.batched_efficiency["llama.cpp/gpu"] == pytest.approx(0.15, abs=0.005)
    assert fitted.scheduler_ms_per_stream["llama.cpp/gpu"] == 0.06
    assert fitted.batched_efficiency["vllm/gpu"] == pytest.approx(0.3, abs=0.01)
    factors = resolve_factors(fitted, "llama.cpp", "gpu")
    assert factors.batched_efficiency == fitted.batched_efficiency["llama.cpp/gpu"]
    assert factors.scheduler_ms_per_stream == 0.06


def test_a_slot_server_without_batched_rows_borrows_the_reference_engines_step_factors():
    fitted = fit_calibration(_generated(SINGLE_STREAM + SERVING))
    assert "llama.cpp/gpu" not in fitted.batched_efficiency
    factors = resolve_factors(fitted, "llama.cpp", "gpu")
    assert factors.batched_efficiency == fitted.batched_efficiency["vllm/gpu"]
    assert factors.scheduler_ms_per_stream == fitted.scheduler_ms_per_stream["vllm/gpu"]


def test_shipped_llama_cpp_batched_factors_come_from_its_own_rows_where_it_has_them(catalog):
    slots_rows = [row for row in catalog.benchmarks
                  if normalize_backend(row.backend) == "llama.cpp" and row.metric in ("decode_tps", "total_tps")]
    assert {row.kind for row in slots_rows} == {"soc"}  # measured on an Apple M2 Ultra only (so far)
    calibration = catalog.calibration
    assert "llama.cpp/soc" in calibration.batched_efficiency and "llama.cpp/gpu" not in calibration.batched_efficiency
    apple = resolve_factors(calibration, "llama.cpp", "soc")
    gpu = resolve_factors(calibration, "llama.cpp", "gpu")
    assert apple.batched_efficiency == calibration.batched_efficiency["llama.cpp/soc"]
    assert gpu.batched_efficiency == calibration.batched_efficiency["vllm/gpu"]
    # Three one-device rows fit their own device (in-sample, so loosely): 1, 2 and 4 streams.
    for row in slots_rows:
        assert predict_row(row, catalog, calibration) == pytest.approx(row.value, rel=0.15)
