"""Naming owned data-center GPUs owns those GPUs only.

"We already have four H100 SXM GPUs" names H100s and calls them GPUs; the word "GPUs" also reads as the
"gpu_workstations" class. The class must not make every workstation card in the catalog free: the buyer owns
four H100s, so an RTX 6000 Ada or an RTX PRO 6000 Max-Q is still a purchase (capex > 0), and the H100s are
what they already have (seed 1: use owned hardware first, cost the rest).
"""

from __future__ import annotations

import pytest

from estimator.advice.candidates import ownership
from estimator.advice.recommend import recommend
from estimator.workload import Workload

H100_OWNER = Workload(existing_hardware=["gpu_workstations"], existing_hardware_ids=["nvidia-h100-sxm"])


@pytest.mark.parametrize("card", ["nvidia-rtx-6000-ada", "nvidia-rtx-pro-6000-blackwell-maxq", "nvidia-rtx-3090"])
def test_a_workstation_card_is_not_owned_by_naming_h100s(catalog, card):
    assert ownership(H100_OWNER, catalog.hardware_by_id(card), catalog) is None


def test_the_named_h100s_stay_owned(catalog):
    assert ownership(H100_OWNER, catalog.hardware_by_id("nvidia-h100-sxm"), catalog) == "named"


def test_gpus_alone_still_own_the_workstation_class(catalog):
    # No device named: "we have some GPUs" keeps meaning the workstation cards people keep idle.
    fleet = Workload(existing_hardware=["gpu_workstations"])
    assert ownership(fleet, catalog.hardware_by_id("nvidia-rtx-6000-ada"), catalog) == "class"


def test_a_70b_fp16_for_one_user_runs_on_the_owned_h100s(catalog):
    # 70B x 2 bytes = 140 GB of weights: two 80 GB H100s hold it; they are owned, so nothing needs buying.
    workload = H100_OWNER.model_copy(update={"model_params_b": 70, "quantization": "FP16", "concurrent_users": 1,
                                             "prompt_tokens": 512, "output_tokens": 256})
    rec = recommend(workload, catalog)
    assert rec.primary.hardware_id == "nvidia-h100-sxm" and rec.primary.existing
    others = [o for o in rec.alternatives if o.existing]
    assert all(o.hardware_id == "nvidia-h100-sxm" for o in others)
