"""Three load forms read by the parser (expectations worked out by hand from each message):

- items said per hour or minute are arrivals, a rate ("200 defect reports an hour" = 200 / 3600 /s), never a batch's
  item count; a day's items of batch work are a batch job's unless said to be handled as they arrive ("随到随审核"),
  and always with a nightly run or a window to finish in;
- a head count × the share active on a given day × what each sends a day is the daily count ("800 人，日活三成，
  每人一天问十来个问题" = 800 × 0.3 × 10 = 2,400 a day), and the daily share is never a concurrency;
- a fleet of one box per site is read as `sites` ("rolling out to ~300 kiosks", "每家门店一台，40家店"); a count of
  places with no box per place is no fleet.
"""

from __future__ import annotations

import pytest

from tests.support.reading import read_with_tables


def facts(text: str) -> dict:
    return dict(read_with_tables(text).facts)


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("we get ~90 loan applications an hour and a 14b model pre-screens each one", "requests_per_s", 90 / 3600),
    ("about 45 receipts a minute hit the expense system, 3b model extracts totals", "requests_per_s", 45 / 60),
    ("每小时大概 240 份体检报告要做摘要，模型 7B", "requests_per_s", 240 / 3600),
    ("每分鐘約 12 張發票要辨識，模型 8B", "requests_per_s", 12 / 60),
    ("一天大约 6000 张报销单据，随到随审核，14B", "requests_per_day", 6000),
    ("we triage roughly 9,000 support emails per day as they arrive", "requests_per_day", 9000),
])
def test_items_said_per_unit_of_time_are_arrivals(text, slot, value):
    read = facts(text)
    assert read[slot] == pytest.approx(value, rel=0.01)
    assert "batch_items" not in read and read.get("arrival_pattern") != "batch"


@pytest.mark.parametrize(("text", "items", "window"), [
    ("we summarize ~5,000 reports a day overnight, 8b", 5000, 8),
    ("每天夜里要处理 2 万份合同，6 小时内跑完", 20000, 6),
])
def test_a_days_items_with_a_nightly_run_or_window_stay_a_batch(text, items, window):
    read = facts(text)
    assert read["batch_items"] == items and read["batch_window_hours"] == window
    assert "requests_per_day" not in read


@pytest.mark.parametrize(("text", "items"), [
    ("每天要處理 5000 份合約，每份約 2000 token", 5000),
    ("we need to summarize about 3,000 reports a day, 8b model", 3000),
])
def test_a_days_items_of_batch_work_not_said_to_arrive_one_by_one_stay_a_batch(text, items):
    read = facts(text)  # the window is asked for, not guessed from a rate
    assert read["batch_items"] == items and "requests_per_day" not in read


@pytest.mark.parametrize(("text", "people", "share", "each", "daily"), [
    ("我们公司大概800人，估计日活三成左右，每人一天问十来个问题", 800, 0.3, 10, 2400),
    ("全公司約 2,000 人，日活大概兩成，每人每天問 6 個問題", 2000, 0.2, 6, 2400),
    ("1,500 employees, DAU around 40%, ~12 prompts per user per day", 1500, 0.4, 12, 7200),
    ("a 700-person firm where maybe 60% use it on any given day, each asking ~5 questions", 700, 0.6, 5, 2100),
])
def test_a_daily_active_share_scales_what_each_person_sends(text, people, share, each, daily):
    read = facts(text)
    assert read["total_users"] == people
    assert read["daily_active_share"] == pytest.approx(share)
    assert read["requests_per_user_per_day"] == each
    assert read["requests_per_day"] == pytest.approx(daily)
    assert "concurrent_users" not in read  # those active in a day are not all in flight at once


def test_ten_or_so_is_ten():
    assert facts("500人，每人每天二十来次请求")["requests_per_day"] == 500 * 20


@pytest.mark.parametrize(("text", "sites"), [
    ("rolling out to ~300 kiosks, one customer at a time, 1.7b model", 300),
    ("one inference box per plant across 9 plants, 8b model", 9),
    ("a fleet of 40 delivery robots, each robot gets a jetson to run a 3b model", 40),
    ("每家门店一台，40家店，跑 7B 模型", 40),
    ("全台 65 間分行，每間分行放一台，模型 14B", 65),
])
def test_a_fleet_of_one_box_per_site_is_read_as_sites(text, sites):
    read = facts(text)
    assert read["sites"] == sites
    assert read.get("total_users") != sites and read.get("concurrent_users") != sites


@pytest.mark.parametrize("text", [
    "we have 400 stores and want one central chatbot for HQ staff, 50 users",
    "我们有 200 家门店，总部想部署一个 32B 模型给 80 个人用",
    "rolling out to 2,000 employees across 3 offices, 32b model, 100 concurrent",
    "we have 200 people in each office, 3 offices, one central server, 14b",
])
def test_places_without_a_box_each_are_no_fleet(text):
    assert "sites" not in facts(text)


@pytest.mark.parametrize(("text", "per_site"), [
    ("rolling out to ~300 kiosks, 1.7b model, budget $400 per kiosk", True),
    ("全台 80 家分店，每家分店放一台，8B 模型，單台預算台幣 3 萬", True),
    ("rolling out to ~300 kiosks, 1.7b model, budget around $90k for the whole rollout", False),
    ("每家门店一台，40家店，7B 模型，总预算 20 万人民币", False),
])
def test_a_budget_said_per_site_is_each_boxs(text, per_site):
    read = facts(text)
    assert "sites" in read and "budget_usd" in read
    assert bool(read.get("budget_per_site")) is per_site
