"""A buyer in mainland China is not sold parts US export rules bar there (ECCN 3A090.a: total processing performance,
dense rate x bit length, of 4800 or more) and is sold the China-market parts made to fall below it; a buyer elsewhere is
offered the China-market parts only when they name one. TPP by hand from the sheets: H100 SXM 1,979 FP8 TFLOPS x 8 =
15,832; RTX 4090 660.6 INT8 TOPS x 8 = 5,285; RTX 4090 D 588.35 x 8 = 4,707; H20 296 x 8 = 2,368; A100 624 x 8 = 4,992;
Ascend 910B (a Chinese maker's part, no US export) 560 x 8 = 4,480."""

from __future__ import annotations

import pytest

from estimator.advice.candidates import enumerate_candidates
from estimator.advice.export_rules import barred_from_china, total_processing_performance
from estimator.workload import Workload


@pytest.mark.parametrize(("hardware_id", "tpp", "barred"), [
    ("nvidia-h100-sxm", 15_832, True), ("nvidia-rtx-4090", 5_285, True), ("nvidia-a100-80gb-sxm", 4_992, True),
    ("nvidia-rtx-4090d", 4_707, False), ("nvidia-h20", 2_368, False), ("huawei-ascend-910b", 4_480, False),
])
def test_total_processing_performance_decides(catalog, hardware_id, tpp, barred):
    hw = catalog.hardware_by_id(hardware_id)
    assert hw is not None
    assert total_processing_performance(hw) == pytest.approx(tpp, rel=0.002)
    assert barred_from_china(hw) is barred


def test_a_buyer_in_china_gets_the_china_market_parts_and_not_the_barred_ones(catalog):
    eligible, excluded = enumerate_candidates(Workload(model_params_b=32, concurrent_users=20, buyer_in_china=True), catalog)
    ids = {c.hardware.id for c in eligible}
    assert {"nvidia-rtx-4090d", "nvidia-h20"} <= ids
    assert not ids & {"nvidia-h100-sxm", "nvidia-rtx-4090", "amd-mi300x", "nvidia-rtx-5090"}
    assert excluded["nvidia-h100-sxm"].key == "reason.export_controlled"


def test_a_buyer_elsewhere_is_offered_china_market_parts_only_when_named(catalog):
    eligible, excluded = enumerate_candidates(Workload(model_params_b=32, concurrent_users=20), catalog)
    ids = {c.hardware.id for c in eligible}
    assert "nvidia-h100-sxm" in ids and "nvidia-rtx-4090d" not in ids
    assert excluded["nvidia-rtx-4090d"].key == "reason.china_market"
