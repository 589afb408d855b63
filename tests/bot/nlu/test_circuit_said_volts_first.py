"""A socket or feed labelled volts first ("110V 15A 插座", "a 120V 20A outlet") is a power cap at the 80 % continuous rule.

Servers are continuous loads: a circuit carries 80 % of its rating for 3 h or more (US NEC 210.19(A)/210.20(A)), so
the cap is volts × amps × 0.8, times the number of feeds stated. Expectations are that arithmetic, not product output.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "watts"), [
    ("我們在辦公室（沒機房），只有一般 110V 15A 插座", 110 * 15 * 0.8),
    ("the box sits in a closet on a regular 120V 20A outlet", 120 * 20 * 0.8),
    ("实验室只有一路 220V 16A 的插座", 220 * 16 * 0.8),
    ("facilities gave us two 208V/30A circuits", 2 * 208 * 30 * 0.8),
    ("機房只給一條 220V 30A 的迴路", 220 * 30 * 0.8),
    ("2 x 30A at 208V", 2 * 30 * 208 * 0.8),  # amps first, as before
])
def test_circuit_rating_is_a_continuous_power_cap(text: str, watts: float) -> None:
    facts = parse_message(text).facts
    assert facts["power_budget_w"] == pytest.approx(watts, rel=0.01)


def test_the_feed_count_is_no_stream_count() -> None:
    # "一路" counts one feed of power here, not one concurrent stream ("200 路通话" counts streams).
    facts = parse_message("实验室只有一路 220V 16A 的插座，想跑 Qwen3-32B").facts
    assert "concurrent_users" not in facts


def test_a_voltage_alone_is_no_cap() -> None:
    assert "power_budget_w" not in parse_message("the rack is fed at 208V, llama 70b for 20 users").facts
