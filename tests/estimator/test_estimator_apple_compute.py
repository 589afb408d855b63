"""Apple silicon's GPU compute rate: the catalog lists each chip's FP32 (= FP16) rate, and the
estimator uses it instead of κ · bandwidth, so chips of equal bandwidth but different ALU counts and clocks
differ in prefill, batched decode and k-quant unpacking. Expectations worked out by hand before running."""

from __future__ import annotations

import pytest

from estimator.catalog import CalibrationParams
from estimator.physics.catalog_index import catalog_index
from estimator.physics.device import device_from_hardware
from estimator.physics.resolve import prefill_accumulate_speedup, resolve
from estimator.schemas import EstimateRequest
from knowledge.testing import memory_catalog
from tests.support.estimator_builders import catalog, device

# Round soc factors for llama.cpp: η_bw 0.8, 1 ms overhead, η_pp 0.4, η_c 0.2, κ 25 FLOP/byte, c_k 4.
SOC = "llama.cpp/soc"
SOC_CALIBRATION = CalibrationParams(
    data_version="test",
    decode_bandwidth_efficiency={SOC: 0.8}, per_token_overhead_ms={SOC: 1.0},
    prefill_compute_efficiency={SOC: 0.4}, batched_efficiency={SOC: 0.2},
    compute_per_bandwidth={SOC: 25.0}, decode_kquant_flops_per_weight={SOC: 4.0},
    relative_error={SOC: 0.1}, rows_used={SOC: 10},
)
# Equal bandwidth (an M1 Max's 409.6 GB/s), an M1 Max's and an M4 Max's listed GPU rates, and no rate.
OLD = device("soc-old", kind="soc", bandwidth=409.6, fp16=10.6)
NEW = device("soc-new", kind="soc", bandwidth=409.6, fp16=16.16)
UNLISTED = device("soc-unlisted", kind="soc", bandwidth=409.6, fp16=None)

# (GPU cores, clock GHz) of the bin each Apple row's rate describes (hardware.csv notes): 128 FP32 ALUs per
# core × 2 FLOP per FMA. M1/M2 clocks from metal-benchmarks, M3 from applegpuinfo, M4 and M5 from powermetrics.
APPLE_BINS = {
    "apple-m1": (8, 1.278), "apple-m1-pro": (16, 1.296), "apple-m1-max": (32, 1.296), "apple-m1-ultra": (64, 1.296),
    "apple-m2": (10, 1.398), "apple-m2-pro": (19, 1.398), "apple-m2-ultra": (76, 1.398),
    "apple-m3": (10, 1.380), "apple-m3-pro": (18, 1.380), "apple-m3-max": (40, 1.380), "apple-m3-ultra": (60, 1.380),
    "apple-m4": (10, 1.578), "apple-m4-pro": (16, 1.578), "apple-m4-max": (40, 1.578),
    # the 48 and 64 GB Mac mini configurations of the same 16-core-GPU M4 Pro
    "apple-m4-pro-48gb": (16, 1.578), "apple-m4-pro-64gb": (16, 1.578),
    # M5 generation: 1,578 MHz measured by powermetrics on an M5 (a MacBook Air under a Metal FP32 peak test).
    "apple-m5": (10, 1.578), "apple-m5-pro": (20, 1.578), "apple-m5-max": (40, 1.578),
}


def _ask(hardware: str, quant: str = "FP16", **fields: object) -> EstimateRequest:
    values: dict[str, object] = {"hardware": hardware, "params_b": 8.0, "quant": quant, "backend": "llama.cpp"}
    values.update(fields)
    return EstimateRequest.model_validate(values)


def test_every_apple_row_lists_cores_x_256_flop_x_clock():
    shipped = memory_catalog()
    apple = {hw.id: hw for hw in shipped.hardware if hw.vendor == "Apple"}
    assert set(apple) == set(APPLE_BINS)
    for hw_id, (cores, ghz) in APPLE_BINS.items():
        hw = apple[hw_id]
        # 2 % covers Apple's rounded launch figures (M1 2.6 for 2.617).
        assert hw.fp16_tflops == pytest.approx(cores * 128 * 2 * ghz / 1000, rel=0.02), hw_id
        assert hw.bf16_tflops is None  # no source gives a separate BF16 rate
        assert f"{cores}-core GPU" in (hw.notes or ""), hw_id


def test_a_listed_soc_rate_is_used_instead_of_kappa_times_bandwidth():
    index = catalog_index(catalog(NEW, UNLISTED, calibration=SOC_CALIBRATION))
    listed, derived = resolve(_ask("soc-new"), index), resolve(_ask("soc-unlisted"), index)
    assert not listed.compute_derived and listed.peak_tflops == pytest.approx(16.16)
    assert not any("derived from bandwidth" in note for note in listed.notes)
    # κ 25 FLOP/byte × 409.6 GB/s = 10.24 TFLOPS, already net of utilization (η_pp 1).
    assert derived.compute_derived and derived.peak_tflops == pytest.approx(10.24)
    assert derived.prefill_efficiency == pytest.approx(1.0) and listed.prefill_efficiency == pytest.approx(0.4)


