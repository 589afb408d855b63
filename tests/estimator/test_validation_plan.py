"""The two-week pilot (seed 2, step 4: "先拿一两张卡做真实负载的验证") runs on one or two devices, but
never on fewer than one copy of the model needs: a model split over four cards cannot be piloted on two.

Expectation from first principles, before running: gpt-oss-120b's 116.8B weights in MXFP4 (4.25 bits
each) take 116.8e9 × 4.25 / 8 ≈ 62 GB, so the pilot's devices must hold at least 62 GB between them.
"""

from __future__ import annotations

import re

import pytest

from estimator.advice.validation_plan import pilot_devices
from estimator.schemas import Deployment, Option
from estimator.workload import Workload
from tests.support.worded import recommend

GPT_OSS_120B_MXFP4_GB = 116.8 * 4.25 / 8


def _option(count: int, deployment: Deployment | None) -> Option:
    # Only the count and the layout matter to the pilot; the figures are left out.
    return Option.model_construct(hardware_id="x", kind="gpu", count=count, deployment=deployment)


@pytest.mark.parametrize("count, tensor_parallel, stages, expected", [
    (8, 1, 1, 2),   # eight single-device copies: pilot on two
    (1, 1, 1, 1),   # one device bought: pilot on it
    (8, 4, 1, 4),   # copies of four devices: one copy
    (16, 8, 2, 16),  # one copy spans two 8-device servers
])
def test_the_pilot_holds_one_model_copy(count, tensor_parallel, stages, expected):
    deployment = Deployment(servers=max(1, count // 8), devices_per_server=min(count, 8),
                            tensor_parallel=tensor_parallel, replicas=max(1, count // (tensor_parallel * stages)),
                            pipeline_stages=stages)
    assert pilot_devices(_option(count, deployment)) == expected


def test_an_option_without_a_layout_pilots_on_two_devices():
    assert pilot_devices(_option(5, None)) == 2


@pytest.mark.parametrize("budget", [None, 20_000])
def test_the_plan_pilots_gpt_oss_120b_on_devices_that_hold_it(catalog, budget):
    workload = Workload(model_id="gpt-oss-120b", concurrent_users=40, ttft_target_ms=2000, budget_usd=budget)
    rec = recommend(workload, catalog)
    option = rec.primary
    memory = {hw.id: hw.memory_gb for hw in catalog.hardware}[option.hardware_id]
    first_step = rec.validation_plan[0]
    pilot = int(re.search(r"on (\d+) ×", first_step).group(1))
    assert pilot * memory >= GPT_OSS_120B_MXFP4_GB, (first_step, memory)


# TensorRT-LLM takes FP16/BF16/FP8/NVFP4/INT8/INT4/MXFP4 (serving_stacks.csv), no GGUF file: a Q4_K_M model
# served there is re-quantized to its 4-bit weight-only format (INT4, AWQ/GPTQ) first, and so is the pilot.
# llama.cpp takes Q4_K_M as it is: its pilot runs the real model.
def test_a_gguf_model_on_a_stack_without_gguf_is_piloted_re_quantized(catalog):
    from tests.support.worded import recommend

    for users in (200, 1):
        rec = recommend(Workload(model_params_b=7, quantization="Q4_K_M", concurrent_users=users), catalog)
        stack = next(s for s in catalog.stacks if s.name == rec.primary.serving_stack)
        first = rec.validation_plan[0]
        if "Q4_K_M" in stack.quant_formats or "GGUF" in stack.quant_formats:
            assert "run the real model (7B Q4_K_M)" in first, first
        else:
            assert "re-quantize the model to INT4" in first and "does not take Q4_K_M" in first, first


def test_the_re_quantized_pilot_reads_the_same_in_chinese(catalog):
    option = Option.model_construct(hardware_id="nvidia-rtx-5090", hardware_name="GeForce RTX 5090", kind="gpu",
                                    count=4, serving_stack="CUDA + TensorRT-LLM", deployment=None)
    formats = next(s for s in catalog.stacks if s.id == "trt-llm").quant_formats
    w = Workload(model_params_b=7, quantization="Q4_K_M", concurrent_users=200)
    from tests.support.worded import validation_plan

    assert "重新量化为 INT4" in validation_plan(w, option, [], lang="zh-Hans", stack_formats=formats)[0]
    assert "重新量化為 INT4" in validation_plan(w, option, [], lang="zh-Hant", stack_formats=formats)[0]
    assert "run the real model (7B Q4_K_M)" in validation_plan(w, option, [], stack_formats=("Q4_K_M",))[0]
