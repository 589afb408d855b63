"""Batched decode per engine: continuous batching vs slot servers, the format's compute roof.

Expectations from first principles, written before looking at the product's numbers:
- A decode step reads the weights once for every stream in the batch, so aggregate throughput grows
  with the users until a roof (compute, or the per-stream scheduling cost) and never falls.
- Nobody decodes faster in a crowd than alone: total ≤ C × single-user speed.
- An RTX 4090 runs BF16 matmuls at 165 TFLOPS dense (the catalog's FP32-accumulate rate): a 7.24B
  model costs 2 · 7.24 GFLOP per token, so no engine exceeds 165e12 / 14.48e9 ≈ 11,400 tokens/s.
- Continuous batching folds a new prompt into decode steps that read the weights anyway (chunked
  prefill); a slot server stalls the other slots while it prefills. With the same step physics the
  first is never slower, and with several users it is faster.
"""

from __future__ import annotations

import copy
from itertools import pairwise

import pytest

from estimator.fitting.row_predict import predict_resolved, row_request
from estimator.physics import batching
from estimator.physics.catalog_index import catalog_index
from estimator.physics.device import device_from_hardware, peak_tflops
from estimator.physics.parallel_plans import step_time_ms
from estimator.physics.resolve import resolve
from estimator.schemas import EstimateRequest
from tests.support.estimator_builders import device
from tests.support.worded import estimate

USERS = (1, 2, 4, 8, 16, 32, 64, 128)
RTX_4090_BF16_ROOF = 165.2e12 / (2 * 7.24e9)


def _total(catalog, backend: str, users: int, quant: str = "BF16") -> float:
    ask = EstimateRequest(
        hardware="nvidia-rtx-4090", params_b=7.24, quant=quant, backend=backend, concurrency=users,
        prompt_tokens=256, output_tokens=128, model_only=True,
    )
    result = estimate(ask, catalog)
    assert result.fits, (backend, users)
    return result.decode_tokens_per_s_total


@pytest.mark.parametrize("backend", ["vllm", "sglang", "trt-llm", "llama.cpp"])
def test_batched_throughput_on_a_consumer_card_rises_with_users_up_to_a_roof(catalog, backend):
    totals = [_total(catalog, backend, users) for users in USERS]
    assert all(later >= earlier for earlier, later in pairwise(totals)), totals
    single = totals[0]
    for users, total in zip(USERS, totals, strict=True):
        assert total <= users * single * 1.0001  # no one is faster in a crowd than alone
        assert total <= RTX_4090_BF16_ROOF
    # 64 streams share each weight read: far more than a few single users' worth.
    assert totals[USERS.index(64)] >= 10 * single


# llama-server samples every running slot on the host, one after another, after each decode step; vLLM,
# SGLang and TensorRT-LLM sample the batch on the GPU. ggml-org/llama.cpp#27050 (RTX 5090, 32 slots) measured
# 41.2 ms per output token with host sampling and 25.4 ms with `--backend-sampling` (off by default), one slot
# unchanged: 0.51 ms of host time per step for each slot beyond the first. That cost is what puts
# llama.cpp's slots below continuous batching at 64 users of a 7B Q4_K_M on an RTX 4090, where its
# FP16-accumulate prefill alone had it 1 % ahead (880 vs 870 tok/s without the sampling term).
@pytest.mark.parametrize("quant, users", [
    pytest.param(quant, users, id=f"{users}-{quant}") for quant in ("BF16", "Q4_K_M") for users in (8, 16, 32, 64)
])
def test_continuous_batching_engines_beat_llama_cpp_slots_from_8_users(catalog, quant, users):
    slots = _total(catalog, "llama.cpp", users, quant)
    for engine in ("vllm", "sglang", "trt-llm"):
        assert _total(catalog, engine, users, quant) > slots, (engine, users, quant)


def _without_host_sampling(resolved):
    bare = copy.copy(resolved)
    bare.host_sampling_ms_per_extra_stream = 0.0
    return bare


def test_llama_server_samples_each_slot_beyond_the_first_on_the_host(catalog):
    # ggml-org/llama.cpp#27050: at 32 slots host sampling makes a step 41.2 − 25.4 = 15.8 ms longer than
    # sampling on the GPU, and one slot is unchanged. Written down before running: +0 ms at 1 slot,
    # 31 × 0.51 = 15.81 ms at 32, for llama.cpp only (vLLM samples on the GPU).
    index = catalog_index(catalog)
    for backend, extra_ms in (("llama.cpp", 15.81), ("vllm", 0.0)):
        resolved = resolve(EstimateRequest(
            hardware="nvidia-rtx-4090", params_b=7.24, quant="Q4_K_M", backend=backend, concurrency=32,
            prompt_tokens=256, output_tokens=128, model_only=True), index)
        bare = _without_host_sampling(resolved)
        assert step_time_ms(resolved, 1, 1) == step_time_ms(bare, 1, 1)
        with_sampling, without = step_time_ms(resolved, 1, 32)[0], step_time_ms(bare, 1, 32)[0]
        assert with_sampling - without == pytest.approx(extra_ms, abs=0.01), backend


