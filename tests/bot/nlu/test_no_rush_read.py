"""No hurry for the answers, said outright, is read as `unhurried` (and seed 1's acceptable band); "usable is
enough" is the band alone."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", [
    "5 researchers, one or two at a time, no rush",
    "nobody's in a hurry, it's for internal research",
    "fine if the thinking takes a while",
    "一次大概一兩個人在用，不趕時間",
    "慢一點沒關係，給法務用",
    "不着急，慢慢出字也没关系",
])
def test_no_rush_is_unhurried_and_acceptable(text):
    facts = parse_message(text).facts
    assert facts.get("unhurried") is True
    assert facts.get("speed_band") == "acceptable"


@pytest.mark.parametrize("text", ["it just needs to be usable", "doesn't need to be blazing fast", "体验别太差就行"])
def test_usable_is_enough_is_not_no_rush(text):
    facts = parse_message(text).facts
    assert facts.get("speed_band") == "acceptable"
    assert not facts.get("unhurried")
