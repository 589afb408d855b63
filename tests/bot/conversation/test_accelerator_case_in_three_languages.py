"""Seed 2's headline case through the real engine, in English and both Chinese scripts: a stable 7B–8B model,
single-request batches, ~300 concurrent users, a ~1 kW limit for the whole system.

Expected from the seed before running (2.2: 条件一 stable, 条件二 small batches with hundreds of concurrent
requests, 条件三 a power limit that binds): the accelerators are evaluated first and the reply says so; it
either leads with an accelerator inside 1 kW, or names the accelerator that comes closest with its count and
draw against the limit (the numbers' call); it always carries seed 2's pitfalls for that accelerator (software
maturity, dynamic shapes as its engine handles them (bucketed compile and its P999 spikes where it compiles buckets;
the Atlas 300I Duo on vLLM-Ascend, which leads since its own serving rows, does not), a re-port on a model change)
and the one-time migration; and no
reply calls an option within 1 kW when its peak draw exceeds it.

First principles for the numbers: 300 users × 30 tok/s of an 8-bit 7B model is ~9,000 tok/s of decode; a card
with ~1.5–1.8 TB/s reads the 7 GB of weights ~200–250 times a second, so batching ~150 users per card keeps
each above 30 tok/s: two such cards (~300 W each, ~850 W with a host) can fit 1 kW.

Phrasings are written as infra leads write in Slack; two of six were drawn at random (seed 20261206) as
held-out and were not run while the rule was changed: `en-locked-edge-room` and `zh-hant-frozen-single`.
"""

from __future__ import annotations

import pytest

from bot.engine import Engine
from tests.support.engine_fixtures import talk

JUST = {"en": "just recommend", "zh-Hans": "直接推荐", "zh-Hant": "直接推薦"}
# What the verdict says in each language: accelerators first, bucketed compile, a re-port, the migration.
NEEDLES = {
    "en": ("evaluated first", "dynamic shapes:", "re-port", "migration", "software maturity"),
    "zh-Hans": ("先评估了推理加速卡", "动态形状：", "重新移植", "迁移成本", "软件成熟度"),
    "zh-Hant": ("先評估了推理加速卡", "動態形狀：", "重新移植", "遷移成本", "軟體成熟度"),
}
CLOSEST = {"en": "Closest:", "zh-Hans": "最接近的是", "zh-Hant": "最接近的是"}

CASES = [
    ("en-locked-edge-room", "en", 7,  # held-out
     "model's locked (7B, fine-tuned in spring, no changes planned for 12 months). single-prompt requests, "
     "peak ~300 concurrent. the edge room gives us 1 kW total for the whole box. what do we buy?"),
    ("en-frozen-8b-ceiling", "en", 8,
     "need to serve our frozen 8B chat model to ~300 concurrent users, batch size 1 per request. hard 1000W "
     "ceiling for the whole system. thoughts?"),
    ("zh-hans-fixed-one-kw", "zh-Hans", 7,
     "我们的7B模型已经定型了，一年内不改。请求都是单条的，高峰大概300个并发，整套系统功耗不能超过1千瓦，怎么选？"),
    ("zh-hans-no-iteration", "zh-Hans", 8,
     "8B 模型不会再迭代了，峰值 300 并发，每次 batch 都是 1，整套系统只给 1kW 电，推荐啥硬件"),
    ("zh-hant-frozen-single", "zh-Hant", 7,  # held-out
     "我們的 7B 模型已經定版，未來一年不會改。每個請求都是單筆，尖峰約 300 人同時用，整個系統功耗上限 1 kW。"),
    ("zh-hant-frozen-8b", "zh-Hant", 8,
     "8B 模型凍結了不再更新，尖峰 300 個併發，batch 都是 1，整套系統只能給 1000W，要買什麼？"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("case", "lang", "params", "message"), CASES, ids=[c[0] for c in CASES])
def test_the_stable_high_concurrency_one_kw_case_evaluates_accelerators_first(
        engine: Engine, case: str, lang: str, params: int, message: str) -> None:
    reply = talk(engine, message, JUST[lang])[-1]
    rec = reply.recommendation
    assert rec is not None, (case, reply.text)
    assert rec.workload["model_params_b"] == params and rec.workload["concurrent_users"] == 300
    assert rec.workload["power_budget_w"] == 1000
    verdict = rec.accelerator_first
    assert verdict is not None and verdict.conditions.hold, case
    best = verdict.best
    assert best is not None and best.count is not None and best.power_w is not None
    if verdict.outcome == "primary":
        assert rec.primary.kind == "accel" and rec.primary.hardware_id == best.hardware_id
        assert best.power_w <= 1000
    else:  # the numbers' call: which accelerator comes closest, at how many cards and what draw
        assert CLOSEST[lang] in reply.text or verdict.outcome in ("fits_quote_only", "costlier"), reply.text
        assert best.hardware_name in reply.text and f"{best.power_w:,.0f} W" in reply.text
        if verdict.outcome == "closest":  # why: the streams each card carries at the target speed (users / cards)
            assert f"~{300 / best.count:,.0f}" in reply.text or f"约 {300 / best.count:,.0f}" in reply.text \
                or f"約 {300 / best.count:,.0f}" in reply.text
    for needle in NEEDLES[lang]:
        assert needle in reply.text, (case, needle)
    assert verdict.migration is not None and verdict.migration.usd > 0
    # Never within a power limit it exceeds.
    if rec.within_limits:
        assert rec.primary.power_w is not None and rec.primary.power_w <= 1000
