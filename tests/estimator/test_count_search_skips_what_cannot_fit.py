"""The count search skips, unchecked, the counts below the fewest devices that can hold the weights and every
stream's KV cache (`parallel_plans.fewest_fitting_devices`): no count below that floor fits, and the search lands on
the count it lands on checking every step, even where the targets are not monotone in the count (a 32k-token prompt
on RTX 4070s: 8 and 9 cards meet the first token, 10 and 11 do not; starting the search at the floor, 7, jumped
to 14 and bisected back to 12)."""

from __future__ import annotations

import math

import pytest

from estimator.advice.accelerator_first import with_price_ranges
from estimator.advice.assume import fill_defaults
from estimator.advice.candidates import enumerate_candidates
from estimator.advice.recommend import default_shortcuts, default_throughput
from estimator.advice.sizing import Sizer
from estimator.physics import throughput
from estimator.physics.catalog_index import catalog_index
from estimator.physics.parallel_plans import best_plan, fewest_fitting_devices
from estimator.physics.resolve import resolve
from estimator.schemas import EstimateRequest
from estimator.workload import Workload

# Small and large cards, a long context, a mixture of experts, hundreds of streams.
MEMORY_CASES = [
    ("nvidia-rtx-4060-8gb", 8.0, "Q4_K_M", "trt-llm", None, 477, 1000),
    ("nvidia-l4", 8.0, "FP8", "vllm", None, 300, 8000),
    ("nvidia-h100-sxm", 70.0, "FP16", "vllm", None, 200, 4000),
    ("amd-mi300x", 671.0, "FP8", "vllm", "deepseek-r1", 64, 30000),
    ("intel-arc-b580", 8.0, "Q4_K_M", "openvino", None, 40, 1000),
]


@pytest.mark.parametrize(("hardware", "params_b", "quant", "backend", "model", "users", "prompt"), MEMORY_CASES)
def test_no_count_below_the_floor_fits_and_the_floor_is_near(catalog, hardware, params_b, quant, backend, model,
                                                              users, prompt):
    request = EstimateRequest(hardware=hardware, count=1, params_b=params_b, quant=quant, backend=backend,
                              concurrency=users, model=model, prompt_tokens=prompt, output_tokens=300)
    r = resolve(request, catalog_index(catalog))
    floor = fewest_fitting_devices(r, users)
    for count in range(1, floor):
        assert not best_plan(r, count, users).fits, count
    # A floor of 1 everywhere would pass the loop above: the first count that fits is within a few devices of it
    # (the per-device overhead and the groups' idle devices are all it leaves out).
    first_fit = next(c for c in range(floor, 4 * floor + 64) if best_plan(r, c, users).fits)
    assert first_fit <= 2 * floor + 8
    assert floor > 1 or users < 100


# (workload, people reading between prompts, targets assumed (speed, first token)) as `recommend` builds the sizer.
WORKLOADS = [
    (Workload(model_params_b=8.0, quantization="Q4_K_M", concurrent_users=477, prompt_tokens=1000, output_tokens=300,
              ttft_target_ms=1000), False, (True, False)),
    (Workload(model_params_b=7.0, quantization="Q4_K_M", concurrent_users=200, prompt_tokens=1000, output_tokens=300),
     True, (True, True)),
    (Workload(model_params_b=70.0, quantization="FP8", concurrent_users=150, prompt_tokens=8000, output_tokens=500),
     True, (True, True)),
    (Workload(model_params_b=13.0, quantization="INT8", concurrent_users=40, tokens_per_s_target=60.0), True,
     (False, True)),
    (Workload(model_params_b=32.0, concurrent_users=800, prompt_tokens=2000, output_tokens=200, ttft_target_ms=400),
     False, (True, False)),
    # Long prompts: the layout that decodes fastest at 10 cards misses the first token that 8 cards meet.
    (Workload(model_params_b=7.0, quantization="Q4_K_M", concurrent_users=20, ttft_target_ms=10000,
              context_length=32768, prompt_tokens=24000, output_tokens=500), True, (True, False)),
    # Ascend 910Bs: with the prompt share of the serving row alone (0.39) they met at 8 and 9 cards and missed the slow
    # end of the first token from 10 up, so a search jumping from the floor (5) never came back below 10; at the share
    # a measured 910B prompt reaches (0.72) every count from the floor meets.
    (Workload(model_params_b=13.0, quantization="Q4_K_M", concurrent_users=800, tokens_per_s_target=10.0,
              ttft_target_ms=200), True, (False, False)),
]


