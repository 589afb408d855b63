"""The per-user speed sized for when no figure was said (seed 1, written before running).

Seed 1's bands (lines 92–94): comfortable ≥ 30 tok/s, acceptable 15–30. With nothing said the comfortable 30 is sized
for, at any scale (its tier hardware sits above the acceptable floor); a band said in words is the band said; a figure
wins over both; batch jobs and one person's own device keep their own defaults. A slower answer holds each stream
longer (Little's law), so streams from a rate are counted at the speed sized for.
"""

from __future__ import annotations

from estimator.defaults import ACCEPTABLE_TOKENS_PER_S, COMFORTABLE_TOKENS_PER_S
from estimator.workload import Workload
from knowledge.testing import memory_catalog
from tests.support.worded import fill_defaults


def test_with_no_speed_said_the_comfortable_speed_is_sized_for_at_any_scale():
    for peak in (15, 30, 150, 600):  # one user is personal use (its own default, below)
        filled, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=peak), memory_catalog())
        assert filled.tokens_per_s_target == COMFORTABLE_TOKENS_PER_S == 30
        assert filled.speed_basis == "comfortable"


def test_a_speed_said_wins_over_the_default():
    figure, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=200, tokens_per_s_target=40), memory_catalog())
    assert figure.tokens_per_s_target == 40 and figure.speed_basis is None
    snappy, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=200, speed_band="comfortable"), memory_catalog())
    assert snappy.tokens_per_s_target == 30 and snappy.speed_basis == "said_comfortable"
    usable, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=200, speed_band="acceptable"), memory_catalog())
    assert usable.tokens_per_s_target == ACCEPTABLE_TOKENS_PER_S == 15 and usable.speed_basis == "said_acceptable"


def test_batch_and_one_person_keep_their_own_speeds():
    batch, _ = fill_defaults(Workload(model_params_b=7, concurrent_users=200, arrival_pattern="batch"), memory_catalog())
    assert batch.tokens_per_s_target == 10 and batch.speed_basis == "batch"
    laptop, _ = fill_defaults(Workload(model_params_b=7, deployment_scale="personal"), memory_catalog())
    assert laptop.tokens_per_s_target == 15 and laptop.speed_basis == "personal"


def test_streams_from_a_rate_are_counted_at_the_speed_said():
    # 5 requests/s, 300-token answers, first token 1 s: at 30 tok/s each holds 1 + 10 = 11 s: 55 streams; "usable is
    # fine" (15 tok/s) holds each 1 + 20 = 21 s: 105 streams (Little's law).
    comfortable, _ = fill_defaults(Workload(model_params_b=7, requests_per_s=5, output_tokens=300, ttft_target_ms=1000), memory_catalog())
    assert 52 <= (comfortable.concurrent_users or 0) <= 58
    usable, _ = fill_defaults(Workload(model_params_b=7, requests_per_s=5, output_tokens=300, ttft_target_ms=1000,
                                       speed_band="acceptable"), memory_catalog())
    assert usable.tokens_per_s_target == 15
    assert 100 <= (usable.concurrent_users or 0) <= 110
