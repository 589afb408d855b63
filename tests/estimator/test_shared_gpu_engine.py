"""The engine a shared GPU is served on, as an expert picks it (`estimator.advice.engine_choice`).

Worked out before running the product:
- A format named for several users on a GPU whose batching engine loads it natively (FP8 on Hopper H100 / H200,
  CDNA3 MI300X and Blackwell RTX PRO 6000: vLLM / SGLang / TensorRT-LLM list FP8 for them) is served on that
  engine: llama.cpp loads no FP8 GGUF (its formats are Q8_0 … Q2_K, FP16, BF16, MXFP4), so it would re-quantize
  the checkpoint the user named, and its slots are not continuous batching (seed 1: departments run vLLM).
- One user, or a GGUF format only llama.cpp loads (Q4_K_M), keeps llama.cpp in the running: seed 1's default for
  one person's card stays (issue 27).
- "llama 3.3 70b fp8, ~20 concurrent users, prompts ~4k": on an 8-GPU MI300X baseboard both engines cost the same
  per served token (served tokens are capped at 1.5x the peak), so only the engine rule, not a risk point, can
  make the choice: the primary runs a continuous-batching engine.
- A first-token bound met within the purchase unit the load already takes is met, not waived: 8 MI300X come as
  one baseboard whether the load needs 2 of them or the bound 4.
"""

from __future__ import annotations

import pytest

from estimator.advice.candidates import enumerate_candidates
from estimator.advice.engine_choice import expert_engines
from estimator.advice.recommend import default_throughput
from estimator.advice.sizing import Sizer
from estimator.workload import Workload
from knowledge.testing import memory_catalog
from tests.support.worded import fill_defaults, recommend

FP8_GPUS = ("nvidia-h100-sxm", "nvidia-h200-sxm", "amd-mi300x", "nvidia-rtx-pro-6000-blackwell")
LLAMA_70B = {"model_id": "llama-3.3-70b", "model_params_b": 70.6, "prompt_tokens": 4000}


def _engines_by_device(catalog, users: int, quantization: str | None) -> dict[str, set[str]]:  # type: ignore[no-untyped-def]
    named = Workload(**LLAMA_70B, concurrent_users=users, quantization=quantization)
    filled, _ = fill_defaults(named, memory_catalog())
    candidates, _ = enumerate_candidates(filled, catalog)
    estimate_fn, capacity_fn = default_throughput()
    sizer = Sizer(filled, catalog, estimate_fn, capacity_fn, format_stated=quantization is not None)
    kept = expert_engines(candidates, users, format_stated=quantization is not None,
                          format_of=lambda c: sizer.workload_for(c).weight_format, default_of=sizer.default_for)
    engines: dict[str, set[str]] = {}
    for candidate in kept:
        engines.setdefault(candidate.hardware.id, set()).add(candidate.stack.id)
    return engines


@pytest.mark.parametrize("users", [8, 20, 100])
def test_a_named_fp8_for_several_users_is_served_on_a_batching_engine(catalog, users):
    engines = _engines_by_device(catalog, users, "FP8")
    for device in FP8_GPUS:
        stacks = [catalog.stack(s) for s in engines[device]]
        assert stacks and all(s is not None and s.continuous_batching == "yes" for s in stacks), (device, engines[device])
        assert all(s is not None and "FP8" in {f.upper() for f in s.quant_formats} for s in stacks)


def test_one_user_or_a_gguf_format_keeps_llama_cpp(catalog):
    assert "llama.cpp" in _engines_by_device(catalog, 1, "FP8")["nvidia-h100-sxm"]
    assert "llama.cpp" in _engines_by_device(catalog, 20, "Q4_K_M")["nvidia-rtx-pro-6000-blackwell"]


def test_no_format_named_on_a_datacenter_gpu_for_several_users_is_served_on_a_batching_engine(catalog):
    # Issue 27: FP8 on vLLM / SGLang / TensorRT-LLM is the expert's default on Hopper and CDNA3 parts.
    engines = _engines_by_device(catalog, 20, None)
    for device in ("nvidia-h100-sxm", "nvidia-h200-sxm", "amd-mi300x"):
        assert "llama.cpp" not in engines[device], engines[device]


def test_fp8_70b_for_20_users_is_recommended_on_a_batching_engine(catalog):
    rec = recommend(Workload(**LLAMA_70B, concurrent_users=20, quantization="FP8"), catalog)
    stack = next(s for s in catalog.stacks if s.name == rec.primary.serving_stack)
    assert stack.continuous_batching == "yes" and "FP8" in {f.upper() for f in stack.quant_formats}
    assert not any(risk.id == "quantization_calibration" and "re-quantized" in str(risk.why) for risk in rec.risks)


def test_a_first_token_bound_met_within_the_baseboard_is_not_waived(catalog):
    named = Workload(**LLAMA_70B, concurrent_users=20, quantization="FP8")
    filled, _ = fill_defaults(named, memory_catalog())
    estimate_fn, capacity_fn = default_throughput()
    sizer = Sizer(filled, catalog, estimate_fn, capacity_fn, assumed_targets=(True, True), format_stated=True)
    candidates, _ = enumerate_candidates(filled, catalog)
    mi300x = next(c for c in candidates if c.hardware.id == "amd-mi300x" and c.stack.id == "vllm-rocm")
    assert mi300x.board == 8
    # 70.6 GB + 20 x 4,256 tokens x 327.7 KB = 98.5 GB: one 192 GB device holds it; 4 of them prefill 8,400 prompt
    # tokens/s x 141 GFLOP = 1.2 PFLOP/s at under a quarter of their dense FP8 peak, so the bound is met inside one
    # baseboard.
    sized = sizer.size(mi300x)
    assert sized and sized[0].count == 8
    assert sizer.assumed_ttft_count(mi300x)[0] is False
