"""A busy hour said as its share of the day becomes its multiple of the mean hour; latency said not to matter at all is
unattended work (a batch), while a first token said not to matter alone is not.

Worked by hand: a fifth of a 24-hour day in one hour is 0.2 x 24 = 4.8x the mean hour; 15 % of a day with no hours said,
0.15 x 24 = 3.6x; 20 % of a 10-hour working day, 2x.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message
from estimator.advice.load import busy_hour
from estimator.workload import Workload


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


@pytest.mark.parametrize(
    "text",
    [
        "每天 8 亿 token 的离线打标，24 小时均匀跑，不在乎延迟",
        "翻譯用，延遲無所謂，排隊做完就好，每天 5000 萬 token",
        "~300M tokens/day of extraction, latency doesn't matter",
    ],
)
def test_latency_said_not_to_matter_is_unattended_work(text):
    assert parse_message(text).facts.get("arrival_pattern") == "batch"


def test_a_first_token_said_not_to_matter_alone_still_streams_to_a_reader():
    assert (
        parse_message("客服问答，每天 2 万次，首字延迟无所谓，但每秒要 20 个 token").facts.get("arrival_pattern")
        != "batch"
    )
