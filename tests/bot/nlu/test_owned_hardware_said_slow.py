"""Hardware said to be slow or struggling at the load it carries ("our 2x L40S are getting slow with 120 users",
"4张4090 高峰时卡得不行", "兩張 L40S … 撐不住") is running, so it is theirs, and the complaint is a fact
(`owned_falls_short`): an observation the estimate must not overrule."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.hardware import HardwareMatcher
from estimator.catalog import Catalog


@pytest.fixture(scope="module")
def matcher(catalog: Catalog) -> HardwareMatcher:
    return HardwareMatcher(catalog.hardware)


@pytest.mark.parametrize(("text", "device", "count"), [
    ("the 3 L40S we run the 14b on are choking at lunch, ~90 people", "nvidia-l40s", 3),
    ("a single RTX 6000 Ada serving mistral small, it's crawling at 25 concurrent", "nvidia-rtx-6000-ada", 1),
    ("8 h20 跑 qwen2.5-72b，用户一多就扛不住了", "nvidia-h20", 8),
    ("两张4090跑14b，客服40人同时用，慢得不行", "nvidia-rtx-4090", 2),
    ("我們的 4 張 L40S 跑 32B，下午尖峰 70 人就跟不上了", "nvidia-l40s", 4),
])
def test_hardware_said_slow_is_owned_and_the_complaint_is_read(matcher, text, device, count):
    facts = parse_message(text, hardware=matcher).facts
    assert facts["owned_falls_short"] is True
    assert [(d["hardware_id"], d["count"]) for d in facts["owned_devices"]] == [(device, count)]


def test_no_complaint_no_fact(matcher):
    facts = parse_message("we have 2 L40S running a 14b for 120 users", hardware=matcher).facts
    assert "owned_falls_short" not in facts and facts["owned_devices"]


def test_a_device_to_buy_after_a_complaint_is_not_owned(matcher):
    facts = parse_message("our 2 l40s are way too slow for 150 users. should we buy 2 h100s?", hardware=matcher).facts
    assert [d["hardware_id"] for d in facts["owned_devices"]] == ["nvidia-l40s"]
    assert facts["owned_falls_short"] is True


def test_slow_with_nothing_owned_is_no_fact(matcher):
    assert "owned_falls_short" not in parse_message("the hosted api is too slow for 50 users", hardware=matcher).facts


@pytest.mark.parametrize(("text", "users"), [("300 個同時在線的時候延遲爆掉", 300), ("高峰80个同时在用就卡", 80)])
def test_people_on_at_once_left_unsaid_are_streams(text, users):
    assert parse_message(text).facts["concurrent_users"] == users


def test_models_in_use_at_once_are_no_people():
    assert "concurrent_users" not in parse_message("3个同时在用的模型").facts
