"""Seed 2's step 4: validate on one or two devices for two weeks before buying at scale.

"永远不要直接大规模采购。先拿一两张卡做真实负载的验证跑至少两周" — watch the latency distribution
(P99/P999), throughput stability and failures, and drive 1.5× the nominal peak. The plan is written
for the chosen option with its own numbers.
"""

from __future__ import annotations

import math

from estimator.advice.risks import stand_in_format
from estimator.defaults import OVERLOAD_FACTOR
from estimator.said import Said, said
from estimator.schemas import Option, PilotCommand, Risk
from estimator.workload import Workload


def pilot_devices(option: Option) -> int:
    """One or two devices (seed 2), but never fewer than one copy of the model needs: a 120B model split
    over four 24 GB cards cannot be piloted on two of them."""
    copy = option.deployment.tensor_parallel * option.deployment.pipeline_stages if option.deployment else 1
    return min(option.count, max(2, copy))


def validation_plan(
    workload: Workload, option: Option, risks: list[Risk], *, stack_formats: tuple[str, ...] = (),
    commands: tuple[PilotCommand, ...] = (),
) -> list[Said]:
    """Day-by-day steps of the two-week pilot for `option`, with pass criteria from the workload.

    `stack_formats` are the weight formats the option's serving stack takes: a GGUF model on a stack that
    takes none (TensorRT-LLM) is piloted re-quantized to the stack's format of the same width, as it would
    be served (`risks.stand_in_format`), not "as the real model". `commands` (`pilot_command.pilot_commands`):
    the first starts the pilot, on the option's own engine; the step after days 1–2 gives it."""
    users = workload.concurrent_users or 1
    overload = math.ceil(users * OVERLOAD_FACTOR)
    pilot = pilot_devices(option)
    target = workload.tokens_per_s_target or 30
    ttft = workload.ttft_target_ms or 1000
    hardware = option.hardware_name or option.hardware_id
    stand_in = stand_in_format(workload.quantization or "", stack_formats)
    first = (said("plan.days_1_2", params=workload.model_params_b, quant=workload.quantization, pilot=pilot,
                 hardware=hardware, stack=option.serving_stack) if stand_in is None else
             said("plan.days_1_2_requant", params=workload.model_params_b, quant=workload.quantization,
                 stand_in=stand_in, pilot=pilot, hardware=hardware, stack=option.serving_stack))
    start = []
    if commands:
        command = commands[0]
        config = command.config_file
        if config is not None:  # the settings file the command names, written first
            start.append(said("plan.config_file", name=config.name, text=config.text.strip()))
        start.append(said("plan.command", command=command.command, devices=command.devices_per_copy,
                          hardware=option.hardware_name or option.hardware_id, copies=command.copies))
    steps = [
        first,
        *start,
        said("plan.days_3_4"),
        said("plan.days_5_9", users=users, target=target, ttft=ttft),
        said("plan.days_10_11", overload=OVERLOAD_FACTOR, users=overload),
        said("plan.days_12_14"),
    ]
    ids = {risk.id for risk in risks}
    if "dynamic_shapes" in ids:
        steps.append(said("plan.shapes"))
    if "multi_model" in ids:
        steps.append(said("plan.models", models=workload.models_served))
    if "quantization_calibration" in ids:
        steps.append(said("plan.calibration"))
    steps.append(said("plan.buy"))
    return steps


__all__ = ["pilot_devices", "validation_plan"]
