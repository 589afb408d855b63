"""Items per hour, a daily-active share and a fleet of one box per site, through the real engine in three languages.

Expectations worked out by hand before running (Little's law: streams = arrival rate × the time each request holds
a slot; hold = the 1 s first-token target + 256 answer tokens / 30 tok/s = 9.53 s; a daily count over seed 1's 12
running hours):
- 1,800 invoices an hour = 30 a minute = 0.5/s; 0.5 × 9.53 = 4.8 → 5 streams, and no batch job. When the work is named,
  its answer is its class's (knowledge/data/request_shapes.csv): fields extracted as a small JSON (50 tokens) hold a
  slot 1 + 50 / 30 = 2.67 s → 1.33 → 2 streams; a summary (300 tokens) 1 + 300 / 30 = 11 s → 5.5 → 6 streams.
- 1,200 people × 40 % active a day = 480 × 10 questions = 4,800 a day; / 43,200 s = 0.111/s × 9.53 = 1.06 → 2 streams.
  2,000 × 25 % × 12 = 6,000 a day → 0.139/s → 1.32 → 2. 900 × 30 % × 20 = 5,400 a day → 0.125/s → 1.19 → 2.
- one box per site: the option is sized for one site's load and bought once per site, so the fleet's capex is the
  site's × the sites (300 kiosks × one box each; 40 stores; 80 branches).
"""

from __future__ import annotations

import math

import pytest

from tests.support.engine_fixtures import talk

_GO = {"en": "just recommend", "zh-Hans": "直接推荐", "zh-Hant": "直接推薦"}


@pytest.mark.parametrize(("lang", "message", "said", "streams"), [
    ("en", "about 1,800 invoices an hour come in and a 7b model extracts the fields from each, Q4_K_M, first token under 1 s",
     "1,800 requests/hour ≈ 0.5/s", 2),
    ("zh-Hans", "每分钟大约 30 张发票要识别，模型 7B，Q4_K_M，首 token 1 秒内", "每小时 1,800 个请求 ≈ 每秒 0.5 个", 5),
    ("zh-Hant", "每小時約 1,800 封客訴郵件進來，要用 7B 模型自動摘要，Q4_K_M，首字 1 秒內", "每小時 1,800 個請求 ≈ 每秒 0.5 個", 6),
])
def test_items_an_hour_are_arrivals_converted_in_the_open(engine, lang, message, said, streams):
    reply = talk(engine, message, _GO[lang])[-1]
    rec = reply.recommendation
    assert rec is not None and rec.batch is None
    assert "batch_items" not in reply.slots and "concurrent_users" not in reply.slots
    assert reply.slots["requests_per_s"] == pytest.approx(0.5)
    assert rec.load_conversion is not None and rec.load_conversion.concurrent_streams == streams
    assert rec.workload is not None and rec.workload["concurrent_users"] == streams
    assert said in reply.text.split("\n")[0]


@pytest.mark.parametrize(("lang", "message", "daily", "said"), [
    ("zh-Hans", "我们公司大概1200人，日活四成左右，每人一天问十来个问题，模型 14B，Q4_K_M，首 token 1 秒内", 4800,
     "1,200 人 × 日活 40% = 480 人 × 每人约 10 个请求 = 每天 4,800 个请求"),
    ("en", "company of 2,000, DAU maybe 25%, each asks ~12 questions a day, 14b Q4_K_M, first token under 1 s", 6000,
     "2,000 people × 25% active a day = 500 people × ~12 requests each = 6,000 requests a day"),
    ("zh-Hant", "全公司約 900 人，日活大概三成，每人每天問 20 個問題，模型 14B，Q4_K_M，首字 1 秒內", 5400,
     "900 人 × 日活 30% = 270 人 × 每人約 20 個請求 = 每天 5,400 個請求"),
])
def test_head_count_times_daily_active_share_times_questions_is_the_daily_load(engine, lang, message, daily, said):
    reply = talk(engine, message, _GO[lang])[-1]
    rec = reply.recommendation
    assert rec is not None and rec.load_conversion is not None
    assert rec.load_conversion.requests_per_day == pytest.approx(daily)
    # Not the daily-active people, nor 25 % of the head count: the day's requests with no hours said, spread over the day
    # and twice its mean hour at the busiest (the busy hour, `load.busy_hour`), each holding a slot 1 s + 256 / 30 s =
    # 9.53 s: 1.06-1.32 streams in the busy hour, sized to whole streams.
    mean = daily * 2 / 24 / 3600 * (1 + 256 / 30)
    assert 1.0 < mean < 1.4
    assert rec.load_conversion.concurrent_streams == math.ceil(mean)
    assert rec.workload is not None and rec.workload["concurrent_users"] == rec.load_conversion.concurrent_streams
    assert said in reply.text


@pytest.mark.parametrize(("lang", "message", "sites", "said"), [
    ("en", "need a fanless box for the kiosk cabinets, 20W max, 1.7b model Q4_K_M, one customer at a time, first token "
           "under 2 s. rolling out to ~300 kiosks", 300, "one per site: 300 ×"),
    ("zh-Hans", "每家门店一台，40家店，跑 7B 模型做导购问答，Q4_K_M，每店同时 3 个人用，首 token 1 秒内", 40, "每个站点一套：40 ×"),
    ("zh-Hant", "全台 80 家分店，每家分店放一台，跑 8B 模型，Q4_K_M，每店大概 4 人同時使用，首字 1 秒內", 80, "每個站點一套：80 ×"),
])
def test_a_fleet_is_one_site_sized_and_bought_once_per_site(engine, lang, message, sites, said):
    reply = talk(engine, message, _GO[lang])[-1]
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None and rec.fleet is not None
    assert rec.fleet.sites == sites and rec.fleet.count_per_site == rec.primary.count
    assert rec.fleet.capex_usd == pytest.approx(rec.primary.capex_usd * sites)
    # one site's load sizes the box: one to a few streams, a device or two, not the whole fleet's users at once
    assert rec.workload is not None and rec.workload["concurrent_users"] <= 4 and rec.primary.count <= 2
    assert said in reply.text


def test_places_counted_without_a_box_each_are_sized_once(engine):
    reply = talk(engine, "we have 400 stores and want one central chatbot for HQ staff, 50 concurrent users, 8b Q4_K_M, "
                         "first token under 1 s", "just recommend")[-1]
    assert reply.recommendation is not None and reply.recommendation.fleet is None
    assert "one per site" not in reply.text


@pytest.mark.parametrize(("lang", "message", "share", "said"), [
    ("en", "fanless box for the kiosk cabinets, 20W max, 1.7b model Q4_K_M, one customer at a time, first token under 2 s. "
           "rolling out to ~300 kiosks, budget around $90k for the whole rollout", 300,
     "the budget of $90,000 is taken as the whole fleet's: $300 for each of the 300 sites"),
    ("en", "fanless box for the kiosk cabinets, 20W max, 1.7b model Q4_K_M, one customer at a time, first token under 2 s. "
           "rolling out to ~300 kiosks, budget $400 per kiosk", 400, None),
])
def test_a_fleet_budget_is_shared_by_the_sites_unless_said_per_site(engine, lang, message, share, said):
    reply = talk(engine, message, _GO[lang])[-1]
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None and rec.fleet is not None and rec.within_limits
    assert rec.workload is not None and rec.workload["budget_usd"] == pytest.approx(share)  # one site's box is judged on it
    assert rec.primary.capex_usd <= share
    assert (said in reply.text) if said else ("whole fleet's" not in reply.text)
