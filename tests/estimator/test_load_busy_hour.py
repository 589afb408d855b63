"""Every volume (requests a day, tokens a day, an API spend a month) is sized at its busy hour by one rule; a stated
rate or peak as said; an unattended volume by its throughput.

First principles, written before the change ran: a day's traffic peaks in its busiest hour at about twice the mean hour
of the hours it runs (a 10-hour support desk's busiest hour takes ~20 % of its day; a telephone exchange carries 1/8-1/10
of a day in one hour, 2.4-3x a 24-hour mean, so twice is the low end around the clock). With no hours said the volume is
a day's, spread over 24 h at the same factor. The busy hour is the margin, sized by Little's law (λ × W) at its mean, as
a stated peak rate is. 120,000 chats a day over 8 office hours, 1,500 tokens in and 200 out at the assumed 1 s first
token and 30 tok/s: λ = 4.17/s on average, 8.33/s in the busy hour, W = 1 + 200 / 30 = 7.67 s: 63.9 streams, sized 64.
"""

from __future__ import annotations

import math

import pytest

from estimator.advice.load import load_conversion
from estimator.workload import Workload


def test_a_daily_count_is_sized_at_twice_the_mean_hour_of_its_window():
    c = load_conversion(Workload(requests_per_day=120_000, hours_per_day=8, prompt_tokens=1_500, output_tokens=200))
    assert c is not None and c.mean_streams is not None
    assert (c.peak_factor, c.peak_basis) == (2.0, "window")
    assert c.mean_streams == pytest.approx(2 * 120_000 / (8 * 3600) * (1 + 200 / 30), rel=0.01)
    assert c.concurrent_streams == math.ceil(c.mean_streams - 1e-9)  # the busy hour is the margin: no percentile on it


def test_every_volume_form_is_raised_by_the_same_rule():
    # the same day's requests said three ways (a count, tokens, a spend at $1 / $2 per M) peak alike
    per_request = 1_000 + 250
    count = Workload(requests_per_day=40_000, hours_per_day=10, prompt_tokens=1_000, output_tokens=250)
    tokens = Workload(tokens_per_day=40_000 * per_request, hours_per_day=10, prompt_tokens=1_000, output_tokens=250)
    conversions = [load_conversion(count), load_conversion(tokens)]
    assert all(c is not None for c in conversions)
    assert {(c.peak_factor, c.peak_basis) for c in conversions if c is not None} == {(2.0, "window")}
    assert conversions[0].requests_per_s == pytest.approx(conversions[1].requests_per_s, rel=1e-3)


def test_a_stated_peak_rate_is_the_peak_already():
    # "peaks around 12 req/s": the lead's own busiest interval, Little's law as stated (12 × 9.5 s).
    c = load_conversion(Workload(requests_per_s=12.0))
    assert c is not None and c.mean_streams is None
    assert c.concurrent_streams == math.ceil(12.0 * c.hold_s - 1e-9)


def test_a_stated_peak_factor_wins_over_the_busy_hour():
    c = load_conversion(Workload(tokens_per_day=100e6, hours_per_day=24, peak_factor=2.5))
    assert c is not None and (c.peak_factor, c.peak_basis) == (2.5, "stated")


def test_a_volume_with_no_hours_is_a_day_s_at_the_same_factor():
    # 2,400 a day, no hours: over 24 h × 2 = 0.056/s × 9.53 s = 0.53 streams, one stream sized.
    c = load_conversion(Workload(requests_per_day=2_400))
    assert c is not None and c.concurrent_streams == 1 and c.running_hours_per_day == 24
    assert c.requests_per_s == pytest.approx(2 * 2_400 / 24 / 3600, rel=0.01) and c.peak_basis == "day"


def test_a_flow_around_the_clock_still_has_a_busy_hour_unless_said_even_or_batch():
    around = load_conversion(Workload(requests_per_day=86_400, hours_per_day=24))
    assert around is not None and around.peak_factor == 2.0
    for workload in (
        Workload(requests_per_day=86_400, arrival_pattern="steady"),
        Workload(requests_per_day=86_400, arrival_pattern="batch"),
    ):
        c = load_conversion(workload)
        assert c is not None and c.peak_factor == 1.0 and c.peak_basis is None


def test_a_peak_factor_said_beside_an_average_rate_raises_it():
    # "~90 requests a minute on average, peaks maybe 2x that": 3/s at the peak, 33 streams at 11 s each.
    c = load_conversion(Workload(requests_per_s=1.5, peak_factor=2, prompt_tokens=1_500, output_tokens=300))
    assert c is not None and c.requests_per_s == 3.0 and c.concurrent_streams == 33


def test_only_stated_hours_are_a_window():
    # "8 h a day" read from the lead is the window the volume runs in; the same 8 h filled in by code (a batch job's
    # window, a copy of the workload with the hours set) is no statement: the volume is then a day's.
    stated = Workload(requests_per_day=120_000, hours_per_day=8)
    filled = Workload(requests_per_day=120_000).model_copy(update={"hours_per_day": 8.0})
    assert stated.hours_stated is True and filled.hours_stated is None
    assert (load_conversion(stated).running_hours_per_day, load_conversion(stated).peak_basis) == (8.0, "window")
    assert (load_conversion(filled).running_hours_per_day, load_conversion(filled).peak_basis) == (24.0, "day")
    # the fact survives the thread's round trip: a dumped workload read back still says whether the hours were said
    assert Workload.model_validate(filled.model_dump()).hours_stated is None
    assert Workload.model_validate(stated.model_dump()).hours_stated is True
