"""The two-week pilot (seed 2, step 4: "先拿一两张卡做真实负载的验证") runs on one or two devices, but
never on fewer than one copy of the model needs: a model split over four cards cannot be piloted on two.

Expectation from first principles, before running: gpt-oss-120b's 116.8B weights in MXFP4 (4.25 bits
each) take 116.8e9 × 4.25 / 8 ≈ 62 GB, so the pilot's devices must hold at least 62 GB between them.
"""

from __future__ import annotations

import re

import pytest

from estimator.recommend import recommend
from estimator.schemas import Deployment, Option
from estimator.validation_plan import pilot_devices
from estimator.workload import Workload

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
