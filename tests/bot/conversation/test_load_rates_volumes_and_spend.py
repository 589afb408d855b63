"""Load stated as a rate, a volume or a spend, through the real engine and `chat --llm none --json`.

Expectations worked out by hand before running (Little's law: streams = arrival rate × time each request
holds a slot; hold = first-token target + answer tokens / per-user speed):
- 9,000 requests/hour = 2.5/s; 1 s + 256 tokens / 30 tok/s = 9.53 s; 2.5 × 9.53 = 23.8 → 24 streams.
- $22,000/month of gpt-4o-mini ($0.15 in / $0.60 out per M tokens, prompts:answers 512:256 = 2:1): $0.90 buys
  1M answer + 2M prompt tokens, so 22,000 / 0.90 × 3 = 73,333M tokens a month = 2,411M a day (365/12 days a
  month) = 880,000M tokens a year: the volume the hosted-API option is priced on. Over 3 years the spend
  itself is $792,000.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.support.engine_fixtures import talk


def test_a_rate_is_converted_to_streams_in_the_open(engine):
    reply = talk(engine, "our support bot (fine-tuned 8b, Q4_K_M) sees about 9,000 requests/hour at peak, first token under 1 s",
                 "just recommend")[-1]
    assert reply.recommendation is not None
    assert reply.slots["requests_per_s"] == pytest.approx(2.5)
    assert "concurrent_users" not in reply.slots  # the streams are derived, not stated
    echo = reply.text.split("\n")[0]
    assert "9,000 requests/hour ≈ 2.5/s × ~9.5 s each" in echo and "24 concurrent streams" in echo
    assert reply.recommendation.load_conversion.concurrent_streams == 24
    assert reply.recommendation.workload["concurrent_users"] == 24


def test_an_api_spend_sizes_the_load_and_prices_the_comparison(engine):
    reply = talk(engine, "We spend $22k/month on the API (gpt-4o-mini) and want to bring it in house on a fine-tuned 8B. "
                         "Q4_K_M, first token under 1 s.", "just recommend")[-1]
    assert reply.slots["api_spend_usd_per_month"] == 22_000 and reply.slots["api_model"] == "gpt-4o-mini"
    assert "budget_usd" not in reply.slots  # a monthly spend is never a capex budget
    cloud = reply.recommendation.cloud
    assert cloud.api_tokens_per_year == pytest.approx(880_000e6, rel=0.01)
    assert cloud.current_api_three_year_usd == pytest.approx(792_000)
    assert "$22,000/month on gpt-4o-mini" in reply.text
    assert reply.recommendation.primary.capex_usd < 792_000  # owning the volume beats today's bill


def test_a_spend_without_its_model_asks_for_the_model(engine):
    first = talk(engine, "we're spending 5k USD per month on the openai api, fine-tuned 8B")[0]
    assert first.asked_slot == "api_model" and "5,000" in first.text
    second = engine.handle("t", "gpt-4o-mini")
    assert second.slots["api_model"] == "gpt-4o-mini" and second.slots["api_spend_usd_per_month"] == 5_000


@pytest.mark.parametrize(("first", "followup", "users"), [
    ("我们要给客服部门部署微调过的 7B 模型，两百人同时使用，Q4_K_M，首 token 1 秒内。", "如果高峰是600人呢", 600),
    ("我們要給客服部門部署微調過的 7B 模型，兩百人同時使用，Q4_K_M，首字 1 秒內。", "要是用戶變成500個呢", 500),
    ("Fine-tuned 7B for support, 200 concurrent users, Q4_K_M, first token under 1 s.", "what if peak goes to 800 concurrent", 800),
])
def test_a_follow_up_that_changes_the_load_works_in_every_script(engine, first, followup, users):
    rec, changed = talk(engine, first, "just recommend" if first.isascii() else "直接推荐", followup)[1:]
    assert rec.recommendation is not None and changed.recommendation is not None
    assert changed.slots["concurrent_users"] == users
    assert changed.recommendation.primary.capex_usd >= rec.recommendation.primary.capex_usd


def test_air_gapped_leaves_rent_and_api_out_and_says_so_once(engine):
    reply = talk(engine, "fully air-gapped site, nothing can call out. 13B fine-tune for 60 concurrent users, Q4_K_M, "
                         "first token under 1 s", "just recommend")[-1]
    cloud = reply.recommendation.cloud
    assert cloud.air_gapped and cloud.rent_three_year_usd is None and cloud.api_three_year_usd is None
    assert cloud.cheapest == "buy"
    assert reply.text.count("Air-gapped: renting and hosted APIs are out") == 1


def test_base_and_peak_size_for_the_peak_and_cost_at_the_base(engine):
    reply = talk(engine, "fine-tuned 8B, Q4_K_M, 15 most of the day, 150 at 9 am, first token under 1 s", "just recommend")[-1]
    assert reply.slots["concurrent_users"] == 150 and reply.slots["base_concurrent_users"] == 15
    assert reply.recommendation.workload["utilization"] == pytest.approx(0.1)  # 15 / 150
    assert "utilization_stated" not in reply.slots  # the 10 % is worked out, not said


@pytest.mark.parametrize("said", ["15 most of the day, 150 at 9 am, utilization 40%",
                                  "平常 15 个人左右，早上九点会到 150，利用率40%", "平常 15 個人左右，早上九點會到 150，利用率 40%"])
def test_a_stated_utilization_is_a_stated_fact_and_the_base_does_not_replace_it(engine, said):
    # A utilization said beside base and peak is the lead's own figure for the average load: the TCO is costed at 40 %,
    # not at base ÷ peak (10 %), and the fact that it was said travels in the slots and shows in the echo.
    reply = talk(engine, "fine-tuned 8B, Q4_K_M, first token under 1 s. " + said, "just recommend")[-1]
    assert reply.slots["utilization"] == pytest.approx(0.4) and reply.slots["utilization_stated"] is True
    assert reply.recommendation.workload["utilization"] == pytest.approx(0.4)
    assert "40%" in reply.text.splitlines()[0]  # echoed with what was understood, before the numbers


@pytest.mark.parametrize(("text", "slot"), [
    ("we get -5 requests per second on a 7B model", "requests_per_s"),
    ("api spend is -$3000/month, 7B model", "api_spend_usd_per_month"),
    ("we spend 50000 dirhams a month on the API, 7B model", "api_spend_usd_per_month"),
    ("peak 5000000000 requests per second, 7B model", "requests_per_s"),
])
def test_bad_load_gets_a_question_and_keeps_what_was_understood(engine, text, slot):
    reply = engine.handle("t", text)
    assert reply.recommendation is None
    assert "Traceback" not in reply.text and slot not in reply.slots
    assert reply.slots["model_params_b"] == 7  # nothing already understood is lost
    assert "?" in reply.text


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_chat_json_shows_the_conversion_and_the_new_slots(tmp_path):
    env = {**os.environ, "SILICONSULT_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "bot.cli.main", "chat", "--llm", "none", "--json", "--thread", "L"],
                          input="每小时大约一万八千个请求，微调过的 8B 模型，Q4_K_M，回答 200 token，首 token 1 秒内\n直接推荐\n",
                          capture_output=True, text=True, env=env, timeout=180)
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.splitlines()[-1])
    # 18,000/h = 5/s; 1 s + 200 / 30 s = 7.67 s; 5 × 7.67 = 38.3 → 39 streams
    assert last["slots"]["requests_per_s"] == pytest.approx(5)
    assert "利特尔法则" in last["text"] and "39 路并发" in last["text"]
    assert last["recommendation"]["load_conversion"]["concurrent_streams"] == 39


def test_lora_adapters_are_held_in_memory_beside_the_weights(engine):
    """50 adapters of an 8B base at ~0.5 % of its parameters in FP16 each: 50 × 8.03 × 0.005 × 2 ≈ 4.0 GB more."""
    base = "fine-tuned Llama 3.1 8B, 40 concurrent users, Q4_K_M, first token under 1 s, just recommend"
    plain = talk(engine, base, thread="plain")[-1]
    with_adapters = talk(engine, "we serve 50 LoRA adapters on one " + base, thread="lora")[-1]
    assert with_adapters.slots["lora_adapters"] == 50
    grown = (with_adapters.recommendation.primary.estimate.memory_required_gb
             - plain.recommendation.primary.estimate.memory_required_gb)
    assert grown == pytest.approx(50 * 8.03 * 0.005 * 2, rel=0.05)
    assert "multi-LoRA engine" in with_adapters.text


def test_every_default_the_numbers_rest_on_is_echoed_before_them(engine):
    reply = talk(engine, "fine-tuned 8B for 400 engineers, just recommend")[-1]
    echo = reply.text.split("\n")[0]
    assert echo.startswith("Understood: 8B model, 400 users in total.")
    # the head count's streams (100 in a session, 15 % of each generating: 15 on average, Poisson p99 = 25), the
    # format the primary is sized at and the request defaults, all before any number
    fmt = reply.recommendation.workload["quantization"]
    for default in ("Assumed", fmt, "25 concurrent users", "prompts ~512 tokens", "answers ~256 tokens",
                    "first token ≤ 1,000 ms", "≥ 30 tok/s per user"):
        assert default in echo


def test_a_request_count_without_its_time_unit_is_asked_about_by_name(engine):
    """"5000 requests" per second or per day is a 86,400× difference: asked, never read as 5,000 users."""
    first = engine.handle("t", "we get about 5000 requests on our fine-tuned 7B, Q4_K_M")
    assert "concurrent_users" not in first.slots and first.slots["model_params_b"] == 7
    assert "5,000 requests per second, per minute, per hour or per day?" in first.text
    second = engine.handle("t", "5000 requests per hour")
    assert second.slots["requests_per_s"] == pytest.approx(5000 / 3600, rel=1e-3)


def test_a_newer_form_of_the_load_replaces_the_older(engine):
    first, by_rate, by_users = talk(engine, "fine-tuned 8B, Q4_K_M, 200 concurrent users, first token under 1 s, just recommend",
                                    "what if we hit 30 req/s?", "what if 50 concurrent?")
    assert "concurrent_users" not in by_rate.slots and by_rate.slots["requests_per_s"] == 30
    # 30/s × 9.53 s ≈ 286 streams: sized for those, not for the 200 users said before
    assert by_rate.recommendation.workload["concurrent_users"] == 286
    assert by_users.slots["concurrent_users"] == 50 and "requests_per_s" not in by_users.slots


def test_a_spend_in_another_currency_is_echoed_with_its_dated_rate(engine):
    """NT$300,000 a month at 31.508 TWD per dollar (Taipei close, 26 Jan 2026) = $9,521: said, and never a budget."""
    reply = engine.handle("t", "我們每個月 API 費用大約 NT$30萬，主要是 gpt-4o，想改成自己架 14B 微調模型")
    assert reply.slots["api_spend_usd_per_month"] == pytest.approx(300_000 / 31.508, abs=1)
    assert "budget_usd" not in reply.slots
    assert "300,000 TWD/月 ≈ $9,521 (31.508 TWD/USD, 2026-01-26" in reply.text


@pytest.mark.parametrize(("text", "model_id"), [
    ("我们现在每月在 DeepSeek 官方 API 上花 6 万左右，以后必须本地化，自建要多少钱？", "deepseek-v3.2"),
    ("we spend ~$20k a month on the DeepSeek API and compliance says we must self-host", "deepseek-v3.2"),
])
def test_a_spend_on_an_open_models_api_self_hosts_that_model(engine, text, model_id):
    # An open model's API: the weights to self-host are that model's (671B, 37B active), never a default 7B.
    first = talk(engine, text)[0]
    assert first.slots.get("model_id") == model_id, first.slots
    assert first.slots["model_params_b"] > 600 and first.slots["api_spend_usd_per_month"] > 0


def test_a_spend_on_a_closed_models_api_still_asks_which_model_to_serve(engine):
    first = talk(engine, "we spend $22k a month on gpt-4o-mini, what should we buy to bring it in house?")[0]
    assert first.asked_slot == "model_params_b" and "model_params_b" not in first.slots
