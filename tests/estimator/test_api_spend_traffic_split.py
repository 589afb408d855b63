"""A monthly API spend buys prompts and answers in the provider's own published split, when it publishes one.

First principles, written before the change ran: a spend S at $p_in / $p_out per million tokens, in a split of r input
tokens per output token, buys S / (r × p_in + p_out) million output tokens and r times as many input tokens. DeepSeek's
own 24-hour statistics (open-infra-index, day 6 of its open-source week, 2025-03-01) count 608B input and 168B output
tokens: r = 3.62. At its list price ($0.28 / $0.42 per million, cache misses) $5,582 a month (¥40,000 at 7.1665) buys
5,582 / (3.62 × 0.28 + 0.42) = 3,908M output tokens a month, 4.62 × that = 18,055M tokens, 591M a day over 365 / 12
days; the chat default (2 : 1) buys 5,582 / (2 × 0.28 + 0.42) = 5,696M output tokens, 46 % more answers to decode.
With no lengths stated and 256-token answers, a request carries round(3.62 × 256) = 927 prompt tokens.
"""

from __future__ import annotations

import pytest

from estimator.advice.assume import fill_defaults
from estimator.advice.load import load_conversion
from estimator.catalog import ApiPrice, Catalog
from estimator.workload import Workload

DEEPSEEK = ApiPrice(id="deepseek", provider="DeepSeek", model="deepseek-chat", api_model="deepseek-v3.2",
                    usd_per_m_input=0.28, usd_per_m_output=0.42, read_date="2026-12-06",
                    source_url="https://example.com/price", input_per_output=3.62,
                    traffic_source_url="https://example.com/traffic")
NO_TRAFFIC = DEEPSEEK.model_copy(update={"input_per_output": None, "traffic_source_url": None})
PRICED = Catalog(data_version="test", hardware=(), api_prices=(DEEPSEEK,))
UNSPLIT = Catalog(data_version="test", hardware=(), api_prices=(NO_TRAFFIC,))
SPEND = 40_000 / 7.1665  # ¥40,000 a month


def _spend(**facts: object) -> Workload:
    return Workload(api_spend_usd_per_month=SPEND, api_model="deepseek-v3.2", model_params_b=671, **facts)


def test_a_spend_without_lengths_buys_the_providers_published_split():
    filled, notes = fill_defaults(_spend(), PRICED)
    assert filled.prompt_tokens == 927 and filled.output_tokens == 256
    assert any(n.key == "assume.prompt.api_traffic" for n in notes)
    c = load_conversion(filled, [DEEPSEEK])
    assert c is not None and c.tokens_per_day is not None
    output_per_month = SPEND / (927 / 256 * 0.28 + 0.42) * 1e6
    assert c.tokens_per_day == pytest.approx(output_per_month * (1 + 927 / 256) / (365 / 12), rel=1e-3)
    assert c.tokens_per_day == pytest.approx(591e6, rel=0.005)


def test_the_published_split_means_fewer_answers_than_the_chat_default():
    ours = load_conversion(fill_defaults(_spend(), PRICED)[0], [DEEPSEEK])
    default = load_conversion(fill_defaults(_spend(), UNSPLIT)[0], [NO_TRAFFIC])
    assert ours is not None and default is not None and default.prompt_tokens == 512
    assert ours.requests_per_s < default.requests_per_s  # each request 256 answer tokens: fewer answers, fewer streams
    assert default.requests_per_s / ours.requests_per_s == pytest.approx((927 / 256 * 0.28 + 0.42) / (2 * 0.28 + 0.42), rel=0.01)


def test_a_stated_prompt_or_another_load_form_keeps_its_own_lengths():
    filled, notes = fill_defaults(_spend(prompt_tokens=300), PRICED)
    assert filled.prompt_tokens == 300 and not any(n.key == "assume.prompt.api_traffic" for n in notes)
    # a stated rate is the load; the spend then only prices the API, and the chat default stays
    filled, _ = fill_defaults(_spend(requests_per_s=2.0), PRICED)
    assert filled.prompt_tokens == 512


def test_a_stated_answer_length_scales_the_prompt_with_it():
    filled, _ = fill_defaults(_spend(output_tokens=1_000), PRICED)
    assert filled.prompt_tokens == 3_620


def test_the_shipped_deepseek_price_carries_its_published_split_with_the_source():
    from knowledge.testing import memory_catalog

    row = next(p for p in memory_catalog().api_prices if p.api_model == "deepseek-v3.2")
    assert row.input_per_output == pytest.approx(608 / 168, abs=0.01)
    assert row.traffic_source_url is not None and "open-infra-index" in row.traffic_source_url
