"""Batched-step factors per (backend, kind): an engine with measured multi-user rows gets its own.

Expectations, written before running the fit:
- A decode-only aggregate (`decode_tps`: B streams, no prompt between the timed steps) has step time
  max(memory(B), compute(B)) + overhead + s·B. Rows at 8, 32 and 128 streams on devices of different
  peak rates separate the compute share η_c (its term scales with 1 / peak) from the per-stream cost s
  (the same on every device), so a fit on rows the model generated with known η_c, s returns them.
- A slot server measured that way keeps its own factors; one without such rows borrows the reference
  continuous-batching engine's (vLLM's), as before.
- llama.cpp's GPU backend multiplies a batch of at most 8 tokens with vector kernels on the CUDA cores
  (ggml-cuda `MMVQ_MAX_BATCH_SIZE 8`), not with the tensor-core tiles whose share of the peak η_c is: its
  GPU rows of ≤ 8 streams cannot calibrate the batched step, so with only such rows llama.cpp on GPUs
  still borrows vLLM's factors.
- The shipped store has measured llama.cpp multi-user rows on an Apple M2 Ultra (llama-batched-bench,
  ggml-org/llama.cpp PR #15916) and, on a GPU, llama-server with 4 slots on an L4 (ree2raz/inference-bench):
  llama.cpp on Apple chips uses its own batched factors, on GPUs still vLLM's.
"""

from __future__ import annotations

import pytest

from estimator.catalog import CalibrationParams
from estimator.fitting.calibration_fit import fit_calibration, is_vector_kernel_batch, predict_row
from estimator.physics.calibration import normalize_backend, resolve_factors
from tests.support.estimator_builders import generated_catalog

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
SLOTS_VECTOR_BATCHES = tuple(
    dict(metric="decode_tps", quant="Q4_K_M", backend="llama.cpp", concurrency=streams, prompt_tokens=512, gen_tokens=64)
    for streams in (2, 4, 8)
)


def _generated(shapes: tuple[dict[str, object], ...]):
    """Rows the model itself produces with the TRUTH factors, on every device."""
    return generated_catalog(TRUTH, shapes)


def test_a_slot_server_with_measured_batched_rows_gets_its_own_step_factors():
    fitted = fit_calibration(_generated(SINGLE_STREAM + SERVING + SLOTS_BATCHED))
    assert fitted.batched_efficiency["llama.cpp/gpu"] == pytest.approx(0.15, abs=0.005)
    assert fitted.scheduler_ms_per_stream["llama.cpp/gpu"] == 0.06
    # vLLM's decode matmuls are its prefill's (chunked prefill): its η_c is its η_pp, 0.4 in TRUTH.
    assert fitted.batched_efficiency["vllm/gpu"] == pytest.approx(0.4, abs=0.01)
    factors = resolve_factors(fitted, "llama.cpp", "gpu")
    assert factors.batched_efficiency == fitted.batched_efficiency["llama.cpp/gpu"]
    assert factors.scheduler_ms_per_stream == 0.06


def test_a_slot_server_without_batched_rows_borrows_the_reference_engines_step_factors():
    fitted = fit_calibration(_generated(SINGLE_STREAM + SERVING))
    assert "llama.cpp/gpu" not in fitted.batched_efficiency
    factors = resolve_factors(fitted, "llama.cpp", "gpu")
    assert factors.batched_efficiency == fitted.batched_efficiency["vllm/gpu"]
    assert factors.scheduler_ms_per_stream == fitted.scheduler_ms_per_stream["vllm/gpu"]


def test_llama_cpp_gpu_rows_of_at_most_8_streams_do_not_calibrate_its_batched_step():
    fitted = fit_calibration(_generated(SINGLE_STREAM + SERVING + SLOTS_VECTOR_BATCHES))
    assert "llama.cpp/gpu" not in fitted.batched_efficiency
    factors = resolve_factors(fitted, "llama.cpp", "gpu")
    assert factors.batched_efficiency == fitted.batched_efficiency["vllm/gpu"]
    assert factors.scheduler_ms_per_stream == fitted.scheduler_ms_per_stream["vllm/gpu"]


@pytest.mark.parametrize("backend, kind, streams, vector", [
    ("llama.cpp", "gpu", 1, True), ("llama.cpp", "gpu", 8, True), ("llama.cpp", "gpu", 9, False),
    ("llama.cpp", "soc", 4, False),  # Metal's kernel thresholds are not ggml-cuda's
    ("vllm", "gpu", 4, False),
])
def test_only_llama_cpp_gpu_batches_of_at_most_8_streams_are_vector_kernel_batches(backend, kind, streams, vector):
    row = _generated(SLOTS_VECTOR_BATCHES).benchmarks[0].model_copy(
        update={"backend": backend, "kind": kind, "concurrency": streams})
    assert is_vector_kernel_batch(row) is vector


def test_shipped_llama_cpp_batched_factors_come_from_its_own_rows_where_they_can_calibrate_them(catalog):
    slots_rows = [row for row in catalog.benchmarks
                  if normalize_backend(row.backend) == "llama.cpp" and row.metric in ("decode_tps", "total_tps")]
    apple_rows = [row for row in slots_rows if row.kind == "soc"]
    gpu_rows = [row for row in slots_rows if row.kind == "gpu"]
    # On GPUs: llama-server with 4 slots on an L4, i.e. vector-kernel batches only (so far).
    assert apple_rows and gpu_rows and all(is_vector_kernel_batch(row) for row in gpu_rows)
    calibration = catalog.calibration
    assert "llama.cpp/soc" in calibration.batched_efficiency and "llama.cpp/gpu" not in calibration.batched_efficiency
    apple = resolve_factors(calibration, "llama.cpp", "soc")
    gpu = resolve_factors(calibration, "llama.cpp", "gpu")
    assert apple.batched_efficiency == calibration.batched_efficiency["llama.cpp/soc"]
    assert gpu.batched_efficiency == calibration.batched_efficiency["vllm/gpu"]
    # Three one-device rows fit their own device (in-sample, so loosely): 1, 2 and 4 streams.
    for row in apple_rows:
        assert predict_row(row, catalog, calibration) == pytest.approx(row.value, rel=0.15)
