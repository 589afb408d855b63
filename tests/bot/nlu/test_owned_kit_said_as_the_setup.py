"""Kit the lead already has, said the way leads describe their setup, is owned; a device asked about stays named."""

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
])
def test_a_device_asked_about_here_is_not_owned(matcher, text):
    assert not parse_message(text, hardware=matcher).facts.get("owned_devices")
