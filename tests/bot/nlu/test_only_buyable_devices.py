"""Devices said to be the only ones the buyer can buy ("只买得到 4090D", "能采购到的只有 H20", "H20 or 4090D is what we
can buy", "can only source 4090D") are each weighed, how many of them when no number is said, and nothing else is
bought (`named_only`). A device merely asked about, owned, or preferred restricts nothing."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


def read(text: str, matcher: HardwareMatcher) -> tuple[dict[str, int | None], bool]:
    facts = parse_message(text, hardware=matcher).facts
    return {d["hardware_id"]: d.get("count") for d in facts.get("named_devices", [])}, bool(facts.get("named_only"))


@pytest.mark.parametrize(("text", "expected"), [
    ("深圳厂区的实验室只买得到 4090D（24G）。想跑 Qwen2.5-72B AWQ 给 10 个同事同时用", {"nvidia-rtx-4090d": None}),
    ("深圳廠區的實驗室只買得到 4090D。想跑 Qwen2.5-72B AWQ 給 10 個同事同時用", {"nvidia-rtx-4090d": None}),
    ("公司在北京，能采购到的只有 H20（96G 版本）。要跑 Qwen3-235B-A22B FP8", {"nvidia-h20": None}),
    ("因為美國出口管制，我們大陸公司只能買 H20。Llama 3.1 70B FP8，100 人同時", {"nvidia-h20": None}),
    ("Shenzhen team, export controls mean H20 or 4090D is what we can buy. Qwen3-30B-A3B for 50 chats",
     {"nvidia-h20": None, "nvidia-rtx-4090d": None}),
    ("Our Hangzhou office can only source RTX 4090D cards locally. Llama 3.1 8B, 40 concurrent users",
     {"nvidia-rtx-4090d": None}),
    ("公司在蘇州，採購只能走國內管道，H20 或 4090D 選一個。跑 Qwen3-8B 給客服 25 人同時用",
     {"nvidia-h20": None, "nvidia-rtx-4090d": None}),
])
def test_only_buyable_devices_are_weighed_and_nothing_else_is_bought(text, expected, matcher):
    assert read(text, matcher) == (expected, True)


@pytest.mark.parametrize("text", [
    "Qwen3-32B 给 30 人用，L40S 还是 RTX PRO 6000，要几张",
    "we have 4 L40S, would they do for 30 users on qwen3 32b?",
    "信创要求只能用国产卡，Qwen3-14B 给 30 人用",
    "would one H20 server carry 100 users on llama 70b?",
])
def test_asking_about_owning_or_a_vendor_rule_restricts_no_device(text, matcher):
    assert read(text, matcher)[1] is False


@pytest.mark.parametrize("text", [
    "只能买国内买得到的卡（H20、L20、昇腾这些都行），Qwen3-14B 给 1500 人问答，大概要多少钱",
    "china-market parts only, e.g. H20 or L20. qwen3-14b for 40 concurrent users",
])
def test_devices_listed_as_examples_of_what_can_be_bought_rule_nothing_out(text, matcher):
    # the list illustrates the market rule (read apart as `buyer_in_china`); it is not the only choice
    assert read(text, matcher)[1] is False
