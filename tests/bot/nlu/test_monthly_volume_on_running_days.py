"""A month's volume said beside fewer running days a week is run on those days: a running day carries the month ÷
(30.4 × days / 7), as a monthly API spend is spread; every day of the week keeps month ÷ 30.4. Worked by hand."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(
    ("text", "slot", "per_day"),
    [
        # 500M ÷ (30.4 × 5 / 7 = 21.71 days) = 23.0M a working day
        ("我們一個月大概跑 5 億 token，只有上班時間在用", "tokens_per_day", 23.03e6),
        # 60k ÷ 21.71 = 2,763 a weekday
        ("about 60k requests a month, weekdays only", "requests_per_day", 2763),
        # 300M ÷ 30.4 = 9.87M: it runs every day
        ("about 300M tokens a month, 24/7", "tokens_per_day", 9.868e6),
    ],
)
def test_a_month_is_spread_over_its_running_days(text, slot, per_day):
    assert parse_message(text).facts[slot] == pytest.approx(per_day, rel=0.01)
