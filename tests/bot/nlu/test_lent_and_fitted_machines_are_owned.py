"""A machine the lead may use is theirs to size first, however it is said: lent by a boss or colleague ("my manager's
M3 Ultra", "老闆那台 Mac Studio", "同事他那台 Mac mini"), already fitted where it works ("无人机上已经装了 Jetson", "robots
already carry …"), left from earlier work, running the model today ("we run … on a single H100 PCIe"); a DGX system is
its eight GPUs, and an Ascend part is found by its model number ("8卡910B"). Plans ("if we run it on 4 L40S", "can we run
it on a 5090?") own nothing."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher():
    from knowledge.testing import memory_catalog

    return HardwareMatcher(memory_catalog().hardware)


def owned(text: str, matcher: HardwareMatcher) -> list[tuple[str, int]]:
    return [(d["hardware_id"], d["count"]) for d in parse_message(text, hardware=matcher).facts.get("owned_devices") or []]


@pytest.mark.parametrize(("text", "device"), [
    ("my manager's M3 Ultra Mac Studio (96GB) sits free most of the day, he said we can use it", "apple-m3-ultra"),
    ("老闆那台 Mac Studio M2 Ultra 192GB 平常只拿來剪片，他說可以借我們組用", "apple-m2-ultra"),
    # the catalog holds the 64 GB M4 Pro Mac mini as a row of its own (apple-m4-pro-64gb): the machine said
    ("同事他那台 Mac mini（M4 Pro 64G）基本闲着", "apple-m4-pro-64gb"),
    ("隔壁組同事那台 5090 的主機說可以給我們用", "nvidia-rtx-5090"),
    ("老板的 M4 Max 可以先拿来试", "apple-m4-max"),
    ("无人机上已经装了Jetson AGX Orin 64GB，电池只给AI模块留30W", "nvidia-jetson-agx-orin-64gb"),
    ("robots already carry jetson orin nano super 8gb dev kits", "nvidia-jetson-orin-nano-super-8gb"),
    ("we run qwen2.5-72b AWQ on a single H100 PCIe for ~10 users today", "nvidia-h100-pcie"),
    ("我自己有一台 Mac Studio M2 Ultra 192GB，想在本機跑 Qwen3-235B-A22B，夠嗎？", "apple-m2-ultra"),
    ("我們這邊已經有兩張 L40S", "nvidia-l40s"),
    ("只有一张 3090。要跑 Qwen3-14B 的 BF16 原版权重", "nvidia-rtx-3090"),
    ("our inference box has 4x RTX 3090. thinking qwen2.5-72b", "nvidia-rtx-3090"),
    ("有台 Mac Studio M3 Ultra 96GB 在辦公室，想跑 Llama 3.3 70B", "apple-m3-ultra"),
])
def test_a_lent_fitted_or_running_machine_is_owned(text, device, matcher):
    assert [d for d, _ in owned(text, matcher)] == [device]


@pytest.mark.parametrize("text", [
    "if we run it on 4 l40s is that enough?",
    "can we run qwen 32b on a 5090?",
    "we want to run llama on an l40s",
    "my manager's budget is $20k, would an l40s do?",
    "老板的意思是买两张 H100",
    "我们这边有20个人要用，买两张 L40S 够吗",
    "只有2张 H20 能买到，够吗",
])
def test_a_plan_or_a_person_without_a_machine_owns_nothing(text, matcher):
    assert owned(text, matcher) == []


@pytest.mark.parametrize(("text", "found"), [
    ("there's a DGX A100 (8x 40GB) left from our old training runs", [("nvidia-a100-40gb-sxm", 8)]),
    ("we have 2 dgx h100 boxes", [("nvidia-h100-sxm", 16)]),
    ("we have a dgx h100 box with 8 h100s", [("nvidia-h100-sxm", 8)]),  # the GPUs named again are counted once
    ("我们有一台 Atlas 800I A2（8卡910B）之前做训练的", [("huawei-ascend-910b", 8)]),
])
def test_a_dgx_is_eight_gpus_and_an_ascend_part_is_found_by_its_number(text, found, matcher):
    assert owned(text, matcher) == found
