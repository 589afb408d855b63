"""A named board-sold chip counted as cards ("one H100") is sized as its card; when the need takes a board's worth of
those cards or more, the chip on its baseboard is priced beside the card fleet and the better of the two leads
(`named.named_purchases`, `sold_singly.board_variant`).

Expectations from first principles, written before running:
- Llama 3.1 405B at FP8 is ~405 GB of weights. An H100 PCIe card holds 80 GB (~74 GB usable): at least 6 cards for the
  weights alone, more than the 4 of the smallest HGX H100 board. Bought as cards they go 4 to a server and the
  tensor-parallel group spans servers over the network; on HGX boards the same chip has 3.35 TB/s (vs 2.0) and NVLink.
  6+ PCIe cards is not what an engineer answers "one H100" with: the chip named is answered as the H100 SXM in whole
  boards (a multiple of 4), beside whatever leads.
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


def test_a_card_fleet_past_a_board_shows_the_board_of_the_chip_named(catalog):
    # "One H100" for a 405B is a yes/no at a stated count: the answer is no (405 GB of FP8 weights on an 80 GB card), so
    # the named device does not lead at a count nobody asked for (`recommend._asked_purchase`: a lead is never sold a
    # whole board for a load cheaper parts carry); the chip named is still answered at the count it takes, whole HGX
    # boards of the H100 SXM (a multiple of 4), first among the alternatives when it does not lead.
    workload = Workload(model_params_b=405, quantization="FP8", concurrent_users=10,
                        named_devices=[NamedDevice(hardware_id="nvidia-h100-sxm", count=1)])
    rec = recommend(workload, catalog)
    assert rec.primary is not None
    shown = [rec.primary, *rec.alternatives]
    boards = [o for o in shown if o.hardware_id == "nvidia-h100-sxm"]
    assert boards and all(o.count % 4 == 0 and o.count * 80 >= 405 for o in boards)
    if rec.primary.hardware_id != "nvidia-h100-sxm":
        assert rec.alternatives[0].hardware_id == "nvidia-h100-sxm"


def test_one_card_enough_stays_one_card(catalog):
    workload = Workload(model_params_b=8, quantization="FP8", concurrent_users=4,
                        named_devices=[NamedDevice(hardware_id="nvidia-h100-sxm", count=1)])
    rec = recommend(workload, catalog)
    assert rec.primary is not None
    assert (rec.primary.hardware_id, rec.primary.count) == ("nvidia-h100-pcie", 1)
