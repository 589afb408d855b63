"""When nothing meets the targets within the user's budget, the reply says so plainly: a budget is a limit
(seed 1: buy within it), so the best purchase within it leads with what it delivers, and the option that meets
the targets is shown beside it as past the limits, not "does not meet every target", which read as if it were
too slow. Options that miss a target still say so.

First principles for the case: 1,000 concurrent users of a 70B FP8 model at 30 tok/s each need about
70 GB × 1,000 users' worth of weight reads per second spread over batches; no fleet that carries
that costs under $50,000 (one H100 alone is over $25,000 and holds ~1 copy).
"""

from __future__ import annotations

import pytest

from bot.wording.render_text import recommendation_headline
from estimator.said import Worded, said
from estimator.schemas import Option
from tests.support.engine_fixtures import talk

ASK = {
    "en": "Llama 3.3 70B FP8 for 1000 concurrent users, budget 50k USD, first token under 3 s, prompts 1000 tokens, answers 300",
    "zh-Hans": "Llama 3.3 70B FP8 给 1000 个并发用户，预算 5 万美元，首个 token 3 秒内，输入 1000 个 token，输出 300 个",
    "zh-Hant": "Llama 3.3 70B FP8 給 1000 個並發使用者，預算 5 萬美元，首個 token 3 秒內，輸入 1000 個 token，輸出 300 個",
}
NOTHING_WITHIN = {"en": "Nothing meets the targets within your $50,000 budget",
                  "zh-Hans": "在 $50,000 的预算内没有方案能满足目标", "zh-Hant": "在 $50,000 的預算內沒有方案能滿足目標"}
PAST_LIMITS = {"en": "meets targets, past your limits", "zh-Hans": "满足目标，但超出限制",
               "zh-Hant": "滿足目標，但超出限制"}


@pytest.mark.parametrize("lang", sorted(ASK))
def test_an_option_past_the_budget_is_said_to_meet_the_targets_past_the_limits(engine, lang):
    (reply,) = talk(engine, ASK[lang])
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None, reply.text
    assert rec.primary.capex_usd <= 50_000 and rec.primary.verdict == "misses", rec.primary.violations
    assert NOTHING_WITHIN[lang] in reply.text, reply.text
    assert rec.alternatives[0].verdict == "past_limits" and rec.alternatives[0].capex_usd > 50_000
    assert PAST_LIMITS[lang] in reply.text, reply.text


_BUDGET = said("violation.budget", capex=514_400, budget=100_000)
_POWER = said("violation.power", power=25_000, budget=5_000)
_SLO = said("violation.slo", speed=12.0, ttft=300, users=10, target=30, bar=1000)
_MEMORY = said("violation.memory", need=90, count=1, hold=80)
_UNVERIFIED = said("violation.power_unverified", budget=1000)


@pytest.mark.parametrize("violations, verdict", [
    ([], "meets"),
    ([_BUDGET], "past_limits"),
    ([_POWER, _BUDGET], "past_limits"),
    ([_SLO], "misses"),
    ([_BUDGET, _MEMORY], "misses"),
    # A device with no TDP on record cannot be checked against a power cap: unverified, not exceeded.
    ([_UNVERIFIED], "unverified"),
    ([_UNVERIFIED, _BUDGET], "past_limits"),
    # Worded for a reader, a violation keeps its case: the verdict never reads the sentence.
    ([Worded("预算：采购 $2 > $1", "violation.budget")], "past_limits"),
    (["budget: capex $2 > $1"], "misses"),  # text no rule of the core found (an old checkpoint): not a limit
])
def test_the_verdict_separates_targets_from_limits(violations, verdict):
    option = Option.model_construct(hardware_id="x", kind="gpu", count=1, violations=violations,
                                    meets_slo=not violations, serving_stack="vLLM", hardware_name="X")
    assert option.verdict == verdict
    if verdict == "misses":
        assert "does not meet every target" in recommendation_headline_for(option)
    if verdict == "unverified":
        assert "its power draw is not on record" in recommendation_headline_for(option)


def recommendation_headline_for(option: Option) -> str:
    from estimator.schemas import Recommendation

    return recommendation_headline(Recommendation.model_construct(primary=option), "en")


@pytest.mark.parametrize("lang, words", [("en", "meets targets, power draw not on record"),
                                         ("zh-Hans", "满足目标，但功耗无记录"), ("zh-Hant", "滿足目標，但功耗無記錄")])
def test_an_option_whose_power_cannot_be_checked_says_so_not_past_the_limits(catalog, lang, words):
    # An M4 Pro 24 GB (priced, no TDP on record) for one person's 7B model meets the speed target easily
    # (273 GB/s over ~4.4 GB of Q4_K_M weights: ~40 tok/s at llama.cpp's ~65 %); under a 1,000 W cap its power
    # draw is simply unknown.
    from bot.wording.render_text import option_summary
    from estimator.advice.recommend import recommend
    from estimator.workload import NamedDevice, Workload

    w = Workload(model_params_b=7, concurrent_users=1, power_budget_w=1000,
                 named_devices=[NamedDevice(hardware_id="apple-m4-pro", count=1)])
    rec = recommend(w, catalog)
    [named] = rec.named
    assert named.option.verdict == "unverified", named.option.violations
    assert words in option_summary(named.option, lang)
