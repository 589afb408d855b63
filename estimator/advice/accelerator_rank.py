"""Where an inference accelerator ranks: seed 2's scenario table read as a ranking rule.

Seed 2 names a purpose-built inference accelerator as the answer in two rows of its table (4.1): the first, "模型
固定、批量小、并发高、功耗敏感 → 推理专用加速方案" (its three conditions of 2.2: `seed2_conditions`), and the last,
"超低延迟、单请求、模型中等 → 推理专用加速方案或高端GPU" (`low_latency_single_stream`). Every other row names another
answer: frequent iteration, varied operators or large batches → GPU ("模型结构一变可能就要重新编译"), edge and very
low power → NPU, mixed training and inference → GPU; and 2.2 says the port pays only when "模型已经定型". So outside
those two rows an accelerator that is cheapest per served token does not lead: it ranks after every other option
that meets the targets within the limits and stays in the list as an alternative, with the reason
(`HeldBack`: which of seed 2's conditions do not hold). It still leads when nothing else meets them.

Seed 1's cost basis is unchanged inside each group (the 3-year cost per served token, risk-weighted), and an
accelerator the user named or owns ranks like any other device: they put it on the table themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from estimator.advice.accelerator_findings import HeldBackAccelerator, ModelReason, Seed2Conditions
from estimator.advice.accelerator_first import seed2_conditions
from estimator.advice.load import is_ultra_low_ttft
from estimator.advice.sizing import Sized
from estimator.said import Said, joined, said
from estimator.workload import Workload

# Seed 2's last row, "模型中等": seed 1's tiers put up to 7B on laptops, NPUs and single consumer cards and 70B and up
# on multi-GPU servers; a mid-size model is what lies between.
MID_SIZE_B = (7.0, 70.0)


@dataclass(frozen=True)
class HeldBack:
    """An accelerator that was the cheapest per served token but does not lead (seed 2's table), and why."""

    option: Sized
    conditions: Seed2Conditions
    model: ModelReason
    # how much lower its risk-weighted cost per served token is than the leader's (a share, 0.25 = 25 %)
    saving: float


def low_latency_single_stream(workload: Workload) -> bool:
    """Seed 2's last row: one request at a time, an ultra-low first-token bound, a mid-size model."""
    size = workload.active_params_b or workload.model_params_b or 0.0
    return ((workload.concurrent_users or 1) <= 1 and is_ultra_low_ttft(workload.ttft_target_ms)
            and MID_SIZE_B[0] <= size <= MID_SIZE_B[1])


def accelerators_may_lead(workload: Workload) -> bool:
    """Whether one of seed 2's two accelerator rows holds, so accelerators rank on cost with everything else."""
    return seed2_conditions(workload).hold or low_latency_single_stream(workload)


def _on_the_table(workload: Workload, option: Sized) -> bool:
    """Ranked like any device: not an accelerator, or one the user owns or named."""
    hw = option.candidate.hardware
    named = {d.hardware_id for d in workload.named_devices or ()}
    return hw.kind != "accel" or option.candidate.existing or hw.id in named


def may_lead(workload: Workload, option: Sized) -> bool:
    """Whether seed 2's table lets `option` lead: any option in its accelerator rows, else any but an accelerator
    nobody owns or named."""
    return accelerators_may_lead(workload) or _on_the_table(workload, option)


def accelerators_last(workload: Workload, ranked: list[Sized]) -> list[Sized]:
    """`ranked` with accelerators after every other option that meets the targets within the limits, unless one
    of seed 2's accelerator rows holds (the order inside each group is kept)."""
    if accelerators_may_lead(workload):
        return ranked
    first = [s for s in ranked if _on_the_table(workload, s) and not s.violations]
    taken = {id(s) for s in first}  # by identity, as the options are (two may be equal field by field)
    return first + [s for s in ranked if id(s) not in taken]


def held_back(workload: Workload, ranked: list[Sized], primary: Sized, key: Callable[[Sized], float]) -> HeldBack | None:
    """The accelerator that would have led on `key` (the ranking's risk-weighted cost per served token) when
    `accelerators_last` moved it behind `primary`; None when no accelerator was moved ahead of it."""
    if accelerators_may_lead(workload) or not _on_the_table(workload, primary) or primary.candidate.existing:
        return None  # (owned hardware leads for being owned, not on cost)
    ahead = [s for s in ranked if not _on_the_table(workload, s) and not s.violations and key(s) < key(primary)]
    best = min(ahead, key=key, default=None)
    if best is None:
        return None
    return HeldBack(best, seed2_conditions(workload), model_reason(workload), saving=1 - key(best) / key(primary))


def model_reason(workload: Workload) -> ModelReason:
    """Why 条件一 (a stable model) does not hold: the model is also trained, said to change, or not said stable."""
    if workload.mixed_training:
        return "training"
    return "changes" if workload.model_stability == "frequent_changes" else "unstated"


def held_back_finding(held: HeldBack | None) -> HeldBackAccelerator | None:
    """The typed finding the recommendation carries, so a follow-up ("why not the Galaxy?") can say why."""
    if held is None:
        return None
    return HeldBackAccelerator(hardware_id=held.option.candidate.hardware.id, conditions=held.conditions,
                               saving=held.saving, model=held.model)


def unmet_conditions(conditions: Seed2Conditions, model: ModelReason = "unstated") -> Said:
    """Seed 2's conditions that do not hold, as one finding ("the model changes often; no power or space limit")."""
    unmet = [said(f"seed2.unmet.{name}" if name != "stable_model" else f"seed2.unmet.model_{model}")
             for name in ("stable_model", "small_batches", "high_concurrency", "power_or_space_limit")
             if not getattr(conditions, name)]
    return joined(unmet)


def held_back_text(held: HeldBack) -> Said:
    """The reason the cheaper accelerator is an alternative and not the primary."""
    option = held.option
    return said("rec.accel_held_back", count=option.count, hardware=option.candidate.hardware.name,
                cost=option.cost_per_token, saving=held.saving, unmet=unmet_conditions(held.conditions, held.model))


__all__ = ["HeldBack", "MID_SIZE_B", "accelerators_last", "accelerators_may_lead", "held_back", "held_back_finding", "held_back_text",
           "low_latency_single_stream", "may_lead", "model_reason", "unmet_conditions"]
