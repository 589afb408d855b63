"""An API bill's own prices and split (`bot.nlu.api_bill`): the per-million prices said with a spend are the lead's and
never a spend, a prompt or an answer; the bill's share of output is a share of money; one side a multiple of the other is
the in:out ratio."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message
from estimator.costing.fx import FxRate

RATES = [FxRate(currency="CNY", units_per_usd=7.0, date="2026-01-27", source_url="https://example.com"),
         FxRate(currency="TWD", units_per_usd=32.0, date="2026-01-26", source_url="https://example.com")]


def _facts(text: str) -> dict:
    return parse_message(text, rates=RATES).facts


@pytest.mark.parametrize(("text", "price_in", "price_out"), [
    ("~$14k/mo on claude sonnet 4.5 ($3 in / $15 out per M)", 3, 15),
    ("currently ~$3,600/mo on a fine-tuned gpt-4o-mini (ft pricing is $0.30/1M in, $1.20/1M out)", 0.3, 1.2),
    ("每月账单 2 万美元（输入 2 美元、输出 8 美元每百万 token）", 2, 8),
    ("每個月帳單大概 NT$15 萬，幾乎都是 gpt-4.1-mini（$0.40 / $1.60 per M）", 0.4, 1.6),
])
def test_stated_prices_are_read_as_prices_and_nothing_else(text, price_in, price_out):
    facts = _facts(text)
    assert (facts["api_usd_per_m_input"], facts["api_usd_per_m_output"]) == (price_in, price_out)
    assert "prompt_tokens" not in facts and "output_tokens" not in facts


def test_the_spend_beside_a_bracketed_price_is_still_the_spend():
    facts = _facts("每個月帳單大約 NT$45 萬（價格是輸入 1 美元、輸出 5 美元每百萬 token），帳單裡輸出大概佔一半")
    assert facts["api_spend_amount"] == 450_000 and facts["api_spend_currency"] == "TWD"
    assert facts["api_output_share"] == 0.5


def test_bare_yuan_prices_take_the_spend_s_yuan_in_traditional_text():
    facts = _facts("研究助理現在接 Kimi K2 API，每月大概花人民幣 5 萬（輸入 4 元、輸出 16 元每百萬 token），帳單裡輸入約佔 30%")
    assert facts["api_usd_per_m_input"] == pytest.approx(4 / 7, abs=1e-4)
    assert facts["api_output_share"] == 0.7


def test_a_share_of_the_bill_is_not_a_share_of_tokens():
    facts = _facts("our openai invoice is ~$4k/month, gpt-4.1-mini. roughly 80% of the spend is input tokens")
    assert facts["api_output_share"] == pytest.approx(0.2)
    assert "prompt_tokens" not in facts  # a token share would have made 4:1 prompts


@pytest.mark.parametrize(("text", "prompt"), [
    ("輸入 token 大概是輸出的 6 倍", 1536), ("prompts run ~5x the outputs", 1280), ("输出是输入的 2 倍", 128),
    ("by tokens input:output is about 3:1", 768),
])
def test_one_side_a_multiple_of_the_other_is_the_ratio(text, prompt):
    facts = _facts(text)
    assert facts.get("prompt_tokens") == prompt and "output_tokens" not in facts


def test_running_it_in_house_after_an_api_is_not_one_person():
    assert "deployment_scale" not in _facts("我們現在每個月 OpenAI 帳單大概 NT$15 萬，想改成自己跑 gpt-oss-120b，客服用")
    assert _facts("我想自己跑个 7b 玩玩").get("deployment_scale") == "personal"
