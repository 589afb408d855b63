"""A count search reuses the cycles and plans it already worked out for one resolved request
(`parallel_plans.PlanMemo`, `throughput.ByCount`), and a recommendation's searches of one resolved request share
them (`PlanMemos`): every count must get the plan computed afresh, and the
figures the search checks and the estimates it keeps must stay the estimate's own."""

from __future__ import annotations

from dataclasses import replace

import pytest

from estimator.physics import throughput
from estimator.physics.catalog_index import catalog_index
from estimator.physics.parallel_plans import PlanMemo, PlanMemos, best_plan, kv_shards, plan_fits, recent_memos
from estimator.physics.resolve import resolve, with_factors
from estimator.schemas import EstimateRequest

# Tensor parallel inside servers and pipelined across them, a layer split, a slot server, a mixture of experts.
CASES = [
    ("nvidia-h200-nvl", 405.0, "FP8", "vllm", None),
    ("nvidia-rtx-5090", 13.0, "Q4_K_M", "llama.cpp", None),
    ("nvidia-l4", 8.0, "Q4_K_M", "vllm", None),
    ("nvidia-h100-nvl", 671.0, "FP16", "vllm", "deepseek-r1"),
]
# Every count up to 40, then counts where a group of 8 or 16 gains no replica from one device more.
COUNTS = (*range(1, 41), 64, 65, 71, 100, 128, 135, 257)


def _request(hardware, params_b, quant, backend, model, users, count=1):
    return EstimateRequest(hardware=hardware, count=count, params_b=params_b, quant=quant, backend=backend,
                           concurrency=users, model=model, prompt_tokens=1000, output_tokens=300)


@pytest.mark.parametrize(("hardware", "params_b", "quant", "backend", "model"), CASES)
@pytest.mark.parametrize("users", [1, 37, 500])
def test_every_count_gets_the_plan_computed_afresh(catalog, hardware, params_b, quant, backend, model, users):
    resolved = resolve(_request(hardware, params_b, quant, backend, model, users), catalog_index(catalog))
    memo = PlanMemo()  # one memo across the whole search, as `figures_by_count` holds it
    for count in COUNTS:
        assert best_plan(resolved, count, users, memo) == best_plan(resolved, count, users), count
    assert memo.plans and len(memo.plans) < len(COUNTS) * 4  # it was used, and counts shared plans


@pytest.mark.parametrize(("hardware", "params_b", "quant", "backend", "model"), CASES)
def test_the_searched_figures_and_estimates_are_the_estimates(catalog, hardware, params_b, quant, backend, model):
    users = 200
    counted = throughput.ByCount(_request(hardware, params_b, quant, backend, model, users), catalog)
    for count in COUNTS:
        est = throughput.estimate(_request(hardware, params_b, quant, backend, model, users, count), catalog)
        assert counted.estimate(count) == est, count
        figures = counted.figures(count)
        assert (figures.fits, figures.decode_tokens_per_s_per_stream, figures.ttft_ms, figures.ttft_p95_ms) == \
            (est.fits, est.decode_tokens_per_s_per_stream, est.ttft_ms, est.ttft_p95_ms), count
        assert figures.decode_tokens_per_s_per_stream_range == est.decode_tokens_per_s_per_stream_range
        assert figures.ttft_ms_range == est.ttft_ms_range


@pytest.mark.parametrize(("hardware", "params_b", "quant", "backend", "model"), CASES)
def test_searches_for_other_users_sharing_a_memo_get_their_own_plans(catalog, hardware, params_b, quant, backend,
                                                                      model):
    # A recommendation's peak search, its 1.5× overload search and the kept estimates share one memo
    # (`PlanMemos`), interleaved: each count at each number of users must still get its own plan.
    memos = PlanMemos()
    for count in COUNTS:
        for users in (37, 56, 1, 500):
            resolved = resolve(_request(hardware, params_b, quant, backend, model, users), catalog_index(catalog))
            assert best_plan(resolved, count, users, memos.of(resolved)) == best_plan(resolved, count, users), \
                (count, users)


def test_one_memo_per_resolved_request(catalog):
    index = catalog_index(catalog)
    one = resolve(_request("nvidia-l4", 8.0, "Q4_K_M", "vllm", None, 20), index)
    same = resolve(_request("nvidia-l4", 8.0, "Q4_K_M", "vllm", None, 30), index)  # users are not resolved
    other = resolve(_request("nvidia-l4", 8.0, "FP8", "vllm", None, 20), index)
    memos = PlanMemos()
    assert same is one and memos.of(same) is memos.of(one)
    assert memos.of(other) is not memos.of(one)


@pytest.mark.parametrize(("hardware", "params_b", "quant", "backend", "model"), CASES)
@pytest.mark.parametrize("count", [1, 3, 8, 24])
def test_the_capacity_probe_sharing_a_search_memo_finds_the_same_capacity(catalog, hardware, params_b, quant, backend,
                                                                          model, count):
    request = _request(hardware, params_b, quant, backend, model, 1, count)
    memos = PlanMemos()
    counted = throughput.ByCount(_request(hardware, params_b, quant, backend, model, 200), catalog, memos)
    for searched in (1, count, 2 * count):  # a count search of the same resolved request went first
        counted.figures(searched)
    for speed, ttft in ((10.0, None), (30.0, 2_000.0), (5.0, 300.0)):
        alone = throughput.max_concurrent_streams(request, catalog, min_tokens_per_s=speed, ttft_target_ms=ttft)
        shared = throughput.max_concurrent_streams(request, catalog, min_tokens_per_s=speed, ttft_target_ms=ttft,
                                                   memos=memos)
        assert shared == alone, (speed, ttft)


