"""MoE steps: the attention-data-parallel layout (`resolve.ATTENTION_DP_BACKENDS`) and the MoE layers' step
cost (`Factors.moe_layer_ms`, `moe_fit.fit_expert_efficiency`).

Worked out before running the estimator, for the 32-layer test MoE (36 B total, 8 B active, top-2 of 16):
- TensorRT-LLM can lay a tensor-parallel group of 2 out attention-data-parallel: each rank schedules its
  own streams (host work s per stream costs b · s / 2 per step instead of b · s), holds every weight but
  the routed experts whole (its parallel-strategy guide: "All GEMM weights are replicated on every GPU";
  dense MLPs and shared experts built with `overridden_tp_size=1`), so it reads the dense weights whole
  each step and its two ranks lose the dense weights once in KV room; it runs no attention all-reduce
  (half the tensor-parallel all-reduce volume). It is a layout chosen for throughput, so the step takes
  whichever is faster where the ranks hold their KV cache.
- Every MoE layer of a model spread expert-parallel over several devices (TensorRT-LLM's `--ep`,
  `resolve.EXPERT_PARALLEL_BACKENDS`) costs the step f per layer at the share of the experts its tokens reach,
  in either attention layout: 32 · f · (1 − (1 − 2/16)^b) (f = 0.5 ms: 2 ms at one stream, whose token reaches
  2 of the 16 experts; 16 ms once a batch reaches all of them, 1 − 0.875^200 ≈ 1 at 200 streams); one device
  has no ranks to synchronize and pays none. vLLM and SGLang split every expert over the group (tensor-parallel
  experts, their default): no token leaves its rank and every rank has the same slice of work, so they pay none.
- vLLM, which is not laid out this way, pays its whole host work on a group of 2 where it outlasts the
  device (100 ms at 1,000 streams).
- A dense model pays no MoE layer cost, nor does a slot server (llama.cpp: not fitted there) nor vLLM.
  tt-metal, whose MoE decode evaluates each device's experts over the whole batch (masked by the router's
  weights, no token dispatched), does not: its step on 2 devices is the same at f = 0.5 and at f = 0.
- Max-load rows the model generates with known η_e = 0.3 and f = 0.4 ms per layer on 2-device groups of
  80 GB devices (the model in 16-bit does not fit one), with a scheduler cost that makes attention DP pay off at
  their batches, give both back from the joint fit.
"""

from __future__ import annotations

import copy

import pytest

from estimator.catalog import CalibrationParams, ModelArch
from estimator.fitting.moe_fit import EXPERT_PARALLEL_PRIOR_LAYER_MS, expert_fit_rows, fit_expert_efficiency
from estimator.fitting.row_predict import predict_row
from estimator.physics.catalog_index import catalog_index
from estimator.physics.parallel_plans import (
    _step_terms,
    attention_dp_fits,
    attention_dp_replicated_gb,
    saturating_concurrency,
    step_time_ms,
)
from estimator.physics.resolve import resolve
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


# The same devices with 80 GB: a group of 2 laid out attention-DP holds the 16-bit dense weights on each rank
# and still has KV room for the batches where halving the host work pays off (on 48 GB it has almost none).
ROOMY_GPUS = tuple(gpu.model_copy(update={"memory_gb": 80.0}) for gpu in SMALL_GPUS)


def _calibration(**update: object) -> CalibrationParams:
    return CALIBRATION.model_copy(update=update)


def _catalog(calibration: CalibrationParams = CALIBRATION, benchmarks=(), gpus=SMALL_GPUS):
    base = catalog(*gpus, calibration=calibration, benchmarks=benchmarks)
    return base.model_copy(update={"models": (ARCH_8B, MOE), "quant_formats": QUANTS})


def _resolved(cat, backend: str = "trt-llm", model: str = "test-moe", params_b: float = 36.0):
    request = EstimateRequest.model_validate({
        "hardware": "gpu-c", "count": 2, "params_b": params_b, "model": model, "quant": "FP8", "backend": backend,
        "prompt_tokens": 1000, "output_tokens": 200, "model_only": True,
    })
    return resolve(request, catalog_index(cat))


def _tensor_parallel(r):
    """The same request laid out tensor-parallel only (no attention-DP alternative)."""
    copied = copy.copy(r)
    copied.attention_dp = False
    return copied


