"""A vendor the buyer rules out is never bought: no option, primary or alternative, comes from it, and each
of its devices says why it was left out. Hardware of that vendor the buyer already owns is still theirs to
use (it is there; the rule is about purchases)."""

from __future__ import annotations

from estimator.advice.candidates import enumerate_candidates
from estimator.advice.recommend import recommend
from estimator.workload import OwnedDevice, Workload


def test_no_option_comes_from_a_vendor_ruled_out(catalog):
    workload = Workload(model_params_b=32, concurrent_users=50, excluded_vendors=["NVIDIA"])
    rec = recommend(workload, catalog)
    options = [rec.primary, *rec.alternatives]
    vendors = {catalog.hardware_by_id(o.hardware_id).vendor for o in options if o is not None}
    assert vendors and "NVIDIA" not in vendors
    _, excluded = enumerate_candidates(workload, catalog)
    nvidia = [hw.id for hw in catalog.hardware if hw.vendor == "NVIDIA"]
    assert all(excluded[i].key == "reason.vendor_excluded" for i in nvidia)


def test_the_same_workload_without_the_rule_may_buy_nvidia(catalog):
    # The rule is what moves the answer: without it, this workload's candidates include NVIDIA cards.
    eligible, _ = enumerate_candidates(Workload(model_params_b=32, concurrent_users=50), catalog)
    assert any(c.hardware.vendor == "NVIDIA" for c in eligible)


def test_owned_hardware_of_a_vendor_ruled_out_is_still_used(catalog):
    owned = [OwnedDevice(hardware_id="nvidia-l40s", count=2)]
    workload = Workload(model_params_b=8, concurrent_users=10, excluded_vendors=["NVIDIA"], owned_devices=owned,
                        existing_hardware_ids=["nvidia-l40s"])  # as the reading fills both
    eligible, _ = enumerate_candidates(workload, catalog)
    assert any(c.existing and c.hardware.id == "nvidia-l40s" for c in eligible)
    assert not any(not c.existing and c.hardware.vendor == "NVIDIA" for c in eligible)
