"""Who owns what, what an owned device's power is costed at, and which devices suit which scale.

Rules under test (estimator/advice/candidates.py, docs/recommend.md): a named device is owned by its exact id
(an M4 is not an M4 Pro); an owned device is costed at its own TDP, else its chip's, else the highest
draw of the other owned devices, so a missing figure never makes it the cheapest; organization scale
wants data-center parts by form factor (a blower workstation card with ECC is not one); embedded
modules are edge hardware; one user on their own device has no 1.5× overload to carry.
"""

from __future__ import annotations

import pytest

from bot.wording import word
from estimator.advice.candidates import (
    Candidate,
    chip_power_w,
    enumerate_candidates,
    exclusion,
    fill_owned_power,
    is_datacenter_grade,
    is_embedded_module,
    ownership,
)
from estimator.advice.risks import overload_factor
from estimator.workload import Workload
from tests.estimator.test_recommend import CATALOG, LAPTOP, LLAMA, VLLM, run
from tests.support.worded import assess_risks


def test_a_named_chip_owns_only_that_chip_and_its_npu_block(catalog):
    workload = Workload(existing_hardware=["npu_laptops"], existing_hardware_ids=["apple-m4"])
    assert ownership(workload, catalog.hardware_by_id("apple-m4"), catalog) == "named"
    for bigger in ("apple-m4-pro", "apple-m4-max", "apple-m3-pro"):
        assert ownership(workload, catalog.hardware_by_id(bigger), catalog) is None, bigger
    lunar = Workload(existing_hardware=["npu_laptops"], existing_hardware_ids=["intel-core-ultra-lunar-lake"])
    assert ownership(lunar, catalog.hardware_by_id("intel-lunar-lake-npu"), catalog) == "named"


@pytest.mark.parametrize("soc, npu", [
    ("intel-core-ultra-lunar-lake", "intel-lunar-lake-npu"),
    ("qualcomm-snapdragon-x-elite", "qualcomm-snapdragon-x-elite-npu"),
    ("amd-ryzen-ai-9-hx370", "amd-xdna2-npu"),
])
def test_every_catalog_npu_block_belongs_to_its_laptop_chip(catalog, soc, npu):
    named_soc = Workload(existing_hardware_ids=[soc])
    named_npu = Workload(existing_hardware_ids=[npu])
    assert ownership(named_soc, catalog.hardware_by_id(npu), catalog) == "named"
    assert ownership(named_npu, catalog.hardware_by_id(soc), catalog) == "named"
    assert ownership(named_soc, catalog.hardware_by_id("apple-m4"), catalog) is None


def test_an_unnamed_npu_laptop_is_a_modern_one(catalog):
    # Seed 1: "如果他們有現代筆記型電腦（2024 年以後）" — a 2020 M1 is owned only when named.
    fleet = Workload(existing_hardware=["npu_laptops"])
    assert ownership(fleet, catalog.hardware_by_id("intel-core-ultra-lunar-lake"), catalog) == "class"
    assert ownership(fleet, catalog.hardware_by_id("apple-m1"), catalog) is None
    named = Workload(existing_hardware=["npu_laptops"], existing_hardware_ids=["apple-m1"])
    assert ownership(named, catalog.hardware_by_id("apple-m1"), catalog) == "named"


def test_an_npu_block_is_costed_at_its_laptop_chips_power(catalog):
    npu = catalog.hardware_by_id("intel-lunar-lake-npu")
    soc = catalog.hardware_by_id("intel-core-ultra-lunar-lake")
    assert npu.tdp_w is None and soc.tdp_w
    watts, note = chip_power_w(npu, catalog)
    assert watts == soc.tdp_w and note and soc.name in word(note)


def test_an_owned_device_without_any_power_figure_borrows_the_highest_owned_draw():
    no_power = LAPTOP.model_copy(update={"id": "no-power", "tdp_w": None})
    owned = [Candidate(LAPTOP, LLAMA, True, None), Candidate(no_power, LLAMA, True, None)]
    filled = fill_owned_power(owned, CATALOG)
    assert filled[1].hardware.tdp_w == LAPTOP.tdp_w
    assert filled[1].power_note and "cannot make it cheaper" in word(filled[1].power_note)


