"""Hardware the user owns, said in passing ("2x RTX 3090 doing nothing", "4 A100s gathering dust", "两张 4090 在
吃灰"), is evaluated first and used when it meets the targets; and when it falls short of a target the user did
not set, the purchase offered instead must surely do better: it meets that target at the low end of its likely
range, not only at its central figure.

First principles for the owned cases: a 7B model at Q4_K_M is ~4.4 GB; one RTX 3090 (936 GB/s) or RTX 4090
(1,008 GB/s) reads it in ~5 ms, so a batch of 10–20 users decodes in the seed 1 acceptable band or better.
Falling short: Qwen2.5-32B at Q4_K_M is ~20 GB; an M3 Max (400 GB/s) reads it at most ~20 times a second,
~13 tok/s as measured on Apple parts, below seed 1's 15 tok/s for one person; a card at 16.6 tok/s (likely
8.4–30) is no sure gain for the money: the purchase must meet 15 tok/s at the low end of its likely range.
"""

from __future__ import annotations

import pytest

from bot.engine import Engine
from tests.support.engine_fixtures import talk

JUST = {"en": "just recommend", "zh-Hans": "直接推荐"}


@pytest.mark.parametrize("lang,message,device", [
    ("en", "have an old server with 2x RTX 3090 doing nothing. 20 people in support want a 7B assistant. buy or reuse?",
     "nvidia-rtx-3090"),
    ("en", "there are 4 A100s gathering dust in the lab, can they serve a 13B for 50 users?", "nvidia-a100"),
    ("zh-Hans", "机房里有两张 4090 在吃灰，想给 10 个人跑 7B 模型", "nvidia-rtx-4090"),
])
def test_idle_hardware_said_in_passing_is_used(engine: Engine, lang: str, message: str, device: str) -> None:
    reply = talk(engine, message, JUST[lang])[-1]
    primary = reply.recommendation.primary if reply.recommendation else None
    assert primary is not None and primary.hardware_id.startswith(device), primary
    assert primary.existing and primary.capex_usd == 0


def test_a_purchase_replacing_owned_hardware_surely_meets_the_assumed_target(engine: Engine) -> None:
    reply = talk(engine, "I've got a MacBook Pro M3 Max 64GB. want to run qwen2.5 32b locally for myself, what should I get?",
                 "just recommend")[-1]
    rec = reply.recommendation
    assert rec is not None and not rec.primary.existing  # the M3 Max falls short of 15 tok/s (~13)
    low = (rec.primary.estimate.decode_tokens_per_s_per_user_range or [0.0])[0]
    assert low >= 15.0, rec.primary


def test_a_purchase_replacing_owned_hardware_far_below_the_floor_surely_meets_it(engine: Engine) -> None:
    # Llama 3.3 70B at Q4_K_M is ~43 GB; a Ryzen AI Max+ 395 (256 GB/s) reads it ~6 times a second: far below 15.
    reply = talk(engine, "own a Ryzen AI Max+ 395 128GB box, want llama 3.3 70b just for me", "just recommend")[-1]
    rec = reply.recommendation
    assert rec is not None and not rec.primary.existing
    low = (rec.primary.estimate.decode_tokens_per_s_per_user_range or [0.0])[0]
    assert low >= 15.0, rec.primary
