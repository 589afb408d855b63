"""Seed 2's headline case (a frozen 7–8B model, ~300 users at once, ≤ 1 kW): "why not an accelerator?" answers with
the figures the reply ranked the accelerator on (its cost floor against the GPU answer's 3-year TCO), not only
"capex unknown", in each language (written before running: the floor is seed 2's one-time port plus hosts, above
a one-card GPU answer's TCO, so no quote wins)."""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk


@pytest.mark.parametrize(("lang", "turns", "verdict"), [
    ("en", ["Our 7B model is frozen, no changes for a year. Requests come in one at a time (batch 1) but about 300 "
            "people hit it concurrently at peak. The whole system has to stay under 1 kW.", "just recommend",
            "why not an accelerator?"], "no quote makes it cheaper"),
    ("zh-Hans", ["我们的 8B 模型已经定型，半年一年都不动。请求都是单条的，高峰大概 300 人同时在用，整套系统功耗上限 1kW。",
                 "直接推荐", "为什么不用加速卡？"], "任何报价都不能让它"),
    ("zh-Hant", ["8B 模型已經定型，一年內不會再改；每次請求都只有一筆，但尖峰約 300 人同時在線，整套系統功耗要壓在 1kW 以內。",
                 "直接推薦", "為什麼不用加速卡？"], "任何報價都無法讓它"),
])
def test_why_not_the_accelerator_gives_the_verdict_it_was_ranked_on(engine, lang, turns, verdict):
    *_, recommended, answer = talk(engine, *turns, thread=lang)
    rec = recommended.recommendation
    assert rec is not None and rec.accelerator_first is not None and rec.accelerator_first.best is not None
    assert rec.accelerator_first.best.hardware_name in answer.text
    assert verdict in answer.text, answer.text
