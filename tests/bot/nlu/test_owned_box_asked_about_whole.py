"""An owned server named with its GPU count and then asked about ("can it serve …?") is asked about with all
its GPUs, and kit said to be where the team keeps it ("there's a … in the lab") is owned; wanting to put
kit somewhere owns nothing."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


def facts(text: str, matcher: HardwareMatcher) -> dict:
    return dict(parse_message(text, hardware=matcher).facts)


@pytest.mark.parametrize("text", [
    "we have an H100 box (8 GPUs) sitting idle, can it serve deepseek v3 to 200 people?",
    "我们有一台 H100 服务器（8 卡）闲着，能跑 Qwen3-235B 给 100 人用吗？",
])
def test_an_owned_box_asked_about_is_asked_about_whole(text, matcher):
    read = facts(text, matcher)
    (owned,) = read["owned_devices"]
    assert owned["count"] == 8
    assert [d["count"] for d in read["named_devices"] if d["hardware_id"] == owned["hardware_id"]] == [8]


@pytest.mark.parametrize("text", [
    "there's a DGX A100 box with 8 GPUs in the lab; would it handle a 70b for 40 users?",
    "there are two 3090s sitting in the office, enough for a 7b for 5 people?",
])
def test_kit_where_the_team_keeps_it_is_owned(text, matcher):
    assert facts(text, matcher)["owned_devices"]


def test_wanting_to_put_kit_in_the_rack_owns_nothing(matcher):
    assert "owned_devices" not in facts("we want to put 4 L40S in the rack for a 13b model", matcher)


@pytest.mark.parametrize(("text", "hardware_id"), [
    ("there's a DGX A100 box with 8 GPUs in the lab", "nvidia-a100-40gb-sxm"),
    ("we own an HGX A100 80GB node, 8 gpus", "nvidia-a100-80gb-sxm"),
    ("we have four A100 80GB PCIe cards", "nvidia-a100-80gb-pcie"),
])
def test_a_board_server_carries_the_sxm_module(text, hardware_id, matcher):
    # DGX and HGX systems are built on SXM baseboards; a PCIe card is one only when said so.
    assert [d["hardware_id"] for d in facts(text, matcher)["owned_devices"]] == [hardware_id]


def test_a_device_names_own_wattage_is_no_power_limit(matcher):
    read = facts("why not the RTX PRO 6000 Blackwell Max-Q Workstation Edition (300 W)?", matcher)
    assert "power_budget_w" not in read
    assert "power_budget_w" in facts("two RTX PRO 6000 please, the closet allows 300 W at most", matcher)


def test_a_named_devices_stated_memory_is_read_with_it(matcher):
    read = facts("Can a Mac Studio M3 Ultra 512GB run DeepSeek R1 for 3 people?", matcher)
    assert read["named_devices"] == [{"hardware_id": "apple-m3-ultra", "count": 1, "memory_gb": 512.0}]


@pytest.mark.parametrize("text", [
    "公司去年買了兩台 DGX Spark 一直放著，想拿來跑 gpt-oss-120b 給我們 8 個人的小組用，這樣夠嗎？",
    "we bought two dgx sparks last year, can they run gpt-oss-120b for our team of 8?",
])
def test_kit_bought_earlier_and_kept_is_owned(text, matcher):
    (owned,) = facts(text, matcher)["owned_devices"]
    assert owned["hardware_id"] == "nvidia-dgx-spark-gb10" and owned["count"] == 2


def test_wanting_to_buy_kit_owns_nothing(matcher):
    assert not facts("想买两台 DGX Spark 跑 gpt-oss-120b，够吗", matcher).get("owned_devices")


@pytest.mark.parametrize(("text", "hardware_id"), [
    ("我手上是 MacBook Air M2 16G，想跑 qwen2.5 7b 自己用", "apple-m2"),
    ("家里有台 3090 的主机，想跑 gemma 3 27b 自己玩", "nvidia-rtx-3090"),
    ("our team already runs an 8xH100 HGX for training, could it also serve deepseek v3 to 100 ppl", "nvidia-h100-sxm"),
    ("we currently use 2 l40s for llama 70b, 40 users, is that still ok?", "nvidia-l40s"),
])
def test_the_machine_in_use_now_is_owned(text, hardware_id, matcher):
    assert [d["hardware_id"] for d in facts(text, matcher)["owned_devices"]] == [hardware_id]
