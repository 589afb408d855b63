"""Kit the lead already has, said the way leads describe their setup or in other words, is owned; a device asked about
stays named, and one still to come, being bought, or a product's variant is not owned."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from knowledge.testing import memory_catalog


@pytest.fixture(scope="module")
def matcher() -> HardwareMatcher:
    catalog = memory_catalog()
    return HardwareMatcher(catalog.hardware, catalog.host_chassis)


@pytest.mark.parametrize(("text", "device", "count"), [
    ("single rtx 5090 here. qwen3-32b for 4 devs, 8k context. enough?", "nvidia-rtx-5090", 1),
    ("2x 3090 here, want llama 70b for me", "nvidia-rtx-3090", 2),
    ("the box under my desk has two 4090s. llama 3.3 70b for 3 of us?", "nvidia-rtx-4090", 2),
    ("our server: 2x L40S. llama 3.1 70b for 15 users, enough?", "nvidia-l40s", 2),
    ("lab machine = 4x 3090. qwen2.5-72b for 10 ppl", "nvidia-rtx-3090", 4),
    ("currently running 2x a6000. want qwen2.5-72b for 5 users", "nvidia-rtx-a6000", 2),
    ("we're on 2x rtx 6000 ada right now. llama 3.3 70b for 10 people, ok?", "nvidia-rtx-6000-ada", 2),
    ("I've an M3 Max 64GB macbook. llama 3.3 70b for me?", "apple-m3-max", 1),
    ("實驗室那台 4 張 3090 的機器，想跑 Qwen2.5-72B 給 10 個人，夠嗎", "nvidia-rtx-3090", 4),
    ("我這邊是一張 H100 80G，要跑 Llama 3.3 70B 給 20 人", None, 1),
    ("机房里放着 4 张 A100 40G，跑 70B 给 30 人", None, 4),
    ("现在这台机器是 2 张 L40S，跑 Llama-3.3-70B 给 15 人够吗", "nvidia-l40s", 2),
    ("单位配的 A100 40G 一张，跑 Qwen2.5-32B 给 8 人", None, 1),
    ("我們現在的伺服器有兩張 A100 80GB，Qwen3-235B 給 20 人可以嗎", None, 2),
    ("家里一张 3090，想跑 Qwen2.5-32B 自己用", "nvidia-rtx-3090", 1),
    ("公司買了一台 DGX Spark 放在機房，想跑 gpt-oss-120b 給 2 個工程師", "nvidia-dgx-spark-gb10", 1),
    # said as what their machine is, as what they hold in other words, as devices referred to as known ("the two L40S",
    # "那台 8 卡 4090"), or beside a purchase needed only if it falls short ("… or do we need to buy more?")
    ("Our inference server is a single A100 80GB. want llama 3.3 70b", None, 1),
    ("Current hardware: 2x L40S. want llama 3.3 70b", "nvidia-l40s", 2),
    ("the team's box is a 2x 4090 workstation. llama 3.3 70b for 3 people", "nvidia-rtx-4090", 2),
    ("our group's only GPU is an RTX 6000 Ada. want qwen3-32b for 12 people", "nvidia-rtx-6000-ada", 1),
    ("my homelab has 2x 3090. want llama 3.3 70b", "nvidia-rtx-3090", 2),
    ("our delivery robot has a jetson agx orin 32gb onboard. want qwen3-30b-a3b locally", "nvidia-jetson-agx-orin-32gb", 1),
    ("there are 4 rtx 3090s in our server. want llama 3.3 70b", "nvidia-rtx-3090", 4),
    ("rig: 2x 3090. want llama 3.3 70b", "nvidia-rtx-3090", 2),
    ("we're sitting on 4 A100 40GB from an old project. want llama 3.3 70b", None, 4),
    ("I run a dual 3090 rig at home. want llama 3.3 70b", "nvidia-rtx-3090", 2),
    ("I'm running a mac studio m2 ultra with 192gb. want qwen3-235b-a22b", "apple-m2-ultra", 1),
    ("we've only got the one L40S. want llama 3.3 70b", "nvidia-l40s", 1),
    ("we can use the 2 L40S that the ML team isn't using. want llama 3.3 70b", "nvidia-l40s", 2),
    ("llama 3.3 70b for 10 people. will the A100 80GB handle it or do we need to buy something bigger?", None, 1),
    ("2x L40S enough for llama 3.3 70b, 10 people, or do we need to buy new gpus?", "nvidia-l40s", 2),
    ("机器是两张 4090，想跑 llama 3.3 70b", "nvidia-rtx-4090", 2),
    ("服务器配置：4 张 3090，想跑 llama 3.3 70b", "nvidia-rtx-3090", 4),
    ("服务器里面插着 4 张 L40S，跑 llama 3.3 70b 给 20 人", "nvidia-l40s", 4),
    ("我们这边的服务器是两张 A100 80G，想跑 Qwen3-235B-A22B", None, 2),
    ("自己攒了台双 3090 的机器，想跑 llama 3.3 70b", "nvidia-rtx-3090", 2),
    ("之前训练剩下的 8 张 A100 40G，想跑 llama 3.3 70b，20 人同时", None, 8),
    ("老板给了我们一台 8 卡 4090，想跑 Qwen3-235B-A22B", "nvidia-rtx-4090", 8),
    ("组里只有一张 RTX 6000 Ada（48G）。想上 Qwen3-32B", "nvidia-rtx-6000-ada", 1),
    ("我们现在就一张 A100 80G，想跑 llama 4 scout", None, 1),
    ("研究室那台有四張 3090，想跑 llama 3.3 70b", "nvidia-rtx-3090", 4),
    ("两张 4090 够吗？还是得买新的。llama 3.3 70b，5 个人用", "nvidia-rtx-4090", 2),
    ("想用那两张 L40S 跑 llama 3.3 70b，够不够？", "nvidia-l40s", 2),
    ("不想再花钱，就用这两张 3090 跑 llama 3.3 70b，3 个人用", "nvidia-rtx-3090", 2),
    # a pair said after the device, or twins
    ("we have a 3090 pair. llama 3.3 70b for 3 people", "nvidia-rtx-3090", 2),
    ("llama 3.3 70b for 10 people. is the L40S pair enough or do we have to buy more?", "nvidia-l40s", 2),
    ("we have twin 4090s. llama 3.3 70b", "nvidia-rtx-4090", 2),
    ("我们有一对 3090，跑 llama 3.3 70b", "nvidia-rtx-3090", 2),
])
def test_the_setup_they_describe_is_owned(matcher, text, device, count):
    owned = parse_message(text, hardware=matcher).facts.get("owned_devices") or []
    assert len(owned) == 1
    assert owned[0]["count"] == count
    if device is not None:  # a variant id (PCIe or SXM, 40 or 80 GB) is the matcher's choice, not this rule's
        assert owned[0]["hardware_id"] == device


@pytest.mark.parametrize("text", [
    "would an h100 work here? llama 70b for 20 users",
    "4x h100 here would be overkill? 70b for 10 users",
    "one h100 or two l40s here? 70b for 20",
    # still to come, being bought, or a product's variants
    "the two L40S will be installed next month, 70b for 20 people",
    "should we buy the two L40S the vendor quoted, or one H100? llama 3.3 70b",
    "what is the difference between the two H100 variants for llama 3.3 70b?",
    "our next server is going to be 2x H100. llama 3.3 70b for 20 people",
    "我们想买那台 8 卡 H20，跑 DeepSeek-V3",
    "新服务器里 4 张 H100，跑 llama 3.3 70b",
])
def test_a_device_asked_about_to_come_or_bought_is_not_owned(matcher, text):
    assert not parse_message(text, hardware=matcher).facts.get("owned_devices")
