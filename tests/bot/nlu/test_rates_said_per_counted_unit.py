"""Rates and quotas said of each of some countable units (tenants, customers, stores, branches, devices, bots), with the
units counted and often the share of their summed caps used: the load is units × each one's rate × the share, the units
are no head count of people, and the conversion is kept to be echoed. Also: lengths said through the job's verbs, a
negated count of hardware owned, a whole-answer ceiling and hours said as the whole day (outside review r15).
Expectations worked out by hand from each message."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

MONTH_DAYS = 365 / 12


@pytest.mark.parametrize(("text", "slot", "value", "units", "share"), [
    ("b2b saas, 40 tenants on our api gateway, each capped at 60 RPM. at peak the whole fleet is ~25% of the sum of caps",
     "requests_per_s", 40 * 60 * 0.25 / 60, 40, 0.25),
    ("接了 120 家企业客户，每家合同里限流 QPS 2。实际高峰所有客户加起来大概只用到总配额的 15%", "requests_per_s", 120 * 2 * 0.15, 120, 0.15),
    ("目前 35 家客戶，合約每家每月 100 萬 token 額度，實際平均用到七成左右", "tokens_per_day", 35 * 1e6 * 0.7 / MONTH_DAYS, 35, 0.7),
    ("平台上 300 个租户，每个租户限额 QPS 1，实际高峰只用到总额度的一成", "requests_per_s", 30, 300, 0.1),
    ("fleet of 120 support bots, each one calls the model ~4 times a minute, about half of them busy at peak",
     "requests_per_s", 120 * 4 * 0.5 / 60, 120, 0.5),
    # no share said: every unit sends its rate
    ("我們有 150 間分行，每間分行尖峰每小時大概 20 次查詢", "requests_per_s", 150 * 20 / 3600, 150, 1.0),
])
def test_units_times_rate_times_share(text: str, slot: str, value: float, units: int, share: float) -> None:
    facts = parse_message(text).facts
    assert facts[slot] == pytest.approx(value, rel=0.01)
    assert facts["rate_units"] == units
    assert facts["rate_unit_share"] == pytest.approx(share)
    assert "total_users" not in facts  # tenants and branches are no people


def test_people_each_sending_a_rate_stay_a_head_count() -> None:
    facts = parse_message("客服 120 人，每人每分钟发 2 条消息").facts
    assert facts["total_users"] == 120
    assert "rate_units" not in facts


@pytest.mark.parametrize(("text", "prompt", "output"), [
    ("each review reads ~40k tokens (diff + surrounding files) and writes ~800 tokens of comments", 40_000, 800),
    ("research agent: each run ingests ~25k tokens of docs and emits ~1.5k tokens of notes", 25_000, 1_500),
    ("每晚 8 萬通客服對話做摘要，每通平均 1,500 字左右，輸出 150 token", 900, 150),
])
def test_lengths_said_through_the_jobs_verbs(text: str, prompt: int, output: int) -> None:
    facts = parse_message(text).facts
    assert facts["prompt_tokens"] == prompt
    assert facts["output_tokens"] == output


@pytest.mark.parametrize("text", ["we own zero gpus. ~$60k", "we have no gpus at all right now", "我们手上一张卡都没有",
                                  "目前手上沒有任何卡"])
def test_a_negated_count_owns_nothing(text: str) -> None:
    assert parse_message(text).facts["existing_hardware"] == ["none"]


@pytest.mark.parametrize(("text", "ms"), [("希望每次 3 秒內整段回完", 3000), ("希望 5 秒內把整個答案回完", 5000),
                                          ("the complete reply needs to be done in under 4 s", 4000)])
def test_a_whole_answer_ceiling_is_end_to_end(text: str, ms: int) -> None:
    facts = parse_message(text).facts
    assert facts["e2e_target_ms"] == ms
    assert "ttft_target_ms" not in facts


@pytest.mark.parametrize("text", ["每天大概要处理 20 亿 token，24 小时均匀跑", "一天大約 50 萬次請求，全天 24 小時平均進來",
                                  "~2M requests a day spread evenly around the clock"])
def test_the_whole_day_said(text: str) -> None:
    assert parse_message(text).facts["hours_per_day"] == 24


def test_a_window_of_24_hours_is_no_day() -> None:
    assert parse_message("每天夜里 10 万条工单 24 小时内跑完").facts.get("hours_per_day") is None
