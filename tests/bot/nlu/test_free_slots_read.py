"""How many x16 slots are free in the host they own is read as said (`free_slots`): it caps the cards that host takes."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "slots"), [
    ("our R750 has two free x16 slots, want to add L40S for a 70b", 2),
    ("the box has 3 pcie x16 slots open", 3),
    ("there's a free slot in our server", 1),
    ("我们已有一台服务器，空着两个 x16 槽，想加 L40S", 2),
    ("工作站已經插了一張 4090，主機板還有一個空槽", 1),
    ("現有的伺服器還有 2 個空的 PCIe 槽", 2),
])
def test_free_slots_are_read_as_a_count(text, slots):
    assert parse_message(text).facts.get("free_slots") == slots


@pytest.mark.parametrize("text", ["we want 2 L40S for 40 users", "两张 L40S 给 40 人用", "a slot machine of a model"])
def test_no_slots_said_reads_none(text):
    assert "free_slots" not in parse_message(text).facts


@pytest.fixture(scope="module")
def matcher(catalog):
    from bot.nlu import HardwareMatcher

    return HardwareMatcher(catalog.hardware, catalog.host_chassis)


@pytest.mark.parametrize(("text", "slots"), [
    # Dell supports two double-width GPUs in an R760 and four in an R760xa (host_chassis.csv): less the owned cards in it
    ("our R760 already has one L40S, what do we add for a 32b?", 1),
    ("我们有一台 Dell R760xa，空的，想加卡跑 70B", 4),
    ("我們的 R760xa 已經插了兩張 L40S", 2),
    ("our R760 has one free x16 slot", 1),  # said wins over the catalog's count
])
def test_a_named_owned_chassis_gives_its_free_slots(text, slots, matcher):
    facts = parse_message(text, hardware=matcher).facts
    assert facts.get("free_slots") == slots
    assert "server_host" in facts["existing_hardware"]


def test_a_chassis_to_be_bought_is_no_owned_host(matcher):
    facts = parse_message("thinking about buying an R760 for 2 L40S", hardware=matcher).facts
    assert "free_slots" not in facts and "server_host" not in (facts.get("existing_hardware") or [])
