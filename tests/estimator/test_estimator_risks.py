"""Risk checklist: severities follow workload × hardware × stack, as seed 2's pitfalls and seed 1 say."""

from __future__ import annotations

from estimator.advice.risks import risk_score
from estimator.catalog import Hardware, ServingStack
from estimator.schemas import Estimate, Risk
from estimator.workload import Workload
from tests.support.worded import assess_risks

NPU = Hardware(id="npu-x", vendor="Intel", name="Lunar Lake NPU", kind="npu", memory_gb=32, tdp_w=10,
               source_url="https://x")
GPU = Hardware(id="gpu-x", vendor="NVIDIA", name="GeForce RTX 4090", kind="gpu", memory_gb=24,
               memory_bandwidth_gbs=1008, fp16_tflops=165, tdp_w=450, launch_year=2022, price_usd=1599,
               source_url="https://x")
L40S = Hardware(id="l40s", vendor="NVIDIA", name="L40S", kind="gpu", memory_gb=48, memory_bandwidth_gbs=864,
                fp16_tflops=362, tdp_w=350, launch_year=2023, source_url="https://x")
H100 = Hardware(id="h100", vendor="NVIDIA", name="H100 SXM", kind="gpu", memory_gb=80, memory_type="HBM3",
                memory_bandwidth_gbs=3350, fp16_tflops=989, tdp_w=700, launch_year=2022, price_usd=30000,
                source_url="https://x")
GAUDI = Hardware(id="gaudi", vendor="Intel", name="Gaudi 3", kind="accel", memory_gb=128, memory_bandwidth_gbs=3670,
                 tdp_w=900, launch_year=2024, source_url="https://x")

OV_NPU = ServingStack(id="openvino-npu", name="OpenVINO (NPU)", maturity="medium", dynamic_shapes="unverified",
                      continuous_batching="no", multi_model="unverified", quant_formats=("INT4", "INT8"),
                      backend_key="openvino", source_url="https://x")
VLLM = ServingStack(id="vllm-cuda", name="vLLM (CUDA)", maturity="high", dynamic_shapes="native",
                    continuous_batching="yes", multi_model="process_per_model",
                    quant_formats=("AWQ", "GPTQ", "FP8", "INT8", "GGUF"), backend_key="vllm", source_url="https://x")
LLAMA_CPP = ServingStack(id="llama.cpp", name="llama.cpp", maturity="high", dynamic_shapes="native",
                         continuous_batching="unverified", multi_model="process_per_model",
                         quant_formats=("GGUF",), backend_key="llama.cpp", source_url="https://x")
GAUDI_VLLM = ServingStack(id="gaudi-vllm", name="vLLM-Gaudi", maturity="medium", dynamic_shapes="buckets",
                          continuous_batching="yes", multi_model="unverified", quant_formats=("FP8",),
                          backend_key="vllm", source_url="https://x")


def _estimate(required_gb: float = 5.0, available_gb: float = 24.0, bound: str = "memory") -> Estimate:
    return Estimate(decode_tokens_per_s_per_stream=40, decode_tokens_per_s_total=400, prefill_tokens_per_s=5000,
                    ttft_ms=300, fits=True, memory_required_gb=required_gb, memory_available_gb=available_gb,
                    bound=bound, method="model")


def _by_id(risks: list[Risk]) -> dict[str, Risk]:
    return {r.id: r for r in risks}


def test_dynamic_shapes_on_an_npu_is_high():
    risks = _by_id(assess_risks(Workload(concurrent_users=1), NPU, 1, OV_NPU, None, None))
    assert risks["dynamic_shapes"].severity == "high"
    assert "seed 2" in risks["dynamic_shapes"].why


def test_dynamic_shapes_on_vllm_gpu_is_not_flagged():
    risks = _by_id(assess_risks(Workload(concurrent_users=10), GPU, 1, VLLM, _estimate(), None))
    assert "dynamic_shapes" not in risks


def test_bucketed_accelerator_is_medium_and_lower_when_shapes_are_fixed():
    variable = _by_id(assess_risks(Workload(), GAUDI, 1, GAUDI_VLLM, None, None))
    fixed = _by_id(assess_risks(Workload(dynamic_shapes=False), GAUDI, 1, GAUDI_VLLM, None, None))
    assert variable["dynamic_shapes"].severity == "medium"
    assert fixed["dynamic_shapes"].severity == "low"


def test_several_models_that_do_not_fit_side_by_side_is_high_with_numbers():
    risks = _by_id(assess_risks(Workload(models_served=6), GPU, 1, VLLM, _estimate(5.0, 24.0), None))
    assert risks["multi_model"].severity == "high"
    assert "30 GB" in risks["multi_model"].why and "24 GB" in risks["multi_model"].why
    two = _by_id(assess_risks(Workload(models_served=2), GPU, 1, VLLM, _estimate(5.0, 24.0), None))
    assert two["multi_model"].severity == "medium"
    assert "multi_model" not in _by_id(assess_risks(Workload(models_served=1), GPU, 1, VLLM, _estimate(), None))


