"""Owned hardware short only of memory is tried at a lighter format before anything is bought.

Seed 1 ranks "use what you have" first; an expert whose owned box does not hold the model at the format assumed
tries fewer bits for the weights (8-bit, then 4-bit), then an FP8 KV cache, and says "buy" only when none of those
meets the targets, or when the lead fixed the format or said accuracy is critical. Worked out before running the
product (weights = params × bits / 8; KV per token = layers × KV heads × head dim × 2 × bytes; 0.92 of a GPU's
memory usable, `estimator/physics/device.py`):

- Llama 3.3 70B (70.6B; 80 layers × 8 KV heads × 128: 327,680 B/token at 16 bit) for 20 users on one H100 80GB
  (73.6 GB usable), prompts 512 + answers 256 tokens: FP8 70.6 GB + KV 20 × 768 × 327,680 B = 5.0 GB = 75.6 GB
  does not fit; 6.5625-bit Q6_K 57.9 GB + 5.0 GB does (~63 GB). Decode reads ≤ 63 GB per step from 3.35 TB/s:
  ≥ 50 steps/s at the roofline, so seed 1's acceptable band (≥ 15 tok/s) is met: the owned H100 leads, $0.
- The same with accuracy critical, or with FP8 stated: no lighter format is proposed, a purchase leads.
- Qwen2.5-32B (64 layers × 8 × 128: 262,144 B/token) at INT8 for 32 users × (16,000 + 256) tokens on 4 × A100
  40GB (147.2 GB usable): KV 32 × 16,256 × 262,144 B = 136.4 GB. INT8 32.8 + 136.4 and 4-bit 17.4 + 136.4 GB both
  exceed 147.2 GB: no weight format alone frees enough; an FP8 KV cache (68.2 GB) with the INT8 weights (~101 GB)
  is the first step that holds it. vLLM stores FP8 KV on Ampere in software (vllm PR 2279, tested on A100-40GB);
  TensorRT-LLM's FP8 KV cache needs FP8 hardware.
"""

from __future__ import annotations

import pytest

from estimator.advice.candidates import Candidate
from estimator.advice.owned_lighter import (
    MIN_LIGHTER_BITS,
    LighterStep,
    ladder,
    lighter_for_device,
    lighter_scope,
    serves_weights,
    stores_fp8_kv,
)
from estimator.advice.recommend import default_throughput
from estimator.advice.sizing import Sizer
from estimator.workload import OwnedDevice, Workload
from tests.support.worded import recommend

LLAMA_70B = {"model_id": "llama-3.3-70b", "model_params_b": 70.6, "concurrent_users": 20}
ONE_H100 = [OwnedDevice(hardware_id="nvidia-h100-sxm", count=1)]


@pytest.mark.parametrize(("stack", "hardware", "stores"), [
    ("vllm-cuda", "nvidia-a100-40gb-sxm", True),  # software conversion on Ampere
    ("trt-llm", "nvidia-a100-40gb-sxm", False),  # FP8 KV needs FP8 hardware
    ("trt-llm", "nvidia-h100-sxm", True),
    ("llama.cpp", "nvidia-rtx-4090", False),
    ("mlx", "apple-m3-ultra", False),
])
def test_fp8_kv_cache_where_the_engine_stores_one(catalog, stack, hardware, stores):
    assert stores_fp8_kv(catalog.stack(stack), catalog.hardware_by_id(hardware)) is stores


@pytest.mark.parametrize(("stack", "hardware", "quant", "serves"), [
    ("vllm-cuda", "nvidia-a100-40gb-sxm", "FP8", True),  # W8A16 through Marlin on Ampere
    ("trt-llm", "nvidia-a100-40gb-sxm", "FP8", False),  # no FP8 tensor cores
    ("trt-llm", "nvidia-a100-40gb-sxm", "NVFP4", False),  # Blackwell's format
    ("trt-llm", "nvidia-h100-sxm", "FP8", True),
])
def test_lighter_weights_only_where_the_device_serves_them(catalog, stack, hardware, quant, serves):
    assert serves_weights(catalog.stack(stack), catalog.hardware_by_id(hardware), quant) is serves


def test_ladder_tries_fewer_weight_bits_first_then_the_kv_cache_never_below_four_bits(catalog):
    hw = catalog.hardware_by_id("nvidia-a100-40gb-sxm")
    steps = ladder("BF16", hw, [catalog.stack(s) for s in hw.software_stacks], catalog)
    weights = [s for s in steps if not s.kv_fp8]
    bits = [catalog.quant(s.weights).bits_per_weight for s in weights]
    assert weights and bits == sorted(bits, reverse=True) and all(MIN_LIGHTER_BITS <= b < 16 for b in bits)
    first_kv = steps.index(LighterStep("BF16", True))  # the KV cache at the format in force, after every weight step
    assert first_kv == len(weights) and all(s.kv_fp8 for s in steps[first_kv:])
    assert min(catalog.quant(s.weights).bits_per_weight for s in steps) >= MIN_LIGHTER_BITS  # no Q3_K_M / Q2_K


@pytest.mark.parametrize(("stated", "critical", "scope"), [
    (None, None, "all"),  # no format chosen: weights and KV cache may be made lighter
    ("INT4", None, "kv"),  # "AWQ 4bit is fine": the weights are theirs, the KV cache may still be FP8
    ("BF16", None, "none"),  # full precision asked for
    (None, True, "none"),  # "no careless quantization"
])
def test_what_may_be_made_lighter_follows_what_the_lead_said(catalog, stated, critical, scope):
    estimate, capacity = default_throughput()
    workload = Workload(model_params_b=32.8, quantization=stated, accuracy_critical=critical, concurrent_users=4)
    assert lighter_scope(Sizer(workload, catalog, estimate, capacity), stated) == scope


