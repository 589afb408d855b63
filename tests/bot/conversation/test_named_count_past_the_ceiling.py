"""A named count above what one estimate sizes (`estimator.advice.candidates.MAX_COUNT`, 1,024 devices) is judged at
that ceiling and the reply says so, with the count asked about, in every language: never "1024 × L40S: yes" alone
for a question about 2,000."""

from __future__ import annotations

import pytest

from bot.engine import Engine
from estimator.advice.candidates import MAX_COUNT
from tests.support.engine_fixtures import talk


@pytest.mark.parametrize(("messages", "asked"), [
    (("would 2000 L40S be enough for llama 3.3 70b, 3000 concurrent users?", "just recommend"), 2000),
    (("3000 张 4090 够不够跑 qwen2.5 72b，并发 5000？", "直接推荐"), 3000),
    (("考慮買 1500 張 H100 跑 Qwen2.5 72B，並發 1 萬，夠嗎？", "直接推薦"), 1500),
])
def test_the_ceiling_is_said_beside_the_count_asked(engine: Engine, messages: tuple[str, str], asked: int) -> None:
    reply = talk(engine, *messages)[-1]
    answer = next(line for line in reply.text.splitlines() if line.startswith(f"{asked:,} ×"))
    assert f"{MAX_COUNT:,}" in answer, answer
    assert f"{MAX_COUNT} ×" not in reply.text, reply.text


def test_a_count_within_the_ceiling_is_judged_as_asked(engine: Engine) -> None:
    reply = talk(engine, "would 8 L40S be enough for llama 3.3 70b, 30 concurrent users?", "just recommend")[-1]
    assert any(line.startswith("8 × L40S") for line in reply.text.splitlines()), reply.text
    assert f"{MAX_COUNT:,}" not in reply.text
