"""A daily count, volume or spend is an average: it is sized for its busiest moments, a stated peak rate as said.

First principles, written before the change ran: requests that arrive independently at random leave a Poisson number
in the system (an M/G/∞ occupancy), whose mean is Little's λ × W; its 99th percentile is about mean + 2.33 × √mean
(a little more for small means: the Poisson is skewed right). 120,000 chats a day over 8 office hours, 1,500 tokens in
and 200 out at the assumed 1 s first token and 30 tok/s: λ = 4.17/s, W = 1 + 200 / 30 = 7.67 s, mean 32 streams, busiest
moments ≈ 32 + 2.33 × 5.7 = 45.2 → 46.
"""

from __future__ import annotations

import math

import pytest

from estimator.advice.load import load_conversion
from estimator.workload import Workload


def test_a_daily_count_is_sized_for_the_busiest_moments_of_its_hours():
    c = load_conversion(Workload(requests_per_day=120_000, hours_per_day=8, prompt_tokens=1_500, output_tokens=200))
    assert c is not None and c.mean_streams is not None
    assert c.mean_streams == pytest.approx(120_000 / (8 * 3600) * (1 + 200 / 30), rel=0.01)
    normal_p99 = c.mean_streams + 2.326 * math.sqrt(c.mean_streams)
    assert normal_p99 <= c.concurrent_streams <= normal_p99 + 3


def test_a_token_volume_and_a_spend_are_averages_too():
    c = load_conversion(Workload(tokens_per_day=400e6, hours_per_day=24))
    assert c is not None and c.mean_streams is not None
    assert c.concurrent_streams >= c.mean_streams + 2.326 * math.sqrt(c.mean_streams)


def test_a_stated_peak_rate_is_the_peak_already():
    # "peaks around 12 req/s": the lead's own busiest interval, Little's law as stated (12 × 9.5 s).
    c = load_conversion(Workload(requests_per_s=12.0))
    assert c is not None and c.mean_streams is None
    assert c.concurrent_streams == math.ceil(12.0 * c.hold_s - 1e-9)


def test_a_small_daily_count_still_holds_a_few_streams_at_its_busiest():
    # 2,400 questions a day over 12 h: 0.056/s × 9.5 s = 0.53 on average; P(N <= 2) = 0.985 < 0.99 <= P(N <= 3).
    c = load_conversion(Workload(requests_per_day=2_400))
    assert c is not None and c.concurrent_streams == 3
