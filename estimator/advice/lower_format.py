"""The lower-bit weight format at which a device that falls short on memory would hold the model.

"Could our 512 GB M3 Ultra run DeepSeek-R1?": at its native FP8 (671 GB) it cannot, but people run it
at ~4.5 bits per weight. When an owned or named device, at the count the user stated, does not fit the
format in force, the same device and count are estimated at each lower-bit format its serving stacks
run (fewest bits last), and the first that fits is said with its estimated speed. Only formats the
catalog lists with a sourced bits-per-weight (`knowledge/data/quant_formats.csv`) are tried, and only
on devices a stack documents them on. The recommendation itself is not switched: a lower format
trades quality (seed 2, pitfall 2: calibrate and compare against the baseline), which is the user's call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from estimator.advice.candidates import Candidate
from estimator.advice.risks import format_supported
from estimator.advice.shortfall import shortfall_text
from estimator.advice.sizing import Sized, Sizer, served_params_b
from estimator.catalog import Catalog, Hardware, ServingStack
from estimator.physics.memory import weights_gb
from estimator.said import EMPTY, Said, said
from estimator.schemas import Estimate
from estimator.workload import QUANTIZATIONS


@dataclass(frozen=True)
class FormatFit:
    """The device at a lower-bit format: its estimate there and whether it meets the targets."""

    quant: str
    bits: float
    weights_gb: float
    sized: Sized
    meets: bool
    sizer: Sizer  # the workload at this format (its shortfall sentence quotes its targets)

    @property
    def estimate(self) -> Estimate:
        return self.sized.estimate


def runs_weights(stack: ServingStack, hw: Hardware, quant: str) -> bool:
    """Whether `stack` serves weights in `quant` on `hw` (a format some generations only are documented on: those)."""
    if not stack.runs_on(hw.kind) or not format_supported(quant, stack.quant_formats):
        return False
    devices = stack.format_device_ids(quant)  # a format documented on some GPU generations only
    return devices is None or hw.id in devices


def lower_formats(quant: str, hw: Hardware, stacks: Sequence[ServingStack], catalog: Catalog) -> list[str]:
    """Formats with fewer bits per weight than `quant` that one of `stacks` runs on `hw`, most bits first
    (ties in the workload's order of formats). Empty when `quant` has no sourced bits itself."""
    current = catalog.quant(quant)
    if current is None:
        return []
    found = []
    for name in QUANTIZATIONS:
        fmt = catalog.quant(name)
        if fmt is None or fmt.bits_per_weight >= current.bits_per_weight:
            continue
        if any(runs_weights(stack, hw, name) for stack in stacks):
            found.append((fmt.bits_per_weight, name))
    found.sort(key=lambda item: -item[0])  # stable: equal bits keep QUANTIZATIONS' order
    return [name for _, name in found]


def first_fitting_format(sizer: Sizer, candidates: Sequence[Candidate], count: int) -> FormatFit | None:
    """The first lower-bit format (most bits first) at which `count` of the candidates' device hold the
    weights and the peak's KV cache, on the stack that serves it best there; None when none does."""
    if not candidates:
        return None
    hw = candidates[0].hardware
    base = sizer.workload_for(candidates[0])  # the format this device is sized at (a default one may differ)
    quant = base.weight_format
    catalog = sizer.catalog
    for name in lower_formats(quant, hw, [c.stack for c in candidates], catalog):
        workload = base.model_copy(update={"quantization": name})
        lower = Sizer(workload, catalog, sizer.estimate_fn, sizer.capacity_fn,
                      assumed_targets=(sizer.assumed_speed, sizer.assumed_ttft), assumed_shapes=sizer.assumed_shapes,
                      people=sizer.people, prompt_rate=sizer.prompt_rate)
        fitting = [c for c in candidates if runs_weights(c.stack, hw, name) and lower.estimate(c, count).fits]
        if not fitting:
            continue
        best = max(fitting, key=lambda c: (lower.meets(c, count), lower.speed(lower.estimate(c, count), c)))
        meets = lower.meets(best, count)
        fmt = catalog.quant(name)
        assert fmt is not None  # lower_formats lists only formats the catalog has bits for
        bits = fmt.bits_per_weight
        return FormatFit(name, bits, weights_gb(served_params_b(workload), bits),
                         lower.build(best, count, meets=meets), meets, lower)
    return None


def lower_format_text(sizer: Sizer, candidates: Sequence[Candidate], count: int, name: str, stated: bool) -> Said:
    """The sentence appended to a memory shortfall ("" when no lower format fits either)."""
    fit = first_fitting_format(sizer, candidates, count)
    if fit is None:
        return EMPTY
    quant = sizer.workload_for(candidates[0]).weight_format
    est = fit.estimate
    speed = (said("answer.lower.meets", tps=est.decode_tokens_per_s_per_stream, users=sizer.peak,
                 ttft=est.ttft_p95_ms or est.ttft_ms) if fit.meets
             else said("answer.lower.misses", short=shortfall_text(fit.sizer, fit.sized)))
    body = said("answer.lower.fits", quant=fit.quant, bits=fit.bits, weights=fit.weights_gb, count=count,
               hardware=name, speed=speed, baseline=quant)
    return said("answer.lower.stated" if stated else "answer.lower.default", stated=quant, body=body)


__all__ = ["FormatFit", "first_fitting_format", "lower_format_text", "lower_formats", "runs_weights"]
