"""A value weighed side by side ("FP8 or INT4?") whose primary misses the first token assumed is not chosen over one
whose primary meets it (`estimator.advice.options.chosen_index`).

First principles, written before the change ran (the outside reviewer's derivation, r12): Llama 4 Scout (109B total,
17B active) for 4 contract reviews in flight, 100k-token prompts, 1–2k answers. Prefill is 100k × 2 × 17B ≈ 3.4 PFLOP
a contract plus attention, ~6.5 PFLOP: on two RTX PRO 6000 (~1 PFLOP/s effective FP8) ~6.5 s each, and with four in
flight the p95 wait stays well inside the ~50 s the product assumes for a 100k prompt. INT4 does not cut prefill
compute, so a cheaper INT4 box with less compute (four 640 GB/s, 191 TFLOPS cards) queues its 100k prompts past that
bound. The recommendation must be the one that meets every target, stated or assumed.
"""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk

MESSAGES = {
    "en": "contract review for legal on llama 4 scout. contracts are long, a single input often hits 100k tokens, about 4 "
          "reviews running at any one time, output 1-2k. FP8 or INT4? what machine should we buy",
    "zh-Hans": "法务合同审查，打算用 Llama 4 Scout。合同很长，单次输入经常到 100k token，同一时间在跑的审查大概 4 个，输出 "
               "1-2k。FP8 还是 INT4 好？要买什么机器",
    "zh-Hant": "法務合約審查，打算用 Llama 4 Scout。合約很長，單次輸入常常到 100k token，同一時間在跑的審查大概 4 個，輸出 "
               "1-2k。FP8 還是 INT4 好？要買什麼機器",
}
FOLLOWUP = {"en": "just recommend", "zh-Hans": "直接推荐吧", "zh-Hant": "直接推薦吧"}


@pytest.mark.parametrize("lang", sorted(MESSAGES))
def test_the_value_recommended_meets_the_first_token_assumed(engine, lang):
    replies = talk(engine, MESSAGES[lang], FOLLOWUP[lang], thread=f"weighed-{lang}")
    rec = replies[-1].recommendation
    assert rec is not None and rec.primary is not None, replies[-1].text[:300]
    bound = (rec.workload or {}).get("ttft_target_ms")
    assert isinstance(bound, int | float)
    assert rec.primary.estimate.ttft_p95_ms is not None and rec.primary.estimate.ttft_p95_ms <= bound
    assert rec.primary.verdict == "meets"
