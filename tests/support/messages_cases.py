"""Fixed inputs for the estimator's sentences: assumptions, risk checklist, validation plan, TCO working.

Built by hand (no catalog, no calibration) so the English snapshot in `tests/data/` only changes when a
sentence does. `texts(lang)` returns every sentence for these inputs: the core's findings worded by
`bot.wording` (the snapshot was taken before the sentences were localized, and again before they left
the core).
"""

from __future__ import annotations

from typing import Any

from bot.wording import word, words
from bot.wording.tco import tco_lines
from estimator.advice.assume import fill_defaults
from estimator.advice.risks import assess_risks
from estimator.advice.validation_plan import validation_plan
from estimator.catalog import Hardware, ServingStack
from estimator.costing.tco import tco
from estimator.schemas import Estimate, Option, OptionEstimate, OptionTco
from estimator.workload import Workload
from knowledge.testing import memory_catalog

_URL = "https://x"
NPU = Hardware(id="npu-x", vendor="Intel", name="Lunar Lake NPU", kind="npu", memory_gb=32, tdp_w=10, source_url=_URL)
OLD_GPU = Hardware(id="old", vendor="NVIDIA", name="Tesla V100", kind="gpu", memory_gb=32, memory_bandwidth_gbs=900,
                   fp16_tflops=125, tdp_w=300, launch_year=2017, price_usd=3000, source_url=_URL)
H100 = Hardware(id="h100", vendor="NVIDIA", name="H100 SXM", kind="gpu", memory_gb=80, memory_type="HBM3",
                memory_bandwidth_gbs=3350, fp16_tflops=989, tdp_w=700, launch_year=2022, price_usd=30000,
                source_url=_URL)
GAUDI = Hardware(id="gaudi", vendor="Intel", name="Gaudi 3", kind="accel", memory_gb=128, memory_bandwidth_gbs=3670,
                 tdp_w=900, launch_year=2024, source_url=_URL)
GROQ = Hardware(id="groq", vendor="Groq", name="LPU", kind="accel", memory_gb=0.23, tdp_w=300, launch_year=2024,
                source_url=_URL)

OV_NPU = ServingStack(id="openvino-npu", name="OpenVINO (NPU)", maturity="medium", dynamic_shapes="unverified",
                      continuous_batching="no", multi_model="unverified", quant_formats=("INT4", "INT8"),
                      backend_key="openvino", notes="Static shapes preferred. More text.", source_url=_URL)
GAUDI_VLLM = ServingStack(id="gaudi-vllm", name="vLLM-Gaudi", maturity="medium", dynamic_shapes="buckets",
                          continuous_batching="yes", multi_model="unverified", quant_formats=("FP8",),
                          backend_key="vllm", source_url=_URL)
LLAMA_CPP = ServingStack(id="llama.cpp", name="llama.cpp", maturity="high", dynamic_shapes="native",
                         continuous_batching="unverified", multi_model="process_per_model",
                         quant_formats=("GGUF",), backend_key="llama.cpp", source_url=_URL)
GROQ_STACK = ServingStack(id="groq", name="GroqWare", maturity="low", dynamic_shapes="static",
                          continuous_batching="yes", multi_model="no", quant_formats=("FP16",),
                          backend_key="groq", source_url=_URL)

BUSY = Workload(model_params_b=7, quantization="INT8", concurrent_users=200, total_users=400,
                arrival_pattern="bursty", models_served=3, accuracy_critical=True, power_budget_w=3000,
                ttft_target_ms=1000, tokens_per_s_target=30, prompt_tokens=900, output_tokens=300,
                context_length=8192)
SMALL = Workload(model_params_b=13, quantization="Q3_K_M", concurrent_users=12, accuracy_critical=True,
                 dynamic_shapes=False, ttft_target_ms=400)


