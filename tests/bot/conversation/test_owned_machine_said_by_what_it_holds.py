"""Hardware said as what their own machine holds now ("our box currently has two RTX 6000 Ada", "部機而家有兩張 RTX
6000 Ada") is theirs: issue rule E, owned hardware is judged first and never replaced by a purchase when it meets
seed 1's bands. A machine they want to buy ("想买一台机器有 4 张 L40S") is not owned."""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk


@pytest.mark.parametrize("text", [
    "our box currently has two RTX 6000 Ada, we want Llama 4 Scout at INT4 for 10 people",
    "我们的服务器现在装了两张 RTX 6000 Ada，想跑 Llama 4 Scout INT4，给 10 个人用",
    "部機而家有兩張 RTX 6000 Ada（48G x2），想行 Llama 4 Scout（INT4），俾 team 入面 10 個人一齊用",
])
def test_what_their_machine_holds_is_owned_and_used_when_it_meets_the_bands(engine, text):
    # Scout INT4: 109B x ~0.5 byte = ~55 GB of weights on 2 x 48 GB; decode reads ~17B active x 0.5 B = 8.5 GB of
    # experts a step (more at batch 10) on 2 x 960 GB/s: well above 30 tok/s, so the owned pair is the answer, capex $0.
    reply = talk(engine, text, "just recommend")[-1]
    assert reply.recommendation.primary.hardware_id == "nvidia-rtx-6000-ada"
    assert reply.recommendation.primary.capex_usd == 0


def test_a_machine_they_want_to_buy_is_not_owned(engine):
    first = talk(engine, "想买一台机器有 4 张 L40S 的，跑 Qwen3 32B 给 20 个人用")[0]
    assert "已有" not in first.text.split("\n")[0]
