"""The expectation checker: each kind of expectation passes on a matching reply and fails with "expected … got …"."""

from __future__ import annotations

import pytest

from evals.checks import check_reply, slot_matches
from evals.scenario import Expect
from tests.support.eval_fakes import option, recommendation, reply


def _expect(**fields) -> Expect:
    return Expect.model_validate(fields)


@pytest.mark.parametrize(
    ("expected", "actual", "ok"),
    [
        (7, 7.3, True),  # 4.3 % off: within 5 %
        (7, 7.4, False),  # 5.7 % off
        (200, 190, True),
        (200, 189, False),
        (True, True, True),
        (True, 1, False),  # a bool slot is not a number
        ("Q4_K_M", "Q4_K_M", True),
        ("Q4_K_M", "Q4_0", False),
        (["cpu_servers", "npu_laptops"], ["npu_laptops", "cpu_servers"], True),
        (["cpu_servers"], ["cpu_servers", "none"], False),
        (7, None, False),
    ],
)
def test_slot_matching(expected, actual, ok):
    assert slot_matches(expected, actual) is ok


def test_matching_reply_has_no_failures_and_counts_slots():
    expect = _expect(
        slots={"model_params_b": 7, "quantization": "Q4_K_M"},
        recommendation={"kind_in": ["gpu"], "kind_not_in": ["npu"], "hardware_in": ["nvidia-rtx-4090"],
                        "min_capex_usd": 5000, "max_capex_usd": 7000, "meets_slo": True,
                        "max_power_w": 500, "min_memory_required_gb": 4},
        risks_include=["multi_model"],
        risks_exclude=["dynamic_shapes"],
        reply_contains=["rtx 4090"],
    )
    got = reply("Buy one RTX 4090.", {"model_params_b": 7.0, "quantization": "Q4_K_M"},
                recommendation(option(), risks=("multi_model",)))
    result = check_reply(expect, got)
    assert result.failures == []
    assert (result.slots_expected, result.slots_matched) == (2, 2)


def test_slot_failure_names_slot_expected_and_actual():
    result = check_reply(_expect(slots={"concurrent_users": 200, "quantization": "Q8_0"}), reply(slots={"concurrent_users": 150}))
    assert result.failures == [
        "expected slot concurrent_users = 200, got 150",
        "expected slot quantization = Q8_0, got unset",
    ]
    assert (result.slots_expected, result.slots_matched) == (2, 0)


@pytest.mark.parametrize(
    ("want", "primary", "fragment"),
    [
        ({"kind_in": ["gpu"]}, option("apple-m4-max", "soc"), "expected primary kind in [gpu], got soc"),
        ({"kind_not_in": ["cpu"]}, option("intel-xeon-8480plus", "cpu"), "expected primary kind not in [cpu], got cpu"),
        ({"hardware_in": ["nvidia-l40s"]}, option(), "expected primary hardware in [nvidia-l40s], got 1× nvidia-rtx-4090"),
        ({"hardware_not_in": ["nvidia-rtx-4090"]}, option(), "expected primary hardware not in [nvidia-rtx-4090]"),
        ({"max_capex_usd": 5000}, option(capex_usd=6000), "expected primary capex <= $5,000, got 1× nvidia-rtx-4090 (gpu, $6,000)"),
        ({"min_capex_usd": 50000}, option(capex_usd=6000), "expected primary capex >= $50,000"),
        ({"meets_slo": True}, option(meets_slo=False), "expected primary meets_slo = True, got False"),
        ({"max_power_w": 300}, option(power_w=450), "expected primary power <= 300 W, got 450 W"),
        ({"max_power_w": 300}, option(power_w=None), "got no power figure"),
        ({"max_power_w": 300}, option(power_w=0.0), "got no power figure"),
        ({"min_memory_required_gb": 7}, option(memory_required_gb=4.4), "expected memory required >= 7 GB, got 4.4 GB"),
        ({"max_count": 2}, option(count=4), "expected at most 2 devices, got 4× nvidia-rtx-4090"),
        ({"min_count": 2}, option(), "expected at least 2 devices, got 1× nvidia-rtx-4090"),
    ],
)
def test_recommendation_failures_say_expected_and_got(want, primary, fragment):
    failures = check_reply(_expect(recommendation=want), reply(rec=recommendation(primary))).failures
    assert len(failures) == 1
    assert failures[0].startswith("expected ") and " got " in failures[0]
    assert fragment in failures[0]


def test_missing_recommendation_or_primary_is_a_failure():
    asked = check_reply(_expect(recommendation={"kind_in": ["gpu"]}), reply("How many users?")).failures
    assert asked == ["expected a recommendation, got none (bot said: How many users?)"]
    nothing = reply(rec=recommendation(None, relax=("raise the budget to $9,000",)))
    assert check_reply(_expect(recommendation={}), nothing).failures == [
        "expected a primary option, got none (nothing feasible: raise the budget to $9,000)"
    ]


def test_risks_include_and_exclude_look_at_top_level_and_primary_risks():
    primary = option().model_copy(update={"risks": recommendation(risks=("power_cooling",)).risks})
    got = reply(rec=recommendation(primary, risks=("multi_model",)))
    assert check_reply(_expect(risks_include=["multi_model", "power_cooling"]), got).failures == []
    failures = check_reply(_expect(risks_include=["dynamic_shapes"], risks_exclude=["multi_model"]), got).failures
    assert failures == [
        "expected risk dynamic_shapes flagged, got [multi_model, power_cooling]",
        "expected risk multi_model not flagged, got [multi_model, power_cooling]",
    ]


def test_risk_expectations_without_a_recommendation_fail():
    assert check_reply(_expect(risks_include=["multi_model"]), reply()).failures == [
        "expected a recommendation with risks, got none"
    ]


def test_reply_contains_is_case_insensitive_and_works_in_chinese():
    got = reply("NPU 設計用於單用戶工作負載, so an npu is not for 200 users")
    assert check_reply(_expect(reply_contains=["npu", "單用戶"]), got).failures == []
    failures = check_reply(_expect(reply_contains=["L40S"]), got).failures
    assert failures and failures[0].startswith("expected the reply to contain 'L40S', got: NPU")


def test_reply_order_fails_when_the_texts_come_in_another_order():
    got = reply("Recommendation: 2× L40S.\n1 × RTX 4090: yes, it meets the targets.")
    assert check_reply(_expect(reply_order=["rtx 4090: yes", "recommendation:"]), got).failures == [
        "expected the reply to show 'recommendation:' in the expected order ('rtx 4090: yes' -> 'recommendation:'), "
        "got: Recommendation: 2× L40S. 1 × RTX 4090: yes, it meets the targets."]
    assert check_reply(_expect(reply_order=["recommendation:", "rtx 4090: yes"]), got).failures == []


def test_reply_excludes_fails_on_a_text_it_must_not_show():
    got = reply("内网隔离：只计算购买的硬件。\n租用：3 年共 $5,000")
    assert check_reply(_expect(reply_excludes=["托管 API："]), got).failures == []
    assert check_reply(_expect(reply_excludes=["租用："]), got).failures[0].startswith(
        "expected the reply not to contain '租用：'")
