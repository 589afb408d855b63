"""Seed 1's N+1 ("考慮冗餘：N+1 GPU 配置用於故障轉移"), bought when the lead asks for availability (failover, HA, an
uptime SLA); without that ask it is offered with its price, never stacked on a count that already serves the peak
(tests/estimator/test_spare_offered_not_stacked.py). The failure unit is one GPU, and failover
means the service stays up through it. So an option is N+1 when, with one device out, the others still carry the
peak within seed 1's usable band (≥ 15 tok/s per user, "15–30 acceptable") and the first-token target, until the
card is replaced: N counts the devices that serve the peak in that band, so when the devices bought for the targets
already hold N + 1 (slack inside a baseboard, or the last device itself) they hold the spare; a whole extra
baseboard is bought only when the devices left would fall below that band. A spare server (against a server
failure) is not part of seed 1's N+1 and is not added; the reply says what was and was not included.
"""

from __future__ import annotations

import math

import pytest

from estimator.advice.assume import fill_defaults
from estimator.advice.candidates import enumerate_candidates
from estimator.advice.recommend import default_shortcuts, default_throughput
from estimator.advice.sizing import Sizer
from estimator.defaults import ACCEPTABLE_TOKENS_PER_S
from estimator.workload import Workload
from knowledge.testing import memory_catalog
from tests.support.worded import recommend

# 600 streams of a 14B at Q4_K_M: one 8-GPU MI300X board carries the peak (seed 1: 4–8 datacenter GPUs).
ORG = Workload(model_params_b=14, concurrent_users=600, total_users=3000, quantization="Q4_K_M",
               deployment_scale="organization", prompt_tokens=1500, output_tokens=400, ttft_target_ms=1000,
               tokens_per_s_target=30,  # the ~32 tok/s a user worked out below: stated, not the department tier's 15
               availability_required=True)


def _sizer(catalog, workload: Workload) -> tuple[Sizer, list]:
    filled, _ = fill_defaults(workload, memory_catalog())
    estimate, capacity = default_throughput()
    sizer = Sizer(filled, catalog, estimate, capacity, shortcuts=default_shortcuts(None))
    return sizer, enumerate_candidates(filled, catalog)[0]


def _candidate(candidates, hardware_id: str, stack_id: str):
    return next(c for c in candidates if c.hardware.id == hardware_id and c.stack.id == stack_id)


def _survives(sizer: Sizer, candidate, count: int) -> bool:
    """The rule, stated on the estimator's figures: one device out, the peak at ≥ 15 tok/s and the first token."""
    if count <= 1:
        return False
    est = sizer.estimate(candidate, count - 1)
    return est.fits and sizer.speed(est, candidate) >= ACCEPTABLE_TOKENS_PER_S and (
        sizer.ttft is None or sizer.ttft_checked(est, candidate) <= sizer.ttft)


@pytest.mark.parametrize("hardware_id, stack_id", [("amd-mi300x", "vllm-rocm"), ("nvidia-h100-sxm", "vllm-cuda"),
                                                   ("nvidia-h200-sxm", "vllm-cuda"), ("nvidia-l40s", "vllm-cuda")])
def test_a_spare_unit_is_bought_only_when_the_devices_left_fall_below_the_usable_band(catalog, hardware_id, stack_id):
    sizer, candidates = _sizer(catalog, ORG)
    cand = _candidate(candidates, hardware_id, stack_id)
    needed = sizer.smallest_count(cand)
    assert needed is not None
    board = cand.board
    whole = math.ceil(needed / board) * board
    bought = sizer._purchase(cand, needed)
    if whole - 1 >= needed:  # slack inside the last unit: a spare already, at the full targets
        assert (bought.devices, bought.spare) == (whole, True)
    elif _survives(sizer, cand, whole):  # the last device is the spare, counted at the acceptable speed
        assert (bought.devices, bought.spare) == (whole, True)
        assert bought.failover_tokens_per_s is not None and bought.failover_tokens_per_s >= ACCEPTABLE_TOKENS_PER_S
    else:
        assert (bought.devices, bought.spare) == (math.ceil((needed + 1) / board) * board, True)


def test_one_mi300x_board_serving_600_streams_is_n_plus_1_without_a_second_board(catalog):
    # 8 MI300X carry the 600 (~32 tok/s a user, p95 first token ~0.4 s); with one out, 7 give ~28 tok/s, inside
    # seed 1's 15–30 band and the 1 s target: the service stays up, so no second $128k board for one spare GPU.
    sizer, candidates = _sizer(catalog, ORG)
    cand = _candidate(candidates, "amd-mi300x", "vllm-rocm")
    assert sizer.smallest_count(cand) == 8
    bought = sizer._purchase(cand, 8)
    assert (bought.devices, bought.spare) == (8, True)
    assert 15 <= (bought.failover_tokens_per_s or 0) < 30


def test_a_single_device_is_never_its_own_failover(catalog):
    sizer, candidates = _sizer(catalog, ORG.model_copy(update={"concurrent_users": 500, "model_params_b": 1}))
    cand = _candidate(candidates, "nvidia-l40s", "vllm-cuda")
    assert sizer._purchase(cand, 1).devices == 2


def test_without_an_availability_ask_nothing_is_added(catalog):
    sizer, candidates = _sizer(catalog, ORG.model_copy(update={"availability_required": None}))
    cand = _candidate(candidates, "amd-mi300x", "vllm-rocm")
    bought = sizer._purchase(cand, 1)
    assert (bought.devices, bought.spare, bought.failover_tokens_per_s) == (8, False, None)


def test_the_reply_says_what_redundancy_is_and_is_not_included(catalog):
    rec = recommend(ORG, catalog)
    note = next(n for n in rec.assumptions if "N+1" in n)
    assert "one device out" in note and "spare server" in note
    primary = rec.primary
    assert primary.redundancy
    if primary.failover_tokens_per_s_per_user is not None:
        assert "one device out" in primary.rationale
