"""The busiest hour said as a share of the day ("a third of the day's traffic lands between 9 and 10", "尖峰那一小时大概
占全天五分之一") is `peak_hour_share`; a share said of people ("20% of them at once") or of a window longer than an hour is
not. Expectations worked out by hand from each message; read through to the busy hour's multiple of the mean hour
(`estimator.advice.load.busy_hour`): a fifth of a 24-hour day in one hour is 0.2 x 24 = 4.8x the mean hour; 15 % of a
day with no hours said, 0.15 x 24 = 3.6x; 20 % of a 10-hour working day, 2x."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from estimator.advice.load import busy_hour
from estimator.workload import Workload


@pytest.mark.parametrize(
    ("text", "share", "per_day"),
    [
        ("about 9k requests a day and the busiest hour takes about a fifth of that", 0.2, 9000),
        ("40k queries daily; roughly 30% of the day's volume lands between 10 and 11", 0.3, 40000),
        ("the peak hour accounts for 18% of our ~25k chats a day", 0.18, 25000),
        ("每天约 6 万次调用，高峰那一个小时大概占全天四分之一", 0.25, 60000),
        ("一天 1 万个问题，上午 9 点到 10 点那一小时占了差不多两成", 0.2, 10000),
        ("每日約 2 萬次查詢，最忙的一個小時約占全天 15%", 0.15, 20000),
    ],
)
def test_a_share_of_the_day_in_its_busiest_hour_is_read(text, share, per_day):
    facts = parse_message(text).facts
    assert facts["peak_hour_share"] == pytest.approx(share, rel=0.02)
    assert facts["requests_per_day"] == per_day


@pytest.mark.parametrize(
    "text",
    [
        "2000 staff, about 20% of them at once during the peak hour",  # a share of people
        "30k requests a day, 40% of it between 9 and 11",  # two hours, not the busiest one
        "每天 3 万次请求，高峰时段 30% 的人同时在线",  # people online at once
        "our peak hour is 3x the average, 10k requests a day",  # a multiple, read as the peak factor
    ],
)
def test_a_share_of_people_or_of_a_longer_window_is_no_busy_hour_share(text):
    assert "peak_hour_share" not in parse_message(text).facts


@pytest.mark.parametrize(
    ("text", "share", "factor"),
    [
        ("服務 24 小時開著，不過尖峰那一小時就佔了全天的五分之一左右，每月帳單 US$2,000 gpt-4o-mini", 0.2, 4.8),
        ("we do 50k requests a day, the busiest hour is about 15% of the day, 8b model", 0.15, 3.6),
        ("每天 3 万次请求，高峰小时占全天的 20%，白天 10 个小时", 0.2, 2.0),
    ],
)
def test_the_busy_hour_s_share_of_the_day_is_its_multiple_of_the_mean_hour(text, share, factor):
    facts = parse_message(text).facts
    assert facts.get("peak_hour_share") == pytest.approx(share)
    workload = Workload(**{k: v for k, v in facts.items() if k in ("peak_hour_share", "hours_per_day")})
    assert busy_hour(workload) == (pytest.approx(factor), "hour_share")


def test_a_factor_said_as_well_wins_over_the_share():
    facts = parse_message("每天 3 万次请求，高峰是平均的 3 倍，高峰小时占全天的 20%，白天 10 个小时").facts
    assert facts.get("peak_factor") == 3
    workload = Workload(peak_factor=facts["peak_factor"], peak_hour_share=facts.get("peak_hour_share"))
    assert busy_hour(workload) == (3.0, "stated")
