"""Attention-data-parallel MoE steps (`resolve.ATTENTION_DP_BACKENDS`, `moe_fit.fit_expert_efficiency`).

Worked out before running the estimator, for the 32-layer test MoE (36 B total, 8 B active, top-2 of 16):
- TensorRT-LLM can lay a tensor-parallel group of 2 out attention-data-parallel: each rank schedules its
  own streams (host work s per stream costs b · s / 2 per step instead of b · s) and the step pays a
  fixed cost f per layer (32 · f; f = 0.5 ms: 16 ms). It is a layout chosen for throughput, so the step
  takes whichever is faster. TensorRT-LLM runs its host work beside the device (overlap scheduler), so a
  layout's step is o + max(device, host): with s = 0.1 ms the host work hides under the device step at 1
  and 100 streams (nothing changes) and at 1,000 streams, where 100 ms of host work outlasts the device,
  attention DP's 16 ms + max(device, 50 ms) beats it. With no host cost the fixed cost never pays off and
  nothing changes.
- vLLM, which is not laid out this way, pays its whole host work on a group of 2 where it outlasts the
  device (100 ms at 1,000 streams).
- A dense model served by TensorRT-LLM, or the MoE served by vLLM, pays no attention-DP cost.
- Max-load rows the model generates with known η_e = 0.3 and f = 0.4 ms per layer on 2-device groups (the
  model in 16-bit does not fit one 48 GB device), with a scheduler cost that makes attention DP pay off at
  their batches, give both back from the joint fit.
"""

from __future__ import annotations

import pytest

from estimator.catalog import CalibrationParams, ModelArch
from estimator.catalog_index import catalog_index
from estimator.engine import step_time_ms
from estimator.moe_fit import expert_fit_rows, fit_expert_efficiency
from estimator.resolve import resolve
from estimator.row_predict import predict_row
from estimator.schemas import EstimateRequest
from tests.support.estimator_builders import ARCH_8B, CALIBRATION, QUANTS, URL, bench_row, catalog, device

MOE = ModelArch(
    id="test-moe", family="test", name="Test MoE 36B-A8B", params_b=36.0, layers=32, hidden_size=4096,
    attention_heads=32, kv_heads=8, head_dim=128, max_context=32768, source_url=URL,
    total_params_b=36.0, active_params_b=8.0, n_experts=16, experts_per_token=2,
)
SMALL_GPUS = (
    device("gpu-a", bandwidth=300.0, fp16=40.0, memory=48.0),
    device("gpu-b", bandwidth=900.0, fp16=160.0, memory=48.0),
    device("gpu-c", bandwidth=2000.0, fp16=700.0, memory=48.0),
)


def _calibration(**update: object) -> CalibrationParams:
    return CALIBRATION.model_copy(update=update)


def _catalog(calibration: CalibrationParams = CALIBRATION, benchmarks=()):
    base = catalog(*SMALL_GPUS, calibration=calibration, benchmarks=benchmarks)
    return base.model_copy(update={"models": (ARCH_8B, MOE), "quant_formats": QUANTS})


def _resolved(cat, backend: str = "trt-llm", model: str = "test-moe", params_b: float = 36.0):
    request = EstimateRequest.model_validate({
        "hardware": "gpu-c", "count": 2, "params_b": params_b, "model": model, "quant": "FP8", "backend": backend,
        "prompt_tokens": 1000, "output_tokens": 200, "model_only": True,
    })
    return resolve(request, catalog_index(cat))


def test_the_attention_dp_layout_is_taken_only_where_it_is_faster():
    # TensorRT-LLM overlaps its host work with the device (`batching.overlaps_host`): a layout's step is
    # o + max(device, host), the attention-DP one's o + 16 ms + max(device, host / 2), and the step takes the
    # shorter. With host work the device step hides (1 and 100 streams) nothing changes; at 1,000 streams
    # (100 ms of host work against a device step of ~30 ms) attention DP's 16 + 50 ms wins over 100 ms.
    free = _resolved(_catalog())
    costly = _resolved(_catalog(_calibration(attention_dp_layer_ms={"trt-llm": 0.5})))
    both = _resolved(_catalog(_calibration(attention_dp_layer_ms={"trt-llm": 0.5},
                                           overlapped_host_ms_per_stream={"*/gpu": 0.1})))
    assert both.host_overlapped
    for batch in (1, 100, 1000):
        device = step_time_ms(free, 2, batch)[0] - free.step_overhead_ms
        host = 0.1 * batch
        extra = min(max(device, host), 16.0 + max(device, host / 2)) - device
        assert step_time_ms(costly, 2, batch)[0] == pytest.approx(step_time_ms(free, 2, batch)[0])
        assert step_time_ms(both, 2, batch)[0] - step_time_ms(free, 2, batch)[0] == pytest.approx(extra)
    # At 1,000 streams the host work (100 ms) outlasts this device's step: attention DP halves it and wins.
    device = step_time_ms(free, 2, 1000)[0] - free.step_overhead_ms
    assert device < 100.0
    assert step_time_ms(both, 2, 1000)[0] - step_time_ms(free, 2, 1000)[0] < 100.0 - device


