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
