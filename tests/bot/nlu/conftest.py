"""Fixtures shared by the reading tests."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message


@pytest.fixture(scope="module")
def read(catalog):
    """The facts one message states, read with the shipped catalog's devices and dated exchange rates."""
    matcher = HardwareMatcher(catalog.hardware)
    return lambda text: parse_message(text, hardware=matcher, rates=catalog.fx_rates).facts
