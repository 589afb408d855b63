"""Every risk id of DESIGN.md can be triggered by a workload a user could describe.

Each case is the workload a scenario's turns describe; the expected risk follows from the rule in
`estimator/advice/risks.py` and the seeds (written before running):
- dynamic_shapes: variable-length inputs on a stack without native dynamic shapes (TensorRT-LLM's
  configured limits at 100 users), and an owned NPU laptop with widely varying prompts (seed 2, 坑三).
- multi_model: three models served at once (seed 2, 坑四).
- software_maturity: ROCm/vLLM on MI300X at organization scale (stack rated medium): a 70B for 300 users
  around the clock, one 8-GPU MI300X node at FP8.
- quantization_calibration: accuracy-critical work at Q4_K_M (seed 1: Q8_0), and at Q6_K (< 8 bits).
- memory_bandwidth: a 70B FP16 model for one user on owned H100s: ~140 GB read per token, compute idle (seed 2, 坑一).
- power_cooling: more than 4 GPUs (seed 1), here 800 users on 8 modules.
- tail_latency: bursty arrivals for 200 users (bursts are the 1.5× overload).
- capacity_headroom: the same for 200 agent sessions (an agent sends its next prompt when the answer ends, so
  every prompt lands in the decode steps: the option is sized close to the peak).
- vendor_lock_in: a single-vendor accelerator stack (an owned Gaudi 3 kit for 200 users of a 70B model).
- supply: high-end HBM parts (MI300X) at organization scale (the same 70B node).
"""

from __future__ import annotations

import pytest

from estimator.workload import OwnedDevice, Workload
from tests.support.worded import recommend

CASES: dict[str, dict[str, object]] = {
    "dynamic_shapes": {"model_params_b": 7, "concurrent_users": 100, "dynamic_shapes": True, "output_tokens": 300},
    "multi_model": {"model_params_b": 7, "concurrent_users": 50, "models_served": 3},
    "software_maturity": {"model_params_b": 70, "concurrent_users": 300, "hours_per_day": 24, "tokens_per_s_target": 30},
    "quantization_calibration": {"model_params_b": 7, "concurrent_users": 10, "accuracy_critical": True,
                                 "quantization": "Q4_K_M", "prompt_tokens": 1500, "output_tokens": 300},
    # Owned H100s: the cheapest bought option for one user is a balanced card (or one without a sourced
    # FP16 rate), so the pitfall shows where the compute is already there and the decode cannot use it.
    "memory_bandwidth": {"model_params_b": 70, "concurrent_users": 1, "quantization": "FP16",
                         "owned_devices": [{"hardware_id": "nvidia-h100-sxm", "count": 4}]},
    "power_cooling": {"model_params_b": 13, "concurrent_users": 800},
    "tail_latency": {"model_params_b": 7, "concurrent_users": 200, "arrival_pattern": "bursty"},
    "capacity_headroom": {"model_params_b": 7, "concurrent_users": 200, "arrival_pattern": "bursty",
                          "agentic_sessions": True},
    # A Gaudi 3 kit the user has: whatever is added, the stack is Intel's alone.
    "vendor_lock_in": {"model_params_b": 70, "concurrent_users": 200, "model_stability": "stable",
                       "owned_devices": [{"hardware_id": "intel-gaudi3", "count": 8}]},
    "supply": {"model_params_b": 70, "concurrent_users": 300, "hours_per_day": 24},
}


def flagged(rec) -> set[str]:
    """What the eval runner checks: the recommendation's risks plus the primary option's own."""
    return {r.id for r in rec.risks} | ({r.id for r in rec.primary.risks} if rec.primary else set())


def test_every_design_risk_id_has_a_case():
    from estimator.schemas import Risk

    ids = set(Risk.model_fields["id"].annotation.__args__)
    assert ids == set(CASES)


@pytest.mark.parametrize("risk_id", sorted(CASES))
@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_case_triggers_its_risk(catalog, risk_id, lang):
    rec = recommend(Workload(**CASES[risk_id]), catalog, lang=lang)
    assert risk_id in flagged(rec)


def test_an_owned_npu_laptop_with_varying_lengths_is_flagged_for_dynamic_shapes(catalog):
    # Seed 2, 坑三: NPUs recompile on new shapes. The user owns a Lunar Lake laptop and prompts range
    # widely; whichever path of the laptop leads, the NPU's dynamic-shape risk is in the reply.
    w = Workload(model_params_b=3, concurrent_users=1, dynamic_shapes=True, prompt_tokens=400, output_tokens=150,
                 owned_devices=[OwnedDevice(hardware_id="intel-lunar-lake-npu")])
    rec = recommend(w, catalog)
    shapes = [r for r in rec.risks if r.id == "dynamic_shapes"]
    assert shapes and "NPU" in shapes[0].why
    fixed = recommend(w.model_copy(update={"dynamic_shapes": False}), catalog)
    assert "dynamic_shapes" not in {r.id for r in fixed.risks} or all(
        r.severity != "high" for r in fixed.risks if r.id == "dynamic_shapes")


@pytest.mark.parametrize("quant", ["Q4_K_M", "Q5_K_M", "Q6_K"])
def test_accuracy_critical_below_8_bits_suggests_q8(catalog, quant):
    w = Workload(model_params_b=7, concurrent_users=10, accuracy_critical=True, quantization=quant)
    rec = recommend(w, catalog)
    risk = next(r for r in rec.primary.risks if r.id == "quantization_calibration")
    assert "Q8_0" in risk.why


def test_accuracy_critical_at_q8_is_not_told_to_use_q8(catalog):
    w = Workload(model_params_b=7, concurrent_users=10, accuracy_critical=True, quantization="Q8_0")
    rec = recommend(w, catalog)
    assert all("accuracy-critical" not in r.why for r in rec.primary.risks if r.id == "quantization_calibration")
