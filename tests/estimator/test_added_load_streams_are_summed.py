"""People in sessions plus a machine's rate said as two loads are both sized: the rate's streams (Little's law) are
added to the people's, never in place of them. By hand: 2 requests/s, each holding a slot 1 s to the first token + 256
tokens at 30 tok/s = 9.53 s, is 19.1 -> 20 streams; beside 25 people at once, 45 streams are sized."""

from __future__ import annotations

from estimator.advice.assume import fill_defaults
from estimator.workload import Workload
from knowledge.testing import memory_catalog


def test_rate_streams_are_added_to_stated_concurrency():
    filled, _ = fill_defaults(Workload(concurrent_users=25, requests_per_s=2.0, loads_summed=True), memory_catalog())
    assert filled.concurrent_users == 25 + 20


def test_without_a_second_load_the_stated_concurrency_stands():
    filled, _ = fill_defaults(Workload(concurrent_users=25, requests_per_s=2.0), memory_catalog())
    assert filled.concurrent_users == 25


def test_a_head_count_keeps_its_own_streams_beside_the_rate():
    people_only, _ = fill_defaults(Workload(total_users=100), memory_catalog())
    rate_only, _ = fill_defaults(Workload(requests_per_s=2.0), memory_catalog())
    both, _ = fill_defaults(Workload(total_users=100, requests_per_s=2.0, loads_summed=True), memory_catalog())
    assert rate_only.concurrent_users == 20
    assert both.concurrent_users == people_only.concurrent_users + 20
    assert both.total_users == 100