def _estimate(required_gb: float, available_gb: float, ttft_p95_ms: float | None = None) -> Estimate:
    return Estimate(decode_tokens_per_s_per_stream=40, decode_tokens_per_s_total=400, prefill_tokens_per_s=5000,
                    ttft_ms=300, ttft_p95_ms=ttft_p95_ms, fits=True, memory_required_gb=required_gb,
                    memory_available_gb=available_gb, bound="memory", method="model", confidence_low=30,
                    confidence_high=52)


RISK_CASES: list[tuple[Workload, Hardware, int, ServingStack | None, Estimate, dict[str, Any]]] = [
    (BUSY, NPU, 1, OV_NPU, _estimate(9, 32), {"max_concurrent_users": 190}),
    (BUSY, GAUDI, 8, GAUDI_VLLM, _estimate(300, 1024, 950), {"max_concurrent_users": 320, "newest_launch_year": 2025}),
    (BUSY, H100, 3, LLAMA_CPP, _estimate(20, 240, 380), {"max_concurrent_users": 260, "newest_launch_year": 2025}),
    (SMALL, OLD_GPU, 6, LLAMA_CPP, _estimate(9, 192, 350), {"max_concurrent_users": 17, "newest_launch_year": 2024}),
    (SMALL, GROQ, 2, GROQ_STACK, _estimate(9, 1), {"max_concurrent_users": 40, "newest_launch_year": 2024}),
    (SMALL, GAUDI, 1, None, _estimate(9, 128), {}),
]
ASSUME_CASES = [
    Workload(),
    Workload(deployment_scale="personal"),
    Workload(deployment_scale="department", arrival_pattern="batch", accuracy_critical=True),
    Workload(concurrent_users=40, model_params_b=70),
]

NO_TDP = Hardware(id="no-tdp", vendor="Acme", name="Mystery card", kind="gpu", memory_gb=24, price_usd=900,
                  price_date="2024-03", price_is_estimate=True, source_url=_URL)
TCO_CASES: list[tuple[Hardware, int, Workload, dict[str, Any]]] = [
    (OLD_GPU, 6, SMALL, {"served_tokens_per_s": 512.5}),
    (H100, 9, BUSY, {"served_tokens_per_s": None, "migration_usd": 15000}),
    (GAUDI, 2, BUSY, {"served_tokens_per_s": 900, "existing": True}),
    (NO_TDP, 1, SMALL, {"served_tokens_per_s": 40}),
]


def _option(hardware: Hardware, count: int, stack: str) -> Option:
    return Option(hardware_id=hardware.id, kind=hardware.kind, count=count, serving_stack=stack, capex_usd=1,
                  meets_slo=True, hardware_name=hardware.name,
                  estimate=OptionEstimate(decode_tokens_per_s_per_user=40, ttft_ms=300, max_concurrent_users=10),
                  tco=OptionTco(three_year_total_usd=1, cost_per_million_tokens_usd=0.1, annual_power_usd=1))


def texts(lang: str | None) -> dict[str, list[str]]:
    """Every sentence the fixed inputs produce, by source, worded in `lang` (None: English)."""
    lang = lang or "en"
    out: dict[str, list[str]] = {}
    for i, workload in enumerate(ASSUME_CASES):
        out[f"assume.{i}"] = words(fill_defaults(workload, memory_catalog())[1], lang)
    for i, (workload, hw, count, stack, est, extra) in enumerate(RISK_CASES):
        risks = assess_risks(workload, hw, count, stack, est, None, **extra)
        out[f"risks.{i}"] = [f"{r.id}|{r.severity}|{word(r.why, lang)}|{word(r.mitigation, lang)}" for r in risks]
        filled = fill_defaults(workload, memory_catalog())[0]
        out[f"plan.{i}"] = words(validation_plan(filled, _option(hw, count, stack.name if stack else "?"), risks), lang)
    for i, (hw, count, workload, extra) in enumerate(TCO_CASES):
        out[f"tco.{i}"] = tco_lines(tco(hw, count, workload, **extra).findings, lang)
    return out
