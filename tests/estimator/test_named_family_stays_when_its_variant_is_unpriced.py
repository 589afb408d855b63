"""A device family the lead names stays in the ranking when the variant it was read as has no sourced price.

"H100 or H200?" for a 70B: one H200 is read as its card, the H200 NVL (the SXM module is sold only on boards), and the
catalog has no sourced price for that card, while it has one for the H200 SXM. An unpriced variant cannot be bought,
so the same chip is bought as its priced variant (`sold_singly.priced_variant`), the reply says which, and that
purchase is weighed beside the H100 instead of the H200 vanishing from the answer "because the other has a price".
"""

from __future__ import annotations

import pytest

from estimator.advice.recommend import recommend
from estimator.advice.sold_singly import priced_variant, priced_variant_notes
from estimator.workload import NamedDevice, Workload


@pytest.mark.parametrize(("asked", "variant"), [
    ("nvidia-h200-nvl", "nvidia-h200-sxm"),  # the same 141 GB chip, priced only as the SXM module
    ("nvidia-a100-80gb-pcie", None),  # priced itself since the 2026 new-unit price was sourced: nothing to swap
    ("nvidia-h200-sxm", None),  # priced itself: nothing to swap
    ("nvidia-l20", None),  # no other variant of the chip: stays unpriced, none guessed
    ("nvidia-a100-40gb-pcie", None),  # its only sibling of the same memory (40 GB SXM) has no price either
])
def test_an_unpriced_variant_is_bought_as_the_priced_variant_of_the_same_chip(catalog, asked, variant):
    found = priced_variant(catalog, catalog.hardware_by_id(asked))
    assert (found.id if found else None) == variant
    if found is not None:
        assert found.price_usd is not None and catalog.hardware_by_id(asked).price_usd is None


def _h100_or_h200() -> Workload:
    return Workload(model_params_b=70, quantization="FP8", concurrent_users=15,
                    named_devices=[NamedDevice(hardware_id="nvidia-h100-sxm", count=1),
                                   NamedDevice(hardware_id="nvidia-h200-sxm", count=1)])


def test_the_named_family_stays_in_the_ranking_as_its_priced_variant(catalog):
    """Both chips hold a 70B at FP8 (70.6 GB): the H200 family must be answered as a purchase, never dropped."""
    rec = recommend(_h100_or_h200(), catalog)
    shown = [rec.primary, *rec.alternatives]
    assert any(o.hardware_id == "nvidia-h200-sxm" for o in shown), [o.hardware_id for o in shown]
    assert any(o.hardware_id.startswith("nvidia-h100") for o in shown)
    # the variant bought is said: which one and why (its card has no sourced price)
    keys = [a.key for a in rec.assumptions if hasattr(a, "key")]
    assert "note.priced_variant" in keys


def test_the_note_names_the_priced_variant_only_for_an_unpriced_device_not_owned(catalog):
    unpriced = Workload(model_params_b=70, named_devices=[NamedDevice(hardware_id="nvidia-h200-nvl", count=1)])
    assert [n.params["hardware"] for n in priced_variant_notes(unpriced, catalog)] == ["H200 SXM 141GB"]
    owned = unpriced.model_copy(update={"existing_hardware_ids": ["nvidia-h200-nvl"]})
    assert priced_variant_notes(owned, catalog) == []
    priced = Workload(model_params_b=70, named_devices=[NamedDevice(hardware_id="nvidia-h100-pcie", count=2)])
    assert priced_variant_notes(priced, catalog) == []
