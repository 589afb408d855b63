"""A limit the user set (a power cap, a budget) outranks a target they did not set.

When nothing meets the assumed targets within the stated limits, the options within the limits are judged by
seed 1's bands instead ("舒適 30 以上 … 可接受 15–30"): at least the acceptable 15 tok/s per user where the speed
was assumed, and the first token's wait shown, not judged, where that was assumed (as for hardware they own).
By first principles a 3B model at Q4_K_M is ~1.9 GB of weights; a board reading 68 GB/s (the Orin Nano Super's
sourced 15 W mode) decodes it at ~68 / 1.9 × ~0.6 ≈ 20 tok/s, inside the acceptable band, for $249 at 15 W,
while every computer that beats an assumed 2 s first token draws 30 W or more. A target the user states is held:
then nothing within the limits meets it and the answer is the option least past the limits, as before.
"""

from __future__ import annotations

from estimator.advice.recommend import recommend
from estimator.workload import Workload

DRONE = Workload(model_params_b=3, concurrent_users=1, power_budget_w=15, deployment_scale="edge", prompt_tokens=512)


def test_a_15_watt_cap_with_no_targets_set_is_answered_within_15_watts(catalog):
    rec = recommend(DRONE, catalog)
    primary = rec.primary
    assert primary is not None and rec.within_limits
    assert primary.power_w is not None and primary.power_w <= 15
    assert primary.capex_usd <= 700
    assert primary.estimate.decode_tokens_per_s_per_user >= 15  # seed 1's acceptable band


def test_a_first_token_target_the_user_sets_is_held_against_the_cap(catalog):
    rec = recommend(DRONE.model_copy(update={"ttft_target_ms": 300}), catalog)
    primary = rec.primary
    assert primary is not None
    # Nothing within 15 W prefills 512 tokens of a 3B in 300 ms: the stated target wins over the band.
    assert not rec.within_limits or (primary.estimate.ttft_p95_ms or primary.estimate.ttft_ms) <= 300
