"""The answer about a named device never says the recommendation differs "because it meets the targets" when the
recommendation itself does not meet them (the headline then says "It does not meet every target"): it says the
recommendation comes closer, or the reason that holds (a sourced price, cost, risk).

Worked by hand: Llama 3.3 70B at Q4_K_M (~42 GB) on one personal machine decodes at most bandwidth / weights:
~256 GB/s / 42 GB ≈ 6 tok/s on a Strix Halo box, short of the 15 tok/s assumed for one person."""

from __future__ import annotations

import pytest

from bot.engine import Engine
from bot.wording.sentences import msg, t
from tests.support.engine_fixtures import talk


@pytest.mark.parametrize(("lang", "messages"), [
    ("en", ("would a MacBook Pro do for llama 3.3 70b, just me?", "just recommend")),
    ("zh-Hant", ("MacBook Pro 跑得動 Llama 3.3 70B 嗎？我自己用", "直接推薦")),
])
def test_a_missing_recommendation_is_never_said_to_meet(engine: Engine, lang: str, messages: tuple[str, str]) -> None:
    reply = talk(engine, *messages)[-1]
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None and rec.primary.verdict == "misses"
    assert t("rec.misses", lang) in reply.text
    assert msg("answer.why.meets", lang) not in reply.text, reply.text
