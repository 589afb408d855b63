"""A count of a board-sold device said as cards ("one h200", "两张 H100") is taken as the same chip's card: an H200
SXM module is sold only on baseboards, the H200 NVL one card at a time (the catalog names both by one stem). A count
in whole boards, "how many", a chip with no card variant, or a device the user owns is left as asked."""

from __future__ import annotations

import pytest

from estimator.advice.candidates import purchase_unit
from estimator.advice.sold_singly import card_variant, with_card_variants
from estimator.workload import NamedDevice, Workload


@pytest.mark.parametrize(("module", "card"), [
    ("nvidia-h200-sxm", "nvidia-h200-nvl"),
    ("nvidia-h100-sxm", "nvidia-h100-pcie"),  # the same 80 GB before the 94 GB NVL
    ("nvidia-a100-80gb-sxm", "nvidia-a100-80gb-pcie"),
    ("nvidia-b200-hgx", None),  # no B200 card in the catalog
    ("amd-mi300x", None),  # sold only as OAM modules
])
def test_the_card_of_a_module_is_the_same_chip_sold_singly(catalog, module, card):
    found = card_variant(catalog, catalog.hardware_by_id(module))
    assert (found.id if found else None) == card
    if found is not None:
        assert purchase_unit(found) == 1 and purchase_unit(catalog.hardware_by_id(module)) > 1


def _named(catalog, count, **facts):
    workload = Workload(model_params_b=70, named_devices=[NamedDevice(hardware_id="nvidia-h200-sxm", count=count)],
                        **facts)
    changed, notes = with_card_variants(workload, catalog)
    return [d.hardware_id for d in changed.named_devices or []], [n.key for n in notes]


def test_one_h200_is_the_nvl_card_and_the_note_says_so(catalog):
    assert _named(catalog, 1) == (["nvidia-h200-nvl"], ["note.card_variant"])


def test_whole_boards_and_how_many_stay_as_asked(catalog):
    board = purchase_unit(catalog.hardware_by_id("nvidia-h200-sxm"))
    assert _named(catalog, board) == (["nvidia-h200-sxm"], [])
    assert _named(catalog, None) == (["nvidia-h200-sxm"], [])


def test_an_owned_module_is_not_swapped(catalog):
    assert _named(catalog, 1, existing_hardware_ids=["nvidia-h200-sxm"]) == (["nvidia-h200-sxm"], [])
