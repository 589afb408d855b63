"""Candidate devices named as a choice ("H200 还是 B200，几台？", "5090 夠嗎還是直接上 RTX PRO 6000？") are each asked about:
in Chinese 还是 right before a device is the choice whether or not a question mark follows it, and a count asked in a
later clause of the sentence ("几台", "幾張") asks how many of the devices named before it (count None)."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from tests.support.named_devices import named


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


@pytest.mark.parametrize(("text", "expected"), [
    ("跑 Kimi K2 FP8，高峰每小时 3600 次调用。H200 还是 B200，几台？", {"nvidia-h200-sxm": None, "nvidia-b200-hgx": None}),
    ("Qwen3-32B 给 30 人用，L40S 还是 RTX PRO 6000，要几张", {"nvidia-l40s": None, "nvidia-rtx-pro-6000-blackwell": None}),
    ("Qwen3-32B 給 30 人用，L40S 還是 RTX PRO 6000，幾張？", {"nvidia-l40s": None, "nvidia-rtx-pro-6000-blackwell": None}),
    ("Qwen3-32B 给 30 人用，两张 L40S 还是一张 RTX PRO 6000", {"nvidia-l40s": 2, "nvidia-rtx-pro-6000-blackwell": 1}),
])
def test_each_device_of_a_choice_is_asked_about_with_how_many_carried(text, expected, matcher):
    assert named(text, matcher) == expected


def test_owned_devices_stay_owned_beside_a_choice(matcher):
    # the owned 4090s are not a candidate to buy; the choice is between the two named after 还是
    facts = parse_message("我们已经有两张 4090，想再买：L40S 还是 RTX PRO 6000？跑 Qwen3-32B 给 20 人", hardware=matcher).facts
    assert [d["hardware_id"] for d in facts.get("owned_devices", [])] == ["nvidia-rtx-4090"]
    assert "nvidia-rtx-4090" not in {d["hardware_id"] for d in facts.get("named_devices", [])}


def test_still_is_not_a_choice(matcher):
    # 还是 meaning "still" before no device names none
    assert named("用 Qwen3-32B 给 30 人，还是觉得太慢", matcher) == {}


@pytest.mark.parametrize(("text", "expected"), [
    ("deciding between 2x H200 NVL and 4x L40S for qwen2.5-72b at fp8, ~25 concurrent users. which is the better buy?",
     {"nvidia-h200-nvl": 2, "nvidia-l40s": 4}),
    ("torn between one rtx pro 6000 and two 5090s for a 32b model", {"nvidia-rtx-pro-6000-blackwell": 1, "nvidia-rtx-5090": 2}),
    ("我们在两张 L40S 和一张 H100 之间纠结，跑 Qwen3-32B", {"nvidia-l40s": 2, "nvidia-h100-sxm": 1}),
])
def test_a_choice_said_as_between_names_each_device_with_its_count(text, expected, matcher):
    assert named(text, matcher) == expected


def test_a_range_between_two_numbers_names_no_device(matcher):
    assert named("somewhere between 10 and 20 users on our l40s box", matcher) == {}
