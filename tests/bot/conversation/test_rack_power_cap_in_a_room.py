"""A room of power-capped racks, said the way infra leads say it, with the racks not counted: the cap holds in each
rack and the deployment takes the racks its servers need.

Worked out before running the product (tests/estimator/test_power_per_rack_racks_unstated.py has the arithmetic):
DeepSeek-R1 FP8 for 50 concurrent users on H100 SXM is 16 GPUs in two 8-GPU servers of ~5.85 kW each, so each
server fits a 10-12 kW rack and the named H100 answer meets its limits; said as one rack, it does not.
"""

from __future__ import annotations

import pytest

from bot.engine import Engine
from tests.support.engine_fixtures import talk

ROOMS = [
    "each rack in our colo is limited to 12 kW. deepseek r1 fp8 for 50 concurrent users on H100s, how many?",
    "机房每个机柜最多 12kW，想用 H100 跑 DeepSeek-R1 FP8，50 人并发，要几台？",
    "機房每櫃上限 10kW，打算用 H100 跑 DeepSeek-R1（FP8），大約 50 人同時使用，需要幾張？",
]
FOLLOW_UP = {"en": "just recommend", "zh": "直接推荐"}


@pytest.mark.parametrize("text", ROOMS)
def test_h100_for_deepseek_r1_in_a_room_of_capped_racks_is_two_servers_within_the_cap(engine: Engine, text: str):
    replies = talk(engine, text, FOLLOW_UP["en" if text.isascii() else "zh"])
    rec = replies[-1].recommendation
    assert rec is not None and rec.named, replies[-1].text
    (answer,) = rec.named
    assert answer.option is not None and answer.option.count == 16 and answer.meets, replies[-1].text


def test_said_as_one_rack_the_same_sixteen_are_past_it(engine: Engine):
    replies = talk(engine, "we have one rack, 10 kW. deepseek r1 fp8 for 50 concurrent users on H100s, how many?",
                   "just recommend")
    rec = replies[-1].recommendation
    assert rec is not None and rec.named
    (answer,) = rec.named
    assert answer.option is not None and not answer.meets, replies[-1].text
