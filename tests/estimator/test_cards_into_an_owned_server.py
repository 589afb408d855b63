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


def _top_up_capex(hardware_id: str, count: int, owned: int, *existing: str) -> float:
    workload = Workload(model_params_b=32, concurrent_users=3, existing_hardware=list(existing) or None)
    return tco(_hw(hardware_id), count, workload, served_tokens_per_s=100.0, owned_units=owned).capex_usd


def test_a_card_added_beside_an_owned_one_in_a_machine_with_a_free_slot_buys_no_host() -> None:
    # "我們有一台工作站，已經插了一張 RTX 4090，主機板還有一個空槽": the second 4090 goes into that workstation ($1,599).
    card = _hw("nvidia-rtx-4090").price_usd or 0.0
    assert _top_up_capex("nvidia-rtx-4090", 2, 1, "workstation_host", "gpu_workstations") == pytest.approx(card)
    assert _top_up_capex("nvidia-rtx-4090", 2, 1, "server_host") == pytest.approx(card)
    # An owned consumer card is in a desktop, which takes a second one ("只有一张 3090 … 要买什么卡": a second 3090);
    # a third grows the box into a multi-card server. With no machine of theirs known, the difference is bought.
    assert _top_up_capex("nvidia-rtx-4090", 2, 1, "gpu_workstations") == pytest.approx(card)
    assert _top_up_capex("nvidia-rtx-4090", 3, 1, "gpu_workstations") == pytest.approx(2 * card + MULTI_CARD_HOST - ONE_CARD_HOST)
    assert _top_up_capex("nvidia-rtx-4090", 2, 1) == pytest.approx(card + MULTI_CARD_HOST - ONE_CARD_HOST)


def test_a_data_center_card_added_in_a_workstation_still_needs_a_server() -> None:
    # A passive H100 PCIe relies on server airflow whatever desk-side slot is free (`hosts.owned_host_servers`).
    card = _hw("nvidia-h100-pcie").price_usd or 0.0
    assert _top_up_capex("nvidia-h100-pcie", 2, 1, "workstation_host") > card
