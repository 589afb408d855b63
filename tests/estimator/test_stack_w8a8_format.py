"""An FP8 checkpoint named for a device without FP8 units is sized as the stack serves it there (review rule B).

First principles: the Ascend 910B lists FP16 280 and INT8 560 TFLOPS and no FP8 (hardware.csv); vllm-ascend re-quantizes
FP8 checkpoints to W8A8 (msModelSlim) and runs the matmuls on the INT8 units, so a prompt prefills at the INT8 rate,
twice the 16-bit one, and a weight still takes 1 byte (Llama 3.3 70B: 70.6 GB). vLLM on an A100 (no FP8 units either)
runs FP8 weights weight-only (Marlin W8A16) at the 16-bit rate: the stated FP8 is kept, and so is its 16-bit compute.
"""

from __future__ import annotations

import pytest

from estimator.advice.recommend import default_throughput
from estimator.advice.sizing import Sizer
from estimator.physics.device import device_from_hardware, peak_tflops
from estimator.workload import Workload
from knowledge.testing import memory_catalog
from tests.estimator.test_datacenter_default_format import LEAD_WORKLOAD, _candidate
from tests.support.worded import fill_defaults


def _sizer(catalog, quantization: str) -> Sizer:  # type: ignore[no-untyped-def]
    filled, _ = fill_defaults(Workload(**{**LEAD_WORKLOAD, "quantization": quantization}), memory_catalog())
    estimate, capacity = default_throughput()
    return Sizer(filled, catalog, estimate, capacity, format_stated=True)


def test_fp8_on_an_ascend_910b_under_vllm_ascend_is_sized_as_w8a8_int8(catalog):
    sizer = _sizer(catalog, "FP8")
    ascend = _candidate(catalog, "huawei-ascend-910b", "vllm-ascend")
    served = sizer.workload_for(ascend).quantization
    assert served == "INT8"
    assert sizer.default_for(ascend) is not None and sizer.default_for(ascend).basis == "stack_w8a8"
    assert sizer.weights_for(ascend) == pytest.approx(70.6, rel=0.02)  # 1 byte a weight, as FP8
    device = device_from_hardware(ascend.hardware)
    assert peak_tflops(device, served) == pytest.approx(2 * peak_tflops(device, "FP8"))  # 560 vs the 280 fallback


@pytest.mark.parametrize(("hardware_id", "stack_id"), [
    ("nvidia-a100-80gb-sxm", "vllm-cuda"),  # no FP8 units, but vLLM runs FP8 as W8A16 (Marlin): kept
    ("nvidia-h100-sxm", "vllm-cuda"),  # native FP8
])
def test_fp8_is_kept_where_the_stack_does_not_requantize_it(catalog, hardware_id, stack_id):
    sizer = _sizer(catalog, "FP8")
    assert sizer.workload_for(_candidate(catalog, hardware_id, stack_id)).quantization == "FP8"


def test_a_stated_16_bit_format_on_the_910b_is_kept(catalog):
    sizer = _sizer(catalog, "BF16")
    assert sizer.workload_for(_candidate(catalog, "huawei-ascend-910b", "vllm-ascend")).quantization == "BF16"
