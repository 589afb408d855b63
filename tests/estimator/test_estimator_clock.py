"""The per-token overhead of a decode step is GPU cycles of kernel work: it scales with 1 / GPU clock.

Expectations worked out by hand from the builders' calibration (η_bw 0.5, 1 ms per 32 layers at the
reference clock) and from first principles: halving the clock doubles the overhead and leaves the weight
reads alone; a fit on rows generated with clocks gives the same overhead back.
"""

from __future__ import annotations

import re
import statistics

import pytest

from estimator.catalog import CalibrationParams
from estimator.fitting.calibration_fit import fit_calibration
from estimator.physics.calibration import resolve_factors
from estimator.physics.device import (
    DEFAULT_GPU_CLOCK_MHZ,
    HOST_STEP_BACKENDS,
    REFERENCE_GPU_CLOCK_MHZ,
    device_from_hardware,
    overhead_clock_scale,
)
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest
from knowledge.build import MIGRATIONS_DIR
from knowledge.testing import memory_catalog
from tests.support.estimator_builders import KV_BYTES_PER_TOKEN_8B, catalog, device, generated_catalog

KV_GB = KV_BYTES_PER_TOKEN_8B / 1e9


def _clocked(hardware_id: str, mhz: float | None, kind: str = "gpu"):
    return device(hardware_id, kind=kind).model_copy(update={"gpu_clock_mhz": mhz})


def test_overhead_scales_with_the_inverse_of_the_listed_clock():
    slow = device_from_hardware(_clocked("slow", REFERENCE_GPU_CLOCK_MHZ / 2))
    fast = device_from_hardware(_clocked("fast", REFERENCE_GPU_CLOCK_MHZ * 2))
    assert overhead_clock_scale(slow, "llama.cpp") == pytest.approx(2.0)
    assert overhead_clock_scale(fast, "llama.cpp") == pytest.approx(0.5)


def test_devices_without_a_clock_take_their_kinds_median_and_cpus_are_not_scaled():
    # A GPU without a listed clock sits at the reference: the fitted overhead applies unchanged.
    assert overhead_clock_scale(device_from_hardware(_clocked("gpu", None)), "llama.cpp") == 1.0
    soc = device_from_hardware(_clocked("soc", None, kind="soc"))
    assert overhead_clock_scale(soc, "mlx") == pytest.approx(REFERENCE_GPU_CLOCK_MHZ / DEFAULT_GPU_CLOCK_MHZ["soc"])
    # A CPU's per-token cost is not GPU kernel launches: never scaled, clock listed or not.
    assert overhead_clock_scale(device_from_hardware(_clocked("cpu", None, kind="cpu")), "llama.cpp") == 1.0


@pytest.mark.parametrize("backend", sorted(HOST_STEP_BACKENDS))
def test_graph_replay_engines_overhead_is_host_work_and_not_clock_scaled(backend):
    # One replayed CUDA graph per step: what remains beyond the weight reads is the host's scheduler loop.
    slow = device_from_hardware(_clocked("slow", REFERENCE_GPU_CLOCK_MHZ / 2))
    assert overhead_clock_scale(slow, backend) == 1.0
    assert overhead_clock_scale(slow, "llama.cpp") == pytest.approx(2.0)


def test_a_graph_replay_engine_borrowing_the_pools_overhead_pays_it_at_the_devices_clock():
    # The pool's overhead is fitted on kernel-bound engines' rows, quoted at the reference clock: an engine
    # without its own pays it as those rows do (2x at half the reference clock); its own figure is host work.
    slow = device_from_hardware(_clocked("slow", REFERENCE_GPU_CLOCK_MHZ / 2))
    assert overhead_clock_scale(slow, "vllm", own_overhead=False) == pytest.approx(2.0)
    pooled_only = CalibrationParams(data_version="t", decode_bandwidth_efficiency={"*/gpu": 0.8},
                                    per_token_overhead_ms={"*/gpu": 2.0})
    assert not resolve_factors(pooled_only, "vllm", "gpu").overhead_own
    own = pooled_only.model_copy(update={"decode_bandwidth_efficiency": {"*/gpu": 0.8, "vllm/gpu": 0.9},
                                         "per_token_overhead_ms": {"*/gpu": 2.0, "vllm/gpu": 1.0}})
    assert resolve_factors(own, "vllm", "gpu").overhead_own


def test_a_key_with_too_few_rows_for_its_own_overhead_records_none():
    # Two vLLM rows (fewer than MIN_ROWS_FOR_OVERHEAD): η_bw is fitted, the overhead stays the pool's,
    # so the shipped table must not present the pool's figure as vLLM's own.
    truth = CalibrationParams(
        data_version="truth", decode_bandwidth_efficiency={"vllm/gpu": 0.7, "llama.cpp/gpu": 0.6},
        per_token_overhead_ms={"vllm/gpu": 1.5, "llama.cpp/gpu": 2.0},
        prefill_compute_efficiency={"vllm/gpu": 0.4, "llama.cpp/gpu": 0.4},
        batched_efficiency={"vllm/gpu": 0.3, "llama.cpp/gpu": 0.3},
    )
    cards = tuple(device(name, bandwidth=bandwidth, fp16=fp16) for name, bandwidth, fp16 in
                  (("gpu-a", 300.0, 40.0), ("gpu-b", 900.0, 160.0), ("gpu-c", 2000.0, 700.0)))
    shapes = [dict(metric="tg", quant="FP16", backend="llama.cpp")]
    fitted = fit_calibration(generated_catalog(truth, shapes, cards))
    assert "llama.cpp/gpu" in fitted.per_token_overhead_ms
    two_rows = generated_catalog(truth, [dict(metric="tg", quant="FP16", backend="vllm")], cards[:2])
    fitted = fit_calibration(two_rows)
    assert "vllm/gpu" in fitted.decode_bandwidth_efficiency
    assert "vllm/gpu" not in fitted.per_token_overhead_ms


