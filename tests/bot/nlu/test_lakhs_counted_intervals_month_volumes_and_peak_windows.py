"""Indian numbering is rupees ("₹40 lakh", "25 lakhs": 100,000 each; "1.2 crore": 10 million); a product's model
number is no wait ("surface pro 11s"); a count of items every interval is the source's rate ("6 camera snapshots every
5 min"); a month's volume said with a bare 月 ("月调用量 45 亿 token"); the busiest window of the day is a peak, not
the hours run ("晚上 8 点到 11 点最多，大概是平均的两倍"); and a prompt said as two parts joined is their sum ("~1.2k
image tokens + 200 prompt")."""

from __future__ import annotations

import pytest

INR_PER_USD = 91.71  # knowledge/data/fx_rates.csv


@pytest.mark.parametrize(("text", "rupees"), [
    ("budget is ₹40 lakh all-in, on-prem", 4_000_000),
    ("capex cap 25 lakhs, llama 3.1 8b", 2_500_000),
    ("we can spend about 1.2 crore INR on hardware", 12_000_000),
])
def test_indian_numbering_is_rupees(text, rupees, read):
    assert read(text).get("budget_usd") == pytest.approx(rupees / INR_PER_USD, rel=1e-3)


def test_lakh_dollars_stay_dollars(read):
    assert read("budget 3 lakh dollars").get("budget_usd") == 300_000


def test_a_products_model_number_is_no_wait(read):
    assert read("field engineers carry surface pro 11s (snapdragon x elite, 16gb ram)").get("ttft_target_ms") is None


def test_items_every_interval_are_the_sources_rate(read):
    facts = read("each store box runs qwen2.5-vl-3b over 6 camera snapshots every 5 min")
    assert facts.get("requests_per_s") == pytest.approx(6 / 300) and facts.get("ttft_target_ms") is None


def test_a_months_volume_said_with_a_bare_month(read):
    assert read("我们月调用量大概 45 亿 token，模型 Qwen3-30B-A3B").get("tokens_per_day") == pytest.approx(4.5e9 / 30.4167,
                                                                                                   rel=0.01)


def test_the_busiest_window_is_a_peak_not_the_hours_run(read):
    facts = read("流量 24 小時都有，但晚上 8 點到 11 點最多，大概是平均的兩倍")
    assert (facts.get("hours_per_day"), facts.get("peak_factor")) == (24, 2)


def test_a_prompt_of_two_parts_joined_is_their_sum(read):
    assert read("each page is ~1.2k image tokens + 200 prompt, summary ~250 tokens").get("prompt_tokens") == 1400


@pytest.mark.parametrize(("text", "hours"), [
    ("全公司 800 个销售，每个人一天大概生成 12 封邮件，用 Qwen3-14B，白天 8 小时", 8),
    ("每天用 10 个小时", 10),
])
def test_hours_said_with_the_day_are_the_hours_run_not_people(text, hours, read):
    facts = read(text)
    assert facts.get("hours_per_day") == hours and facts.get("total_users") in (None, 800)


def test_a_window_to_finish_in_stays_a_window(read):
    facts = read("每天 8 小时内跑完 20 万条")
    assert facts.get("batch_window_hours") == 8 and facts.get("hours_per_day") is None


@pytest.mark.parametrize("text", ["要能扛住坏一张卡不停服务", "must survive one gpu failure"])
def test_a_device_failing_with_service_going_on_asks_for_availability(text, read):
    assert read(text).get("availability_required") is True


def test_pages_at_the_leads_own_tokens_a_page(read):
    facts = read("每個月底要把 12 萬份保單 PDF 丟進 Qwen3-30B-A3B 抽欄位，一份平均 25 頁、一頁大約 600 token，輸出 300 token 的 JSON，要在 48 小時內跑完")
    assert (facts.get("prompt_tokens"), facts.get("batch_items")) == (25 * 600, 120_000)


def test_tokens_a_page_with_pages_as_the_items_is_the_prompt(read):
    facts = read("每週要把300萬頁掃描文件（OCR已經做完）做分類+摘要，每頁大概800 tokens，摘要100 tokens。要在週末48小時內跑完")
    assert (facts.get("prompt_tokens"), facts.get("batch_items")) == (800, 3_000_000)
