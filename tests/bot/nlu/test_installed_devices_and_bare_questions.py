"""Hardware said to be installed already is owned ("工作站已经插了一张 4090", "two L40S are already racked"), a plan to
install owns nothing ("想装两张 4090"); and a device named a sentence before a bare yes/no on it ("One L40S. Enough?",
"一张 L40S。够不够？", "兩張 A6000。夠嗎？") is the device asked about, as "would that carry it?" already was."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher
from tests.support.named_devices import named, owned


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


@pytest.mark.parametrize(("text", "device"), [
    ("工作站已经插了一张 4090，想跑 14B", ("nvidia-rtx-4090", 1)),
    ("服务器上装着两张 L20，跑 32B 给 20 人用", ("nvidia-l20", 2)),
    ("机柜里已经上架了 4 张 H20，跑 72B", ("nvidia-h20", 4)),
    ("主機裡面插著一張 3090，想跑 8B", ("nvidia-rtx-3090", 1)),
    ("there's an RTX A6000 plugged into our dev box. 13b for ~8 users", ("nvidia-rtx-a6000", 1)),
    ("two L40S are already racked in the DC. 70b 4bit", ("nvidia-l40s", 2)),
    ("the server has two L40S mounted already, want 70b", ("nvidia-l40s", 2)),
])
def test_installed_devices_are_owned(text, device, matcher):
    assert owned(text, matcher) == [device]


@pytest.mark.parametrize("text", ["想装两张 4090 跑 14B", "the two L40S will be installed next month, 70b"])
def test_a_plan_to_install_owns_nothing(text, matcher):
    assert owned(text, matcher) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("One L40S. Enough? 32b, 20 concurrent", {"nvidia-l40s": 1}),
    ("2x RTX 5090 in one box. good enough? 70b q4 for 8 users", {"nvidia-rtx-5090": 2}),
    ("We could get one H100 PCIe. That gonna be ok? 70b fp8", {"nvidia-h100-pcie": 1}),
    ("一张 L40S。够不够？32B，20 人同时", {"nvidia-l40s": 1}),
    ("打算上两张 4090。能跑得动吗？14B", {"nvidia-rtx-4090": 2}),
    ("兩張 A6000。夠嗎？70B 4bit", {"nvidia-rtx-a6000": 2}),
])
def test_device_before_a_bare_question_is_asked_about(text, expected, matcher):
    assert named(text, matcher) == expected


def test_a_later_sentence_on_something_else_asks_nothing_of_the_device(matcher):
    assert named("We have one L40S. Fine-tuned 13b for 20 people, what should we buy?", matcher) == {}
