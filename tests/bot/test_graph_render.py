"""The reply renderers: numbers only from tool results, what changed, facts in the user's language."""

from __future__ import annotations

import re

import pytest

from bot.wording.render_text import (
    fact_phrases,
    money,
    option_lines,
    recommendation_changes,
    render_recommendation,
    slot_changes,
)
from estimator.said import said
from estimator.schemas import Option, OptionEstimate, OptionTco, Recommendation, Risk


def option(hardware_id: str, count: int, capex: float, tps: float = 30.0, meets: bool = True) -> Option:
    return Option(
        hardware_id=hardware_id, kind="gpu", count=count, serving_stack="vLLM", capex_usd=capex, meets_slo=meets,
        hardware_name=hardware_id.upper(), power_w=700.0 * count,
        estimate=OptionEstimate(decode_tokens_per_s_per_user=tps, ttft_ms=321.0, max_concurrent_users=250,
                                ttft_p95_ms=456.0, memory_required_gb=9.5, memory_available_gb=96.0),
        tco=OptionTco(three_year_total_usd=capex * 1.3, cost_per_million_tokens_usd=0.21, annual_power_usd=777.0),
    )


REC = Recommendation(
    primary=option("l40s", 2, 26_000),
    alternatives=[option("rtx-4090", 4, 18_500, tps=24.0)],
    risks=[Risk(id="dynamic_shapes", severity="medium", why="variable prompts", mitigation="length buckets")],
    # The exclusion list as the core finds it: left for "show assumptions" by its case, never by its words.
    assumptions=["assumed prompts of ~512 tokens",
                 said("note.excluded", reason=said("reason.cloud_only"), ids="aws-inferentia2")],
    rationale="cheapest per served token",
    validation_plan=["Days 1–2: run the real model"],
)


def test_every_number_in_the_reply_comes_from_the_recommendation():
    text = render_recommendation(REC, "en", users=200)
    allowed = {"200", "2", "4", "1", "512", "26,000", "18,500", "33,800", "24,050", "30.0", "24.0", "321", "456", "250",
               "9.5", "96.0", "0.21", "777", "1,400", "2,800", "3"}
    # Numbers standing alone (not inside "L40S", "RTX-4090" or "p95").
    numbers = {n.rstrip(",") for n in re.findall(r"(?<![A-Za-z\d.-])\d[\d,]*(?:\.\d+)?", text)}
    assert numbers <= allowed, numbers - allowed


def test_sections_are_all_there_and_long_exclusion_lists_are_left_for_show_assumptions():
    text = render_recommendation(REC, "en", users=200, understood=["7B model"])
    for heading in ("Understood: 7B model", "Recommendation: 2× L40S with vLLM", "Alternatives:", "Risks:",
                    "Assumptions:", "Two-week validation plan:", "(mitigation: length buckets)"):
        assert heading in text
    assert "not considered" not in text


def test_option_lines_carry_speed_latency_memory_cost_and_power():
    lines = " ".join(option_lines(REC.primary, 200, "en"))
    for part in ("30.0 tok/s per user at 200", "~321 ms", "p95 456 ms", "250 users", "9.5 GB", "96.0 GB",
                 "$26,000", "(price estimate)", "$33,800", "$0.21", "$777", "1,400 W"):
        assert part in lines


def test_changes_against_the_previous_recommendation():
    bigger = REC.model_copy(update={"primary": option("a100", 4, 90_000, tps=35.0)})
    changes = recommendation_changes(REC, bigger)
    assert changes[0] == "primary: 2× L40S with vLLM → 4× A100 with vLLM"
    assert "capex $26k → $90k" in changes and "tok/s per user 30.0 → 35.0" in changes
    assert recommendation_changes(REC, REC) == []
    assert recommendation_changes(None, REC) == []


def test_slot_changes_name_old_and_new_values():
    assert slot_changes({"concurrent_users": 200}, {"concurrent_users": 500}, "en") == [
        "200 concurrent users → 500 concurrent users"]
    assert slot_changes({}, {"concurrent_users": 500}, "en") == []


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["7B model", "Q4_K_M", "department scale", "200 concurrent users", "bursty traffic", "budget $50,000"]),
    ("zh-Hans", ["7B 模型", "Q4_K_M", "部门级", "200 人并发", "突发流量", "预算 $50,000"]),
    ("zh-Hant", ["7B 模型", "Q4_K_M", "部門級", "200 人同時使用", "突發流量", "預算 $50,000"]),
])
def test_fact_phrases_in_each_language(lang, expected):
    facts = {"concurrent_users": 200, "model_params_b": 7, "quantization": "Q4_K_M", "deployment_scale": "department",
             "arrival_pattern": "bursty", "budget_usd": 50_000.0, "total_users": 200}
    assert fact_phrases(facts, lang) == expected  # size first; the same head count is said once


@pytest.mark.parametrize(("value", "text"), [(26_000, "$26,000"), (1_250_000, "$1.25M"), (0.21, "$0.21"), (None, "n/a")])
def test_money(value, text):
    assert money(value) == text


def test_calibration_rows_cite_the_device_else_its_backend(catalog):
    from bot.wording.render_text import calibration_rows

    measured_device = next(b.hardware_id for b in catalog.benchmarks if b.hardware_id)
    own = REC.model_copy(update={"primary": REC.primary.model_copy(update={"hardware_id": measured_device})})
    basis, rows = calibration_rows(own, catalog)
    assert basis == "device" and rows and all(r.hardware_id == measured_device for r in rows)

    unmeasured = {h.id for h in catalog.hardware} - {b.hardware_id for b in catalog.benchmarks}
    stack = next(s for s in catalog.stacks if s.backend_key == "trt-llm")
    other = REC.model_copy(update={"primary": REC.primary.model_copy(
        update={"hardware_id": sorted(unmeasured)[0], "serving_stack": stack.name})})
    basis, rows = calibration_rows(other, catalog)
    assert basis == "backend" and rows and all(r.backend == "trt-llm" and r.kind == "gpu" for r in rows)
    text = render_recommendation(other, "en", provenance=(basis, rows))
    assert f"#{rows[0].row_id}" in text and rows[0].source_url in text


def test_benchmark_line_does_not_repeat_a_count_the_source_label_already_names(catalog):
    from bot.wording.render_text import benchmark_line

    row = next(b for b in catalog.benchmarks if b.hardware_label.startswith("8x AMD"))
    line = benchmark_line(row)
    assert "8x AMD Instinct MI300X" in line
    assert "8× 8x" not in line
    single = next(b for b in catalog.benchmarks if b.device_count == 1)
    assert f"#{single.row_id} {single.hardware_label}" in benchmark_line(single)
