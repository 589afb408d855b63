"""Staff in shifts are at work together: the largest shift's people are all in sessions at once, and each generates only
while its answer streams (reading 5.3 tok/s against 30 tok/s generated: ~15 % of its time).

First principles, written before the change ran: 300 agents across two shifts = 150 on a shift; 150 × 5.29 / (5.29 + 30)
= 22.5 generating on average, its 99th percentile ≈ 22.5 + 2.33 × √22.5 = 33.5 (a little more with the Poisson's skew).
Read as a head count of 300 instead, the sourced 25 % would give 75 sessions and ~20 streams: the shift is what makes
them present together.
"""

from __future__ import annotations

import math

from estimator.advice.assume import fill_defaults
from estimator.advice.concurrency import generating_share
from estimator.workload import Workload
from knowledge.testing import memory_catalog


def test_the_largest_shift_is_in_sessions_and_its_streams_are_those_generating():
    filled, notes = fill_defaults(Workload(total_users=300, staff_per_shift=150), memory_catalog())
    mean = 150 * generating_share(30.0)
    assert 22 < mean < 23
    assert mean + 2.326 * math.sqrt(mean) <= filled.concurrent_users <= mean + 2.326 * math.sqrt(mean) + 3
    assert filled.total_users == 300
    assert any(note.key == "assume.shift_staff" for note in notes)


def test_a_stated_concurrency_beats_the_shift():
    filled, _ = fill_defaults(Workload(total_users=300, staff_per_shift=150, concurrent_users=40), memory_catalog())
    assert filled.concurrent_users == 40


def test_a_small_shift_never_holds_more_streams_than_people():
    filled, _ = fill_defaults(Workload(total_users=6, staff_per_shift=2), memory_catalog())
    assert 1 <= filled.concurrent_users <= 2
