"""Modules on baseboards are bought a board at a time, and the smallest board a part ships on is the unit: NVIDIA
sells HGX H100 as 4-GPU and 8-GPU boards (a 4-GPU H100 assembly is a catalog part), AMD's MI300X only on the 8-GPU
OAM Universal Baseboard. So a load that needs 3 H100 SXM buys one 4-GPU board, not an 8-GPU one; a load that needs
3 MI300X still buys the whole 8-GPU board. Cards are bought one by one."""

from __future__ import annotations

import math

import pytest

from estimator.advice.assume import fill_defaults
from estimator.advice.candidates import enumerate_candidates, purchase_unit
from estimator.advice.recommend import default_shortcuts, default_throughput
from estimator.advice.sizing import Sizer
from estimator.workload import Workload
from knowledge.testing import memory_catalog


def _with_form(catalog, form: str):
    return catalog.hardware_by_id("nvidia-h100-sxm").model_copy(update={"form_factor": form, "price_basis": None})


@pytest.mark.parametrize(("form", "unit"), [
    ("SXM5 module (HGX H100 4-GPU or 8-GPU baseboard)", 4),  # the smallest board named is the least one can buy
    ("SXM5 module (8-GPU or 4-GPU HGX)", 4),
    ("SXM (HGX 8-GPU)", 8),
    ("OAM module (8-GPU UBB)", 8),
    ("OAM module (UBB 2.0)", 8),  # OAM's Universal Baseboard holds 8
    ("SXM5 module (HGX H200)", 4),  # a module with no board size said: the smallest HGX board
    ("PCIe 5.0 x16 dual-slot card", 1),
])
def test_the_unit_is_the_smallest_board_the_form_factor_names(catalog, form, unit):
    assert purchase_unit(_with_form(catalog, form)) == unit


def test_h100_sxm_comes_on_a_4_gpu_board_and_mi300x_only_on_the_8_gpu_one(catalog):
    units = {hw.id: purchase_unit(hw) for hw in catalog.hardware}
    assert units["nvidia-h100-sxm"] == 4
    assert units["nvidia-h200-sxm"] == 4
    assert units["amd-mi300x"] == 8


def _sizer(catalog, workload: Workload):
    filled, _ = fill_defaults(workload, memory_catalog())
    estimate, capacity = default_throughput()
    return Sizer(filled, catalog, estimate, capacity, shortcuts=default_shortcuts(None)), \
        enumerate_candidates(filled, catalog)[0]


def test_a_load_needing_under_four_h100_buys_one_4_gpu_board(catalog):
    # A department (no N+1): a 70B at FP8 (70.6 GB) needs two H100 (80 GB each) for its weights and KV, and 20 users
    # of 2k-token prompts are far inside one TP2 pair's bandwidth (~96 GB a step at 5.4 TB/s: ~55 tok/s).
    workload = Workload(model_params_b=70, concurrent_users=20, quantization="FP8", prompt_tokens=2000,
                        output_tokens=300, deployment_scale="department", tokens_per_s_target=30)
    sizer, candidates = _sizer(catalog, workload)
    cand = next(c for c in candidates if c.hardware.id == "nvidia-h100-sxm" and c.stack.id == "vllm-cuda")
    needed = sizer.smallest_count(cand)
    assert needed is not None and needed <= 4
    assert sizer._purchase(cand, needed).devices == 4


def test_a_load_needing_three_mi300x_still_buys_the_whole_8_gpu_board(catalog):
    workload = Workload(model_params_b=235, active_params_b=22, model_id="qwen3-235b-a22b", concurrent_users=10,
                        quantization="FP8", prompt_tokens=2000, output_tokens=300, deployment_scale="department",
                        tokens_per_s_target=15)
    sizer, candidates = _sizer(catalog, workload)
    cand = next(c for c in candidates if c.hardware.id == "amd-mi300x" and c.stack.id == "vllm-rocm")
    needed = sizer.smallest_count(cand)
    assert needed is not None and needed < 8
    assert sizer._purchase(cand, needed).devices == math.ceil(needed / 8) * 8 == 8
