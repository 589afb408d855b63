"""Parts NVIDIA makes for the Chinese market only (H20, L20, RTX 4090 D) compete only where the user names one:
a buyer elsewhere cannot order them (export-compliant SKUs sold through Chinese distributors), so an English team's
reasoning box must not become 8x H20 because its price per card is lower than an MI300X's."""

from __future__ import annotations

from estimator.advice.candidates import china_market_only, exclusion
from estimator.workload import NamedDevice, Workload


def _pair(catalog, hardware_id):  # type: ignore[no-untyped-def]
    hw = next(h for h in catalog.hardware if h.id == hardware_id)
    stack = next(s for s in catalog.stacks if s.id in hw.software_stacks and s.runs_on(hw.kind))
    return hw, stack


def test_china_market_parts_are_read_from_their_names(catalog):
    names = {hw.id for hw in catalog.hardware if china_market_only(hw)}
    assert {"nvidia-h20", "nvidia-l20", "nvidia-rtx-4090d"} <= names
    assert "nvidia-h200-sxm" not in names and "nvidia-rtx-4090" not in names


def test_an_unnamed_china_market_part_is_not_bought_and_a_named_one_is(catalog):
    hw, stack = _pair(catalog, "nvidia-h20")
    workload = Workload(model_params_b=235, concurrent_users=32)
    assert exclusion(workload, hw, stack, existing=False).key == "reason.china_market"
    named = workload.model_copy(update={"named_devices": [NamedDevice(hardware_id="nvidia-h20")]})
    assert exclusion(named, hw, stack, existing=False) is None
    assert exclusion(workload, hw, stack, existing=True) is None  # owned: nothing is bought
