"""An end-to-end latency target split into the first-token bound and per-user speed the sizing checks.

Written from e2e = TTFT + N / v before running: 10 s for 250 tokens at seed 1's 30 tok/s streams for 8.33 s and leaves
1.67 s for the first token (more than MLPerf's split, 10 / 26 = 0.38 s, so the speed stays); 3 s for 100 tokens at
30 tok/s would stream for 3.33 s, past the budget, so the split follows MLPerf's classes (TPOT ≤ TTFT / 10): TTFT =
3 / 11 = 0.273 s and 1 / 0.0273 = 36.7 tok/s. A stated first token leaves the answer the rest: 10 s − 1 s for 250 tokens
is 27.8 tok/s.
"""

from __future__ import annotations

import pytest

from estimator.advice.end_to_end import mlperf_split, split_end_to_end
from estimator.workload import Workload


def test_the_usual_speed_keeps_and_the_first_token_gets_the_rest():
    w, notes = split_end_to_end(Workload(e2e_target_ms=10_000, output_tokens=250))
    assert w.ttft_target_ms == pytest.approx(10_000 - 250 / 30 * 1000, abs=1) and w.tokens_per_s_target is None
    assert [n.key for n in notes] == ["assume.e2e.ttft"]


def test_a_budget_too_short_for_the_usual_speed_follows_mlperfs_classes():
    w, notes = split_end_to_end(Workload(e2e_target_ms=3_000, output_tokens=100))
    assert w.ttft_target_ms == round(3_000 / 11) and w.tokens_per_s_target == pytest.approx(1000 / (3 / 11 * 100), abs=0.1)
    assert w.ttft_target_ms / 1000 + 100 / w.tokens_per_s_target == pytest.approx(3.0, abs=0.01)
    assert [n.key for n in notes] == ["assume.e2e.mlperf"]


def test_a_stated_first_token_leaves_the_answer_the_rest():
    w, _ = split_end_to_end(Workload(e2e_target_ms=10_000, ttft_target_ms=1_000, output_tokens=250))
    assert w.ttft_target_ms == 1_000 and w.tokens_per_s_target == pytest.approx(250 / 9, abs=0.1)


def test_no_end_to_end_target_changes_nothing():
    w = Workload(ttft_target_ms=2_000, output_tokens=250)
    assert split_end_to_end(w) == (w, [])


def test_the_split_meets_the_budget_exactly():
    ttft, tps = mlperf_split(6_000, 150)
    assert ttft / 1000 + 150 / tps == pytest.approx(6.0, abs=0.01)