def test_a_missing_power_figure_does_not_make_an_owned_laptop_free():
    no_power = LAPTOP.model_copy(update={"id": "laptop-no-power", "tdp_w": None})
    catalog = CATALOG.model_copy(update={"hardware": (*CATALOG.hardware, no_power)})
    rec = run(Workload(deployment_scale="personal", model_params_b=3, existing_hardware=["npu_laptops"],
                       existing_hardware_ids=["laptop-soc", "laptop-no-power"]), catalog)
    by_id = {o.hardware_id: o for o in [rec.primary, *rec.alternatives]}
    costed = by_id.get("laptop-no-power")
    if costed is not None:  # shown: charged the other owned laptop's draw, and says so
        assert costed.tco.annual_power_usd > 0
        assert any("no power figure on record" in line for line in costed.tco_assumptions)
    assert rec.primary.tco.annual_power_usd > 0


def test_organization_scale_wants_datacenter_form_factors_not_ecc_alone(catalog):
    assert not is_datacenter_grade(catalog.hardware_by_id("nvidia-rtx-6000-ada"))  # ECC, but a blower card
    assert not is_datacenter_grade(catalog.hardware_by_id("nvidia-rtx-4090"))
    for part in ("nvidia-l40s", "nvidia-a100-80gb-sxm", "nvidia-h100-sxm", "amd-mi300x", "amd-mi210"):
        assert is_datacenter_grade(catalog.hardware_by_id(part)), part
    org = Workload(total_users=800, concurrent_users=800, model_params_b=7)
    ada = catalog.hardware_by_id("nvidia-rtx-6000-ada")
    assert "data-center" in word(exclusion(org, ada, catalog.stack("vllm-cuda"), existing=False) or "")


def test_embedded_modules_are_edge_hardware_only(catalog):
    jetson = catalog.hardware_by_id("nvidia-jetson-orin-nano-super-8gb")
    assert is_embedded_module(jetson)
    assert not is_embedded_module(catalog.hardware_by_id("apple-m4"))
    stack = catalog.stack(jetson.software_stacks[0])
    for scale in ("personal", "team"):
        assert exclusion(Workload(deployment_scale=scale, concurrent_users=1), jetson, stack, False), scale
    assert exclusion(Workload(deployment_scale="edge", concurrent_users=1), jetson, stack, False) is None
    eligible, _ = enumerate_candidates(Workload(deployment_scale="personal", concurrent_users=1, model_params_b=3),
                                       catalog)
    assert all(not is_embedded_module(c.hardware) for c in eligible)


def test_one_user_has_no_overload_to_carry():
    assert overload_factor(1) == 1.0 and overload_factor(10) == 1.5
    workload = Workload(deployment_scale="personal", concurrent_users=1, model_params_b=3)
    risks = assess_risks(workload, LAPTOP, 1, LLAMA, None, None, max_concurrent_users=1)
    assert not {"capacity_headroom", "tail_latency"} & {r.id for r in risks}
    team = Workload(concurrent_users=10, model_params_b=3)
    assert "capacity_headroom" in {r.id for r in assess_risks(team, LAPTOP, 1, VLLM, None, None,
                                                              max_concurrent_users=10)}


def test_geforce_compute_from_int8_uses_the_fp32_accumulate_ratio(catalog):
    # NVIDIA's Ada whitepaper: RTX 4060 Ti 176.5 dense INT8 TOPS, 44.1 TFLOPS FP16 with FP32 accumulate —
    # the same 4:1 as the RTX 4090 row (660.6 / 165.2), whose FP16 figure the calibration was fitted on.
    from estimator.physics.device import device_from_hardware

    rtx4090 = catalog.hardware_by_id("nvidia-rtx-4090")
    assert rtx4090.int8_tops / rtx4090.fp16_tflops == pytest.approx(4.0, rel=0.01)
    ti = device_from_hardware(catalog.hardware_by_id("nvidia-rtx-4060ti-16gb"))
    assert ti.fp16_tflops == pytest.approx(176.5 / 4)
    l4 = catalog.hardware_by_id("nvidia-l4")  # data-center parts list INT8 at 2× FP16
    assert device_from_hardware(l4.model_copy(update={"fp16_tflops": None})).fp16_tflops == pytest.approx(121)


def test_an_unnamed_owned_laptop_is_a_modern_chip_and_the_reply_says_which(catalog):
    from tests.support.worded import recommend

    rec = recommend(Workload(deployment_scale="personal", model_params_b=3.8, existing_hardware=["npu_laptops"]),
                    catalog)
    chip = catalog.hardware_by_id(rec.primary.hardware_id)
    assert rec.primary.existing and chip.launch_year >= 2024
    assert any("did not name the model" in note and chip.name in note for note in rec.assumptions)
    assert rec.primary.tco.annual_power_usd > 0  # costed at a real draw, never free by a missing figure
