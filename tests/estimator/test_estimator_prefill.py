"""Prefill's tensor rate per engine: llama.cpp accumulates FP16 matmuls in FP16, which GeForce cards
run at twice the FP32-accumulate rate the catalog lists. Expectations worked out by hand."""

from __future__ import annotations

import pytest

from estimator.physics.catalog_index import catalog_index
from estimator.physics.device import device_from_hardware
from estimator.physics.resolve import prefill_accumulate_speedup, resolve
from estimator.schemas import EstimateRequest
from tests.support.estimator_builders import catalog, device
from tests.support.worded import estimate

# Same specs, one named like a GeForce card (the catalog lists GeForce FP16 at the FP32-accumulate rate).
GEFORCE = device("geforce-test", fp16=100.0)
OTHER = device("test-gpu", fp16=100.0)
# 1,000 prompt tokens of the 8B test model: 1,000 × (2 · 8e9 + 2 · 32 · 4096 · 1,000) FLOPs.
PROMPT = 1000
FLOPS = PROMPT * (2 * 8e9 + 2 * 32 * 4096 * PROMPT)


def _request(hardware: str, backend: str, quant: str = "FP16") -> EstimateRequest:
    return EstimateRequest.model_validate({
        "hardware": hardware, "params_b": 8.0, "quant": quant, "backend": backend,
        "prompt_tokens": PROMPT, "output_tokens": 10,
    })


def test_llama_cpp_prefill_on_geforce_runs_at_the_fp16_accumulate_rate():
    # η_pp 0.5 (the builders' calibration). Compute: 1.63e13 FLOPs at 100 TFLOPS × 2 × 0.5 = 163 ms,
    # far above one read of the 16 GB of weights (32 ms at 1,000 GB/s × 0.5): compute bound.
    cat = catalog(GEFORCE, OTHER)
    geforce_ms = FLOPS / (100e12 * 2 * 0.5) * 1000
    other_ms = FLOPS / (100e12 * 0.5) * 1000
    assert estimate(_request("geforce-test", "llama.cpp"), cat).prefill_tokens_per_s == pytest.approx(
        PROMPT / geforce_ms * 1000)
    # A card that runs both accumulations at one rate, and vLLM (FP32 accumulation) on the GeForce card.
    assert estimate(_request("test-gpu", "llama.cpp"), cat).prefill_tokens_per_s == pytest.approx(
        PROMPT / other_ms * 1000)
    assert estimate(_request("geforce-test", "vllm"), cat).prefill_tokens_per_s == pytest.approx(
        PROMPT / other_ms * 1000)


def test_the_accumulate_rate_changes_prefill_only_not_the_decode_step():
    index = catalog_index(catalog(GEFORCE, OTHER))
    geforce, other = resolve(_request("geforce-test", "llama.cpp"), index), resolve(_request("test-gpu", "llama.cpp"), index)
    assert geforce.prefill_peak_scale == 2.0 and other.prefill_peak_scale == 1.0
    assert geforce.compute_per_stream_ms == pytest.approx(other.compute_per_stream_ms)
    assert geforce.memory_fixed_ms == pytest.approx(other.memory_fixed_ms)


def test_which_formats_take_the_fp16_accumulate_path():
    spec = device_from_hardware(GEFORCE)
    assert spec.fp16_accumulate_speedup == 2.0
    assert prefill_accumulate_speedup(spec, "llama.cpp", "Q4_K_M") == 2.0  # dequantized to FP16 for cuBLAS
    assert prefill_accumulate_speedup(spec, "llama.cpp", "BF16") == 1.0  # cuBLAS BF16 accumulates in FP32
    assert prefill_accumulate_speedup(spec, "llama.cpp", "FP8") == 1.0
    assert prefill_accumulate_speedup(spec, "trt-llm", "FP16") == 1.0
    assert device_from_hardware(OTHER).fp16_accumulate_speedup == 1.0


def test_shipped_geforce_and_radeon_rates_are_sourced(catalog):
    rtx3090 = catalog.hardware_by_id("nvidia-rtx-3090")
    assert rtx3090.fp16_tflops == 71 and "ga-102-gpu-architecture-whitepaper" in rtx3090.source_url
    assert "FP32-accumulate" in (rtx3090.notes or "")
    rx6700 = catalog.hardware_by_id("amd-rx-6700xt")
    assert rx6700.fp16_tflops == pytest.approx(26.43) and "amd.com" in rx6700.source_url
    assert device_from_hardware(rtx3090).fp16_accumulate_speedup == 2.0
    assert device_from_hardware(rx6700).fp16_accumulate_speedup == 1.0
    assert device_from_hardware(catalog.hardware_by_id("nvidia-h100-sxm")).fp16_accumulate_speedup == 1.0


def test_a_measured_geforce_prefill_exceeds_the_fp32_accumulate_peak(catalog):
    # Why the mechanism exists: llama-bench pp512 of Llama 3 8B FP16 on an RTX 3090 at 4,444.65 tok/s is
    # 4,444.65 × (2 · 8.03e9 + 2 · 32 · 4096 · 512) ≈ 72.0 TFLOPS, above the 71 TFLOPS the card reaches
    # with FP32 accumulation: only the FP16-accumulate rate (142) allows it.
    row = next(r for r in catalog.benchmarks if r.hardware_id == "nvidia-rtx-3090" and r.metric == "pp"
               and r.quant == "FP16" and r.device_count == 1)
    achieved_tflops = row.value * (2 * 8.03e9 + 2 * 32 * 4096 * 512) / 1e12
    peak = catalog.hardware_by_id("nvidia-rtx-3090").fp16_tflops
    assert peak < achieved_tflops < 2 * peak


def test_a_gpu_without_a_listed_rate_says_whether_its_flop_per_byte_was_fitted():
    # The builders' calibration fits no κ for GPUs: compute from bandwidth uses the kind's prior, and
    # the note must not call it fitted; with a fitted κ it says so.
    from estimator.catalog import CalibrationParams
    from tests.support.estimator_builders import CALIBRATION

    unlisted = device("unlisted-gpu", fp16=None)
    ask = _request("unlisted-gpu", "llama.cpp")
    prior_notes = estimate(ask, catalog(unlisted)).notes
    assert any("prior FLOP/byte, not fitted" in note for note in prior_notes), prior_notes
    fitted: CalibrationParams = CALIBRATION.model_copy(update={"compute_per_bandwidth": {"llama.cpp/gpu": 50.0}})
    fitted_notes = estimate(ask, catalog(unlisted, calibration=fitted)).notes
    assert any("(fitted FLOP/byte)" in note for note in fitted_notes), fitted_notes
