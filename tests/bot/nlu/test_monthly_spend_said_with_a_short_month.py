"""A month's API spend said with the month right before the verb ("月花 $5k 在 gpt-4.1 上", "API 月开销 1.5 万人民币",
"月燒 HK$6萬") or burned ("月烧两万美元") is that API's monthly spend, never a capex budget; a month after a digit is a
date ("3月花了 2 万买服务器" is no monthly spend)."""

from __future__ import annotations

import pytest


# Dollars a month at knowledge/data/fx_rates.csv's dated rates: 6.9858 yuan and 31.508 NT$ to the dollar.
@pytest.mark.parametrize(("text", "usd", "api_model"), [
    ("我们现在月花 $5k 在 gpt-4.1 上，客服场景，想换成自建 Qwen3-32B", 5000, "gpt-4.1"),
    ("目前 OpenAI 月烧两万美元左右（gpt-4o），老板想自建", 20000, "gpt-4o"),
    ("API 月开销 1.5 万人民币（qwen-max），打算自建 Qwen3-235B", 15000 / 6.9858, "qwen-max"),
    ("我們月燒 NT$8萬 在 gpt-4.1-mini 上，想自己架", 80000 / 31.508, "gpt-4.1-mini"),
])
def test_a_month_right_before_the_spend_verb_is_a_monthly_spend(text, usd, api_model, read):
    facts = read(text)
    assert facts.get("api_spend_usd_per_month") == pytest.approx(usd, rel=1e-3)
    assert facts.get("api_model") == api_model
    assert facts.get("budget_usd") is None


def test_a_month_after_a_digit_is_a_date_not_a_monthly_spend(read):
    facts = read("我们 3月花了 2 万美元买了一台服务器，现在想跑 gpt-4.1 的替代 Qwen3-32B")
    assert facts.get("api_spend_usd_per_month") is None
