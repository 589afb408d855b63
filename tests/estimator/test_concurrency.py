"""The head-count → peak-concurrency rule (estimator/advice/concurrency.py) and how fill_defaults states it.

Sources (module docstring): named users of enterprise software peak at 15–25 % in a session, 25 % in one
time zone, 15 % across time zones. So 1,200 staff → 300 sessions (⌈1200 × 0.25⌉), 180 across zones. A session
generates only while its answer streams and reads the rest of the time: reading 238 words/min ÷ 0.75 words a
token = 5.29 tok/s against 30 tok/s decode → 5.29 / 35.29 = 15 % of the time (Little's law). 300 sessions × 15 %
= 45 streams on average; at the 99th percentile of a Poisson count ≈ 45 + 2.33 × √45 = 60.6, so about 61.
"""

from __future__ import annotations

from estimator.advice.concurrency import (
    generating_share,
    peak_concurrent_users,
    peak_generating_streams,
    poisson_quantile,
)
from estimator.workload import Workload
from knowledge.testing import memory_catalog
from tests.support.worded import fill_defaults


def test_peak_share_of_a_head_count():
    assert peak_concurrent_users(1200) == 300
    assert peak_concurrent_users(1200, across_time_zones=True) == 180
    assert peak_concurrent_users(10) == 3  # 2.5 rounds up: size for the person who would otherwise wait
    assert peak_concurrent_users(1) == 1


def test_a_session_generates_while_its_answer_streams_and_reads_the_rest():
    assert abs(generating_share(30.0) - 0.15) < 0.005  # 5.29 / (5.29 + 30)
    assert generating_share(60.0) < generating_share(30.0)  # a faster stream is busy a smaller share of the cycle


def test_the_streams_at_once_are_the_99th_percentile_of_a_poisson_count():
    # Poisson(1.5): P(X <= 4) = 0.981, P(X <= 5) = 0.9955 (summed by hand).
    assert poisson_quantile(1.5) == 5
    assert poisson_quantile(0.0) == 0
    assert 60 <= poisson_quantile(45.0) <= 62  # 45 + 2.33 × √45 = 60.6 (normal approximation)
    assert 2000 + 2.3 * 2000 ** 0.5 < poisson_quantile(2000.0) < 2000 + 2.4 * 2000 ** 0.5


def test_a_head_count_is_sized_for_the_people_generating_at_once():
    assert 60 <= peak_generating_streams(1200) <= 62  # 300 sessions × 15 %, p99
    assert 38 <= peak_generating_streams(1200, across_time_zones=True) <= 41  # 180 × 15 % = 27 → 27 + 2.33 × 5.2
    assert peak_generating_streams(5) == 2  # never more than the 2 sessions (⌈5 × 25 %⌉)
    assert peak_generating_streams(1) == 1


def test_fill_defaults_states_the_rule_with_its_sources():
    filled, notes = fill_defaults(Workload(total_users=1200), memory_catalog())
    assert 60 <= filled.concurrent_users <= 62 and filled.total_users == 1200
    note = next(n for n in notes if "generating at once" in n)
    assert f"{filled.concurrent_users} concurrent users" in note
    assert "25%" in note and "15%" in note and "ratlperfland" in note and "10.1016/j.jml.2019.104047" in note
    zh, zh_notes = fill_defaults(Workload(total_users=1200), memory_catalog(), lang="zh-Hans")
    assert zh.concurrent_users == filled.concurrent_users
    assert any(f"{zh.concurrent_users} 路" in n and "25%" in n and "15%" in n for n in zh_notes)


def test_a_stated_concurrency_is_kept():
    filled, notes = fill_defaults(Workload(total_users=1200, concurrent_users=50), memory_catalog())
    assert filled.concurrent_users == 50
    assert not any("25%" in n for n in notes)


def test_a_scale_without_a_head_count_keeps_its_seed_tier():
    # Seed 1's team tier (no head count stated): 15 users, all of them sized as active.
    filled, _ = fill_defaults(Workload(deployment_scale="team"), memory_catalog())
    assert filled.concurrent_users == 15


def test_users_across_time_zones_peak_at_the_lower_share():
    from bot.nlu import parse_message

    facts = parse_message("About 1,200 staff across several time zones will use it").facts
    assert facts["users_across_time_zones"] is True and facts["total_users"] == 1200
    filled, notes = fill_defaults(Workload(total_users=1200, users_across_time_zones=True), memory_catalog())
    assert 38 <= filled.concurrent_users <= 41  # 180 sessions (⌈1200 × 0.15⌉) × 15 % generating, p99
    assert any(str(filled.concurrent_users) in n and "15%" in n for n in notes)
    assert parse_message("我们公司一共 1200 人，跨时区办公").facts["users_across_time_zones"] is True


def test_a_stated_daily_active_share_scales_the_sourced_peak_share():
    # 3,000 staff, 30 % use it on a given day: 900 users of the assistant, 25 % of them in a session at the peak
    # (IBM's share of an application's named users) = 225 sessions, each generating 5.3 / (5.3 + 30) = 15 % of its
    # time: a mean of 33.8 streams, Poisson 99th percentile 33.8 + 2.326 x sqrt(33.8) = 47.3, so 47-49.
    filled, notes = fill_defaults(Workload(total_users=3000, daily_active_share=0.3), memory_catalog())
    assert 47 <= filled.concurrent_users <= 49
    assert any("30%" in n and "25%" in n for n in notes)
    # all 3,000 as daily users would be 750 sessions: the share must never be taken as everyone in a session
    assert filled.concurrent_users < fill_defaults(Workload(total_users=3000), memory_catalog())[0].concurrent_users / 2
