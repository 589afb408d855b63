"""Seed 2's step 4: validate on one or two devices for two weeks before buying at scale.

"永远不要直接大规模采购。先拿一两张卡做真实负载的验证跑至少两周" — watch the latency distribution
(P99/P999), throughput stability and failures, and drive 1.5× the nominal peak. The plan is written
for the chosen option with its own numbers.
"""

from __future__ import annotations

import math

from estimator.defaults import OVERLOAD_FACTOR
from estimator.schemas import Option, Risk
from estimator.workload import Workload


def validation_plan(workload: Workload, option: Option, risks: list[Risk]) -> list[str]:
    """Day-by-day steps of the two-week pilot for `option`, with pass criteria from the workload."""
    users = workload.concurrent_users or 1
    overload = math.ceil(users * OVERLOAD_FACTOR)
    pilot = min(option.count, 2)
    target = workload.tokens_per_s_target or 30
    ttft = workload.ttft_target_ms or 1000
    steps = [
        f"Days 1–2: run the real model ({workload.model_params_b:g}B {workload.quantization}) on {pilot} × "
        f"{option.hardware_name or option.hardware_id} with {option.serving_stack}; check outputs against an "
        "FP16/Q8_0 baseline on your own eval set.",
        "Days 3–4: profile the workload: request arrival distribution, prompt and answer length "
        "distribution, precision sensitivity.",
        f"Days 5–9: replay real traffic at the peak of {users} concurrent users (scaled to the pilot's share); "
        f"pass if per-user speed ≥ {target:g} tok/s and P99 TTFT ≤ {ttft:,} ms; record P99 and P999.",
        f"Days 10–11: overload test at {OVERLOAD_FACTOR}× peak ({overload} users): no throttling, no dropped "
        "requests, graceful queueing.",
        "Days 12–14: soak test 24 h/day; watch error rate, thermal throttling, memory growth, wall power.",
    ]
    ids = {risk.id for risk in risks}
    if "dynamic_shapes" in ids:
        steps.append("Throughout: replay the full prompt-length distribution to catch recompilation or "
                     "bucket misses (P999 TTFT).")
    if "multi_model" in ids:
        steps.append(f"Throughout: serve all {workload.models_served} models together under load.")
    if "quantization_calibration" in ids:
        steps.append("Before day 5: finish calibration and accept the quantized model only within 1 % of the "
                     "baseline on your eval set.")
    steps.append("Buy the full configuration only if every pass criterion holds; otherwise re-run the "
                 "recommendation with the measured figures.")
    return steps


__all__ = ["validation_plan"]