def test_engines_not_laid_out_attention_dp_pay_every_streams_host_work():
    scheduled = _calibration(attention_dp_layer_ms={"trt-llm": 0.5}, overlapped_host_ms_per_stream={"*/gpu": 0.1})
    vllm, vllm_free = _resolved(_catalog(scheduled), backend="vllm"), _resolved(_catalog(), backend="vllm")
    device = step_time_ms(vllm_free, 2, 1000)[0] - vllm_free.step_overhead_ms
    assert step_time_ms(vllm, 2, 1000)[0] - step_time_ms(vllm_free, 2, 1000)[0] == pytest.approx(max(device, 100.0) - device)
    heavy = _resolved(_catalog(_calibration(overlapped_host_ms_per_stream={"*/gpu": 0.5})), backend="vllm")
    assert device < 500.0  # 0.5 ms per stream outlasts the device: the whole host time is the step's
    assert step_time_ms(heavy, 2, 1000)[0] - step_time_ms(vllm_free, 2, 1000)[0] == pytest.approx(500.0 - device)


def test_dense_models_and_other_engines_pay_no_attention_dp_cost():
    cat = _catalog(_calibration(attention_dp_layer_ms={"trt-llm": 0.5, "vllm": 0.5}))
    dense = _resolved(cat, model="test-8b", params_b=8.0)
    vllm = _resolved(cat, backend="vllm")
    assert not dense.attention_dp and dense.attention_dp_step_ms == 0.0
    assert not vllm.attention_dp and vllm.attention_dp_step_ms == 0.0
    assert _resolved(cat).attention_dp_step_ms == pytest.approx(16.0)


def test_the_joint_fit_gives_back_a_known_expert_efficiency_and_attention_dp_cost():
    # A scheduler cost (0.2 ms per stream) makes attention DP pay off past 128 streams on a group of 2.
    base = _calibration(overlapped_host_ms_per_stream={"*/gpu": 0.2})
    truth = base.model_copy(update={"expert_prefill_efficiency": {"*": 0.3}, "attention_dp_layer_ms": {"trt-llm": 0.4}})
    known = _catalog(truth)
    shapes = [(2048, 128), (5000, 500), (1000, 1000), (128, 2048), (500, 2000), (128, 128)]
    rows = []
    # At max load (no concurrency): rows at a stated one would give the model a step scale of its own.
    for hw in SMALL_GPUS:
        for concurrency in (None,):
            for prompt, gen in shapes:
                draft = bench_row(len(rows) + 1, 1.0, hardware_id=hw.id, model="test-moe", params_b=36.0,
                                  quant="FP16", backend="trt-llm", device_count=2, concurrency=concurrency,
                                  prompt_tokens=prompt, gen_tokens=gen, metric="total_tps")
                rows.append(draft.model_copy(update={"value": predict_row(draft, known, truth)}))
    cat = _catalog(base, benchmarks=tuple(rows))
    assert len(expert_fit_rows(cat)) == len(rows)
    fitted = fit_expert_efficiency(cat, base)
    assert fitted.expert_prefill_efficiency["*"] == pytest.approx(0.3, abs=0.01)
    assert fitted.attention_dp_layer_ms["trt-llm"] == pytest.approx(0.4, abs=0.01)


def test_without_attention_dp_rows_the_fit_sets_no_step_cost():
    rows = tuple(
        bench_row(i + 1, 500.0, hardware_id=SMALL_GPUS[i % 3].id, model="test-moe", params_b=36.0, quant="FP16",
                  backend="vllm", device_count=2, concurrency=None, prompt_tokens=1000, gen_tokens=200,
                  metric="total_tps")
        for i in range(6)
    )
    fitted = fit_expert_efficiency(_catalog(CALIBRATION, benchmarks=rows), CALIBRATION)
    assert fitted.attention_dp_layer_ms == {}


def test_the_shipped_fit_has_a_positive_trt_llm_attention_dp_cost(catalog):
    # Fitted on TensorRT-LLM's perf-overview MoE runs on 4-8 GPU groups, whose throughput keeps growing with
    # the KV room (8 x H200 at 2.3x the streams of 8 x H100, same compute: 1.1-2.2x the throughput).
    assert catalog.calibration.attention_dp_layer_ms.get("trt-llm", 0.0) > 0.0