def _attention_dp_step(r, batch: int, host_ms_per_stream: float) -> float:
    """The attention-DP step on 2 ranks worked out from the tensor-parallel terms: every rank reads the dense
    weights whole (TensorRT-LLM replicates every weight but the routed experts under attention DP), half the
    all-reduce volume (no attention all-reduce; the MoE's all-gather + reduce-scatter is one all-reduce's),
    and half the host work beside the device (TensorRT-LLM overlaps it); the MoE layers' cost as in the
    tensor-parallel step (it is in `overhead`)."""
    memory, compute, overhead, comm, _, attention = _step_terms(_tensor_parallel(r), 2, batch)
    dense_whole = memory + r.memory_fixed_ms / 2.0  # memory_fixed_ms / 2 was one rank's half of the dense reads
    device = max(dense_whole, compute) + attention + comm / 2.0
    return overhead + max(device, host_ms_per_stream * batch / 2.0)


def test_the_attention_dp_layout_is_taken_only_where_it_is_faster_and_fits():
    # TensorRT-LLM overlaps its host work with the device (`batching.overlaps_host`): a layout's step is
    # o + max(device, host). The attention-DP step (`_attention_dp_step`) pays whole dense reads and saves
    # half the all-reduces and half the host work; the step takes the shorter layout where the ranks hold
    # their KV cache. One stream takes tensor parallel (whole dense reads for nothing); at the most streams
    # attention DP holds (~500), 0.1 ms of host work each outlasts the device step and halving it wins.
    costly = _resolved(_catalog(_calibration(moe_layer_ms={"*": 0.5})))
    both = _resolved(_catalog(_calibration(moe_layer_ms={"*": 0.5},
                                           overlapped_host_ms_per_stream={"*/gpu": 0.1})))
    assert both.host_overlapped and both.moe_step_ms == pytest.approx(16.0)
    held = saturating_concurrency(both, 2, 2)
    assert 300 < held < 1000
    for r, host in ((costly, 0.0), (both, 0.1)):
        for batch in (1, 100, held, held + 2):
            tensor_parallel = step_time_ms(_tensor_parallel(r), 2, batch)[0]
            laid_out = _attention_dp_step(r, batch, host) if batch <= held else float("inf")
            assert step_time_ms(r, 2, batch)[0] == pytest.approx(min(tensor_parallel, laid_out))
    assert step_time_ms(both, 2, 1) == step_time_ms(_tensor_parallel(both), 2, 1)
    device = step_time_ms(_tensor_parallel(costly), 2, held)[0] - costly.step_overhead_ms - costly.moe_step_ms
    assert device < 0.1 * held
    assert step_time_ms(both, 2, held)[0] < step_time_ms(_tensor_parallel(both), 2, held)[0]


def test_an_attention_dp_rank_holds_every_weight_but_the_routed_experts():
    # 36 B in FP8 on two 48 GB ranks: tensor parallel holds 18 GB of weights per rank; attention DP holds
    # the dense weights whole on each (the routed experts split), so the two ranks together lose the dense
    # weights once in KV room: at max load (`saturating_concurrency`) dense_gb / KV per sequence fewer
    # streams, and the attention-DP step is taken only while its ranks hold their KV cache.
    r = _resolved(_catalog())
    dense, per_sequence = r.dense_weights_gb, r.kv_sequence_gb
    assert 0.0 < dense < r.weights_gb and attention_dp_replicated_gb(r, 2) == dense
    assert attention_dp_replicated_gb(r, 1) == 0.0 and attention_dp_replicated_gb(_tensor_parallel(r), 2) == 0.0
    room_tp = (r.device.usable_memory_gb - r.overhead_gb) * 2 - r.weights_gb - r.kv_long_extra_gb
    assert saturating_concurrency(_tensor_parallel(r), 2, 2) == int(room_tp / per_sequence)
    assert saturating_concurrency(r, 2, 2) == int((room_tp - dense) / per_sequence)
    held = saturating_concurrency(r, 2, 2)
    assert attention_dp_fits(r, 2, held) and not attention_dp_fits(r, 2, held + 2)


