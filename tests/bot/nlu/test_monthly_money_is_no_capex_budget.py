"""Money said with a month is paid every month, never a purchase's budget: beside a hosted API it is the API's spend;
with nothing to say what it pays for it is asked about (an API's spend or a rental budget). Expectations by hand."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(
    "text",
    [
        "we have about $6k a month, what gpus for qwen3-32b",
        "每月大概 3 万人民币，想跑 Qwen2.5-72B",
        "一個月大概 20 萬台幣，想自己架 Llama 3.3 70B",
    ],
)
def test_a_monthly_amount_with_no_api_is_asked_about(text):
    result = parse_message(text)
    assert "budget_usd" not in result.facts and "api_spend_usd_per_month" not in result.facts
    assert [p.reason for p in result.problems] == ["monthly"]


@pytest.mark.parametrize(
    ("text", "usd"),
    [
        ("we're at about $7k a month on gpt-4o-mini", 7000),
        ("客服機器人接 gpt-4o，每個月大概 2000 美金", 2000),
    ],
)
def test_a_monthly_amount_beside_an_api_is_its_spend(text, usd):
    result = parse_message(text)
    assert result.facts["api_spend_usd_per_month"] == usd
    assert "budget_usd" not in result.facts and not result.problems


def test_a_budget_named_with_no_month_stays_a_budget():
    assert parse_message("budget is $40k, llama 3.3 70b for 20 people").facts["budget_usd"] == 40000