def test_maturity_comes_from_the_stack_notes():
    risks = _by_id(assess_risks(Workload(), GAUDI, 1, GAUDI_VLLM, None, None))
    assert risks["software_maturity"].severity == "medium"
    assert "software_maturity" not in _by_id(assess_risks(Workload(concurrent_users=10), GPU, 1, VLLM, None, None))


def test_llama_cpp_for_many_concurrent_users_is_flagged():
    risks = _by_id(assess_risks(Workload(concurrent_users=50), GPU, 1, LLAMA_CPP, None, None))
    assert risks["software_maturity"].severity == "medium"
    assert "50 users" in risks["software_maturity"].why


def test_int4_on_an_accelerator_for_accuracy_critical_work_is_high():
    risks = _by_id(assess_risks(Workload(quantization="INT4", accuracy_critical=True), GAUDI, 1, GAUDI_VLLM,
                                None, None))
    assert risks["quantization_calibration"].severity == "high"


def test_q4_on_gpu_is_fine_unless_accuracy_critical():
    plain = _by_id(assess_risks(Workload(quantization="Q4_K_M"), GPU, 1, VLLM, None, None))
    critical = _by_id(assess_risks(Workload(quantization="Q4_K_M", accuracy_critical=True), GPU, 1, VLLM, None, None))
    assert "quantization_calibration" not in plain
    assert critical["quantization_calibration"].severity == "medium"
    assert "Q8_0" in critical["quantization_calibration"].why


def test_memory_bandwidth_flagged_for_compute_heavy_card_at_low_batch():
    risks = _by_id(assess_risks(Workload(concurrent_users=2), L40S, 1, VLLM, _estimate(), None))
    assert risks["memory_bandwidth"].severity == "medium"
    assert "864 GB/s" in risks["memory_bandwidth"].why
    # A bandwidth-rich consumer card is not "chosen for peak compute".
    assert "memory_bandwidth" not in _by_id(assess_risks(Workload(concurrent_users=2), GPU, 1, VLLM, _estimate(), None))


def test_power_beyond_four_gpus_and_over_budget():
    six = _by_id(assess_risks(Workload(), GPU, 6, VLLM, None, None))
    assert six["power_cooling"].severity == "medium"
    over = _by_id(assess_risks(Workload(power_budget_w=1000), GPU, 3, VLLM, None, None))
    assert over["power_cooling"].severity == "high" and "1,350 W" in over["power_cooling"].why
    assert "power_cooling" not in _by_id(assess_risks(Workload(power_budget_w=5000), GPU, 2, VLLM, None, None))


def test_tail_latency_and_headroom_from_load():
    tight = _by_id(assess_risks(Workload(concurrent_users=95), GPU, 1, VLLM, _estimate(), None,
                                max_concurrent_users=100))
    assert tight["tail_latency"].severity == "high"
    assert tight["capacity_headroom"].severity == "high"
    roomy = _by_id(assess_risks(Workload(concurrent_users=50), GPU, 1, VLLM, _estimate(), None,
                                max_concurrent_users=100))
    assert "tail_latency" not in roomy and "capacity_headroom" not in roomy
    bursty = _by_id(assess_risks(Workload(concurrent_users=50, arrival_pattern="bursty"), GPU, 1, VLLM,
                                 _estimate(), None, max_concurrent_users=100))
    assert bursty["tail_latency"].severity == "medium"


def _ranged(ttft_p95_ms: float, width: float) -> Estimate:
    """An estimate whose decode range is ±`width` (the estimator's calibrated error)."""
    return _estimate().model_copy(update={"ttft_p95_ms": ttft_p95_ms, "confidence_high": 40 * (1 + width),
                                          "confidence_low": 40 / (1 + width)})


def test_a_latency_target_met_by_less_than_the_estimate_error_is_flagged():
    workload = Workload(concurrent_users=1, ttft_target_ms=100)
    close = _by_id(assess_risks(workload, GPU, 1, VLLM, _ranged(91, 0.25), None, max_concurrent_users=2))
    assert close["tail_latency"].severity == "medium" and "±25%" in close["tail_latency"].why
    clear = _by_id(assess_risks(workload, GPU, 1, VLLM, _ranged(60, 0.25), None, max_concurrent_users=2))
    assert "tail_latency" not in clear


def test_an_overload_test_passed_by_less_than_the_estimate_error_is_flagged():
    # Seed 2: drive 1.5× the peak. 15 users for a peak of 10 passes only at the point estimate.
    workload = Workload(concurrent_users=10)
    thin = _by_id(assess_risks(workload, GPU, 1, VLLM, _ranged(300, 0.25), None, max_concurrent_users=15))
    assert thin["capacity_headroom"].severity == "medium"
    ample = _by_id(assess_risks(workload, GPU, 1, VLLM, _ranged(300, 0.25), None, max_concurrent_users=28))
    assert "capacity_headroom" not in ample


