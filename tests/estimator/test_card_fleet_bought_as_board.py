"""A named board-sold chip counted as cards ("one H100") is sized as its card; when the need takes a board's worth of
those cards or more, the chip on its baseboard is priced beside the card fleet and the better of the two leads
(`named.named_purchases`, `sold_singly.board_variant`).

Expectations from first principles, written before running:
- Llama 3.1 405B at FP8 is ~405 GB of weights. An H100 PCIe card holds 80 GB (~74 GB usable): at least 6 cards for the
  weights alone, more than the 4 of the smallest HGX H100 board. Bought as cards they go 4 to a server and the
  tensor-parallel group spans servers over the network; on HGX boards the same chip has 3.35 TB/s (vs 2.0) and NVLink.
  A lead of 6+ PCIe cards where the boards of the chip the user named are cheaper per served token is not what an
  engineer answers "one H100" with: the lead is the H100 SXM in whole boards (a multiple of 4).
- An 8B model at FP8 (~8 GB) for a few users fits one card with room to spare: "one H200" stays the one H200 NVL card
  (the board is never considered below a board's worth).
"""

from __future__ import annotations

import pytest

from estimator.advice.recommend import recommend
from estimator.advice.sold_singly import board_variant
from estimator.workload import NamedDevice, Workload


@pytest.mark.parametrize(("card", "board"), [
    ("nvidia-h100-pcie", "nvidia-h100-sxm"), ("nvidia-h200-nvl", "nvidia-h200-sxm"), ("nvidia-h100-nvl", "nvidia-h100-sxm"),
    ("nvidia-h100-sxm", None),  # a module is the board form itself
    ("nvidia-rtx-4090", None),  # no form suffix: no other form of the chip
])
def test_the_board_form_of_a_card(catalog, card, board):
    found = board_variant(catalog, catalog.hardware_by_id(card))
    assert (found.id if found else None) == board


@pytest.mark.xfail(strict=True, reason="session 24 (k-asked): a yes/no on one device at a stated count ('one H100') "
                   "leads only at that count; past it the ranking's answer leads (4x H200 SXM, $136.6k) and the named "
                   "answer says the H100 card never fits, without the H100 SXM board beside it: the lead decides "
                   "between this rule (the r9 reviewer's hans-02: not 8x H20 at $116.6k for a load two $13k cards carry) "
                   "and the board-of-the-chip lead")
def test_a_card_fleet_past_a_board_leads_with_the_board_of_the_chip_named(catalog):
    workload = Workload(model_params_b=405, quantization="FP8", concurrent_users=10,
                        named_devices=[NamedDevice(hardware_id="nvidia-h100-sxm", count=1)])
    rec = recommend(workload, catalog)
    assert rec.primary is not None
    assert rec.primary.hardware_id == "nvidia-h100-sxm"
    assert rec.primary.count % 4 == 0


def test_one_card_enough_stays_one_card(catalog):
    workload = Workload(model_params_b=8, quantization="FP8", concurrent_users=4,
                        named_devices=[NamedDevice(hardware_id="nvidia-h100-sxm", count=1)])
    rec = recommend(workload, catalog)
    assert rec.primary is not None
    assert (rec.primary.hardware_id, rec.primary.count) == ("nvidia-h100-pcie", 1)