def test_a_chosen_quantized_format_keeps_its_weights_and_tries_only_the_kv_cache(catalog):
    hw = catalog.hardware_by_id("nvidia-rtx-4090")
    steps = ladder("INT4", hw, [catalog.stack(s) for s in hw.software_stacks], catalog, "kv")
    assert steps == [LighterStep("INT4", True)]


def test_one_h100_serves_llama_70b_at_a_lighter_format_instead_of_a_purchase(catalog):
    rec = recommend(Workload(**LLAMA_70B, owned_devices=ONE_H100), catalog)
    assert rec.primary is not None and rec.primary.hardware_id == "nvidia-h100-sxm" and rec.primary.capex_usd == 0
    assert catalog.quant(rec.workload["quantization"]).bits_per_weight < 8
    assert rec.primary.estimate.decode_tokens_per_s_per_user >= 15  # seed 1's acceptable band
    [answer] = rec.owned
    assert answer.meets and "At FP8 they do not hold it" in answer.text and "nothing needs buying" in answer.text
    assert "seed 2 pitfall 2" in answer.text  # the format change carries its caveat
    assert any(o.capex_usd > 0 for o in rec.alternatives)  # the purchase it replaces is still shown


@pytest.mark.parametrize(("lang", "phrase"), [("zh-Hans", "所以不用买新硬件"), ("zh-Hant", "所以不用買新硬體")])
def test_the_lighter_format_answer_is_translated(catalog, lang, phrase):
    rec = recommend(Workload(**LLAMA_70B, owned_devices=ONE_H100), catalog, lang=lang)
    [answer] = rec.owned
    seed = "種子 2 坑二" if lang == "zh-Hant" else "种子 2 坑二"
    assert phrase in answer.text and "FP8" in answer.text and seed in answer.text


@pytest.mark.parametrize("facts", [{"accuracy_critical": True}, {"quantization": "FP8"}], ids=["accuracy", "stated"])
def test_no_lighter_format_when_the_lead_fixed_it_or_accuracy_is_critical(catalog, facts):
    rec = recommend(Workload(**LLAMA_70B, **facts, owned_devices=ONE_H100), catalog)
    assert rec.primary is not None and rec.primary.capex_usd > 0
    [answer] = rec.owned
    assert not answer.meets and "nothing needs buying" not in answer.text
    assert "Lighter formats were tried first" not in answer.text


def test_an_fp8_kv_cache_is_the_first_step_when_no_weight_format_frees_enough(catalog):
    estimate, capacity = default_throughput()
    workload = Workload(model_id="qwen2.5-32b", model_params_b=32.8, quantization="INT8", concurrent_users=32,
                        prompt_tokens=16000, output_tokens=256)
    sizer = Sizer(workload, catalog, estimate, capacity, assumed_targets=(True, True))
    hw = catalog.hardware_by_id("nvidia-a100-40gb-pcie")
    cands = [Candidate(hw, catalog.stack(s), True, None) for s in hw.software_stacks]
    owned = sizer.build(cands[0], 4, meets=False)
    assert not owned.estimate.fits
    found = lighter_for_device(sizer, owned, cands, 4)
    assert found is not None and found.step == LighterStep("INT8", True) and found.sized.estimate.fits
    assert found.sized.candidate.stack.backend_key == "vllm"  # TensorRT-LLM keeps a 16-bit KV cache on Ampere


def test_the_kv_cache_dtype_halves_the_kv_bytes_the_estimate_sizes(catalog):
    estimate, capacity = default_throughput()
    # One card, so the layout cannot change with the bytes: 4 users × 16,256 tokens × 262,144 B = 17.05 GB at 16 bit.
    base = Workload(model_id="qwen2.5-32b", model_params_b=32.8, quantization="INT8", concurrent_users=4,
                    prompt_tokens=16000, output_tokens=256)
    hw = catalog.hardware_by_id("nvidia-a100-80gb-pcie")
    cand = Candidate(hw, catalog.stack("vllm-cuda"), True, None)
    sixteen = Sizer(base, catalog, estimate, capacity).estimate(cand, 1)
    eight = Sizer(base.model_copy(update={"kv_cache_dtype": "FP8"}), catalog, estimate, capacity).estimate(cand, 1)
    kv16_gb = 4 * 16_256 * 262_144 / 1e9
    assert sixteen.fits and eight.fits
    assert sixteen.memory_required_gb - eight.memory_required_gb == pytest.approx(kv16_gb / 2, rel=0.05)


def test_nothing_lighter_rescues_a_model_larger_than_the_owned_card_at_four_bits(catalog):
    # 70.6B at 4.25 bits is 37.5 GB; one RTX 4090 holds 22 GB: no step of the ladder fits, the purchase stands.
    rec = recommend(Workload(**LLAMA_70B, owned_devices=[OwnedDevice(hardware_id="nvidia-rtx-4090", count=1)]), catalog)
    assert rec.primary is not None and rec.primary.capex_usd > 0
    [answer] = rec.owned
    assert "nothing needs buying" not in answer.text and "Lighter formats were tried first" not in answer.text
