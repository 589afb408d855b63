"""The per-user speed sized for when none was said follows seed 1's tiers by peak concurrency.

Seed 1 (written before running): a team server carries "15–30 個並發用戶" at "每位用戶 30–80 token/秒" (lines 173–175), so
up to 30 streams at once the comfortable 30 is sized for; "對於 200 個並發用戶，在適當的批次處理下，預期每位用戶 15–30
token/秒" (line 185): past a team's 30, the acceptable band, sized at its floor 15. A speed said (a figure, or a band in
words) wins over the tier. Slower answers hold each stream longer (Little's law): streams from a rate are recounted.
"""

from __future__ import annotations

from estimator.advice.speed_tier import TEAM_PEAK_STREAMS
from estimator.advice.within_budget import judging_sizer
from estimator.defaults import ACCEPTABLE_TOKENS_PER_S, COMFORTABLE_TOKENS_PER_S
from estimator.workload import Workload
from tests.support.worded import fill_defaults


def test_a_team_s_peak_is_sized_at_the_comfortable_speed():
    for peak in (1, 15, TEAM_PEAK_STREAMS):
        filled, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=peak, deployment_scale="team"))
        assert filled.tokens_per_s_target == COMFORTABLE_TOKENS_PER_S == 30
        assert filled.speed_basis == "team"


def test_past_a_team_s_concurrency_the_department_band_is_sized_at_its_floor():
    for peak in (TEAM_PEAK_STREAMS + 1, 150, 200):
        filled, notes = fill_defaults(Workload(model_params_b=7, concurrent_users=peak))
        assert filled.tokens_per_s_target == ACCEPTABLE_TOKENS_PER_S == 15
        assert filled.speed_basis == "department"
        assert any("department" in n and "15–30" in n for n in notes)


def test_a_speed_said_wins_over_the_tier():
    figure, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=200, tokens_per_s_target=40))
    assert figure.tokens_per_s_target == 40 and figure.speed_basis is None
    snappy, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=200, speed_band="comfortable"))
    assert snappy.tokens_per_s_target == 30 and snappy.speed_basis == "said_comfortable"
    usable, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=10, speed_band="acceptable"))
    assert usable.tokens_per_s_target == 15 and usable.speed_basis == "said_acceptable"


def test_batch_and_one_person_keep_their_own_speeds():
    batch, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=200, arrival_pattern="batch"))
    assert batch.tokens_per_s_target == 10 and batch.speed_basis == "batch"
    laptop, _ = fill_defaults(Workload(model_params_b=7, deployment_scale="personal"))
    assert laptop.tokens_per_s_target == 15 and laptop.speed_basis == "personal"


def test_streams_from_a_rate_are_counted_at_the_speed_sized_for():
    # 5 requests/s, 300-token answers, first token 1 s: at 30 tok/s each holds 1 + 10 = 11 s (55 streams, past a team's
    # 30), so the department's 15 applies, and at 15 each holds 1 + 20 = 21 s: 105 streams (Little's law).
    filled, _ = fill_defaults(Workload(model_params_b=7, requests_per_s=5, output_tokens=300, ttft_target_ms=1000))
    assert filled.tokens_per_s_target == 15
    assert 100 <= (filled.concurrent_users or 0) <= 110


def test_the_assumed_target_and_the_acceptable_judge_agree_at_department_scale(catalog):
    # one place decides: the within-budget judge (seed 1's acceptable band) is the target the department was sized for
    from estimator.advice.recommend import default_throughput
    from estimator.advice.sizing import Sizer

    filled, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=120))
    estimate, capacity = default_throughput()
    sizer = Sizer(filled, catalog, estimate, capacity, assumed_targets=(True, True))
    assert sizer.target == judging_sizer(sizer).target == ACCEPTABLE_TOKENS_PER_S
