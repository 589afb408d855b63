"""The seeds' scenarios on the shipped catalog and the calibrated estimator.

Each test states the seed's answer and asserts what must come out of the numbers: the kind, the
scale (count), the cost range and the risks. Where the honest numbers give a different answer than
the seed's text (a newer or cheaper card, a missing price), the seed's exact claim is kept as a strict
xfail with the reason, so a data or model change that makes it come out shows up.
"""

from __future__ import annotations

import re

import pytest

from bot.wording import error_text
from estimator.advice.candidates import is_datacenter_grade
from estimator.costing.tco import tco
from estimator.errors import InvalidRequest, NoFeasibleOption
from estimator.schemas import EstimateRequest, Option, Recommendation
from estimator.workload import Workload
from tests.support.worded import assess_risks, raises_saying, recommend


def options(rec: Recommendation) -> list[Option]:
    return [rec.primary, *rec.alternatives] if rec.primary else list(rec.alternatives)


def risk_ids(option: Option) -> set[str]:
    return {risk.id for risk in option.risks}


# --- Seed 1, personal: "個人使用： 他們已經擁有的設備上的 NPU 或 CPU。成本：$0 增量。" -------------


def test_personal_use_runs_on_the_owned_laptop_at_no_cost(catalog):
    rec = recommend(Workload(deployment_scale="personal", model_params_b=3.8, existing_hardware=["npu_laptops"]),
                    catalog)
    assert rec.primary.kind in ("npu", "soc", "cpu")
    assert rec.primary.count == 1
    assert rec.primary.capex_usd == 0 and rec.primary.existing
    # Seed 1: a 3.8B model on an NPU or Apple Silicon runs at 40–100 tok/s: comfortable (≥ 30).
    assert rec.primary.meets_slo and rec.primary.estimate.decode_tokens_per_s_per_user >= 30


@pytest.mark.parametrize("owned_id, chip", [
    ("intel-core-ultra-lunar-lake", {"intel-core-ultra-lunar-lake", "intel-lunar-lake-npu"}),
    ("apple-m4", {"apple-m4"}),
])
def test_personal_use_runs_on_the_named_laptop_chip(catalog, owned_id, chip):
    rec = recommend(Workload(deployment_scale="personal", model_params_b=3, existing_hardware=["npu_laptops"],
                             existing_hardware_ids=[owned_id]), catalog)
    assert rec.primary.hardware_id in chip
    assert rec.primary.capex_usd == 0 and rec.primary.meets_slo
    # Seed 1: "預期性能： 每秒 15–60 個 token…足夠用於互動式使用".
    assert rec.primary.estimate.decode_tokens_per_s_per_user >= 15


def test_dynamic_shapes_on_every_catalog_npu_is_high(catalog):
    workload = Workload(deployment_scale="personal", model_params_b=3.8, concurrent_users=1)
    npus = [hw for hw in catalog.hardware if hw.kind == "npu" and hw.software_stacks]
    assert npus
    for hw in npus:
        for stack_id in hw.software_stacks:
            risks = {r.id: r for r in assess_risks(workload, hw, 1, catalog.stack(stack_id), None, None)}
            assert risks["dynamic_shapes"].severity == "high", (hw.id, stack_id)


def test_multi_user_serving_is_never_put_on_an_npu(catalog):
    rec = recommend(Workload(concurrent_users=10, model_params_b=3.8, existing_hardware=["npu_laptops"]), catalog)
    assert all(option.kind != "npu" for option in options(rec))
    assert any("NPUs are built for one user" in note for note in rec.assumptions)


# --- Seed 1, team 5–20: one RTX 4090 server ≈ $6,000, or one L40S ≈ $13,000 ------------------------

# Seed 1's tiers count users served at once (as the organization tier below does): a head count alone
# is a total whose peak is a 25 % share, a smaller workload than the tier's.
TEAM = Workload(concurrent_users=15, model_params_b=7)


def test_team_gets_one_gpu_server_in_the_seed_cost_range(catalog):
    rec = recommend(TEAM, catalog)
    assert rec.primary.kind == "gpu"
    assert rec.primary.count == 1
    assert 4_500 <= rec.primary.capex_usd <= 13_000
    # Seed 1: "每位用戶 30–80 token/秒".
    assert rec.primary.meets_slo and rec.primary.estimate.decode_tokens_per_s_per_user >= 30


