"""Owned hardware said to be slow at a stated load is not answered "use what you have" on seed 1's lenient band.

The complaint is evidence that "acceptable" (15–30 tok/s) is not acceptable to them, so the owned devices are
judged by the comfortable targets, as a purchase is (seed 1: ≥ 30 tok/s comfortable). By hand, one L40S (864
GB/s) serving 120 users of Qwen2.5 14B at FP8 reads ~14.7 GB of weights plus 120 × 768 tokens × 196 KB of KV
cache (48 layers × 8 KV heads × 128 × 2 × 2 bytes) ≈ 18 GB each decode step: ≥ 38 ms a step, under 26 tok/s
per user even at full bandwidth, so it falls short of 30, and more hardware is the answer. When the estimate
still says the owned devices meet the targets, the reply says it disagrees with what the user sees."""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk


def test_one_device_in_the_acceptable_band_is_used_unless_it_is_said_to_be_slow(engine):
    calm = talk(engine, "we have 1 L40S running qwen2.5 14b for 120 concurrent users", "just recommend", thread="calm")[-1]
    assert calm.recommendation.owned[0].meets  # seed 1's acceptable band, no target set: use what you have
    slow = talk(engine, "our 1 L40S running qwen2.5 14b is getting slow with 120 concurrent users", "just recommend",
                thread="slow")[-1]
    answer = slow.recommendation.owned[0]
    assert not answer.meets and not slow.text.split("\n")[1].startswith("Use what you have")
    assert (answer.add_count or 0) >= 1 or slow.recommendation.primary.capex_usd > 0  # what to add or buy


@pytest.mark.parametrize(("messages", "disagrees"), [
    (("the 3 L40S we run qwen2.5 14b on are choking at lunch, ~90 concurrent", "just recommend"), "disagrees"),
    (("两张4090跑qwen2.5-14b，客服40人同时用，慢得不行", "直接推荐"), "不一致"),
    (("我們的 4 張 L40S 跑 Qwen2.5 32B，尖峰 70 人同時用就跟不上了", "直接推薦"), "不一致"),
])
def test_an_owned_setup_said_slow_is_never_said_to_meet_the_targets_unqualified(engine, messages, disagrees):
    reply = talk(engine, *messages)[-1]
    answer = reply.recommendation.owned[0]
    if answer.meets:  # the estimate says it copes: judged at the comfortable speed, and the disagreement is said
        assert answer.disputed and disagrees in reply.text
        assert answer.option is not None and answer.option.estimate.decode_tokens_per_s_per_user >= 30
    else:
        assert not answer.disputed and disagrees not in reply.text
        assert (answer.add_count or 0) >= 1 or reply.recommendation.primary.capex_usd > 0
