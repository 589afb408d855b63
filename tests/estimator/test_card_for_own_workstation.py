"""A card bought for a desktop or workstation the user owns is costed without a host; no device in it is owned.

Seed 1 prices a team's card inside a $4,400 server, and says a person with a desktop ("如果他們有帶 GPU 的桌機")
puts the card into it: capex is the card alone. Said as "a card into my workstation" (`workstation_host`), the
card is still bought (its price counts), unlike an owned GPU workstation (`gpu_workstations`) whose card is owned.
"""

from __future__ import annotations

import pytest

from estimator.costing.tco import tco
from estimator.workload import Workload
from knowledge.testing import memory_catalog

HOST = 4_400.0  # seed 1's one-card host server


def _card(price: float):
    hw = memory_catalog().hardware_by_id("nvidia-rtx-5090")
    assert hw is not None
    return hw.model_copy(update={"price_usd": price, "price_basis": "test price"})


def test_a_card_for_an_owned_workstation_is_the_card_alone() -> None:
    card = _card(2_000.0)
    alone = Workload(model_params_b=27, concurrent_users=1, existing_hardware=["workstation_host"])
    served = Workload(model_params_b=27, concurrent_users=1)
    assert tco(card, 1, alone, served_tokens_per_s=30.0).capex_usd == pytest.approx(2_000.0)
    assert tco(card, 1, served, served_tokens_per_s=30.0).capex_usd == pytest.approx(2_000.0 + HOST)

