"""The head-count → peak-concurrency rule (estimator/concurrency.py) and how fill_defaults states it.

Source (module docstring): named users of enterprise software peak at 15–25 % concurrent, 25 % in one
time zone, 15 % across time zones. So 1,200 staff → 300 at once (⌈1200 × 0.25⌉), 180 across zones.
"""

from __future__ import annotations

from estimator.assume import fill_defaults
from estimator.concurrency import peak_concurrent_users
from estimator.workload import Workload


def test_peak_share_of_a_head_count():
    assert peak_concurrent_users(1200) == 300
    assert peak_concurrent_users(1200, across_time_zones=True) == 180
    assert peak_concurrent_users(10) == 3  # 2.5 rounds up: size for the person who would otherwise wait
    assert peak_concurrent_users(1) == 1


def test_fill_defaults_states_the_rule_with_its_source():
    filled, notes = fill_defaults(Workload(total_users=1200))
    assert filled.concurrent_users == 300 and filled.total_users == 1200
    note = next(n for n in notes if "300 concurrent users" in n)
    assert "25%" in note and "http" in note
    zh, zh_notes = fill_defaults(Workload(total_users=1200), lang="zh-Hans")
    assert zh.concurrent_users == 300 and any("300" in n and "25%" in n for n in zh_notes)


def test_a_stated_concurrency_is_kept():
    filled, notes = fill_defaults(Workload(total_users=1200, concurrent_users=50))
    assert filled.concurrent_users == 50
    assert not any("25%" in n for n in notes)


def test_a_scale_without_a_head_count_keeps_its_seed_tier():
    # Seed 1's team tier (no head count stated): 15 users, all of them sized as active.
    filled, _ = fill_defaults(Workload(deployment_scale="team"))
    assert filled.concurrent_users == 15


def test_users_across_time_zones_peak_at_the_lower_share():
    from bot.nlu import parse_message

    facts = parse_message("About 1,200 staff across several time zones will use it").facts
    assert facts["users_across_time_zones"] is True and facts["total_users"] == 1200
    filled, notes = fill_defaults(Workload(total_users=1200, users_across_time_zones=True))
    assert filled.concurrent_users == 180  # ⌈1200 × 0.15⌉
    assert any("180" in n and "15%" in n for n in notes)
    assert parse_message("我们公司一共 1200 人，跨时区办公").facts["users_across_time_zones"] is True
