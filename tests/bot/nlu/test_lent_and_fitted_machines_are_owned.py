"""A machine the lead may use is theirs to size first, however it is said: lent by a boss or colleague ("my manager's
M3 Ultra", "老闆那台 Mac Studio", "同事他那台 Mac mini", "他说可以借给我们组"), bought already ("已经采购了"), handed down
("淘汰下来", "inherited"), at hand ("手邊只有一張"), a clause that opens on having it ("有两张 4090，…"), "my X is a Y",
already fitted where it works ("无人机上已经装了 Jetson", "robots
already carry …"), left from earlier work, running the model today ("we run … on a single H100 PCIe"); a DGX system is
its eight GPUs, and an Ascend part is found by its model number ("8卡910B"). Plans ("if we run it on 4 L40S", "can we run
it on a 5090?") own nothing."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher
from tests.support.named_devices import owned


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


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
    ("我的 MacBook Pro 是 M4 Max 64GB，想在本機跑 Qwen3-30B-A3B", "apple-m4-max"),
    ("實驗室已經採購了一台 Jetson AGX Orin 64GB，要跑 Llama 3.2 3B", "nvidia-jetson-agx-orin-64gb"),
    ("老板那台 Mac Studio（M2 Ultra 192G）平时基本不用，他说可以借给我们组跑模型。", "apple-m2-ultra"),
    ("设计部淘汰下来一台工作站，里面两张 RTX 6000 Ada（48G），想给市场部 15 个人用", "nvidia-rtx-6000-ada"),
    ("老闆說他辦公室那台 RTX 5090 的電腦可以拿去用。想跑 gpt-oss-20b", "nvidia-rtx-5090"),
    ("有两张 4090，想跑 Qwen2.5-72B 做合同审核", "nvidia-rtx-4090"),
    ("手邊只有一張 RTX 3090 24G，想跑 Qwen2.5-72B 給 5 個人同時用", "nvidia-rtx-3090"),
    ("手上一张 H100，跑 Llama-3.3-70B，10 人", "nvidia-h100-sxm"),
    ("my laptop is an m2 macbook air 16gb, want qwen3 8b", "apple-m2"),
    ("we inherited 2 a100 80gb from the research team", "nvidia-a100-80gb-pcie"),
    ("one A100 80GB in the rack. llama 3.3 70b for 5 concurrent users", "nvidia-a100-80gb-pcie"),
    ("our lab has 4 3090s, want qwen2.5-72b", "nvidia-rtx-3090"),
    ("we have two A6000s", "nvidia-rtx-a6000"),
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
    "已经买不到 H100 了，买 H20 够吗",
    "法务部有 30 个人，想买两张 L40S 够吗",
    "有预算买两张 H100",
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


@pytest.mark.parametrize(("text", "found"), [
    ("我們有兩台舊的工作站，各一張 RTX 3090，想跑 Llama 3.1 8B", [("nvidia-rtx-3090", 2)]),
    ("设计部有 3 台工作站，每台一张 RTX 4090（24G）", [("nvidia-rtx-4090", 3)]),
    ("we've got 3 workstations w/ an rtx a6000 each (48gb, the ampere one) left over", [("nvidia-rtx-a6000", 3)]),
    ("we have 3 workstations each with a 4090", [("nvidia-rtx-4090", 3)]),
    ("we have 2 servers with 4x l40s each", [("nvidia-l40s", 8)]),  # counted once, not machines × nodes × cards
    ("we have 2 servers, 8 h100 each", [("nvidia-h100-sxm", 16)]),
])
def test_a_device_said_per_machine_counts_every_machine(text, found, matcher):
    assert owned(text, matcher) == found
