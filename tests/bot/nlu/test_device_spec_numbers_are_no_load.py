"""A device's spec said beside its name (memory, form factor, "8 卡", "(24G)", "x8") is read with the device as one
span: its numbers are never a head count, a concurrency or a length ("A100 40G" is no 40 people)."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from tests.bot.nlu.engine_turns import chat_engine, recommended


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


@pytest.mark.parametrize(("text", "people", "device", "count"), [
    ("机房里有台之前训练用的 8 卡 A100 40G（SXM 的），现在闲着，想跑 32B 给研发 100 来号人", 100, "nvidia-a100-40gb-sxm", 8),
    ("我们用的 A100 40G，8 卡 SXM 的，能不能撑 72B 给 150 人", 150, "nvidia-a100-40gb-sxm", 8),
    ("A100 40G x8 (SXM4) in the rack already. 70b for maybe 200 people?", 200, "nvidia-a100-40gb-sxm", 8),
    ("組裡有一台機器插了 4 張 4090（24G），想給 20 人的研發組跑 32B", 20, "nvidia-rtx-4090", 4),
])
def test_a_device_spec_gives_no_people_and_its_count_is_the_devices(text, people, device, count, matcher):
    facts = parse_message(text, hardware=matcher).facts
    # the only people are the stated ones: 40 / 24 (the memory) are nobody
    assert facts.get("total_users") == people
    assert facts.get("concurrent_users") in (None, people)
    owned = facts.get("owned_devices") or []
    assert [(d["hardware_id"], d["count"]) for d in owned] == [(device, count)]


def test_a_memory_size_in_brackets_is_no_length(matcher):
    facts = parse_message("4 张 4090（24G）跑 14B，上下文 8k", hardware=matcher).facts
    assert facts.get("context_length") == 8192 and "prompt_tokens" not in facts


def test_owned_training_box_with_its_spec_is_used_through_the_engine(tmp_path):
    # 8 x A100 40 GB = 320 GB; Qwen2.5-32B BF16 ~65 GB + KV for ~16 of 80 devs at ~16k x 256 KiB ~ 67 GB: it fits, so
    # the answer is what they own, bought for nothing (read as "40 at once", it would still fit: the check is the
    # reading, then the capex)
    reply = recommended(chat_engine(tmp_path), "spec", "机房里有台 8 卡 A100 40G（SXM 的）闲着，想跑 Qwen2.5-32B 给 80 来号研发当代码助手，"
                        "上下文 32k 左右，还要买吗", "直接推荐")
    assert reply.slots.get("total_users") == 80 and reply.slots.get("concurrent_users") != 40
    assert reply.recommendation.primary.existing and reply.recommendation.primary.capex_usd == 0
