"""Kit the lead has, said as what their machine is, as what they hold in other words, as devices referred to as known
("the two L40S", "那台 8 卡 4090"), or beside a purchase needed only if it falls short ("… or do we need to buy
more?"), is owned; devices still to come, being bought, or a product's variants are not."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from knowledge.testing import memory_catalog


@pytest.fixture(scope="module")
def matcher() -> HardwareMatcher:
    catalog = memory_catalog()
    return HardwareMatcher(catalog.hardware, catalog.host_chassis)


@pytest.mark.parametrize(("text", "device", "count"), [
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
    ("我们这边的服务器是两张 A100 80G，想跑 Qwen3-235B-A22B", None, 2),
    ("自己攒了台双 3090 的机器，想跑 llama 3.3 70b", "nvidia-rtx-3090", 1),
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
def test_kit_said_in_other_words_is_owned(matcher, text, device, count):
    owned = parse_message(text, hardware=matcher).facts.get("owned_devices") or []
    assert len(owned) == 1
    assert owned[0]["count"] == count
    if device is not None:  # a variant id (PCIe or SXM, 40 or 80 GB) is the matcher's choice, not this rule's
        assert owned[0]["hardware_id"] == device


@pytest.mark.parametrize("text", [
    "the two L40S will be installed next month, 70b for 20 people",
    "should we buy the two L40S the vendor quoted, or one H100? llama 3.3 70b",
    "what is the difference between the two H100 variants for llama 3.3 70b?",
    "our next server is going to be 2x H100. llama 3.3 70b for 20 people",
    "我们想买那台 8 卡 H20，跑 DeepSeek-V3",
])
def test_kit_to_come_or_to_buy_is_not_owned(matcher, text):
    assert not parse_message(text, hardware=matcher).facts.get("owned_devices")