def test_failing_the_overload_test_under_bursty_arrivals_is_high():
    # Seed 1's production option carries "突發流量的餘裕": with bursts, 1.2× the peak is not enough.
    steady = _by_id(assess_risks(Workload(concurrent_users=25), GPU, 1, VLLM, _estimate(), None,
                                 max_concurrent_users=30))
    bursty = _by_id(assess_risks(Workload(concurrent_users=25, arrival_pattern="bursty"), GPU, 1, VLLM,
                                 _estimate(), None, max_concurrent_users=30))
    assert steady["capacity_headroom"].severity == "medium"
    assert bursty["capacity_headroom"].severity == "high"


def test_owned_devices_carry_no_supply_risk():
    old_card = GPU.model_copy(update={"launch_year": 2020})
    bought = _by_id(assess_risks(Workload(), old_card, 1, VLLM, None, None, newest_launch_year=2025))
    owned = _by_id(assess_risks(Workload(), old_card, 1, VLLM, None, None, newest_launch_year=2025, existing=True))
    assert bought["supply"].severity == "high" and "supply" not in owned


def test_lock_in_and_supply():
    risks = _by_id(assess_risks(Workload(), GAUDI, 1, GAUDI_VLLM, None, None))
    assert risks["vendor_lock_in"].severity == "medium"
    assert _by_id(assess_risks(Workload(), H100, 4, VLLM, None, None))["supply"].severity == "medium"
    old = _by_id(assess_risks(Workload(), GPU, 1, VLLM, None, None, newest_launch_year=2025))
    assert "2022" in old["supply"].why and old["supply"].severity == "medium"
    older = _by_id(assess_risks(Workload(), GPU, 1, VLLM, None, None, newest_launch_year=2026))
    assert older["supply"].severity == "high"


def test_risks_are_sorted_and_scored():
    risks = assess_risks(Workload(concurrent_users=3, quantization="INT4", accuracy_critical=True), NPU, 1, OV_NPU,
                         None, None)
    severities = [r.severity for r in risks]
    assert severities == sorted(severities, key=["high", "medium", "low"].index)
    assert risk_score(risks) >= 6


# --- a format documented on some GPU generations only ("which stacks run which format natively") ---
TRT_MXFP4 = ServingStack(id="trt-llm", name="TensorRT-LLM", maturity="high", dynamic_shapes="config_limits",
                         continuous_batching="yes", multi_model="unverified", quant_formats=("FP8", "MXFP4"),
                         format_devices=("MXFP4@h100", "MXFP4@b200"), backend_key="trt-llm", source_url="https://x")


def test_a_format_the_stack_documents_on_other_devices_only_is_a_risk_there():
    # gpt-oss ships MXFP4; TensorRT-LLM's guide runs it on Hopper and datacenter Blackwell, not on a GeForce card.
    gpt_oss = Workload(concurrent_users=10, quantization="MXFP4")
    on_4090 = _by_id(assess_risks(gpt_oss, GPU, 4, TRT_MXFP4, _estimate(), None))
    assert on_4090["quantization_calibration"].severity == "medium"
    assert "documents MXFP4 on 2 other devices, not on GeForce RTX 4090" in on_4090["quantization_calibration"].why
    on_h100 = _by_id(assess_risks(gpt_oss, H100, 2, TRT_MXFP4, _estimate(), None))
    assert "quantization_calibration" not in on_h100
    # Another format on the same card is not restricted by the MXFP4 list.
    fp8 = _by_id(assess_risks(Workload(concurrent_users=10, quantization="FP8"), GPU, 4, TRT_MXFP4, _estimate(), None))
    assert "documents" not in (fp8["quantization_calibration"].why if "quantization_calibration" in fp8 else "")
    critical = Workload(concurrent_users=10, quantization="MXFP4", accuracy_critical=True)
    assert _by_id(assess_risks(critical, GPU, 4, TRT_MXFP4, _estimate(), None))["quantization_calibration"].severity == "high"


def test_the_shipped_stacks_document_mxfp4_per_device(catalog):
    trt, vllm = catalog.stack("trt-llm"), catalog.stack("vllm-cuda")
    assert "nvidia-h200-sxm" in trt.format_device_ids("MXFP4") and "nvidia-rtx-4090" not in trt.format_device_ids("MXFP4")
    assert "nvidia-a100-80gb-sxm" in vllm.format_device_ids("MXFP4")
    assert catalog.stack("llama.cpp").format_device_ids("MXFP4") is None  # llama.cpp runs it on every backend
    assert trt.format_device_ids("FP8") is None
