"""A reply never claims a target met that its own numbers miss. A first-token bound the user did not set is not
judged when sizing for the load (or hardware they own): when the primary's p95 first token is past it, the headline
says so instead of "It meets your targets" (en, zh-Hans, zh-Hant).

Worked by hand: a 70B model's prefill of an 8k-token prompt is 2 × 70.6e9 × 8,000 ≈ 1.1e15 FLOP; inside the
~4 s first-token bound assumed for it, that takes ~280 TFLOPS sustained, which no one-person purchase has.
"""

from __future__ import annotations

import pytest

from bot.engine import Engine
from bot.wording.sentences import t
from tests.support.engine_fixtures import talk


@pytest.mark.parametrize(("lang", "messages"), [
    ("en", ("I have a MacBook Pro M4 Max 128GB, want to run llama 3.3 70b for myself, prompts ~8k tokens", "just recommend")),
    ("zh-Hans", ("我自己用，跑 llama 3.3 70b，每次输入大概 8k token", "直接推荐")),
    ("zh-Hant", ("就我一個人用 Llama 3.1 70B，輸入大概 8k token", "直接推薦")),
])
def test_a_missed_assumed_first_token_is_said_missed(engine: Engine, lang: str, messages: tuple[str, str]) -> None:
    reply = talk(engine, *messages)[-1]
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None
    bound = rec.workload["ttft_target_ms"]
    p95 = rec.primary.estimate.ttft_p95_ms or rec.primary.estimate.ttft_ms
    assert p95 > bound  # the physics above: the bound cannot be met by a personal purchase
    assert t("rec.meets", lang) not in reply.text, reply.text
    headline = next(line for line in reply.text.splitlines() if line.startswith(t("rec.primary", lang, option="")[:4]))
    assert t("rec.meets_but_assumed_ttft", lang, assumed=f"{bound:,.0f}", ttft=f"{p95:,.0f}") in headline, headline


def test_a_met_first_token_keeps_the_plain_headline(engine: Engine) -> None:
    # a 7B model with short prompts meets any assumed bound: the headline stays "It meets your targets."
    reply = talk(engine, "just me, qwen2.5 7b, short prompts ~200 tokens", "just recommend")[-1]
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None and rec.primary.verdict == "meets"
    assert (rec.primary.estimate.ttft_p95_ms or 0) <= rec.workload["ttft_target_ms"]
    assert t("rec.meets", "en") in reply.text