# --- Seed 1, department 50–200: 2–4 RTX 4090 or 1–2 L40S with vLLM, $15,000–$30,000 ---------------

DEPARTMENT = Workload(concurrent_users=200, model_params_b=7)


@pytest.mark.xfail(strict=True, reason=(
    "one RTX 5090 server ($6,399) carries the 200 people at 35.7 tok/s: people who read each answer between prompts "
    "(238 wpm, ~5.3 tok/s) send ~15 % of a closed loop's prompts, so a step reads 7 GB of FP8 weights + 200 x 768 tokens "
    "x 65.5 KB of FP8 KV (10 GB) at 1.79 TB/s; seed 1's department tier (2-4 RTX 4090, $15-30k) sizes more: whether "
    "its floor holds against one card that meets every target is for the lead to decide"))
def test_department_gets_2_to_4_gpus_with_continuous_batching_in_the_seed_cost_range(catalog):
    rec = recommend(DEPARTMENT, catalog)
    primary = rec.primary
    assert primary.kind == "gpu"
    # The RTX 5090 is the 4090's successor in the same slot; the two are within a few percent per token
    # and swap places as the throughput calibration moves, so either counts as seed 1's "2–4 RTX 4090".
    assert primary.hardware_id in ("nvidia-rtx-4090", "nvidia-rtx-5090", "nvidia-l40s")
    assert (1 <= primary.count <= 2) if primary.hardware_id == "nvidia-l40s" else (2 <= primary.count <= 4)
    # Seed 1: "$15,000–$30,000" (it rounds the 4090 to $1,600) is four cards in a multi-card host: the host is
    # $15,000 − 4 × $1,600 = $8,600 (estimator/defaults.py), so its two or three cards cost from
    # 2 × $1,599 + $8,600 = $11,798; the seed's ceiling binds as stated.
    assert 11_500 <= primary.capex_usd <= 30_000
    stack = next(s for s in catalog.stacks if s.name == primary.serving_stack)
    assert stack.continuous_batching == "yes"  # seed 1: "運行 vLLM 以實現…持續批次處理"
    # Seed 1: "對於 200 個並發用戶…預期每位用戶 15–30 token/秒" — at least the acceptable floor.
    assert primary.estimate.decode_tokens_per_s_per_user >= 15


# --- Seed 1, organization 500+: 4–8 A100/H100 (or MI300X), N+1, $80,000–$200,000 ------------------


def test_organization_gets_a_datacenter_gpu_cluster_with_a_spare_offered(catalog):
    # Seed 1 sizes its tiers by concurrent users ("對於 200 個並發用戶"): 800 of them at once. (A head
    # count alone now peaks at a sourced 25 %, estimator/advice/concurrency.py.)
    rec = recommend(Workload(total_users=800, concurrent_users=800, model_params_b=7), catalog)
    primary = rec.primary
    assert primary.kind == "gpu"
    hardware = catalog.hardware_by_id(primary.hardware_id)
    assert hardware is not None and is_datacenter_grade(hardware) and hardware.memory_bandwidth_gbs
    # Seed 1's "4–8 A100/H100" and its $80,000 floor price 2024's FP16 cards; a datacenter-grade cluster that meets
    # every target with fewer devices is the seed's own rule (size by need), so its ceiling binds, and physics the
    # floor: 800 people reading at 5.3 tok/s send ~15 % of the prompts a closed loop would, so decode bounds it.
    # Each decode step of a replica reads its weights (7 GB at FP8) and its users' KV cache (768 tokens × 65.5 KB
    # at FP8 for a 7B grouped-query model = 50 MB a user); 30 steps a second for every replica means
    # count × bandwidth ≥ 30 × (count × 7 GB + 800 × 0.05 GB) → bandwidth ≥ 30 × (7 + 40 / count) GB/s.
    assert primary.count * float(hardware.memory_bandwidth_gbs) >= 30 * (primary.count * 7 + 800 * 0.05)
    assert 1 <= primary.count <= 8
    # N+1 (seed 1's organization tier says "考慮冗餘", consider it): no availability was asked, so the count serves
    # the peak once and the spare is offered with its price, one more device or board, not bought.
    assert not primary.redundancy
    assert primary.capex_usd <= 200_000
    offer = rec.spare_offer
    assert offer is not None and offer.hardware_id == primary.hardware_id and offer.add_count >= 1
    assert offer.add_count * float(hardware.price_usd or 0) <= offer.add_capex_usd
    assert any("N+1" in note and f"${offer.add_capex_usd:,.0f}" in note for note in rec.assumptions)
    # Consumer cards are not for org-wide 24/7 production (seed 1: ECC, 24/7 datacenter operation).
    assert all(is_datacenter_grade(catalog.hardware_by_id(o.hardware_id)) for o in options(rec))


