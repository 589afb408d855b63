"""A form factor said beside a device (SXM, PCIe, NVL; before or after it, in brackets or not) names that
variant: an 8-GPU SXM training box and its PCIe twin differ in power and fabric, and the catalog keeps both."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


def owned_ids(text: str, matcher: HardwareMatcher) -> list[str]:
    return [d.get("hardware_id") for d in parse_message(text, hardware=matcher).facts.get("owned_devices", [])]


@pytest.mark.parametrize(("text", "expected"), [
    ("机房里有台 8 卡 A100 40G（SXM 的），想跑 qwen3-32b 给 20 人用", "nvidia-a100-40gb-sxm"),
    ("機房有一台 A100 80G SXM 的訓練機閒著，想跑 qwen3-32b 給 20 人", "nvidia-a100-80gb-sxm"),
    ("we have 8x A100 40GB (pcie) idle, qwen3-32b for 20 users", "nvidia-a100-40gb-pcie"),
    ("we've got two H100 NVL cards doing nothing, qwen3-32b for 20 users", "nvidia-h100-nvl"),
    ("我们有 4 张 PCIe 版 H100，想跑 qwen3-32b 给 20 人", "nvidia-h100-pcie"),
])
def test_the_form_said_beside_a_device_picks_its_variant(text, expected, matcher):
    assert owned_ids(text, matcher) == [expected]


def test_two_forms_said_leave_each_device_its_own(matcher):
    # "4 h100 sxm and 4 h100 pcie": each mention keeps the form said with it
    ids = owned_ids("we own 4 h100 sxm and 4 h100 pcie, qwen3-32b for 20 users", matcher)
    assert sorted(ids) == ["nvidia-h100-pcie", "nvidia-h100-sxm"]
