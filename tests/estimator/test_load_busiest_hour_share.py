"""A busiest hour said as a share of the day sizes that hour: the day's volume × the share ÷ 3600 s, whatever the running
hours (they only set the average the factor is quoted against). Worked by hand before running the estimator."""

from __future__ import annotations

import pytest

from estimator.advice.load import load_conversion
from estimator.workload import Workload


@pytest.mark.parametrize("hours", [8.0, 10.0, 12.0, 24.0])
def test_a_day_of_requests_peaks_at_its_stated_hour_share(hours):
    # 20,000 a day, a fifth in the busiest hour: 4,000 an hour = 1.111/s
    c = load_conversion(Workload(requests_per_day=20_000, peak_hour_share=0.2, hours_per_day=hours, hours_stated=True))
    assert c.requests_per_s == pytest.approx(4000 / 3600, rel=1e-3)
    assert c.peak_basis == "hour_share"
    assert c.peak_factor == pytest.approx(0.2 * hours)


def test_a_token_volume_peaks_at_its_stated_hour_share():
    # 90M tokens a day at 768 a request (512 + 256): 117,187.5 requests; a tenth in one hour = 3.255/s
    c = load_conversion(Workload(tokens_per_day=90e6, peak_hour_share=0.1))
    assert c.requests_per_s == pytest.approx(90e6 / 768 * 0.1 / 3600, rel=1e-3)


def test_a_stated_peak_factor_outranks_a_share():
    c = load_conversion(Workload(requests_per_day=20_000, peak_hour_share=0.2, peak_factor=3))
    assert c.peak_basis == "stated"


def test_a_share_below_an_even_hour_is_no_workload():
    with pytest.raises(ValueError):
        Workload(peak_hour_share=0.03)  # under 1/24: no hour of a day is that quiet at its busiest
