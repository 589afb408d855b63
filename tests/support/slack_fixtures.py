"""Hand-built replies for the Slack renderer and chart tests (numbers chosen by hand, not from runs)."""

from __future__ import annotations

from bot.reply import Reply
from estimator.schemas import Option, OptionEstimate, OptionTco, Recommendation, Risk


def option(hardware_id: str = "nvidia-l40s", *, name: str = "NVIDIA L40S", count: int = 2,
           tok_s: float = 35.2, ttft: float = 420.0, capex: float = 26_000.0, tco: float = 31_500.0,
           per_m: float = 0.85, power_w: float = 700.0, meets_slo: bool = True) -> Option:
    return Option(
        hardware_id=hardware_id, kind="gpu", count=count, serving_stack="vLLM", capex_usd=capex,
        meets_slo=meets_slo, hardware_name=name, power_w=power_w,
        estimate=OptionEstimate(decode_tokens_per_s_per_user=tok_s, ttft_ms=ttft, max_concurrent_users=260,
                                memory_required_gb=9.5, memory_available_gb=96.0, method="model",
                                confidence_low=28.0, confidence_high=41.0, source_rows=[12, 15]),
        tco=OptionTco(three_year_total_usd=tco, cost_per_million_tokens_usd=per_m, annual_power_usd=1_100.0),
    )


def risk(risk_id: str = "dynamic_shapes", severity: str = "medium", why: str = "Prompts vary in length.") -> Risk:
    return Risk(id=risk_id, severity=severity, why=why, mitigation="Test with the real prompt mix.")


def recommendation(**overrides) -> Recommendation:
    values = dict(
        primary=option(),
        alternatives=[option("nvidia-rtx-4090", name="NVIDIA GeForce RTX 4090", count=4, tok_s=31.0,
                             capex=18_000.0, tco=24_000.0, per_m=0.65, power_w=1_800.0)],
        risks=[risk("supply", "low", "Lead times vary."), risk("tail_latency", "high", "Bursty arrivals.")],
        assumptions=["12 h/day at 70 % utilization", "$0.12/kWh"],
        rationale="Two L40S meet the 1 s first-token target for 200 concurrent users with headroom.",
        validation_plan=["Week 1: replay a day of prompts", "Week 2: 1.5× overload test"],
        calibration_rows=[12, 15, 40],
    )
    values.update(overrides)
    return Recommendation(**values)


SLOTS = {"model_params_b": 7.0, "quantization": "Q4_K_M", "concurrent_users": 200,
         "prompt_tokens": 1000, "output_tokens": 300, "ttft_target_ms": 1000}


def recommendation_reply(**overrides) -> Reply:
    return Reply(text="I recommend 2× NVIDIA L40S with vLLM.", slots=dict(SLOTS),
                 recommendation=recommendation(**overrides), done=True)
