"""Fill the facts an interview left unstated with the seeds' defaults, and say each one out loud.

`fill_defaults(workload)` returns a complete workload plus one sentence per assumption, so the reply
can list what the recommendation took for granted ("just recommend" proceeds on these). It also
rejects workloads no recommendation can answer (zero users, a negative budget) with a message that
says what to change.
"""

from __future__ import annotations

from typing import Any

from estimator.errors import InvalidRequest
from estimator.workload import Workload

DEFAULT_PARAMS_B = 7.0  # seed 1 benchmarks and sizes its tiers on a 7B model
DEFAULT_PROMPT_TOKENS = 512
DEFAULT_OUTPUT_TOKENS = 256
# Interactive chat: first token within a second for a 512-token prompt. Seed 1 quotes 100–300 ms for
# short queries; a 512-token prompt on a busy server needs more.
DEFAULT_TTFT_MS = 1_000
BATCH_TTFT_MS = 60_000
# One person on their own laptop waits on nobody else's queue; a 2 s first token on a 512-token prompt
# is still interactive (estimate: the seeds give no latency figure for personal use).
PERSONAL_TTFT_MS = 2_000
# Seed 1: "以 10 tok/s 運行的 CPU 仍然可以在一夜之間處理數千份文件" — batch jobs care about throughput.
BATCH_TOKENS_PER_S = 10.0
# Seed 1, single-user workstation: "預期性能： 每秒 15–60 個 token…足夠用於互動式使用".
PERSONAL_TOKENS_PER_S = 15.0
SCALE_USERS = {"personal": 1, "edge": 1, "team": 15, "department": 100, "organization": 1000}


def _check(workload: Workload) -> None:
    """Reject what no recommendation can answer. (`model_construct` and old state can bypass pydantic.)"""
    for field in ("concurrent_users", "total_users"):
        value = getattr(workload, field)
        if value is not None and value < 1:
            raise InvalidRequest(
                f"{field.replace('_', ' ')} is {value}: a recommendation needs at least one user. "
                "How many people will use the model at peak?", field=field)
    if workload.budget_usd is not None and workload.budget_usd < 0:
        raise InvalidRequest(
            f"The budget is negative (${workload.budget_usd:,.0f}). Give a capex budget of $0 or more "
            "($0 means only hardware you already own).", field="budget_usd")
    if workload.model_params_b is not None and workload.model_params_b <= 0:
        raise InvalidRequest("The model size must be a positive number of billions of parameters.",
                             field="model_params_b")
    if workload.power_budget_w is not None and workload.power_budget_w <= 0:
        raise InvalidRequest("The power budget must be a positive number of watts.", field="power_budget_w")


def scale_for(users: int) -> str:
    """Seed 1's tiers by head count: personal 1, team 5–20, department 50–200, organization 500+."""
    if users <= 1:
        return "personal"
    if users <= 20:
        return "team"
    if users < 500:
        return "department"
    return "organization"


def _users(w: Workload, facts: dict[str, Any], notes: list[str]) -> None:
    scale = w.deployment_scale
    if w.total_users is None and w.concurrent_users is None:
        users = SCALE_USERS[scale or "team"]
        facts["total_users"] = users
        notes.append(f"assumed {users} user(s)" + (f" for a {scale} deployment" if scale else " (a small team)"))
    total = facts.get("total_users", w.total_users)
    if w.concurrent_users is None:
        concurrent = total or 1
        facts["concurrent_users"] = concurrent
        notes.append(f"assumed all {concurrent} user(s) can be active at peak (seed 1 sizes its tiers by "
                     "concurrent users)")
    if total is None:
        facts["total_users"] = facts.get("concurrent_users", w.concurrent_users)
    if scale is None:
        users = max(facts.get("total_users") or 0, facts.get("concurrent_users") or w.concurrent_users or 0)
        facts["deployment_scale"] = scale_for(users)
        notes.append(f"treated as a {facts['deployment_scale']} deployment ({users} users)")


def fill_defaults(workload: Workload) -> tuple[Workload, list[str]]:
    """A complete workload and the list of assumptions made to complete it (empty when nothing was missing)."""
    _check(workload)
    w = workload
    facts: dict[str, Any] = {}
    notes: list[str] = []
    if w.model_params_b is None:
        facts["model_params_b"] = DEFAULT_PARAMS_B
        notes.append(f"assumed a {DEFAULT_PARAMS_B:g}B model (seed 1's reference size)")
    if w.quantization is None:
        if w.accuracy_critical:
            facts["quantization"] = "Q8_0"
            notes.append("assumed Q8_0 because the task is accuracy-critical (seed 1)")
        else:
            facts["quantization"] = "Q4_K_M"
            notes.append("assumed Q4_K_M: 3.2× smaller than FP16, <1 % accuracy loss on narrow tasks (seed 1)")
    _users(w, facts, notes)
    if w.prompt_tokens is None:
        facts["prompt_tokens"] = DEFAULT_PROMPT_TOKENS
        notes.append(f"assumed prompts of ~{DEFAULT_PROMPT_TOKENS} tokens")
    if w.output_tokens is None:
        facts["output_tokens"] = DEFAULT_OUTPUT_TOKENS
        notes.append(f"assumed answers of ~{DEFAULT_OUTPUT_TOKENS} tokens")
    batch = w.arrival_pattern == "batch"
    personal = (facts.get("deployment_scale") or w.deployment_scale) in ("personal", "edge")
    if w.tokens_per_s_target is None:
        if batch:
            facts["tokens_per_s_target"], why = BATCH_TOKENS_PER_S, "batch jobs care about throughput (seed 1)"
        elif personal:
            facts["tokens_per_s_target"], why = PERSONAL_TOKENS_PER_S, (
                "seed 1 calls 15–60 tok/s enough for one person's interactive use")
        else:
            facts["tokens_per_s_target"], why = 30.0, "seed 1's comfortable interactive speed"
        notes.append(f"assumed {facts['tokens_per_s_target']:g} tok/s per user: {why}")
    if w.ttft_target_ms is None:
        facts["ttft_target_ms"] = BATCH_TTFT_MS if batch else (PERSONAL_TTFT_MS if personal else DEFAULT_TTFT_MS)
        notes.append(f"assumed a p95 time-to-first-token target of {facts['ttft_target_ms']:,} ms")
    if w.arrival_pattern is None:
        facts["arrival_pattern"] = "steady"
        notes.append("assumed steady arrivals (bursty traffic needs more headroom)")
    if w.models_served is None:
        facts["models_served"] = 1
        notes.append("assumed one model served at a time")
    if w.dynamic_shapes is None:
        facts["dynamic_shapes"] = True
        notes.append("assumed variable-length prompts (dynamic shapes), as in chat and document work")
    if w.model_stability is None:
        notes.append("assumed the model changes rarely (one port if the stack needs one)")
    if w.existing_hardware is None and (facts.get("deployment_scale") or w.deployment_scale) == "personal":
        notes.append("no owned device stated, so options are purchases; a laptop you already own costs $0 "
                     "(seed 1: personal use runs on devices people already have)")
    notes.append(f"TCO basis: {w.hours_per_day:g} h/day at {w.utilization:.0%} utilization, "
                 f"${w.electricity_usd_per_kwh:g}/kWh, amortized over {w.amortization_years} years (seed 1)")
    return w.model_copy(update=facts), notes


__all__ = ["DEFAULT_TTFT_MS", "fill_defaults", "scale_for"]
