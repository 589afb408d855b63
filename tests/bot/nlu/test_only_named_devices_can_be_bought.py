"""Only the devices named can be bought ("those are the only two our vendor can ship", "就这俩能买到", "别的都买不到"):
`named_only`, and the devices named beside it are the choice asked; the purchase is one of them."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from tests.bot.nlu.engine_turns import chat_engine, recommended


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


@pytest.mark.parametrize(("text", "devices"), [
    ("L40S or RTX 6000 Ada, those are the only two our vendor can ship. 32b for 40 concurrent",
     {"nvidia-l40s", "nvidia-rtx-6000-ada"}),
    ("H20 还是 L20？跑 72B，并发 30，别的都买不到", {"nvidia-h20", "nvidia-l20"}),
    ("只買得到 4090D 跟 L20，跑 14B 給 40 人同時用，選哪個？", {"nvidia-rtx-4090d", "nvidia-l20"}),
    ("H20 还是 H100？32B，并发 100。别推荐别的了", {"nvidia-h20", "nvidia-h100-sxm"}),
    ("MI300X or H200 for a 405b? don't recommend anything else", {"amd-mi300x", "nvidia-h200-sxm"}),
])
def test_only_the_named_devices_are_bought(text, devices, matcher):
    facts = parse_message(text, hardware=matcher).facts
    assert facts.get("named_only") is True
    assert {d["hardware_id"] for d in facts.get("named_devices", [])} == devices


def test_no_restriction_without_a_device_named(matcher):
    assert "named_only" not in parse_message("we can only get what our reseller stocks, 32b for 40 users", hardware=matcher).facts


def test_the_purchase_is_among_the_named_through_the_engine(tmp_path):
    # Qwen2.5-14B for 60 at once, 2k context: a couple of RTX 4090 D or L20 (the L20 has no sourced price); the lead
    # said only these two can be bought, so no RTX 5090 or other card is the answer
    reply = recommended(chat_engine(tmp_path), "only", "L20 还是 4090D？跑 Qwen2.5-14B 给客服用，高峰并发 60 左右，上下文 2k 左右，"
                        "回复都很短。就这俩能买到", "直接推荐吧")
    assert reply.recommendation.primary.hardware_id in {"nvidia-rtx-4090d", "nvidia-l20"}
