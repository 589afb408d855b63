""" "Business hours" / "上班时间" with no figure is the lexicon's office day: 8:00-18:00, 10 hours (the span 8-5 and 9-6
schedules cover), on 5 days; a figure said beside it wins."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.lexicon import OFFICE_DAY_HOURS


@pytest.mark.parametrize(
    "text",
    [
        "about 2k questions a day, business hours only",
        "only used during working hours",
        "上班时间才用，每天 3000 次",
        "辦公時間開放，一天約 8000 次",
    ],
)
def test_business_hours_with_no_figure_are_the_office_day(text):
    facts = parse_message(text).facts
    assert facts["hours_per_day"] == OFFICE_DAY_HOURS == 10
    assert facts["days_per_week"] == 5


@pytest.mark.parametrize(("text", "hours"), [("business hours, 8 hours a day", 8), ("工作时间 9 点到 6 点", 9)])
def test_a_figure_said_beside_business_hours_wins(text, hours):
    assert parse_message(text).facts["hours_per_day"] == hours
