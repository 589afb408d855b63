"""The count search's cheaper views of an estimate: the best-case bounds that let it stop early
(`throughput.best_case`, `Sizer.cannot_meet`) bound every count's estimate, the figures it checks
(`throughput.figures`) are the estimate's own, and neither changes a recommendation, a batch job's included."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from estimator.advice.recommend import recommend
from estimator.errors import NoFeasibleOption
from estimator.physics import throughput
from estimator.schemas import EstimateRequest
from estimator.workload import Workload

# Devices of every serving shape, in formats no measured row answers: tensor parallel in servers (a 405B
# pipelined across them), layer split, a slot server, an accelerator, a mixture of experts read expert by
# expert and served attention-data-parallel, a CPU.
CASES = [
    ("nvidia-h200-nvl", 405.0, "FP8", "vllm", None),
    ("nvidia-h100-nvl", 671.0, "FP16", "vllm", "deepseek-r1"),
    ("nvidia-rtx-5090", 13.0, "Q4_K_M", "llama.cpp", None),
    ("nvidia-a100-80gb-sxm", 8.0, "Q4_K_M", "llama.cpp", None),
    ("tenstorrent-blackhole-p150b", 13.0, "INT8", "tenstorrent", None),
    ("nvidia-b300-hgx", 671.0, "FP8", "trt-llm", "deepseek-r1"),
    ("intel-xeon-8592plus", 7.0, "INT8", "openvino-cpu", None),
]


def _request(hardware: str, params_b: float, quant: str, backend: str, model: str | None, count: int,
             users: int) -> EstimateRequest:
    return EstimateRequest(hardware=hardware, count=count, params_b=params_b, quant=quant, backend=backend,
                           concurrency=users, model=model, prompt_tokens=1000, output_tokens=300)


@pytest.mark.parametrize(("hardware", "params_b", "quant", "backend", "model"), CASES)
@pytest.mark.parametrize("users", [1, 7, 40, 300])
def test_no_count_beats_the_best_case(catalog, hardware, params_b, quant, backend, model, users):
    top = 40
    best = throughput.best_case(_request(hardware, params_b, quant, backend, model, top, users), catalog)
    assert best is not None
    for count in range(1, top + 1):
        est = throughput.estimate(_request(hardware, params_b, quant, backend, model, count, users), catalog)
        if not est.fits:
            continue
        assert est.decode_tokens_per_s_per_stream <= best.tokens_per_s_per_stream
        span = est.decode_tokens_per_s_per_stream_range
        if span is not None:
            assert best.tokens_per_s_per_stream_low is not None and span[0] <= best.tokens_per_s_per_stream_low
        assert min(est.ttft_ms, est.ttft_p95_ms or est.ttft_ms) >= best.ttft_ms
        assert est.calibrated == best.calibrated


def test_the_cases_include_a_copy_pipelined_across_servers(catalog):
    est = throughput.estimate(_request("nvidia-h100-nvl", 671.0, "FP16", "vllm", "deepseek-r1", 40, 7), catalog)
    assert est.fits and est.pipeline_stages > 1


def test_a_measured_row_gives_no_bound(catalog):
    # Its figure replaces the model's at its count, whatever the model says about other counts.
    row = next(r for r in catalog.benchmarks if r.hardware_id and r.metric == "tg")
    request = EstimateRequest(hardware=row.hardware_id, count=8, params_b=row.params_b, quant=row.quant, concurrency=1)
    assert throughput.best_case(request, catalog) is None


workloads = st.builds(
    Workload,
    model_params_b=st.sampled_from([3.0, 7.0, 13.0, 32.0, 70.0]),
    quantization=st.sampled_from([None, "Q4_K_M", "INT8", "FP8", "FP16"]),
    concurrent_users=st.sampled_from([1, 10, 40, 200, 800]),
    tokens_per_s_target=st.one_of(st.none(), st.sampled_from([10.0, 30.0, 60.0])),
    ttft_target_ms=st.one_of(st.none(), st.sampled_from([200, 1000])),
    conservative=st.one_of(st.none(), st.booleans()),
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(workload=workloads)
# Ascend 910Bs meet at 8 and 9 cards and miss the slow end of the first token from 10 up: the search must reach 8
# along the same doubling from the memory floor (5) as from one card, or the shortcut drops the option.
@example(workload=Workload(model_params_b=13.0, quantization="Q4_K_M", concurrent_users=800,
                           tokens_per_s_target=10.0, ttft_target_ms=200))
@example(workload=Workload(model_params_b=13.0, quantization="Q4_K_M", concurrent_users=800,
                           tokens_per_s_target=10.0, ttft_target_ms=200, conservative=True))
@example(workload=Workload(model_params_b=13.0, quantization="Q4_K_M", concurrent_users=800,
                           tokens_per_s_target=10.0, ttft_target_ms=200, conservative=False))
def test_the_shortcuts_change_no_recommendation(catalog, workload):
    # An injected estimate function comes without shortcuts: the same estimator, every count estimated in full.
    _assert_same_answer_estimated_in_full(catalog, workload)


def _assert_same_answer_estimated_in_full(catalog, workload):
    try:
        lean = recommend(workload, catalog)
    except NoFeasibleOption as exc:
        with pytest.raises(NoFeasibleOption) as again:
            recommend(workload, catalog, estimate_fn=throughput.estimate)
        assert again.value.user_message == exc.user_message
        return
    assert recommend(workload, catalog, estimate_fn=throughput.estimate) == lean


batch_jobs = st.builds(
    Workload,
    model_params_b=st.sampled_from([3.0, 8.0, 32.0, 70.0]),
    quantization=st.sampled_from([None, "Q4_K_M", "FP8"]),
    batch_items=st.sampled_from([40, 2_000, 150_000, 500_000]),
    batch_window_hours=st.sampled_from([1.0, 6.0, 48.0]),
    prompt_tokens=st.sampled_from([200, 700, 10_000]),
    output_tokens=st.sampled_from([5, 500]),
)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(workload=batch_jobs)
def test_batch_widths_compared_on_figures_change_no_recommendation(catalog, workload):
    # A batch job's widths are compared on the figures alone and only the fastest is estimated in full;
    # estimating every width in full (an injected estimate function) must give the same answer.
    _assert_same_answer_estimated_in_full(catalog, workload)


@pytest.mark.parametrize(("hardware", "params_b", "quant", "backend", "model"),
                         [*CASES, ("nvidia-rtx-4090", 8.03, "Q4_K_M", "llama.cpp", None)])  # measured rows
@pytest.mark.parametrize("users", [1, 40])
def test_figures_are_the_estimates_own(catalog, hardware, params_b, quant, backend, model, users):
    methods = set()
    for count in (1, 2, 3, 8, 24):
        request = _request(hardware, params_b, quant, backend, model, count, users)
        est = throughput.estimate(request, catalog)
        methods.add(est.method)
        assert throughput.figures(request, catalog) == tuple(getattr(est, name) for name in throughput.Figures._fields)
    assert methods == ({"measured", "model"} if hardware == "nvidia-rtx-4090" and users == 1 else {"model"})


def test_a_request_under_other_factors_bounds_afresh(catalog):
    from dataclasses import replace

    from estimator.physics import parallel_plans
    from estimator.physics.catalog_index import catalog_index
    from estimator.physics.resolve import resolve, with_factors

    resolved = resolve(_request("nvidia-h200-nvl", 70.0, "FP8", "vllm", None, 8, 40), catalog_index(catalog))
    before = parallel_plans.best_case(resolved, 8)
    slower = with_factors(resolved, replace(resolved.factors, bandwidth_efficiency=resolved.factors.bandwidth_efficiency / 2))
    assert before is not None and parallel_plans.best_case(slower, 8) != before