def test_engines_not_laid_out_attention_dp_pay_every_streams_host_work():
    scheduled = _calibration(overlapped_host_ms_per_stream={"*/gpu": 0.1})
    vllm, vllm_free = _resolved(_catalog(scheduled), backend="vllm"), _resolved(_catalog(), backend="vllm")
    device = step_time_ms(vllm_free, 2, 1000)[0] - vllm_free.step_overhead_ms
    assert step_time_ms(vllm, 2, 1000)[0] - step_time_ms(vllm_free, 2, 1000)[0] == pytest.approx(max(device, 100.0) - device)
    heavy = _resolved(_catalog(_calibration(overlapped_host_ms_per_stream={"*/gpu": 0.5})), backend="vllm")
    assert device < 500.0  # 0.5 ms per stream outlasts the device: the whole host time is the step's
    assert step_time_ms(heavy, 2, 1000)[0] - step_time_ms(vllm_free, 2, 1000)[0] == pytest.approx(500.0 - device)


def test_dense_models_and_slot_servers_pay_no_moe_layer_cost():
    cat = _catalog(_calibration(moe_layer_ms={"*": 0.5}))
    dense = _resolved(cat, model="test-8b", params_b=8.0)
    slots = _resolved(cat, backend="llama.cpp")
    assert not dense.attention_dp and dense.moe_step_ms == 0.0
    assert slots.moe_step_ms == 0.0
    # The expert-parallel engine's MoE step pays it, in either attention layout: 32 layers x 0.5 ms.
    assert _resolved(cat).moe_step_ms == pytest.approx(16.0)


def test_tensor_parallel_experts_pay_no_moe_layer_cost():
    # vLLM and SGLang (vLLM's key) split every expert over the group by default: no token is dispatched to
    # another rank and every rank reads its slice of each touched expert, so their step on 2 devices is the
    # same at f = 0.5 and at f = 0 at any batch, while TensorRT-LLM's expert-parallel step grows by 32 x 0.5 ms
    # once a batch reaches every expert.
    costly, free = _catalog(_calibration(moe_layer_ms={"*": 0.5})), _catalog()
    for backend in ("vllm", "sglang"):
        split = _resolved(costly, backend=backend)
        assert split.continuous and split.expert_weights_gb > 0.0 and split.moe_step_ms == 0.0
        for batch in (1, 32, 200):
            assert step_time_ms(split, 2, batch) == step_time_ms(_resolved(free, backend=backend), 2, batch)
    spread = _tensor_parallel(_resolved(costly)), _tensor_parallel(_resolved(free))
    assert step_time_ms(spread[0], 2, 200)[0] - step_time_ms(spread[1], 2, 200)[0] == pytest.approx(16.0, rel=1e-6)


def test_an_engine_that_evaluates_experts_masked_pays_no_moe_layer_cost():
    # tt-metal's MoE decode runs each device's expert over the whole batch and weights it by the router
    # (`resolve.MASKED_EXPERT_BACKENDS`): no token is dispatched, every rank does the same work, so on two
    # devices its step is the same with or without the expert-parallel engines' per-layer cost, while
    # TensorRT-LLM's grows by 32 layers x 0.5 ms once the batch reaches every expert.
    costly, free = _catalog(_calibration(moe_layer_ms={"*": 0.5})), _catalog()
    masked = _resolved(costly, backend="tt-metal")
    assert masked.continuous and masked.expert_weights_gb > 0.0 and masked.moe_step_ms == 0.0
    for batch in (1, 32, 200):
        assert step_time_ms(masked, 2, batch) == step_time_ms(_resolved(free, backend="tt-metal"), 2, batch)
    routed = step_time_ms(_tensor_parallel(_resolved(costly)), 2, 200)[0] \
        - step_time_ms(_tensor_parallel(_resolved(free)), 2, 200)[0]
    assert routed == pytest.approx(16.0, rel=1e-6)


def test_the_moe_layer_cost_follows_the_experts_a_batch_reaches_on_several_devices():
    cat = _catalog(_calibration(moe_layer_ms={"*": 0.5}))
    free = _tensor_parallel(_resolved(_catalog()))
    costly = _tensor_parallel(_resolved(cat))
    for batch, share in ((1, 2 / 16), (4, 1 - (14 / 16) ** 4), (200, 1.0)):
        extra = step_time_ms(costly, 2, batch)[0] - step_time_ms(free, 2, batch)[0]
        assert extra == pytest.approx(16.0 * share, rel=1e-6), batch
        assert step_time_ms(costly, 1, batch) == step_time_ms(free, 1, batch)  # one device: no ranks to wait for


