"""How often each person asks, said as a frequency ("once a minute", "every 3 minutes", "每5分钟查一次", "每半小時問一次")
or as visits a month of monthly-active users with messages a visit: people × frequency is the arrival rate (Little's law
turns it into streams downstream). Expectations worked out by hand from each message."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

MONTH_DAYS = 365 / 12


@pytest.mark.parametrize(("text", "people", "per_s"), [
    ("each of our 40 agents fires a query about once a minute", 40, 40 / 60),
    ("support floor is ~250 reps, every rep pings the bot maybe once every 3 minutes", 250, 250 / 180),
    ("we've got 900 field techs; each asks it twice an hour on average", 900, 900 * 2 / 3600),
    ("traders (about 80 of them) query the model every 30 seconds at the open", 80, 80 / 30),
    ("60 analysts, every one of them sends a request every 2 min or so", 60, 60 / 120),
    ("每个坐席每5分钟查一次，一共120个坐席", 120, 120 / 300),
    ("质检员 40 名，每人每 2 分钟提交一次", 40, 40 / 120),
    ("櫃台 90 人，每個人每半小時問一次", 90, 90 / 1800),
    ("分析師 25 位，每位每 3 分鐘丟一次查詢", 25, 25 / 180),
    ("研究員 40 人，每人每分鐘大概問兩次", 40, 40 * 2 / 60),
    # the interval right after the person, with no 每 of its own
    ("一共 120 个坐席，每人大概 2 分钟问一次，14B", 120, 120 / 120),
    ("40 位業務，每個人約 30 秒送一次，8B", 40, 40 / 30),
    # a total's word counting the people, then each person's interval: still one person's rate
    ("一共 80 个分析师，每人大约每隔 1 分钟发一次请求", 80, 80 / 60),
    # people online with each one's interval: senders of the rate, not streams
    ("客服 150 人在線（每人大概 1 分鐘丟一次問題），模型 70B", 150, 150 / 60),
    ("300 个审核员，平均每人每 3 分钟提交一次", 300, 300 / 180),
])
def test_people_times_their_frequency_is_the_arrival_rate(text, people, per_s):
    facts = parse_message(text).facts
    assert facts["total_users"] == people
    assert facts["requests_per_s"] == pytest.approx(per_s, rel=0.01)


@pytest.mark.parametrize("text", [
    "每个坐席每5分钟查一次，一共120个坐席",
    "一共 120 个坐席，每人大概 2 分钟问一次",
    "客服 150 人在線（每人大概 1 分鐘丟一次問題）",
    "support floor is ~250 reps, every rep pings the bot maybe once every 3 minutes",
])
def test_an_interval_between_questions_is_no_first_token_target(text):
    assert "ttft_target_ms" not in parse_message(text).facts


@pytest.mark.parametrize(("text", "per_s"), [
    ("we get a request every 2 seconds or so, 200 users", 0.5),
])
def test_a_frequency_said_of_the_whole_system_is_not_multiplied(text, per_s):
    assert parse_message(text).facts["requests_per_s"] == pytest.approx(per_s)


@pytest.mark.parametrize("text", [
    "the dashboard refreshes every 30 seconds, 50 people look at it",
    "we retrain every 2 hours on 8b, 30 users",
])
def test_an_interval_with_no_asking_is_no_rate(text):
    facts = parse_message(text).facts
    assert "requests_per_s" not in facts


@pytest.mark.parametrize(("text", "mau", "per_day"), [
    ("~6 msgs a visit, 5 visits a month, 40k MAU", 40_000, 6 * 5 * 40_000 / MONTH_DAYS),
    ("app has 200k monthly actives, avg 3 sessions per user per month, ~8 messages per session", 200_000,
     3 * 8 * 200_000 / MONTH_DAYS),
    ("月活 5 万，每人每月来 4 次，每次平均聊 8 句", 50_000, 4 * 8 * 50_000 / MONTH_DAYS),
    ("會員 APP 月活 8 萬，每人每月平均開 2 次，每次大概 4 則訊息", 80_000, 2 * 4 * 80_000 / MONTH_DAYS),
])
def test_monthly_active_users_times_visits_times_messages_is_a_daily_count(text, mau, per_day):
    facts = parse_message(text).facts
    assert facts["total_users"] == mau
    assert facts["requests_per_day"] == pytest.approx(per_day, rel=0.01)
