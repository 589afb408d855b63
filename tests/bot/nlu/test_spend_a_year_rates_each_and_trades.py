"""A year's API spend is a twelfth of it a month, never a capex budget (money for the purchase said beside a year stays a
budget); a rate said of each person after what it is sent to ("4 prompts/hour at it each") or as a bare count after a
verb ("they'd each run maybe 10 a day") is each person's; staff named by their trade ("~600 adjusters", "800 个销售") are
a head count; an embedder's name ("bge-m3") holds no device; a clock range ends at a full stop ("mostly 8-5.")."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("text", "monthly_usd"), [
    ("we spent about $180k on the openai api last year (gpt-4.1 mostly)", 15_000),
    ("annual anthropic bill ~ $96k for claude sonnet 4", 8_000),
    ("公司 CFO 问我要不要买卡，我们 OpenAI 一年花了 30 万美金，主要是 gpt-4o", 25_000),
    ("去年一整年 API 花了差不多 84 万人民币，基本都是 qwen-max", 840_000 / 6.9858 / 12),  # fx_rates.csv's yuan rate
])
def test_a_years_spend_is_a_twelfth_a_month_and_no_budget(text, monthly_usd, read):
    facts = read(text)
    assert facts.get("api_spend_usd_per_month") == pytest.approx(monthly_usd, rel=1e-3)
    assert facts.get("budget_usd") is None


@pytest.mark.parametrize(("text", "budget"), [
    ("our capex budget this year is $60k; we pay openai $5k a month for gpt-4o", 60_000),
    ("we have $40k a year for hardware, currently on the openai api", 40_000),
    ("今年 API 花了不少，预算 30 万美元买卡", 300_000),
])
def test_money_for_the_purchase_beside_a_year_stays_a_budget(text, budget, read):
    assert read(text).get("budget_usd") == budget


@pytest.mark.parametrize(("text", "users", "per_hour", "per_day"), [
    ("(~70 engineers) they fire maybe 4 prompts/hour at it each, qwen3 30b a3b", 70, 4, None),
    ("our sales org (90 ppl). they ask maybe 3-4 things an hour each during the day", 90, 4, None),
    ("~600 adjusters, claims summarization. they'd each run maybe 10 a day, mostly 8-5. what do we buy", 600, None, 10),
    ("300 paralegals, each drafts ~15 memos a day on qwen3-32b", 300, None, 15),
    ("全公司 800 个销售，每个人一天大概生成 12 封邮件，用 Qwen3-14B", 800, None, 12),
    ("工程师 400 位，每人一天平均问 20 题左右", 400, None, 20),
])
def test_a_rate_each_person_sends_is_theirs_and_the_staff_are_a_head_count(text, users, per_hour, per_day, read):
    facts = read(text)
    assert facts.get("total_users") == users and facts.get("concurrent_users") is None
    assert facts.get("requests_per_user_per_hour") == (None if per_hour is None else pytest.approx(per_hour, rel=0.01))
    assert facts.get("requests_per_user_per_day") == per_day


def test_a_days_reports_summarized_by_us_overnight_stay_a_batch(read):
    facts = read("we summarize ~5,000 reports a day overnight, 8b")
    assert facts.get("batch_items") == 5000 and facts.get("requests_per_user_per_day") is None


def test_a_revenue_figure_is_no_sales_head_count(read):
    assert read("今年销售额 800 万，想上个 7B 模型").get("total_users") is None


def test_an_embedders_name_holds_no_device(read):
    facts = read("我們有 3 個模型要上：一個 embedding（bge-m3）、一個 reranker、一個 Qwen3-14B 聊天")
    assert not facts.get("owned_devices") and not facts.get("existing_hardware_ids")
    kept = read("rag with bge-m3 + qwen3-32b on our m3 ultra mac studio, 10 users")
    assert [d["hardware_id"] for d in kept.get("owned_devices", [])] == ["apple-m3-ultra"]


def test_a_clock_range_ends_at_a_full_stop_not_at_a_decimal(read):
    assert read("600 adjusters, mostly 8-5. what do we buy").get("hours_per_day") == 9


@pytest.mark.parametrize(("text", "users"), [
    ("our field techs (~200) need an offline assistant on their laptops", 200),
    ("the support team (35) uses it all day", 35),
])
def test_a_head_count_in_brackets_after_the_members_or_group(text, users, read):
    assert read(text).get("total_users") == users


def test_a_count_each_said_before_each_is_a_daily_count_beside_a_daily_share(read):
    facts = read("RAG over our wiki for 2k employees, 10% use it daily, ~5 q each, prompts ~6k")
    assert (facts.get("requests_per_user_per_day"), facts.get("requests_per_day")) == (5, 1000)


def test_people_logged_in_at_once_send_a_rate_each_not_streams(read):
    facts = read("600 agent seats over 3 shifts so ~200 logged in at once, each uses the reply-drafting copilot maybe "
                 "20 times an hour")
    assert facts.get("concurrent_users") is None and facts.get("total_users") == 600
    assert facts.get("requests_per_s") == pytest.approx(200 * 20 / 3600, rel=0.01)
