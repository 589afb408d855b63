"""A low-voltage supply's label ("12V 1A", "5V 3A USB-C", "19V 6.32A adapter") caps the device at volts × amps.

The 80 % continuous rule is a mains branch circuit's (NEC 210.19(A)); a power supply's label states the output it
delivers continuously, so below mains voltage (100 V is the lowest anywhere) the cap is the product, whole.
Expectations are that arithmetic, not product output.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "watts"), [
    ("it runs off a 12V 1A supply, 1b model", 12 * 1),
    ("powered by a 5V 3A USB-C brick", 5 * 3),
    ("we only have a 19V 6.32A adapter for the mini pc", 19 * 6.32),
    ("24v/2.5a power input on the kiosk", 24 * 2.5),
    ("电源适配器是 20V 3.25A，想跑 7B", 20 * 3.25),
    ("只有一顆 19.5V 3.33A 的變壓器，跑 3B", 19.5 * 3.33),
])
def test_supply_rating_is_its_product(text: str, watts: float) -> None:
    facts = parse_message(text).facts
    assert facts["power_budget_w"] == pytest.approx(watts, abs=0.5)


def test_mains_circuit_keeps_the_continuous_share() -> None:
    facts = parse_message("a regular 120V 20A outlet").facts
    assert facts["power_budget_w"] == pytest.approx(120 * 20 * 0.8, rel=0.01)