def _bounded(hardware, params_b, quant, backend, model, users, bound):
    # Paced like people reading (the sizer's requests): then the bound picks among the layouts reaching that speed.
    return _request(hardware, params_b, quant, backend, model, users).model_copy(
        update={"ttft_target_ms": bound, "paced_tokens_per_s": 20.0})


@pytest.mark.parametrize(("hardware", "params_b", "quant", "backend", "model"), CASES)
def test_requests_differing_only_in_the_first_token_bound_share_one_memo_and_keep_their_own_plans(
        catalog, hardware, params_b, quant, backend, model):
    # An assumed bound waived for the load's count search (`Sizer._load_count`) and the search with it: one physics,
    # so one memo; the layout each count gets is still the one chosen for its own bound (`best_plan`).
    index = catalog_index(catalog)
    memos = PlanMemos()
    bounds = (None, 100.0, 300.0, 1_000.0, 5_000.0)
    resolved = [resolve(_bounded(hardware, params_b, quant, backend, model, 37, bound), index) for bound in bounds]
    assert [r.ttft_target_ms for r in resolved] == list(bounds)
    assert len({id(r.plans_scope) for r in resolved}) == 1
    assert all(memos.of(r) is memos.of(resolved[0]) for r in resolved)
    for count in COUNTS:
        for users in (1, 37, 500):
            for r in resolved:
                assert best_plan(r, count, users, memos.of(r)) == best_plan(r, count, users), (count, users,
                                                                                              r.ttft_target_ms)


def test_a_recommendation_carries_over_the_memos_of_the_one_before_only(catalog):
    index = catalog_index(catalog)
    one = resolve(_request("nvidia-l4", 8.0, "Q4_K_M", "vllm", None, 20), index)
    other = resolve(_request("nvidia-l4", 8.0, "FP8", "vllm", None, 20), index)
    first = recent_memos()
    memo = first.of(one)
    second = recent_memos()  # a follow-up meeting the same physics gets the plans worked out before
    assert second.of(one) is memo
    second.of(other)
    third = recent_memos()  # of two recommendations back, only what the one before carried over is kept
    assert third.of(one) is memo and third.of(other) is second.of(other)
    recent_memos()
    assert recent_memos().of(one) is not memo


def test_memos_are_not_carried_over_to_a_catalog_of_another_data_version(catalog):
    # A catalog loaded anew (the data changed) is indexed anew: its requests resolve to another physics, whose
    # plans are worked out afresh, never those of the old data.
    request = _request("nvidia-l4", 8.0, "Q4_K_M", "vllm", None, 20)
    old = resolve(request, catalog_index(catalog))
    recent_memos().of(old).chosen[(1, 20, None, None)] = best_plan(old, 1, 20)
    reloaded = catalog.model_copy(update={"data_version": f"{catalog.data_version}-next"})
    new = resolve(request, catalog_index(reloaded))
    assert new is not old and new.plans_scope is not old.plans_scope
    assert recent_memos().of(new).chosen == {}


@pytest.mark.parametrize(("hardware", "params_b", "quant", "backend", "model"), CASES)
@pytest.mark.parametrize("users", [1, 37, 500])
def test_the_fit_checks_a_search_keeps_are_what_the_check_finds(catalog, hardware, params_b, quant, backend, model,
                                                                users):
    # A search keeps whether each group holds the model and each batch's KV cache (`PlanMemo.fits`): one group of
    # that size serving exactly that batch must be found to fit, or not, the same way afresh.
    resolved = resolve(_request(hardware, params_b, quant, backend, model, users), catalog_index(catalog))
    memo = PlanMemo()
    for count in COUNTS:
        best_plan(resolved, count, users, memo)
    assert bool(memo.fits) is not resolved.layer_split  # a layer split takes its smallest fitting group, unmemoized
    for (group, batch), fits in memo.fits.items():
        assert plan_fits(resolved, group, group, batch) is fits, (group, batch)


def test_kv_shards_are_worked_out_per_group_and_afresh_under_other_factors(catalog):
    # Qwen3-235B keeps 4 KV heads: a tensor-parallel group of 8 holds 4 distinct shards (the rest replicas), two
    # servers of 8 pipelined hold their own layers' (4 each, 8 in all); a 70B's 8 KV heads split over all 8.
    index = catalog_index(catalog)
    moe = resolve(_request("nvidia-h100-sxm", 235.0, "FP8", "vllm", "qwen3-235b-a22b", 20), index)
    dense = resolve(_request("nvidia-h100-sxm", 70.0, "FP8", "vllm", None, 20), index)
    assert moe.per_server == 8 and moe.arch.kv_cache_heads == 4 and dense.arch.kv_cache_heads == 8
    assert [kv_shards(moe, group) for group in (1, 2, 4, 8, 16)] == [1, 2, 4, 4, 8]
    assert [kv_shards(dense, group) for group in (1, 2, 4, 8, 16)] == [1, 2, 4, 8, 16]
    assert moe.shards_cache == {1: 1, 2: 2, 4: 4, 8: 4, 16: 8}
    slower = with_factors(moe, replace(moe.factors, bandwidth_efficiency=moe.factors.bandwidth_efficiency / 2))
    assert slower.shards_cache == {} and kv_shards(slower, 8) == 4