# --- Seed 2, accelerator case: stable model, small batches, high concurrency, tight power ---------

ACCELERATOR_CASE = Workload(concurrent_users=500, model_params_b=7, model_stability="stable", power_budget_w=5000,
                            quantization="INT8", prompt_tokens=500, output_tokens=150)


def test_accelerator_case_stays_in_the_power_budget_and_flags_calibration(catalog):
    rec = recommend(ACCELERATOR_CASE, catalog)
    assert rec.primary.meets_slo
    assert rec.primary.power_w <= 5000
    # Seed 2 pitfall 2: "以为INT8量化就是调个API的事".
    assert "quantization_calibration" in risk_ids(rec.primary)


@pytest.mark.xfail(strict=True, reason="the numbers say GPU: evaluated first, 4 FuriosaAI RNGD meet every target "
                   "inside 5 kW (~970 W; Furiosa-LLM now fitted on FuriosaAI's two published runs) but have no public "
                   "price (quote needed), so they cannot be ranked on cost; the priced Cloud AI 100 Ultra needs 12 "
                   "cards ($259,920, 3-year TCO $334,862, uncalibrated) against 7 L40S at $77,400 (2,950 W); the "
                   "8-card Gaudi 3 kit draws ~7.5 kW")
def test_accelerator_case_picks_an_accelerator(catalog):
    assert recommend(ACCELERATOR_CASE, catalog).primary.kind == "accel"


def test_frequent_model_changes_make_ported_accelerator_stacks_pay_again(catalog):
    hw = catalog.hardware_by_id("intel-gaudi3")
    stack = catalog.stack("gaudi-vllm")
    from estimator.advice.sizing import migration_cost

    stable = migration_cost(Workload(model_stability="stable"), stack)
    changing = migration_cost(Workload(model_stability="frequent_changes"), stack)
    assert stable == 15_000 and changing > 3 * stable
    assert tco(hw, 8, Workload(), served_tokens_per_s=1, migration_usd=changing).three_year_total_usd > \
        tco(hw, 8, Workload(), served_tokens_per_s=1, migration_usd=stable).three_year_total_usd


# --- Seed 2, GPU case: frequent model changes, training on the same hardware ----------------------


def test_frequent_changes_and_shared_training_keep_to_gpus(catalog):
    rec = recommend(Workload(concurrent_users=50, model_params_b=7, model_stability="frequent_changes",
                             mixed_training=True), catalog)
    assert rec.primary.meets_slo
    assert {option.kind for option in options(rec)} == {"gpu"}
    assert any("training wants general-purpose GPUs" in note for note in rec.assumptions)


# --- Seed 1, CPU: idle servers already owned cost only their power ------------------------------


def test_idle_cpu_servers_run_a_small_model_for_power_only(catalog):
    rec = recommend(Workload(concurrent_users=3, model_params_b=1.5, existing_hardware=["cpu_servers"],
                             prompt_tokens=300, output_tokens=100), catalog)
    assert rec.primary.kind == "cpu" and rec.primary.capex_usd == 0
    assert rec.primary.tco.three_year_total_usd == pytest.approx(3 * rec.primary.tco.annual_power_usd, rel=1e-3)


# --- Seed 1, cost per token: "H100 每個 token 的成本是 RTX 4090 的 2 倍" -----------------------------


