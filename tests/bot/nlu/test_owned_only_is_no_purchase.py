""""We can't buy anything, only what we have" / "只能用手上这台，不能再买" / "只能用現有的兩張" say the owned devices are all
there is and nothing is bought (`budget_usd` 0, the devices owned), never that the owned device is the only one that may
be bought (`named_only`); "only L40S can be bought" / "只能买 L20" / "只買得到 H20" still are."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


@pytest.mark.parametrize(("text", "owned"), [
    ("we can't buy anything, only what we have: 2x L40S. 32b for 40 concurrent", {"nvidia-l40s": 2}),
    ("procurement is frozen so whatever we run has to fit on our 4 RTX 4090s", {"nvidia-rtx-4090": 4}),
    ("no new hardware this year, we have to make do with the 6 L40S we've got", {"nvidia-l40s": 6}),
    ("只能用手上这台 8卡 H20，不能再买，跑 Qwen2.5-72B 给 60 人", {"nvidia-h20": 8}),
    ("今年不会买新卡了，只能用现有的 4 张 L40S", {"nvidia-l40s": 4}),
    ("手上這台 HGX H200 就是全部了，不能再買，跑 70B 給 100 人", {"nvidia-h200-sxm": 8}),
    ("預算凍結，不能採購，只能靠我們那 3 張 L40S 跑 14B", {"nvidia-l40s": 3}),
])
def test_owned_only_reads_owned_devices_and_no_purchase(text, owned, matcher):
    facts = parse_message(text, hardware=matcher).facts
    assert {d["hardware_id"]: d["count"] for d in facts.get("owned_devices", [])} == owned
    assert facts.get("budget_usd") == 0
    assert not facts.get("named_only")


@pytest.mark.parametrize(("text", "device"), [
    ("L40S is the only thing we can buy here. 32b for 40 concurrent", "nvidia-l40s"),
    ("只能买 L20，跑 32B 给 40 个并发，要几张", "nvidia-l20"),
    ("只能用 H20，跑 70B", "nvidia-h20"),  # a rule on the card, no owned one named
    ("這邊只買得到 H20，跑 DeepSeek R1 給 100 人要幾張", "nvidia-h20"),
    ("只能买 L20，不能买别的", "nvidia-l20"),  # "can't buy others" is the same rule, not a zero budget
])
def test_only_buyable_stays_named_only_with_a_budget_left_open(text, device, matcher):
    facts = parse_message(text, hardware=matcher).facts
    assert facts.get("named_only") is True
    assert [d["hardware_id"] for d in facts["named_devices"]] == [device]
    assert "budget_usd" not in facts


@pytest.mark.parametrize("text", [
    "必須全面國產化，不能採購進口顯卡，跑 Qwen2.5 72B",  # a rule on what is bought, not a freeze
    "we can't buy anything else, only L40S",
    "不能再买 H100 了，只能买 H20",
])
def test_a_rule_on_which_devices_is_no_zero_budget(text, matcher):
    assert "budget_usd" not in parse_message(text, hardware=matcher).facts
