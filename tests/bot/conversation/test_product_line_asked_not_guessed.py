"""Through the engine, in three languages: a product line named without its chip or memory is echoed as the
configuration it was taken as, with the question which chip and memory it has; a configuration that cannot hold
the model is answered with the smallest one of the line that can (never a 16 GB machine sized for a 70B model
without saying so); and the answer to the question replaces the assumption.

Worked by hand: Llama 3.3 70B at Q4_K_M is ~42 GB of weights; the M5 MacBook Pro sold today has 16 GB (12 GB for
the GPU), so it cannot hold it, and a 64 GB configuration of the line can.
"""

from __future__ import annotations

import pytest

from bot.engine import Engine
from tests.support.engine_fixtures import talk

ASK = {"en": "which chip and how much memory", "zh-Hans": "哪款芯片、多少内存", "zh-Hant": "哪款晶片、多少記憶體"}


@pytest.mark.parametrize(("lang", "messages"), [
    ("en", ("would a MacBook Pro do for llama 3.3 70b, just me?", "just recommend")),
    ("zh-Hans", ("MacBook Pro 够不够跑 llama 3.3 70b？就我自己用", "直接推荐")),
    ("zh-Hant", ("MacBook Pro 跑得動 Llama 3.3 70B 嗎？我自己用", "直接推薦")),
])
def test_the_assumed_configuration_is_said_and_asked(engine: Engine, lang: str, messages: tuple[str, str]) -> None:
    first, answer = talk(engine, *messages)
    assert ASK[lang] in first.text.splitlines()[0], first.text  # in the echo, before any number
    named = answer.slots["named_devices"][0]
    assert named["line"] == "MacBook Pro"
    # the base configuration cannot hold ~42 GB of weights: the answer names a configuration of the line that can
    assert "MacBook Pro" in next(line for line in answer.text.splitlines() if "64 GB" in line or "128 GB" in line)


def test_the_answer_replaces_the_assumption(engine: Engine) -> None:
    replies = talk(engine, "would a MacBook Pro do for llama 3.3 70b, just me?", "it's an M4 Max with 128GB",
                   "just recommend")
    assert replies[1].slots["named_devices"] == [{"hardware_id": "apple-m4-max", "count": 1, "memory_gb": 128.0}]
    assert replies[1].slots.get("ttft_target_ms") != 128  # "128GB" is the memory, no first-token answer
    assert "M4 Max" in replies[2].text and ASK["en"] not in replies[2].text


def test_an_owned_line_that_cannot_hold_the_model_names_one_that_can(engine: Engine) -> None:
    # Qwen2.5 32B at Q4_K_M is ~20 GB: the 16 GB M5 the line was taken as cannot hold it, a 32 GB+ one can
    reply = talk(engine, "I have a MacBook Pro, can it run qwen2.5 32b for me?", "just recommend")[-1]
    owned = reply.slots["owned_devices"][0]
    assert owned["line"] == "MacBook Pro"
    answer = next(line for line in reply.text.splitlines() if line.startswith("Your "))
    assert "A MacBook Pro with" in answer and ASK["en"] in answer, answer
