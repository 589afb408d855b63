"""A load given as today's API spend is one volume, and one count of streams, on every entry point: the recommendation,
an option weighed side by side ("8× H100 or 8× H200?"), and `siliconsult tco` (CLI and --json), all completed by
`estimator.advice.complete`.

First principles, written before the change ran. "We spend $22k a month on Claude Sonnet 4", a 70B model to replace it,
nothing else said. The catalog's sourced list price of claude-sonnet-4 is $3 in / $15 out per million tokens; with no
lengths said a request is the chat default, 512 prompt + 256 answer tokens, so it costs (512 × 3 + 256 × 15) / 1e6 =
$0.005376, and $22,000 buys 4,092,262 requests a month: 134,540 a day over 365 / 12 days, 103.3M tokens a day. No
hours said: a day's volume over 24 h, twice its mean hour in the busy hour (`load.busy_hour`), 3.11 requests/s; each
holds a slot for the assumed 1 s first token plus 256 tokens at 30 tok/s, 9.53 s: 29.7 streams (Little's law), 30 sized.
Filled without the price table the spend is no volume at all, and the workload was sized for a default team instead.
"""

from __future__ import annotations

import json
import math

import pytest

from bot.cli.main import main
from estimator.advice.evaluate import evaluate_option
from estimator.advice.recommend import recommend
from estimator.workload import Workload

SPEND_USD_PER_MONTH = 22_000
PROMPT, ANSWER = 512, 256  # the chat default request
RUNNING_S_PER_DAY = 24 * 3600  # no hours said: the day's volume over the day
BUSY_HOUR = 2.0  # twice the mean hour at the busiest
HOLD_S = 1.0 + ANSWER / 30  # assumed first token + the answer at the comfortable 30 tok/s


def _tokens_per_day(usd_per_m_input: float, usd_per_m_output: float) -> float:
    per_request_usd = (PROMPT * usd_per_m_input + ANSWER * usd_per_m_output) / 1e6
    return SPEND_USD_PER_MONTH / per_request_usd / (365 / 12) * (PROMPT + ANSWER)


@pytest.fixture(scope="module")
def expected(catalog) -> tuple[float, int]:
    """(tokens a day, peak streams) the spend buys at the catalog's sourced price of the API named."""
    price = next(p for p in catalog.api_prices if p.api_model == "claude-sonnet-4")
    tokens = _tokens_per_day(price.usd_per_m_input, price.usd_per_m_output)
    return tokens, math.ceil(tokens / (PROMPT + ANSWER) / RUNNING_S_PER_DAY * BUSY_HOUR * HOLD_S)


SPEND = Workload(model_params_b=70, api_spend_usd_per_month=SPEND_USD_PER_MONTH, api_model="claude-sonnet-4")


def test_the_premise_holds_at_the_catalog_s_price(expected):
    tokens, streams = expected
    assert tokens == pytest.approx(103.3e6, rel=0.002) and streams == 30


def test_the_recommendation_sizes_the_volume_the_spend_buys(catalog, expected):
    tokens, streams = expected
    filled = recommend(SPEND, catalog).workload
    assert filled is not None
    assert filled["tokens_per_day"] == pytest.approx(tokens, rel=0.001)
    assert filled["concurrent_users"] == streams


@pytest.mark.parametrize("hardware_id", ["nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-l40s"])
def test_an_option_weighed_side_by_side_is_sized_for_the_same_streams(catalog, expected, hardware_id):
    # The same volume said as tokens a day: 3.11 requests/s in its busy hour, 30 streams, machine streams as a spend's are (no person reading between answers), each sending its prompts at
    # 3.11 / 30 a second (`load.prompts_per_stream_per_s`), so the option must come out the same.
    tokens, _ = expected
    volume = Workload(model_params_b=70, tokens_per_day=tokens)
    spend, said_as_rate = evaluate_option(SPEND, catalog, hardware_id), evaluate_option(volume, catalog, hardware_id)
    assert (spend.count, spend.capex_usd, spend.meets_slo) == (said_as_rate.count, said_as_rate.capex_usd, said_as_rate.meets_slo)
    assert spend.estimate == said_as_rate.estimate
    assert spend.tco.cost_per_million_tokens_usd == said_as_rate.tco.cost_per_million_tokens_usd


def _tco_json(capsys, *flags: str) -> dict:
    with pytest.raises(SystemExit) as done:
        main(["tco", "--hardware", "nvidia-h100-sxm", "--count", "2", "--model-params-b", "70", *flags, "--json"])
    assert done.value.code == 0
    return json.loads(capsys.readouterr().out)


def test_tco_costs_the_streams_the_spend_buys(capsys, expected):
    tokens, streams = expected
    spend = _tco_json(capsys, "--api-spend-usd-per-month", str(SPEND_USD_PER_MONTH), "--api-model", "claude-sonnet-4")
    volume = _tco_json(capsys, "--tokens-per-day", str(tokens), "--concurrent-users", str(streams))
    assert spend["cost_per_million_tokens_usd"] == volume["cost_per_million_tokens_usd"]
    # the served tokens are counted at the spend's peak streams, and the spend's conversion is said
    assert any(line.startswith(f"served tokens: {streams} concurrent users") for line in spend["assumptions"])
    assert any("claude-sonnet-4" in line and "103,000,000" in line for line in spend["assumptions"])


@pytest.mark.xfail(strict=True, reason="at the busy hour's 30 streams the recommendation lays 4 Max-Q cards out as 4 replicas "
                   "(33.5 tok/s each) and the same option weighed at its count as 2 TP2 replicas (36.2): the count search and "
                   "the fixed-count build pick layouts apart (seen at 43 streams they agreed)")
def test_the_recommended_option_weighed_again_is_the_same_option(catalog):
    # An option weighed side by side at the recommendation's own device and count is that recommendation's primary:
    # the same streams, sending their prompts at the same rate (a closed loop there would prefill more and decode slower).
    rec = recommend(SPEND, catalog)
    assert rec.primary is not None
    again = evaluate_option(SPEND, catalog, rec.primary.hardware_id, rec.primary.count)
    assert again.estimate.decode_tokens_per_s_per_user == rec.primary.estimate.decode_tokens_per_s_per_user
    assert again.estimate.ttft_p95_ms == rec.primary.estimate.ttft_p95_ms