def test_the_joint_fit_gives_back_a_known_expert_efficiency_and_attention_dp_cost():
    # A scheduler cost (0.2 ms per stream) makes attention DP pay off on a group of 2 of the 80 GB devices.
    base = _calibration(overlapped_host_ms_per_stream={"*/gpu": 0.2})
    truth = base.model_copy(update={"expert_prefill_efficiency": {"*": 0.3}, "moe_layer_ms": {"*": 0.4}})
    known = _catalog(truth, gpus=ROOMY_GPUS)
    shapes = [(2048, 128), (5000, 500), (1000, 1000), (128, 2048), (500, 2000), (128, 128)]
    rows = []
    # At max load (no concurrency): rows at a stated one would give the model a step scale of its own.
    for hw in ROOMY_GPUS:
        for concurrency in (None,):
            for prompt, gen in shapes:
                draft = bench_row(len(rows) + 1, 1.0, hardware_id=hw.id, model="test-moe", params_b=36.0,
                                  quant="FP16", backend="trt-llm", device_count=2, concurrency=concurrency,
                                  prompt_tokens=prompt, gen_tokens=gen, metric="total_tps")
                rows.append(draft.model_copy(update={"value": predict_row(draft, known, truth)}))
    cat = _catalog(base, benchmarks=tuple(rows), gpus=ROOMY_GPUS)
    assert len(expert_fit_rows(cat)) == len(rows)
    fitted = fit_expert_efficiency(cat, base)
    assert fitted.expert_prefill_efficiency["*"] == pytest.approx(0.3, abs=0.01)
    assert fitted.moe_layer_ms["*"] == pytest.approx(0.4, abs=0.01)


def test_without_serving_rows_the_fit_sets_no_layer_cost():
    # Prompt rows alone run no decode step: nothing to fit a step cost on.
    rows = tuple(
        bench_row(i + 1, 5000.0, hardware_id=SMALL_GPUS[i % 3].id, model="test-moe", params_b=36.0, quant="FP16",
                  backend="vllm", device_count=2, concurrency=1, prompt_tokens=1000, gen_tokens=None, metric="pp")
        for i in range(6)
    )
    fitted = fit_expert_efficiency(_catalog(CALIBRATION, benchmarks=rows), CALIBRATION)
    assert fitted.moe_layer_ms == {}


def test_without_expert_parallel_rows_the_layer_cost_is_deepeps_measured_exchange():
    # vLLM's rows (tensor-parallel experts) do not move the per-layer cost, so a fit on them alone cannot find it:
    # it keeps DeepEP's EP-8 dispatch + combine, 77 + 114 us (docs/legacy.md), and still finds the expert efficiency.
    truth = CALIBRATION.model_copy(update={"expert_prefill_efficiency": {"*": 0.3}})
    known = _catalog(truth, gpus=ROOMY_GPUS)
    rows = []
    for hw in ROOMY_GPUS:
        for prompt, gen in ((2048, 128), (5000, 500), (1000, 1000), (128, 2048)):
            draft = bench_row(len(rows) + 1, 1.0, hardware_id=hw.id, model="test-moe", params_b=36.0, quant="FP16",
                              backend="vllm", device_count=2, concurrency=None, prompt_tokens=prompt, gen_tokens=gen,
                              metric="total_tps")
            rows.append(draft.model_copy(update={"value": predict_row(draft, known, truth)}))
    fitted = fit_expert_efficiency(_catalog(CALIBRATION, benchmarks=tuple(rows), gpus=ROOMY_GPUS), CALIBRATION)
    assert EXPERT_PARALLEL_PRIOR_LAYER_MS == pytest.approx(0.191)
    assert fitted.moe_layer_ms == {"*": pytest.approx(0.191)}
    assert fitted.expert_prefill_efficiency["*"] == pytest.approx(0.3, abs=0.01)


def test_the_shipped_fit_has_one_positive_moe_layer_cost_for_every_engine(catalog):
    # Fitted on the MoE serving rows (TensorRT-LLM's expert-parallel perf overview runs move it; GPUStack's vLLM
    # runs, tensor-parallel experts, do not pay it), whose throughput keeps growing with the KV room (8 x H200 at
    # 2.3x the streams of 8 x H100, same compute: 1.1-2.2x the throughput): a cost per step that more streams amortize.
    assert set(catalog.calibration.moe_layer_ms) == {"*"} and catalog.calibration.moe_layer_ms["*"] > 0.0