def test_host_sampling_scales_with_the_models_vocabulary(catalog):
    # Each slot's sampler builds and partially sorts an array of the whole vocabulary, so its time is linear
    # in it. #27050 copied 16.2 MB of FP32 logits per step at 32 slots: 16.2e6 / 128 ≈ 126,600 entries.
    # Worked out before running: Llama 3.1 8B (128,256) 0.51 × 128,256 / 126,562 ≈ 0.517 ms per extra slot,
    # Llama 4 Scout (202,048) ≈ 0.814 ms; a model sized by parameters alone keeps the measured 0.51 ms.
    index = catalog_index(catalog)

    def per_slot(**model):
        return resolve(EstimateRequest(hardware="nvidia-rtx-4090", quant="Q4_K_M", backend="llama.cpp",
                                       concurrency=8, model_only=True, **model), index).host_sampling_ms_per_extra_stream

    assert per_slot(params_b=8.03, model="llama-3.1-8b") == pytest.approx(0.517, abs=0.001)
    assert per_slot(params_b=109, model="llama-4-scout") == pytest.approx(0.814, abs=0.001)
    assert per_slot(params_b=7.24) == pytest.approx(0.51)
    assert batching.host_sampling_ms("llama.cpp", 32_768) < batching.host_sampling_ms("llama.cpp", 151_936)


def test_the_estimates_notes_name_the_host_sampling_its_figure_carries(catalog):
    # Every term of a figure is in its provenance. 16 llama-server slots of a bare 7.24B (the measured
    # run's 0.51 ms per slot) carry 15 × 0.51 = 7.65 ms per step; one slot, or vLLM, carry none.
    def notes(backend, users):
        return estimate(EstimateRequest(hardware="nvidia-rtx-4090", params_b=7.24, quant="Q4_K_M", backend=backend,
                                        concurrency=users, model_only=True), catalog).notes

    sampling = [note for note in notes("llama.cpp", 16) if "on the host" in note]
    assert len(sampling) == 1 and "+7.7 ms per decode step" in sampling[0] and "issues/27050" in sampling[0]
    assert not [note for note in notes("llama.cpp", 1) + notes("vllm", 16) if "on the host" in note]


def test_batched_bench_rows_carry_no_host_sampling_but_llama_server_rows_do(catalog):
    # llama-batched-bench (rows 1000-1002, decode_tps) times llama_decode alone and samples nothing;
    # llama-server with 4 slots (row 4037, total_tps) samples 3 slots beyond the first every step.
    index = catalog_index(catalog)
    rows = {row.row_id: row for row in catalog.benchmarks if row.row_id in (1002, 4037)}
    bench = resolve(row_request(rows[1002]), index)
    assert bench.host_sampling_ms_per_extra_stream > 0  # llama.cpp: the engine samples on the host
    assert predict_resolved(rows[1002], bench) == predict_resolved(rows[1002], _without_host_sampling(bench))
    server = resolve(row_request(rows[4037]), index)
    assert predict_resolved(rows[4037], server) < predict_resolved(rows[4037], _without_host_sampling(server))


@pytest.mark.parametrize("others", [0, 1, 7, 63])
@pytest.mark.parametrize("memory, compute", [(10.0, 2.0), (3.0, 9.0), (5.0, 5.0)])
def test_chunked_prefill_is_never_slower_than_a_serial_stall(others, memory, compute):
    # Same step terms; the serial prefill re-reads the weights (its time ≥ its compute share).
    terms = (64, others + 1, memory, compute, 1.5, 0.0, 40.0, 30.0, others)
    continuous, _ = batching.cycle_ms(True, *terms)
    slots, _ = batching.cycle_ms(False, *terms)
    assert continuous <= slots
    if others:
        assert continuous < slots


def test_fp4_weights_run_at_the_listed_fp4_rate():
    # A Blackwell workstation card lists only its FP4 tensor rate: FP4 weights use it; FP16 has none.
    spec = device_from_hardware(device("fp4-only", fp16=None).model_copy(update={"fp4_tflops": 2000.0}))
    assert peak_tflops(spec, "NVFP4") == 2000.0
    assert peak_tflops(spec, "FP16") is None


@pytest.mark.parametrize("quant", ["MXFP4", "NVFP4", "FP4"])
def test_fp4_weights_without_fp4_units_dequantize_to_16_bit(quant):
    # An H100 lists FP8 (1,979) but no FP4 rate: TensorRT-LLM's gpt-oss guide runs MXFP4 experts with BF16
    # activations on Hopper, vLLM's Hopper path is a W4A16 kernel. So FP4 weights compute at the 16-bit
    # rate there, like INT4; FP8 weights keep the FP8 rate.
    hopper = device_from_hardware(device("hopper", fp16=989.4).model_copy(update={"fp8_tflops": 1978.9}))
    assert peak_tflops(hopper, quant) == 989.4
    assert peak_tflops(hopper, "FP8") == 1978.9
    blackwell = device_from_hardware(device("blackwell", fp16=2250.0).model_copy(
        update={"fp8_tflops": 4500.0, "fp4_tflops": 9000.0}))
    assert peak_tflops(blackwell, quant) == 9000.0


def test_engine_families():
    assert all(batching.is_continuous(name) for name in ("vllm", "sglang", "trt-llm"))
    assert not any(batching.is_continuous(name) for name in ("llama.cpp", "mlx", "ollama"))
