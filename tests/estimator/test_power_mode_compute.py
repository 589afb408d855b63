"""A power mode's compute is its clock times the compute units it keeps powered.

Jetson nvpmodel profiles cap the GPU clock and power-gate TPCs: the AGX Orin 64 GB's 15 W profile runs the GPU at
408 MHz of its 1,300 with 3 of its 8 TPCs (NVIDIA's nvpmodel file, power_modes.csv). A tensor rate is units x ops per
unit per clock x clock, so that mode's dense FP16 rate is 42.5 x 408/1300 x 3/8 = 5.0 TFLOPS, not the 13.3 the clock
alone gives; its memory runs at 136.5 GB/s (EMC capped at 2,133 of 3,200 MHz).
"""

from __future__ import annotations

import pytest

from estimator.catalog import PowerMode
from estimator.physics.power_modes import at_mode, at_power_cap
from estimator.workload import Workload

ORIN = "nvidia-jetson-agx-orin-64gb"


def test_the_15_w_mode_of_the_agx_orin_keeps_3_of_8_tpcs_at_408_mhz(catalog):
    capped = at_power_cap(catalog, Workload(model_params_b=8, power_budget_w=15)).hardware_by_id(ORIN)
    assert capped is not None and capped.tdp_w == 15
    assert capped.fp16_tflops == pytest.approx(42.5 * 408 / 1300 * 3 / 8, rel=0.01)
    assert capped.memory_bandwidth_gbs == pytest.approx(204.8 * 2133 / 3200, rel=0.01)


def test_a_mode_without_a_unit_share_scales_by_its_clock_alone(catalog):
    hw = catalog.hardware_by_id(ORIN)
    top = PowerMode(id="t", hardware_id=ORIN, mode="MAXN", watts=60, memory_bandwidth_gbs=204.8, gpu_clock_mhz=1300,
                    source_url="https://example.org")
    half_clock = PowerMode(id="h", hardware_id=ORIN, mode="H", watts=30, memory_bandwidth_gbs=204.8, gpu_clock_mhz=650,
                           source_url="https://example.org")
    assert at_mode(hw, half_clock, [top, half_clock]).fp16_tflops == pytest.approx(hw.fp16_tflops / 2)
    gated = half_clock.model_copy(update={"active_gpu_share": 0.5})
    assert at_mode(hw, gated, [top, gated]).fp16_tflops == pytest.approx(hw.fp16_tflops / 4)
