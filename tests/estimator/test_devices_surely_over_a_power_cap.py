"""What fits a power cap skips, before sizing, the devices whose fewest already draw past it
(`Sizer.surely_over_power`): every option `size` gives such a device must then pass the cap, or the skip would
hide an option within it.

First principles: under 150 W, one H100 SXM (700 W) or RTX 4090 (450 W) is past the cap before any host is
counted, whatever the model; a 128 GB Ryzen AI Max+ 395 box (120 W) is not, and an 8B fits one of them. Under a
cap per rack with the racks unstated the limit grows with the boxes, so nothing is sure."""

from __future__ import annotations

import pytest

from estimator.advice.assume import fill_defaults
from estimator.advice.candidates import enumerate_candidates
from estimator.advice.recommend import default_shortcuts, default_throughput
from estimator.advice.sizing import Sizer
from estimator.workload import Workload


def _sizer(catalog, workload):
    filled, _ = fill_defaults(workload, catalog)
    estimate, capacity = default_throughput()
    return Sizer(filled, catalog, estimate, capacity, shortcuts=default_shortcuts(None)), filled


@pytest.mark.parametrize("workload", [
    Workload(model_params_b=8, concurrent_users=5, power_budget_w=150),
    Workload(model_params_b=70, quantization="FP8", concurrent_users=20, power_budget_w=600),
    Workload(model_params_b=405, concurrent_users=5, power_budget_w=150, ttft_target_ms=5000),
])
def test_every_option_of_a_device_surely_over_the_cap_passes_it(catalog, workload):
    sizer, filled = _sizer(catalog, workload)
    candidates = enumerate_candidates(filled, catalog)[0]
    sure = [c for c in candidates if sizer.surely_over_power(c)]
    assert sure and len(sure) < len(candidates)
    for candidate in sure:
        for option in sizer.size(candidate):
            assert any(v.key == "violation.power" for v in option.violations), (candidate.hardware.id, option.count)


def test_an_h100_is_over_150_w_and_a_120_w_box_is_not(catalog):
    sizer, filled = _sizer(catalog, Workload(model_params_b=8, concurrent_users=5, power_budget_w=150))
    by_device = {c.hardware.id: sizer.surely_over_power(c) for c in enumerate_candidates(filled, catalog)[0]}
    assert by_device["nvidia-h100-sxm"] and by_device["nvidia-rtx-4090"]
    assert not by_device["amd-ryzen-ai-max-395"]


def test_a_cap_per_rack_with_the_racks_unstated_is_never_sure(catalog):
    sizer, filled = _sizer(catalog, Workload(model_params_b=8, concurrent_users=5, power_budget_w=150,
                                             power_budget_scope="per_rack"))
    candidates = enumerate_candidates(filled, catalog)[0]
    assert candidates and not any(sizer.surely_over_power(c) for c in candidates)