def test_equal_bandwidth_more_alus_give_a_higher_decode_compute_roof():
    index = catalog_index(catalog(OLD, NEW, calibration=SOC_CALIBRATION))
    old, new = resolve(_ask("soc-old"), index), resolve(_ask("soc-new"), index)
    # Same reads (FP16 weights: no k-quant unpacking), compute per stream in the ratio of the rates.
    assert old.memory_fixed_ms == pytest.approx(new.memory_fixed_ms)
    assert old.compute_per_stream_ms / new.compute_per_stream_ms == pytest.approx(16.16 / 10.6)
    # 2 · 8e9 FLOP per token plus attention (4 · 32 layers · 4096 · context) at 16.16 TFLOPS × η_c 0.2.
    # The weight matmuls and the attention are kept apart (each its own kernels in a step).
    assert new.compute_per_stream_ms == pytest.approx(2 * 8e9 / (16.16e12 * 0.2) * 1000)
    attention = 4 * 32 * 4096 * new.decode_context
    assert new.attention_compute_per_stream_ms == pytest.approx(attention / (16.16e12 * 0.2) * 1000)
    # Without listed rates the two would be one device: κ · bandwidth knows nothing of the ALUs.
    blind = catalog_index(catalog(device("a", kind="soc", bandwidth=409.6, fp16=None),
                                  device("b", kind="soc", bandwidth=409.6, fp16=None), calibration=SOC_CALIBRATION))
    assert resolve(_ask("a"), blind).compute_per_stream_ms == resolve(_ask("b"), blind).compute_per_stream_ms


def test_kquant_unpacking_runs_at_the_listed_rate():
    index = catalog_index(catalog(OLD, NEW, calibration=SOC_CALIBRATION))
    old, new = resolve(_ask("soc-old", "Q4_K_M"), index), resolve(_ask("soc-new", "Q4_K_M"), index)
    # 8e9 k-quant weights × c_k 4 FLOP each: 3.02 ms at 10.6 TFLOPS, 1.98 ms at 16.16; the reads are equal.
    unpack_old, unpack_new = 8.0 * 4.0 / 10.6, 8.0 * 4.0 / 16.16
    assert old.memory_fixed_ms - new.memory_fixed_ms == pytest.approx(unpack_old - unpack_new, rel=0.02)


def test_apple_prefill_gets_no_fp16_accumulate_speedup():
    shipped = memory_catalog()
    ultra = device_from_hardware(shipped.hardware_by_id("apple-m2-ultra"))
    # Apple GPUs run FP16 and FP32 FMAs at one rate (no GeForce-style 2x for FP16 accumulation).
    assert ultra.fp16_tflops == pytest.approx(27.2) and ultra.fp16_accumulate_speedup == 1.0
    assert prefill_accumulate_speedup(ultra, "llama.cpp", "Q4_K_M") == 1.0
    r = resolve(_ask("apple-m2-ultra", "Q4_K_M", prompt_tokens=512), catalog_index(shipped))
    assert not r.compute_derived and r.peak_tflops == pytest.approx(27.2) and r.prefill_peak_scale == 1.0


# An Apple chip (vector-ALU rate) and a matrix-unit soc (a Strix-Halo-like WMMA rate) of one engine.
APPLE_LIKE = device("apple-test", kind="soc", bandwidth=400.0, fp16=14.0).model_copy(update={"vendor": "Apple"})
WMMA_LIKE = device("wmma-test", kind="soc", bandwidth=256.0, fp16=59.4)


def test_an_apple_rate_is_reached_at_its_own_prefill_share():
    cal = SOC_CALIBRATION.model_copy(update={"prefill_alu_efficiency": {SOC: 0.7}})
    index = catalog_index(catalog(APPLE_LIKE, WMMA_LIKE, calibration=cal))
    apple, wmma = resolve(_ask("apple-test"), index), resolve(_ask("wmma-test"), index)
    assert device_from_hardware(APPLE_LIKE).vector_alu_rate and not device_from_hardware(WMMA_LIKE).vector_alu_rate
    assert apple.prefill_efficiency == pytest.approx(0.7) and wmma.prefill_efficiency == pytest.approx(0.4)


def test_the_fit_gives_each_family_of_listed_rate_its_own_share():
    from estimator.fitting.calibration_fit import fit_calibration
    from tests.support.estimator_builders import generated_catalog

    truth = SOC_CALIBRATION.model_copy(update={"prefill_compute_efficiency": {SOC: 0.3},
                                              "prefill_alu_efficiency": {SOC: 0.7},
                                              "prefill_quantized_factor": {SOC: 0.8}})
    shapes = [dict(metric="pp", quant=q, backend="llama.cpp", kind="soc", prompt_tokens=512, gen_tokens=0)
              for q in ("FP16", "Q4_K_M")] + [dict(metric="tg", quant="FP16", backend="llama.cpp", kind="soc")]
    fitted = fit_calibration(generated_catalog(truth, shapes, devices=(APPLE_LIKE, WMMA_LIKE)))
    # Pooled into one share, 0.3 and 0.7 would both be missed by ~40 %.
    assert fitted.prefill_compute_efficiency[SOC] == pytest.approx(0.3, rel=1e-3)
    assert fitted.prefill_alu_efficiency[SOC] == pytest.approx(0.7, rel=1e-3)
    assert fitted.prefill_quantized_factor[SOC] == pytest.approx(0.8, rel=1e-3)
