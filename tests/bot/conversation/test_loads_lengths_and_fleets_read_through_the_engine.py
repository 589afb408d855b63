"""Loads, lengths, windows and fleets as leads say them, through the real engine in three languages.

Expectations worked out from the words and seed 1/2's rules before running the product:
- A kiosk fleet with a cap on each module: one site's box is sized for one shopper and must draw ≤ the cap
  (a device with power modes runs in a mode within it); the fleet's capex is that box × the sites.
- "研发 120 人 … 同时在跑的 agent 大概 20 个，上下文经常 3 万到 5 万": 20 streams (not 120), each holding the typical
  40k context, one request up to 50k. Qwen3-32B keeps 2 × 64 × 8 × 128 = 131,072 KV values per token, so at one
  byte each 20 × (40,000 + 256) + (50,000 − 40,256) tokens ≈ 107 GB of KV, plus ~32.8 GB of FP8 weights.
- A weekend window said as "周六周日两天" is 48 hours, not the default hour.
- "输入输出大概 4:1" beside a 2,000-token prompt is a 500-token answer.
"""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk

_GO = {"en": "just recommend", "zh-Hans": "直接推荐", "zh-Hant": "直接推薦"}


@pytest.mark.parametrize(("lang", "message", "sites", "cap"), [
    ("en", "offline product Q&A in our 40 store kiosks (dumb screens today, so we'd add a small module to each). llama 3.2 1b "
           "finetune, ~2k ctx, one shopper at a time. each module has to stay under 15W", 40, 15),
    ("zh-Hans", "要给 30 台自助终端各加一个小模块跑 Llama 3.2 1B，一次只服务一位顾客，每个模块功耗不能超过 15W", 30, 15),
    ("zh-Hant", "50 間門市每間放一台小盒子跑 Llama 3.2 1B，一次只有一位客人用，每台功耗要低於 25W", 50, 25),
])
def test_a_cap_per_module_sizes_one_box_within_it_bought_once_per_site(engine, lang, message, sites, cap):
    reply = talk(engine, message, _GO[lang])[-1]
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None and rec.fleet is not None
    assert reply.slots["power_budget_scope"] == "per_server" and reply.slots["power_budget_w"] == cap
    assert rec.fleet.sites == sites
    assert rec.primary.power_w is not None and rec.primary.power_w <= cap  # one box, in a mode within its cap
    assert rec.fleet.capex_usd == pytest.approx(rec.primary.capex_usd * sites)


@pytest.mark.parametrize(("lang", "message"), [
    ("zh-Hans", "研发部 120 人在用内部 coding agent，模型 Qwen3-32B，FP8，观察下来同时在跑的 agent 大概 20 个，上下文经常 3 万到 5 万"),
    ("zh-Hant", "研發部 120 人在用內部 coding agent，模型 Qwen3-32B，FP8，觀察下來同時在跑的 agent 大概 20 個，上下文經常 3 萬到 5 萬"),
])
def test_the_stated_concurrency_beside_a_team_and_a_range_of_context_size_the_kv(engine, lang, message):
    reply = talk(engine, message, _GO[lang])[-1]
    rec = reply.recommendation
    assert rec is not None and rec.workload is not None and rec.primary is not None
    assert rec.workload["concurrent_users"] == 20 and reply.slots["total_users"] == 120
    assert rec.workload["prompt_tokens"] == 40_000 and rec.workload["context_length"] == 50_000
    kv_gb = (20 * (40_000 + 256) + (50_000 - 40_256)) * 131_072 / 1e9
    assert rec.primary.estimate.memory_required_gb >= 32.8 + kv_gb * 0.95


@pytest.mark.parametrize(("lang", "message", "hours"), [
    ("zh-Hans", "每周末要把一批合同过一遍做条款抽取，量大概 40 万份，平均每份 8000 token，输出 200 token，模型 Qwen3-32B。"
                "周六周日两天必须跑完", 48),
    ("zh-Hant", "月底要把 20 萬份報告做摘要，每份 3000 token，摘要 300 token，給 3 天時間跑完，模型 Qwen3-14B", 72),
    ("en", "weekend batch: ~300k support tickets (~1k tokens each, 50 tokens out) to re-tag over saturday and sunday, qwen3-14b", 48),
])
def test_a_window_in_days_sizes_the_batch_for_those_hours(engine, lang, message, hours):
    reply = talk(engine, message, _GO[lang])[-1]
    rec = reply.recommendation
    assert rec is not None and rec.batch is not None
    assert rec.batch.window_hours == hours
    assert rec.batch.finishes_hours is not None and rec.batch.finishes_hours <= hours


@pytest.mark.parametrize(("lang", "message"), [
    ("zh-Hans", "内部知识问答，prompt 平均 2000 token 左右，输入输出大概 4:1。模型 Qwen3-32B，30 人同时用"),
    ("en", "internal Q&A, prompts ~2000 tokens, in:out about 4:1. qwen3-32b, 30 concurrent users"),
])
def test_a_ratio_gives_the_answer_from_the_prompt(engine, lang, message):
    reply = talk(engine, message, _GO[lang])[-1]
    assert reply.recommendation is not None and reply.recommendation.workload is not None
    assert reply.recommendation.workload["output_tokens"] == 500
