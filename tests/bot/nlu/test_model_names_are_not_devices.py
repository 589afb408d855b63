"""A device's name inside a model's name is part of the model ("MiniMax-M2" is no Apple M2), while a device
named beside the model is still read ("MiniMax-M2 on 4x H20"). Written before the code (6 Dec 2026)."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from bot.wiring import store_model_lookup


@pytest.fixture(scope="module")
def read(catalog):
    from knowledge.testing import shared_memory_store

    matcher, find_model = HardwareMatcher(catalog.hardware), store_model_lookup(shared_memory_store())
    return lambda text: dict(parse_message(text, hardware=matcher, find_model=find_model).facts)


def _devices(facts: dict) -> set[str]:
    named = {d["hardware_id"] for d in facts.get("named_devices", [])}
    owned = {d["hardware_id"] for d in facts.get("owned_devices", [])}
    return named | owned | set(facts.get("existing_hardware_ids", []))


@pytest.mark.parametrize("text", [
    "thinking of running MiniMax-M2 for our coding agents, 30 devs",
    "想部署 MiniMax-M2 给研发用，预算五十万",
    "想用 minimax m2 做客服，大概 50 人同時在線",
])
def test_a_device_name_inside_a_model_name_is_no_device(text, read):
    facts = read(text)
    assert facts.get("model_id") == "minimax-m2"
    assert not any("m2" in device for device in _devices(facts)), facts


@pytest.mark.parametrize(("text", "device"), [
    ("MiniMax-M2 on 4x H20, enough for 40 users?", "h20"),
    ("we have a mac studio m2 ultra, can it run gpt-oss-120b for me alone?", "m2-ultra"),
])
def test_a_device_beside_the_model_is_still_read(text, device, read):
    assert any(device in d for d in _devices(read(text)))
