"""A daily count, volume or spend is an average: it is sized for its busiest hour and that hour's busiest moments, a
stated peak rate as said.

First principles, written before the change ran: a working day's traffic peaks in its busiest hour at about twice its
average hour (a 10-hour support desk's busiest hour takes ~20 % of the day); with no hours said, the busiest hour of a
day of requests holds about an eighth of it (telephone traffic's busy-hour ratio). Within that hour requests arriving
independently at random leave a Poisson number in the system (an M/G/∞ occupancy), whose mean is Little's λ × W; its
99th percentile is about mean + 2.33 × √mean (a little more for small means: the Poisson is skewed right). 120,000 chats
a day over 8 office hours, 1,500 tokens in and 200 out at the assumed 1 s first token and 30 tok/s: λ = 4.17/s on
average, 8.33/s in the busiest hour, W = 1 + 200 / 30 = 7.67 s, mean 64 streams, busiest moments ≈ 64 + 2.33 × 8 = 82.6.
"""

from __future__ import annotations

import math

import pytest

from estimator.advice.load import load_conversion
from estimator.workload import Workload


def test_a_daily_count_is_sized_for_the_busiest_moments_of_its_hours():
    c = load_conversion(Workload(requests_per_day=120_000, hours_per_day=8, prompt_tokens=1_500, output_tokens=200))
    assert c is not None and c.mean_streams is not None
    assert c.mean_streams == pytest.approx(2 * 120_000 / (8 * 3600) * (1 + 200 / 30), rel=0.01)
    assert (c.peak_factor, c.peak_basis) == (2.0, "window")
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
    # 2,400 questions a day, no hours: an eighth in the busiest hour = 0.083/s × 9.53 s = 0.79 on average;
    # P(N <= 2) = 0.953 < 0.99 <= P(N <= 3) = 0.991.
    c = load_conversion(Workload(requests_per_day=2_400))
    assert c is not None and c.concurrent_streams == 3
    assert c.requests_per_s == pytest.approx(2_400 / 8 / 3600, rel=0.01) and c.peak_basis == "day"


def test_a_flow_said_around_the_clock_even_or_batch_keeps_its_average():
    # Spread over 24 h by the lead, or said to be even, or a batch queue: no office peak is laid on it.
    for workload in (Workload(requests_per_day=86_400, hours_per_day=24), Workload(requests_per_day=86_400, arrival_pattern="steady"),
                     Workload(requests_per_day=86_400, arrival_pattern="batch")):
        c = load_conversion(workload)
        assert c is not None and c.peak_factor == 1.0 and c.peak_basis is None


def test_a_token_volume_with_no_hours_keeps_its_average_and_one_in_a_working_window_peaks():
    flat = load_conversion(Workload(tokens_per_day=50e6))
    window = load_conversion(Workload(tokens_per_day=50e6, hours_per_day=10))
    assert flat is not None and window is not None
    assert flat.peak_factor == 1.0 and window.peak_factor == 2.0
    # 50M tokens over 10 h is 1.2× the rate over 12 h; the busiest hour doubles it.
    assert window.requests_per_s == pytest.approx(flat.requests_per_s * 1.2 * 2, rel=0.01)


def test_a_peak_factor_said_beside_an_average_rate_raises_it():
    # "~90 requests a minute on average, peaks maybe 2x that": 3/s at the peak, 33 streams at 11 s each.
    c = load_conversion(Workload(requests_per_s=1.5, peak_factor=2, prompt_tokens=1_500, output_tokens=300))
    assert c is not None and c.requests_per_s == 3.0 and c.concurrent_streams == 33


def test_only_stated_hours_are_a_working_window():
    # "8 h a day" read from the lead is a window (its busiest hour twice its average hour); the same 8 h filled in by
    # code (a batch job's window, a copy of the workload with the hours set) is no statement: a day of requests then
    # peaks at an eighth of the day in its busiest hour, 8 × 1/8 = 1.0.
    stated = Workload(requests_per_day=120_000, hours_per_day=8)
    filled = Workload(requests_per_day=120_000).model_copy(update={"hours_per_day": 8.0})
    assert stated.hours_stated is True and filled.hours_stated is None
    assert load_conversion(stated).peak_basis == "window"
    assert (load_conversion(filled).peak_factor, load_conversion(filled).peak_basis) == (1.0, "day")
    # the fact survives the thread's round trip: a dumped workload read back still says whether the hours were said
    assert Workload.model_validate(filled.model_dump()).hours_stated is None
    assert Workload.model_validate(stated.model_dump()).hours_stated is True
