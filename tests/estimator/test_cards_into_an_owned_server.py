"""Cards bought for a server the user already has (`server_host`: a free slot in it) are costed without that server's
host: the first server's worth of cards goes in, and only servers beyond it are bought. Modules whose price
buys their vendor's server are unaffected (`hosts.owned_host_servers`). Seed 1's host figures:
$4,400 for one card, $8,600 for a box of several (`TcoAssumptions`)."""

from __future__ import annotations

import pytest

from estimator.costing.tco import tco
from estimator.workload import Workload
from knowledge.testing import memory_catalog

ONE_CARD_HOST, MULTI_CARD_HOST = 4_400.0, 8_600.0


def _hw(hardware_id: str):
    hw = memory_catalog().hardware_by_id(hardware_id)
    assert hw is not None
    return hw


def _capex(hardware_id: str, count: int, *existing: str) -> float:
    workload = Workload(model_params_b=14, concurrent_users=8, existing_hardware=list(existing) or None)
    return tco(_hw(hardware_id), count, workload, served_tokens_per_s=100.0).capex_usd


def test_one_card_into_the_owned_server_is_the_card_alone() -> None:
    card = _hw("huawei-atlas-300i-duo").price_usd or 0.0
    assert _capex("huawei-atlas-300i-duo", 1, "server_host") == pytest.approx(card)
    assert _capex("huawei-atlas-300i-duo", 1) == pytest.approx(card + ONE_CARD_HOST)


def test_a_second_server_beyond_the_owned_one_is_still_bought() -> None:
    card = _hw("huawei-atlas-300i-duo").price_usd or 0.0
    # 4 cards per Atlas 800 inference server: 8 cards fill the owned one and one more
    assert _capex("huawei-atlas-300i-duo", 8, "server_host") == pytest.approx(8 * card + MULTI_CARD_HOST)
    assert _capex("huawei-atlas-300i-duo", 8) == pytest.approx(8 * card + 2 * MULTI_CARD_HOST)


def test_a_consumer_card_bought_without_a_server_is_unchanged() -> None:
    # a workstation card for one person into their own desktop is already host-free; the owned server adds nothing
    card = _hw("nvidia-rtx-4090d").price_usd or 0.0
    assert _capex("nvidia-rtx-4090d", 2, "server_host") == pytest.approx(2 * card)
