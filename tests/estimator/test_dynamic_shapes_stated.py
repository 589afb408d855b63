"""Seed 2, pitfall 3 ("如果你的业务有变长序列选型时一定要实测动态shape的性能"): when the user states variable-length
input, the dynamic-shape risk is always named. A stack that compiles static shapes or shape buckets makes it high;
a stack that takes any length natively makes it low, and says what the shapes still cost there: the decode batch
padded to a captured CUDA-graph size on graph-replaying engines (vLLM), nothing on engines that build no graph
per shape (llama.cpp).
An assumed "variable" (the user said nothing) keeps the checklist as it was: native stacks are not flagged.
"""

from __future__ import annotations

import pytest

from estimator.catalog import Hardware, ServingStack
from estimator.schemas import Risk
from estimator.workload import Workload
from tests.support.worded import assess_risks, recommend

GPU = Hardware(id="gpu-x", vendor="NVIDIA", name="GeForce RTX 5090", kind="gpu", memory_gb=32,
               memory_bandwidth_gbs=1792, fp16_tflops=209, tdp_w=575, launch_year=2025, price_usd=1999,
               source_url="https://x")
ACCEL = Hardware(id="accel-x", vendor="Intel", name="Gaudi 3", kind="accel", memory_gb=128,
                 memory_bandwidth_gbs=3670, tdp_w=900, launch_year=2024, source_url="https://x")
NPU = Hardware(id="npu-x", vendor="Qualcomm", name="Hexagon NPU", kind="npu", memory_gb=32, tdp_w=10,
               source_url="https://x")


def _stack(stack_id: str, shapes: str, backend: str) -> ServingStack:
    return ServingStack(id=stack_id, name=stack_id, maturity="high", dynamic_shapes=shapes,  # type: ignore[arg-type]
                        continuous_batching="yes", multi_model="process_per_model", quant_formats=("GGUF", "FP8"),
                        backend_key=backend, source_url="https://x")


VLLM = _stack("vllm-cuda", "native", "vllm")
LLAMA_CPP = _stack("llama.cpp", "native", "llama.cpp")
BUCKETS = _stack("gaudi-vllm", "buckets", "vllm")
STATIC = _stack("qnn-npu", "static", "qnn")
STATED = Workload(concurrent_users=50, model_params_b=7, dynamic_shapes=True)


def _shapes(risks: list[Risk]) -> Risk | None:
    return next((r for r in risks if r.id == "dynamic_shapes"), None)


def test_stated_variable_lengths_on_a_graph_replaying_native_stack_are_a_low_risk_naming_the_graph_buckets():
    risk = _shapes(assess_risks(STATED, GPU, 1, VLLM, None, None))
    assert risk is not None and risk.severity == "low"
    assert "CUDA-graph" in risk.why and "no recompil" in risk.why.lower()
    assert "P99" in risk.mitigation


def test_stated_variable_lengths_on_a_native_stack_without_graphs_are_a_low_risk_with_no_padding():
    risk = _shapes(assess_risks(STATED, GPU, 1, LLAMA_CPP, None, None))
    assert risk is not None and risk.severity == "low"
    assert "CUDA-graph" not in risk.why and "no padding" in risk.why


@pytest.mark.parametrize("hardware, stack", [(ACCEL, BUCKETS), (GPU, BUCKETS), (NPU, STATIC), (GPU, STATIC)])
def test_stated_variable_lengths_on_a_compiled_shape_stack_are_high(hardware, stack):
    risk = _shapes(assess_risks(STATED, hardware, 1, stack, None, None))
    assert risk is not None and risk.severity == "high"


def test_assumed_variable_lengths_leave_native_stacks_unflagged_and_buckets_medium():
    # The sizer fills an unstated `dynamic_shapes` with True and says it assumed it (`assume.dynamic`).
    assert _shapes(assess_risks(STATED, GPU, 1, VLLM, None, None, assumed_shapes=True)) is None
    risk = _shapes(assess_risks(STATED, ACCEL, 1, BUCKETS, None, None, assumed_shapes=True))
    assert risk is not None and risk.severity == "medium"


def test_fixed_lengths_on_a_native_stack_are_not_flagged():
    assert _shapes(assess_risks(Workload(dynamic_shapes=False), GPU, 1, VLLM, None, None)) is None


@pytest.mark.parametrize("lang, word", [("zh-Hans", "CUDA Graph"), ("zh-Hant", "CUDA Graph")])
def test_the_native_stack_sentence_is_worded_in_chinese(lang, word):
    risk = _shapes(assess_risks(STATED, GPU, 1, VLLM, None, None, lang=lang))
    assert risk is not None and word in risk.why and "seed" not in risk.why


def test_a_recommendation_for_stated_variable_lengths_always_names_the_pitfall(catalog):
    rec = recommend(Workload(concurrent_users=100, model_params_b=7, quantization="Q4_K_M", dynamic_shapes=True,
                             output_tokens=300), catalog)
    risk = _shapes(rec.risks)
    assert risk is not None
    stack = next(s for s in catalog.stacks if s.name == rec.primary.serving_stack)
    # risks.dynamic_shapes: high where the stack compiles static shapes or buckets, low where it takes any length
    # (native) or only within configured limits on a GPU (TensorRT-LLM's max_seq_len / max_num_tokens).
    expected = "high" if stack.dynamic_shapes in ("static", "buckets") else "low"
    assert risk.severity == expected
    assert any("shape" in step.lower() or "length" in step.lower() for step in rec.validation_plan)


def test_a_recommendation_with_lengths_unstated_does_not_add_the_low_risk(catalog):
    rec = recommend(Workload(concurrent_users=100, model_params_b=7, quantization="Q4_K_M", output_tokens=300), catalog)
    stack = next(s for s in catalog.stacks if s.name == rec.primary.serving_stack)
    if stack.dynamic_shapes == "native":
        assert _shapes(rec.risks) is None