@pytest.mark.parametrize("kind", sorted(DEFAULT_GPU_CLOCK_MHZ))
def test_kind_defaults_are_the_medians_of_the_catalogs_sourced_clocks(kind):
    listed = [h.gpu_clock_mhz for h in memory_catalog().hardware if h.kind == kind and h.gpu_clock_mhz]
    assert len(listed) >= 5, f"too few sourced {kind} clocks for a default"
    assert DEFAULT_GPU_CLOCK_MHZ[kind] == pytest.approx(statistics.median(listed))


def _clocks_sourced_in_the_migration() -> dict[str, float]:
    # Apple rows' clocks are sourced in migration 010's comment ("-- CLOCK <id> <MHz>: <source>, <url>"),
    # keeping those rows' notes free for another change editing them.
    sql = (MIGRATIONS_DIR / "010_hardware_gpu_clock.sql").read_text(encoding="utf-8")
    found = re.findall(r"^-- CLOCK (\S+) ([0-9.]+): .*https?://", sql, flags=re.MULTILINE)
    return {hardware_id: float(mhz) for hardware_id, mhz in found}


def test_every_listed_clock_carries_its_source_in_the_notes_or_the_migration():
    in_migration = _clocks_sourced_in_the_migration()
    for hw in memory_catalog().hardware:
        if not hw.gpu_clock_mhz:
            assert hw.id not in in_migration, f"{hw.id}: sourced in migration 010 but no clock listed"
        elif hw.id in in_migration:
            assert in_migration[hw.id] == hw.gpu_clock_mhz, f"{hw.id}: migration 010 sources another clock"
        else:
            assert f"gpu_clock_mhz {hw.gpu_clock_mhz:g}" in (hw.notes or ""), f"{hw.id}: clock without its source"


def test_single_stream_decode_by_hand_at_two_clocks():
    # Same card (1,000 GB/s, η 0.5), 16 GB of FP16 weights + 2 tokens of KV read per step = 32 ms; the
    # 1 ms overhead (32 layers) is 2 ms at half the reference clock and 0.5 ms at twice it.
    cat = catalog(_clocked("slow", REFERENCE_GPU_CLOCK_MHZ / 2), _clocked("fast", REFERENCE_GPU_CLOCK_MHZ * 2))
    memory_ms = (16.0 + 2 * KV_GB) / 1000 * 1000 / 0.5

    def tokens_per_s(hardware: str) -> float:
        request = EstimateRequest.model_validate({
            "hardware": hardware, "params_b": 8.0, "quant": "FP16", "backend": "llama.cpp",
            "prompt_tokens": 1, "output_tokens": 2,
        })
        return estimate(request, cat).decode_tokens_per_s_per_stream

    assert tokens_per_s("slow") == pytest.approx(1000 / (memory_ms + 2.0))
    assert tokens_per_s("fast") == pytest.approx(1000 / (memory_ms + 0.5))


def test_single_stream_decode_of_a_graph_replay_engine_is_the_same_at_both_clocks():
    # Same two cards as above under vLLM (builders' calibration: the same η 0.5 and 1 ms per 32 layers):
    # its 1 ms of host work per step does not depend on the GPU clock, so both cards decode alike.
    cat = catalog(_clocked("slow", REFERENCE_GPU_CLOCK_MHZ / 2), _clocked("fast", REFERENCE_GPU_CLOCK_MHZ * 2))

    def tokens_per_s(hardware: str) -> float:
        request = EstimateRequest.model_validate({
            "hardware": hardware, "params_b": 8.0, "quant": "FP16", "backend": "vllm",
            "prompt_tokens": 1, "output_tokens": 2,
        })
        return estimate(request, cat).decode_tokens_per_s_per_stream

    assert tokens_per_s("slow") == pytest.approx(tokens_per_s("fast"))


def test_fit_recovers_the_overhead_from_rows_of_differently_clocked_cards():
    # Rows the model produces on three cards at 1.0, 1.7 and 2.5 GHz with a 2 ms overhead at the
    # reference clock: the fit must give 2 ms back (fit and prediction scale the same way).
    truth = CalibrationParams(
        data_version="truth", decode_bandwidth_efficiency={"llama.cpp/gpu": 0.6},
        per_token_overhead_ms={"llama.cpp/gpu": 2.0}, prefill_compute_efficiency={"llama.cpp/gpu": 0.4},
        batched_efficiency={"llama.cpp/gpu": 0.3},
    )
    cards = tuple(
        device(name, bandwidth=bandwidth, fp16=fp16).model_copy(update={"gpu_clock_mhz": mhz})
        for name, bandwidth, fp16, mhz in (("gpu-a", 300.0, 40.0, 1000.0), ("gpu-b", 900.0, 160.0, 1700.0),
                                           ("gpu-c", 2000.0, 700.0, 2500.0))
    )
    shapes = [dict(metric="tg", quant="FP16", backend="llama.cpp")]
    fitted = fit_calibration(generated_catalog(truth, shapes, cards))
    assert fitted.per_token_overhead_ms["llama.cpp/gpu"] == pytest.approx(2.0, rel=1e-3)
    assert fitted.decode_bandwidth_efficiency["llama.cpp/gpu"] == pytest.approx(0.6, rel=1e-3)
