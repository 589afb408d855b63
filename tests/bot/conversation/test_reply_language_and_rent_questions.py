"""Infra leads' conversations (session 7, k-ux3): what was asked is answered in the language it was asked.

Expectations from the user's words, written before running: a rent-or-buy question asked before the
model and head count are known is kept, the interview asks for what is missing, and the first
recommendation answers it first (its buy / rent / API comparison ahead of the purchase), as it does
when the question comes with the facts; once the model and head count are known the question is
answered at once. A follow-up in another language than the recommendation was worded in gets the
recommendation's sentences (risks, assumptions) in the follow-up's language, figures unchanged.
"""

from __future__ import annotations

import re

import pytest

from tests.support.engine_fixtures import talk

CJK = re.compile(r"[\u4e00-\u9fff]")

RENT = {
    "en": ("Should we rent GPUs in the cloud or buy our own for an internal assistant?",
           "A 13B model for 40 concurrent users", "Rent:", "Recommendation:"),
    "zh-Hans": ("我们应该租云上的 GPU 还是自己买？", "13B 模型，40 人同时使用", "租用：", "推荐方案："),
    "zh-Hant": ("我們該租雲端 GPU 還是自己買？", "13B 模型，40 人同時使用", "租用：", "推薦方案："),
}


@pytest.mark.parametrize("lang", list(RENT))
def test_a_rent_or_buy_question_before_the_facts_is_answered_by_the_first_recommendation(engine, lang):
    question, facts, rent, headline = RENT[lang]
    # Sized by the second message (model and head count): answered then, the other facts assumed.
    first, rec = talk(engine, question, facts, thread="rent" + lang)
    assert first.lang == lang and first.asked_slot == "model_params_b"  # interviewed, not "no workload facts"
    assert "could not find" not in first.text and "没能" not in first.text and "沒能" not in first.text
    assert rec.recommendation is not None and rec.recommendation.cloud is not None
    assert rent in rec.text and headline in rec.text
    assert rec.text.index(rent) < rec.text.index(headline)  # the question asked first is answered first


def test_the_rent_question_is_answered_as_soon_as_the_model_and_head_count_are_known(engine):
    first, second = talk(engine, "Rent or buy? We'd run Qwen3 32B", "80 concurrent users", thread="rs")
    assert first.asked_slot == "concurrent_users"
    assert second.recommendation is not None and second.text.index("Rent:") < second.text.index("Recommendation:")


def test_a_recommendation_without_a_rent_question_keeps_the_purchase_first(engine):
    rec = talk(engine, "A 13B model for 40 concurrent users", "just recommend", thread="norent")[-1]
    assert rec.text.index("Recommendation:") < rec.text.index("Rent:")


def _risk_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("  • [")]


@pytest.mark.parametrize(("question", "lang"), [("风险有哪些？", "zh-Hans"), ("有哪些風險？請說明", "zh-Hant")])
def test_a_chinese_risk_question_in_an_english_thread_lists_the_risks_in_chinese(engine, question, lang):
    rec = talk(engine, "A 13B model for 40 concurrent users, Q4_K_M, prompts ~1000 tokens, answers ~300, bursty traffic",
               "just recommend", thread="rl" + lang)[-1]
    english = rec.recommendation.risks
    assert english
    risks = engine.handle("rl" + lang, question)
    assert risks.lang == lang
    lines = _risk_lines(risks.text)
    assert len(lines) == len(english)
    for line, risk in zip(lines, english, strict=True):
        why = line.split(": ", 1)[1]
        assert CJK.search(why), line  # the sentence itself, not only the heading and severity
        assert risk.why not in line
    again = engine.handle("rl" + lang, "what are the risks, in English please?")  # and back
    assert again.lang == "en" and all(r.why in again.text for r in english)


FLEET = {
    "en": ("We want our 300 employees to each run our fine-tuned 3B model on their own laptop.", "just recommend",
           "one per person: 300 × "),
    "zh-Hans": ("我们 300 位员工每人在自己的笔记本上跑微调的 3B 模型", "直接推荐", "每人一台：300 × "),
    "zh-Hant": ("我們 300 位員工每人在自己的筆電上跑微調的 3B 模型", "直接推薦", "每人一台：300 × "),
}


@pytest.mark.parametrize("lang", list(FLEET))
def test_everyone_on_their_own_laptop_is_one_device_per_person_not_a_shared_server(engine, lang):
    # Worked out before running: a laptop serves its owner only, so each device carries one user (not
    # 25 % of 300 = 75 on a shared server); the fleet is 300 such devices, 300 × one device's capex.
    first, rec = talk(engine, FLEET[lang][0], FLEET[lang][1], thread="fleet" + lang)
    assert first.slots.get("total_users") == 300 and "concurrent_users" not in first.slots
    primary = rec.recommendation.primary
    assert primary.count == 1 and primary.deployment.servers <= 1
    assert not any("75" in a for a in rec.recommendation.assumptions)  # no shared-server peak share
    note = next(a for a in rec.recommendation.assumptions if FLEET[lang][2] in a)
    assert f"${primary.capex_usd * 300:,.0f}" in note