def _sizer(catalog, workload, people, assumed):
    filled, _ = fill_defaults(workload, catalog)
    estimate, capacity = default_throughput()
    return Sizer(filled, catalog, estimate, capacity, shortcuts=default_shortcuts(None), people=people,
                 assumed_targets=assumed)


@pytest.mark.parametrize(("workload", "people", "assumed"), WORKLOADS,
                         ids=lambda v: f"{v.model_params_b}B-{v.concurrent_users}u" if isinstance(v, Workload) else None)
def test_the_skip_lands_where_checking_every_step_does(catalog, workload, people, assumed):
    catalog = with_price_ranges(catalog)  # and the quote-only accelerators `recommend` sizes
    skipping = _sizer(catalog, workload, people, assumed)
    checking = _sizer(catalog, workload, people, assumed)
    checking._fewest_fitting = lambda candidate, users: 1  # type: ignore[method-assign]  # every step checked
    skipped = 0
    for candidate in enumerate_candidates(skipping.workload, catalog)[0]:
        for users in (skipping.peak, math.ceil(skipping.overload * skipping.peak)):  # the peak's and overload's searches
            assert skipping.smallest_count(candidate, users) == checking.smallest_count(candidate, users), \
                (candidate.hardware.id, candidate.stack.id, users)
            skipped += skipping._fewest_fitting(candidate, users) > 1
    if workload.concurrent_users and workload.concurrent_users >= 150:
        assert skipped >= 3  # the floor skipped counts on several cards


def test_where_the_targets_are_not_monotone_the_search_still_finds_the_first_count(catalog):
    long_prompts, people, assumed = WORKLOADS[-2]
    sizer = _sizer(catalog, long_prompts, people, assumed)
    card = next(c for c in enumerate_candidates(sizer.workload, catalog)[0] if c.hardware.id == "nvidia-rtx-4070")
    meeting = [count for count in range(1, 14) if sizer.meets(card, count)]
    assert meeting[:2] == [8, 9] and 10 not in meeting and 12 in meeting  # the case as described above
    assert sizer._fewest_fitting(card, sizer.peak) == 7
    assert sizer.smallest_count(card) == 8


def test_where_every_count_from_the_floor_meets_the_search_lands_on_the_floor(catalog):
    # 800 streams of a 13B in Q4_K_M at 10 tok/s and 200 ms: 5 910Bs hold the weights and the KV cache (the floor);
    # the default 512-token prompt is 13 TFLOP, ~0.07 s at 0.72 of 280 TFLOPS, so the first token holds from there up.
    catalog = with_price_ranges(catalog)  # the 910B is quote-only: sized at its sourced price range
    sizer = _sizer(catalog, *WORKLOADS[-1])
    card = next(c for c in enumerate_candidates(sizer.workload, catalog)[0]
                if (c.hardware.id, c.stack.id) == ("huawei-ascend-910b", "vllm-ascend"))
    meeting = [count for count in range(1, 41) if sizer.meets(card, count)]
    assert sizer._fewest_fitting(card, sizer.peak) == 5
    assert meeting == list(range(5, 41))
    assert sizer.smallest_count(card) == 5


def test_without_the_shipped_estimator_the_search_starts_at_the_weights(catalog):
    # An injected estimate function says nothing of its memory: the floor is the weights' alone.
    filled, _ = fill_defaults(WORKLOADS[0][0], catalog)
    estimate, capacity = default_throughput()
    sizer = Sizer(filled, catalog, throughput.estimate, capacity)
    candidate = next(c for c in enumerate_candidates(filled, catalog)[0] if c.hardware.id == "nvidia-rtx-4060-8gb")
    assert sizer._fewest_fitting(candidate, 477) == 1
    shortcut = Sizer(filled, catalog, estimate, capacity, shortcuts=default_shortcuts(None))
    assert shortcut._fewest_fitting(candidate, 477) > 1
    assert sizer.smallest_count(candidate) == shortcut.smallest_count(candidate)
