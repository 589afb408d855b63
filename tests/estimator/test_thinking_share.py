"""A reasoning model's unread thinking in the head-count → streams rule (estimator/advice/concurrency.py).

Little's law per person: streams = people × stream / (stream + reading + between questions). The sourced peak share
p (25 % in one time zone) fixes the time between questions at (1/p − 1) × (the visible answer streamed and read); the
thinking only lengthens the stream. Worked by hand for 12 people at 30 tok/s, a 10,000-token completion of which
~700 tokens are the visible answer (reading 238 words/min ÷ 0.75 = 5.289 tok/s):
  stream 10,000 / 30 = 333.3 s; reading 700 / 5.289 = 132.3 s; between 3 × (700/30 + 132.3) = 467.0 s;
  cycle 932.7 s → generating 333.3 / 932.7 = 35.7 %, waiting or reading (333.3 + 132.3) / 932.7 = 49.9 %.
  12 × 35.7 % = 4.3 on average; each person generates or not on their own, so the count is Binomial(12, 0.357):
  P(X ≥ 9) = 0.65 % and P(X ≥ 8) = 2.9 % (summed by hand) → 8 streams at the 99th percentile.
Without thinking (the same people, a 256-token answer wholly read): 12 × 25 % × 15 % = 0.45 → p99 3, 3 sessions → 3.
"""

from __future__ import annotations

from estimator.advice.concurrency import (
    READING_TOKENS_PER_S,
    binomial_quantile,
    generating_share,
    peak_generating_streams,
    person_cycle,
    read_share,
)
from estimator.advice.sizing import reading_pace
from estimator.workload import Workload
from knowledge.testing import memory_catalog
from tests.support.worded import fill_defaults


def test_only_a_reasoning_models_answer_is_read():
    assert read_share(10_000, reasoning=True) == 0.07  # 700 of 10,000
    assert read_share(10_000, reasoning=False) == 1.0  # a long report is read in full
    assert read_share(400, reasoning=True) == 1.0  # a completion shorter than the sourced answer is all answer
    assert read_share(None, reasoning=True) == 1.0


def test_without_thinking_the_cycle_is_the_sourced_share_times_the_reading_rule():
    cycle = person_cycle(0.25, 30.0)
    assert cycle.in_session == 0.25
    assert abs(cycle.generating - 0.25 * generating_share(30.0)) < 1e-12


def test_thinking_lengthens_the_stream_and_not_the_reading_or_the_time_between_questions():
    cycle = person_cycle(0.25, 30.0, 0.07)
    assert abs(cycle.generating - 333.3 / 932.7) < 0.002
    assert abs(cycle.in_session - 465.6 / 932.7) < 0.002
    assert abs(generating_share(30.0, 0.07) - 333.3 / (333.3 + 132.3)) < 0.002  # a session: stream ÷ (stream + reading)


def test_a_head_count_of_a_reasoning_model_waits_for_more_streams_than_one_reading_its_answers():
    assert peak_generating_streams(12) == 3
    assert peak_generating_streams(12, share_read=0.07) == 8
    # a department: 150 × 25 % × 20.9 % (5.29 / 25.29 at 20 tok/s) = 7.8 (p99 15) without thinking; 4,000-token completions of a ~700-token answer
    # at 20 tok/s: stream 200 s, reading 132.3 s, between 3 × (35 + 132.3) = 501.9 s → 24.0 % → 36 on average,
    # sd √(150 × 0.24 × 0.76) = 5.2, p99 ≈ 36 + 2.33 × 5.2 = 48
    assert peak_generating_streams(150, decode_tokens_per_s=20.0) == 15
    assert 46 <= peak_generating_streams(150, decode_tokens_per_s=20.0, share_read=0.175) <= 50


def test_people_at_once_read_only_the_answer_between_prompts():
    assert reading_pace(Workload(output_tokens=256)) == READING_TOKENS_PER_S
    assert abs(reading_pace(Workload(output_tokens=7000, reasoning_model=True)) - READING_TOKENS_PER_S * 10) < 1e-9


def test_fill_defaults_shows_the_thinking_conversion():
    filled, notes = fill_defaults(Workload(total_users=12, reasoning_model=True, output_tokens=10_000,
                                           tokens_per_s_target=30.0), memory_catalog())
    assert filled.concurrent_users == 8
    text = " ".join(notes)
    assert "never read" in text and "5.6 min" in text and "LRMTokenEconomy" in text
    plain, _ = fill_defaults(Workload(total_users=12, output_tokens=10_000, tokens_per_s_target=30.0), memory_catalog())
    assert plain.concurrent_users == 3  # a 10,000-token report read in full: reading grows with it, the share stays


def test_the_people_generating_at_once_are_a_binomial_count_over_the_head_count():
    assert binomial_quantile(12, 0.357) == 8
    assert binomial_quantile(4, 0.9) == 4  # never more than the people
    assert binomial_quantile(10, 0.0) == 0
