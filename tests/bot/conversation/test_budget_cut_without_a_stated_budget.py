""""Budget got cut in half" / "预算砍一半" / "預算砍一半" in a thread that never stated a budget halves the money the
thread is about: the recommendation's capex. The halved figure becomes the budget, a limit the next answer is
judged against and names (`test_budget_is_a_limit.py` for what leads when nothing fits it), and no other fact moves."""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk

FIRST = {
    "en": "llama 3.1 8b for our support team, 40 concurrent, prompts ~1k tokens, answers ~300, Q4_K_M",
    "zh-Hans": "客服团队用 llama 3.1 8b，40 个并发，提示约 1000 token，回答约 300，Q4_K_M",
    "zh-Hant": "客服團隊用 llama 3.1 8b，40 個並發，提示約 1000 token，回答約 300，Q4_K_M",
}
GO_ON = {"en": "just recommend", "zh-Hans": "直接推荐", "zh-Hant": "直接推薦"}
CUT = {"en": "budget got cut in half", "zh-Hans": "预算砍一半", "zh-Hant": "預算砍一半"}


@pytest.mark.parametrize("lang", sorted(FIRST))
def test_a_halved_budget_never_stated_halves_the_recommended_capex(engine, lang):
    thread = f"cut-{lang}"
    reply = talk(engine, FIRST[lang], GO_ON[lang], thread=thread)[-1]
    assert reply.recommendation is not None and reply.recommendation.primary is not None, reply.text
    capex = reply.recommendation.primary.capex_usd
    after = talk(engine, CUT[lang], thread=thread)[-1]
    assert after.slots.get("budget_usd") == pytest.approx(capex / 2, rel=0.01), after.text
    assert after.slots.get("concurrent_users") == 40 and after.slots.get("model_params_b") == pytest.approx(8.03, rel=0.05)
    assert after.recommendation is not None and after.recommendation.primary is not None
    assert f"${round(capex / 2):,}" in after.text
