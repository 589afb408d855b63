"""A host they own takes as many bought cards as it has free x16 slots, and no more: the rest go into a box of their own,
said and priced. From seed 1's host figures ($4,400 for a one-card server, $8,600 for a multi-card one, four PCIe cards a
server) and the rule that a PCIe slot takes a PCIe card, never an SXM module (which sits on its vendor's baseboard):
- 4 L40S bought, the owned server has 2 free slots: 2 go in it, the other 2 share one new $8,600 box.
- 4 L40S bought, 4 free slots: all in the owned server, no host bought.
- a top-up: 2 L40S owned in it, 5 in all (3 bought), 2 free slots: 2 of the 3 go in, 1 needs a $4,400 box.
- 4 H100 SXM modules, 2 free slots: the slots take none, one modules server is bought (as with no owned host).
- no slot count said: the rule before slots were read stands (the owned server takes a server's worth, 4 cards).
"""

from __future__ import annotations

import pytest

from estimator.costing.tco import tco
from estimator.workload import Workload
from knowledge.testing import memory_catalog

HOST, MULTI = 4_400.0, 8_600.0


def _device(hw_id: str):
    hw = memory_catalog().hardware_by_id(hw_id)
    assert hw is not None
    return hw.model_copy(update={"price_usd": 10_000.0, "price_basis": "test price"})


def _workload(free_slots: int | None) -> Workload:
    return Workload(model_params_b=32, concurrent_users=60, existing_hardware=["server_host"], free_slots=free_slots)


@pytest.mark.parametrize(("hw_id", "count", "owned", "slots", "capex"), [
    ("nvidia-l40s", 4, 0, 2, 4 * 10_000 + MULTI),
    ("nvidia-l40s", 4, 0, 4, 4 * 10_000),
    ("nvidia-l40s", 5, 2, 2, 3 * 10_000 + HOST),
    ("nvidia-l40s", 4, 0, None, 4 * 10_000),
])
def test_free_slots_cap_the_cards_the_owned_host_takes(hw_id, count, owned, slots, capex):
    result = tco(_device(hw_id), count, _workload(slots), served_tokens_per_s=None, owned_units=owned)
    assert result.capex_usd == pytest.approx(capex)


def test_cards_beyond_the_slots_are_said():
    result = tco(_device("nvidia-l40s"), 4, _workload(2), served_tokens_per_s=None)
    (finding,) = [f for f in result.findings if f.id.startswith("host_slots")]
    assert finding.id == "host_slots_short"
    assert (finding.values["held"], finding.values["beyond"], finding.values["servers"]) == (2, 2, 1)


def test_a_pcie_slot_takes_no_sxm_module():
    module = _device("nvidia-h100-sxm")
    with_slots = tco(module, 4, _workload(2), served_tokens_per_s=None)
    no_owned_host = tco(module, 4, Workload(model_params_b=32, concurrent_users=60), served_tokens_per_s=None)
    assert with_slots.capex_usd == pytest.approx(no_owned_host.capex_usd)
    assert [f.id for f in with_slots.findings if f.id.startswith("host_slots")] == ["host_slots_modules"]


def test_a_box_beyond_the_owned_hosts_slots_is_said_in_the_recommendation():
    from bot.api import recommend

    # no slot free in the owned server and a load that needs cards: whatever card is bought, a box is bought with it
    rec = recommend({"model_id": "qwen2.5-32b", "model_params_b": 32.8, "quantization": "FP8", "concurrent_users": 150,
                     "existing_hardware": ["server_host"], "free_slots": 0})
    assert any("free x16 slot" in line for line in rec.assumptions), rec.assumptions