@pytest.mark.parametrize(("text", "said"), [
    ("We have six L40S. Enough to serve Qwen3-235B-A22B at Q4_K_M to 100 concurrent users? prompts ~2000 tokens, "
     "answers ~500, first token under 2 s", "only 4 of the 6 can hold a copy"),
    ("我們有六張 L40S，夠不夠跑 Qwen3-235B-A22B Q4_K_M 給 100 人同時使用？提示約2000，回答約500，首 token 2 秒內",
     "6 個中一份模型只能用上 4 個"),
])
def test_owned_devices_a_tensor_parallel_plan_leaves_idle_are_said_to_be_idle(engine, text, said):
    # Worked out before running: 235B × 4.85 bits ≈ 142 GB of weights + 100 users × 2,250 tokens × 192 KB
    # (94 layers × 4 KV heads × 128 × 2 × 2 B) ≈ 43 GB of KV: more than 4 × 44 GB usable, less than 6 × 44.
    # Tensor parallelism takes 1, 2 or 4 cards of a 4-card server, so the "they hold" figure is 4 cards':
    # the reply must say the other 2 sit idle, or 6 × 48 GB "holding 176 GB" reads as an error.
    reply = engine.handle("idle" + said[:4], text)
    first = reply.text.split("\n")[1]
    assert said in first, first


@pytest.mark.parametrize(("text", "lang"), [
    ("what are the risks?", "en"),      # a sentence in English: answered in English
    ("Why not an NPU?", "en"),
    ("Q4_K_M, 8k context", "zh-Hans"),  # shorthand in a Chinese thread stays Chinese
    ("what about FP8?", "zh-Hans"),
])
def test_a_short_english_follow_up_in_a_chinese_thread_is_answered_by_its_language(engine, text, lang):
    talk(engine, "13B 模型，40 人同时使用", "直接推荐", thread="sw" + text[:6])
    assert engine.handle("sw" + text[:6], text).lang == lang


@pytest.mark.xfail(strict=True, reason="with its sourced FP32-accumulate rate (209.5 TFLOPS; the bandwidth prior "
                   "gave 179 effective) 4 x RTX 5090 is costed at vLLM's fitted eta_c 0.14 and falls short of 30 tok/s "
                   "at 30 users; first principles (~5 ms per decode step) say it meets it: vLLM's batched eta_c on "
                   "GeForce is the open 'Batched decode on one GPU' investigation (docs/estimator.md)")
def test_owned_cards_fast_enough_past_the_power_limit_are_said_past_it_not_short_of_the_targets(engine):
    # Worked out before running: Qwen3 32B at Q4_K_M ≈ 20 GB of weights; an RTX 5090 is a 575 W card, so
    # any 3 or 4 of them draw ≥ 1,725 W before their host, past the 1.5 kW closet: whatever their speed,
    # the limit is what they miss, and buying more of them cannot help. (The speed is stated: with none set,
    # owned cards are judged by seed 1's bands, and two of them, ~1.4 kW, already carry the users acceptably.)
    reply = engine.handle("closet", "We have four RTX 5090 in a closet with 1.5 kW. Enough for Qwen3 32B at Q4_K_M for "
                                    "30 users at 30 tok/s each? prompts ~1000, answers ~300, first token under 2 s")
    first = reply.text.split("\n")[1]
    assert "past your limits" in first and "against 1,500 W" in first, first
    assert "even 1024" not in first and "would only draw more power" in first


def test_a_fine_tuned_model_hears_the_api_serves_it_only_as_a_lora(engine):
    # Worked out before running: a hosted API sells a public base model's tokens (a LoRA on it at best); a
    # fully fine-tuned 7B needs its own deployment. Whenever the API is priced for a fine-tune, the reply
    # says so next to it; for the same load of a public model it does not.
    rec = talk(engine, "we fine-tuned a 7B model; what should we buy to serve it to legal, 40 people", "just recommend",
               thread="ft")[-1]
    lines = rec.recommendation.cloud.lines
    api = next(i for i, line in enumerate(lines) if line.startswith("Hosted API:"))
    assert lines[api + 1].startswith("Your model is a fine-tune: that API serves it only as a LoRA adapter")
    base = talk(engine, "a 7B model for the legal department, 40 people", "just recommend", thread="base")[-1]
    assert not any("fine-tune:" in line for line in base.recommendation.cloud.lines)
