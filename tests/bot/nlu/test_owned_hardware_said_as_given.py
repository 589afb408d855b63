"""Hardware the lead was given is theirs ("work gave me a macbook pro m4 max 128gb", "IT handed us two L40S", "I was issued
an M3 Max", "公司配了台 4090 的工作站", "资讯部拨给我们两张 L40S", "部门分到了一台 DGX Spark"): sized as owned, never bought
again. A budget or people given own nothing. Expectations worked out by hand from each message."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher():
    from knowledge.testing import memory_catalog

    return HardwareMatcher(memory_catalog().hardware)


def owned(text: str, matcher: HardwareMatcher) -> list[tuple[str, int]]:
    return [(d["hardware_id"], d["count"]) for d in parse_message(text, hardware=matcher).facts.get("owned_devices") or []]


@pytest.mark.parametrize(("text", "device", "count"), [
    ("work gave me a macbook pro m4 max w/ 128gb. can that run llama 4 scout for just me?", "apple-m4-max", 1),
    ("IT handed us two L40S last quarter, want an 8b on them for 40 people", "nvidia-l40s", 2),
    ("I was issued an M3 Max laptop, is it enough for a 32b?", "apple-m3-max", 1),
    ("公司配了台 4090 的工作站，想跑 14B 给组里 8 个人", "nvidia-rtx-4090", 1),
    ("资讯部拨给我们两张 L40S，要跑 8B 给客服 50 人", "nvidia-l40s", 2),
    ("公司發了一台 M4 Max 的 MacBook Pro 給我，本地跑 30B 可以嗎", "apple-m4-max", 1),
    ("部门分到了一台 DGX Spark，想跑 30B", "nvidia-dgx-spark-gb10", 1),
])
def test_hardware_given_to_the_lead_is_owned(text, device, count, matcher):
    assert owned(text, matcher) == [(device, count)]


@pytest.mark.parametrize("text", [
    "公司批了预算，想买两张 L40S 跑 70B",
    "finance gave us budget for 4 L40S, is that enough for a 70b?",
])
def test_a_budget_given_owns_nothing(text, matcher):
    assert owned(text, matcher) == []