def _cost_per_token_at_capacity(catalog, hardware_id: str) -> float:
    from estimator.physics.throughput import estimate, max_concurrent_streams

    request = EstimateRequest(hardware=hardware_id, params_b=7, quant="Q4_K_M", backend="vllm")
    users = max_concurrent_streams(request, catalog, min_tokens_per_s=30, ttft_target_ms=1000)
    served = estimate(request.model_copy(update={"concurrency": users}), catalog).decode_tokens_per_s_total
    result = tco(catalog.hardware_by_id(hardware_id), 1, Workload(), served_tokens_per_s=served)
    return result.cost_per_million_tokens_usd


@pytest.mark.xfail(strict=True, reason=(
    "without a serial 0.1 ms per stream (vLLM's host work now runs beside the device, and its matmuls at one "
    "fitted share of the 16-bit rate for both GPUs) one H100 carries 198 users of a 7B at 30 tok/s against a "
    "4090's 36: 5.5x, near the 16-bit compute ratio 989 / 165 = 6.0 where compute binds (4.2x before), and at "
    "the catalog's prices the 4090 server costs 1.03x the H100 per token; seed 1's 2x needs the H100 to carry "
    "under ~3x the users: the prices or the seed's ratio are for the lead to decide"))
def test_rtx_4090_server_is_cheaper_per_token_than_h100(catalog):
    # Was a strict xfail (one H100 carried ~6× a 4090's users). Batched decode is now fitted per engine
    # on serving rows of six devices (held-out error 22 %): one H100 now carries ~4× a 4090's users at
    # 30 tok/s, and the 4090 comes out cheaper per token, as seed 1 says.
    assert _cost_per_token_at_capacity(catalog, "nvidia-rtx-4090") < _cost_per_token_at_capacity(
        catalog, "nvidia-h100-sxm")


def test_rtx_4090_cost_per_token_is_in_seed_1s_range(catalog):
    # Seed 1: $0.17 per million tokens for an RTX 4090 server at 12 h/day, 70 %, $0.12/kWh.
    assert 0.08 <= _cost_per_token_at_capacity(catalog, "nvidia-rtx-4090") <= 0.35


# --- Bad workloads get a clear explanation ------------------------------------------------------


def test_zero_users_is_explained(catalog):
    with raises_saying(InvalidRequest, "at least one user"):
        recommend(Workload.model_construct(concurrent_users=0), catalog)


def test_negative_budget_is_explained(catalog):
    with raises_saying(InvalidRequest, "budget is negative"):
        recommend(Workload.model_construct(concurrent_users=5, budget_usd=-1.0), catalog)


def test_a_model_that_fits_nowhere_is_explained(catalog, monkeypatch):
    # No fixed cap otherwise: reach "fits nowhere". 2,000B at FP16 is 4 TB of weights: 16 Galaxy servers (1 TB each,
    # priced) would hold them, 3 (3 TB) do not, nor 3 of any other device.
    monkeypatch.setattr("estimator.advice.candidates.MAX_COUNT", 3)
    with pytest.raises(NoFeasibleOption) as caught:
        recommend(Workload(concurrent_users=10, model_params_b=2000, quantization="FP16"), catalog)
    assert re.search("needs ~.* GB .* holds", error_text(caught.value))


def test_an_impossible_budget_says_how_much_to_raise_it(catalog):
    rec = recommend(Workload(concurrent_users=200, model_params_b=7, budget_usd=2000), catalog)
    assert not rec.primary.meets_slo
    assert any(hint.startswith("raise the capex budget from $2,000 to $") for hint in rec.relax)


# --- Seed 1's concurrency figures as a calibration of capacity between cards ---------------------


def test_a_4060_ti_carries_a_fraction_of_a_4090s_users(catalog):
    # Seed 1: one RTX 4090 serves a team of 5–15. The RTX 4060 Ti 16GB has 1/3.5 of its bandwidth and
    # 1/3.75 of its FP16 (FP32-accumulate) rate, so at the same per-user speed it carries a fraction.
    from estimator.physics.throughput import max_concurrent_streams

    def users(hardware_id: str) -> int:
        request = EstimateRequest(hardware=hardware_id, params_b=7, quant="Q4_K_M", backend="vllm")
        return max_concurrent_streams(request, catalog, min_tokens_per_s=30, ttft_target_ms=1000)

    assert users("nvidia-rtx-4090") >= 3 * users("nvidia-rtx-4060ti-16gb")
