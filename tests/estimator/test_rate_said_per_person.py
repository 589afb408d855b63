"""A rate said of each person is people × frequency, converted in the open and re-derived from the head count.
By hand: 40 agents each asking ~60 times an hour is 2,400 an hour = 0.667/s; a request holds a slot ~9.53 s (1 s to the
first token + 256 tokens at 30 tok/s), so 0.667 × 9.53 = 6.4 → 7 streams; 120 agents are 2.0/s → 19.1 → 20 streams."""

from __future__ import annotations

import pytest

from estimator.advice.load import load_conversion
from estimator.workload import Workload


@pytest.mark.parametrize(("people", "per_s", "streams"), [(40, 40 * 60 / 3600, 7), (120, 120 * 60 / 3600, 20)])
def test_people_times_their_hourly_rate_sets_the_streams(people, per_s, streams):
    conversion = load_conversion(Workload(total_users=people, requests_per_user_per_hour=60, requests_per_s=0.667))
    assert conversion is not None
    assert conversion.requests_per_s == pytest.approx(per_s, rel=0.01)
    assert conversion.concurrent_streams == streams
    assert (conversion.people, conversion.requests_per_user_per_hour) == (people, 60)
