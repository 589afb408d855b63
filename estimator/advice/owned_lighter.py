"""Owned hardware short only of memory, tried at a lighter format before anything is bought.

Seed 1 ranks "use what you have" first ("邊際成本本質上只是電力": idle hardware costs only its power), and issue
"read any workload" E: never recommend buying what the owned hardware would do. An expert whose owned box does not
hold the model at the format assumed tries, in order, before saying "buy": the weights at fewer bits (8-bit, then
4-bit: AWQ / GPTQ, Q4_K_M), then an FP8 KV cache where the engine stores one, then both. The first step at which the
owned devices, at the count the user stated, hold the model and meet the targets is the answer, with the format
change and its caveat (seed 2, pitfall 2: a lower format is calibrated and compared against the baseline on the
user's own evaluation set). Only when no step meets does the purchase stand, with the owned shortfall stated
(`owned.owned_answers`).

Never tried when the user said accuracy is critical ("no careless quantization") or chose a 16-bit format (they
asked for full precision); when they chose a quantized format ("AWQ 4bit is fine") the weights stay theirs and only the
FP8 KV cache is tried (`lighter_scope`). Formats below 4 bits are not tried (seed 1: Q3_K_M /
Q2_K "只有當硬體限制絕對需要時…品質權衡是真實且可測量的"): they are only mentioned (`lower_format`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from estimator.advice.candidates import Candidate
from estimator.advice.lower_format import lower_formats, runs_weights
from estimator.advice.owned_count import owned_cap, smallest_within
from estimator.advice.shortfall import shortfall_text
from estimator.advice.sizing import Sized, Sizer, served_params_b
from estimator.catalog import Catalog, Hardware, ServingStack
from estimator.physics.memory import weights_gb
from estimator.said import Said, said

# How far the ladder may go (`lighter_scope`): weights and KV cache, the KV cache only, or nothing.
Scope = Literal["all", "kv", "none"]
# Fewest bits per weight a lighter format may have here (seed 1: below 4 bits only when nothing else will do).
MIN_LIGHTER_BITS = 4.0


def stores_fp8_kv(stack: ServingStack, hw: Hardware) -> bool:
    """Whether the engine keeps the KV cache in FP8 on this device when asked.

    vLLM (`--kv-cache-dtype fp8`) on any GPU it runs: without FP8 hardware it converts in software, tested on
    A100-40GB (github.com/vllm-project/vllm/pull/2279; issue 4827: "compression/decompression … doesn't require
    any real hardware support"; PR 24577: FP8 KV on A100 doubles the concurrency). TensorRT-LLM
    (`KvCacheConfig(dtype='fp8')`, nvidia.github.io/TensorRT-LLM/features/quantization.html) on parts with FP8
    hardware only."""
    if hw.kind != "gpu":
        return False
    if stack.backend_key == "vllm":
        return True
    return stack.backend_key == "trt-llm" and bool(hw.fp8_tflops)


def serves_weights(stack: ServingStack, hw: Hardware, quant: str) -> bool:
    """Whether the engine serves weights in `quant` on this device as a pilot would run them: the stack's documented
    formats (`lower_format.runs_weights`), and the float formats that need their own tensor cores only where the
    device has them: NVFP4 is Blackwell's (knowledge/data/quant_formats.csv; TensorRT-LLM "supports FP4 … on
    Blackwell", nvidia.github.io/TensorRT-LLM/features/quantization.html), and TensorRT-LLM's FP8 needs FP8 hardware
    (vLLM serves FP8 weights on Ampere as W8A16 through its Marlin kernels, docs.vllm.ai …/quantization/fp8/)."""
    if not runs_weights(stack, hw, quant):
        return False
    if quant == "NVFP4" and not hw.fp4_tflops:
        return False
    return not (quant == "FP8" and stack.backend_key == "trt-llm" and not hw.fp8_tflops)


@dataclass(frozen=True)
class LighterStep:
    """One step of the ladder: the weight format and whether the KV cache is stored in FP8."""

    weights: str
    kv_fp8: bool


def ladder(baseline: str, hw: Hardware, stacks: Sequence[ServingStack], catalog: Catalog,
           scope: Scope = "all") -> list[LighterStep]:
    """The steps an expert tries, least change first: each lower weight format of at least `MIN_LIGHTER_BITS`
    that one of `stacks` runs on `hw` (most bits first), then the FP8 KV cache at the baseline format and at each
    of those formats. `scope` "kv": the weights stay at the baseline (a format the user chose), only the KV cache."""
    lighter = [name for name in lower_formats(baseline, hw, stacks, catalog)
               if scope == "all" and (fmt := catalog.quant(name)) is not None and fmt.bits_per_weight >= MIN_LIGHTER_BITS
               and any(serves_weights(stack, hw, name) for stack in stacks)]
    steps = [LighterStep(name, False) for name in lighter]
    if any(stores_fp8_kv(stack, hw) for stack in stacks):
        steps += [LighterStep(name, True) for name in (baseline, *lighter)]
    return steps


@dataclass(frozen=True)
class OwnedLighter:
    """Owned devices at a lighter step (a finding: the reply words it, `text`): meeting the targets there, or, when no
    step meets, the first step at which they hold the model, with what they still miss."""

    sized: Sized
    sizer: Sizer  # the workload at the step (its format and KV cache): the reply's figures are sized there
    baseline: str  # the format the devices did not hold the model at
    step: LighterStep
    bits: float
    weights_gb: float  # at the step
    short_required_gb: float  # memory needed at the baseline
    short_available_gb: float
    meets: bool

    def change(self) -> Said:
        if self.step.kv_fp8 and self.step.weights != self.baseline:
            return said("answer.owned.lighter.both", quant=self.step.weights, bits=self.bits, weights=self.weights_gb,
                        baseline=self.baseline)
        if self.step.kv_fp8:
            return said("answer.owned.lighter.kv")
        return said("answer.owned.lighter.weights", quant=self.step.weights, bits=self.bits, weights=self.weights_gb,
                    baseline=self.baseline)

    def text(self) -> Said:
        """Meeting: what changed and the memory it frees. Not meeting: what they still miss there, and how many of the
        peak's users they carry at the targets (the rest would queue)."""
        est = self.sized.estimate
        if not self.meets:
            return said("answer.owned.lighter_short", change=self.change(), needed=est.memory_required_gb,
                        memory=est.memory_available_gb, short=shortfall_text(self.sizer, self.sized),
                        carried=self.sizer.finalize(self.sized).capacity_users, users=self.sizer.peak)
        return said("answer.owned.lighter", baseline=self.baseline, required=self.short_required_gb,
                    available=self.short_available_gb, change=self.change(), needed=est.memory_required_gb,
                    memory=est.memory_available_gb)


def _at_step(sizer: Sizer, step: LighterStep) -> Sizer:
    update: dict[str, object] = {"quantization": step.weights}
    if step.kv_fp8:
        update["kv_cache_dtype"] = "FP8"
    workload = sizer.workload.model_copy(update=update)
    return Sizer(workload, sizer.catalog, sizer.estimate_fn, sizer.capacity_fn,
                 assumed_targets=(sizer.assumed_speed, sizer.assumed_ttft), shortcuts=sizer.shortcuts,
                 assumed_shapes=sizer.assumed_shapes, people=sizer.people, prompt_rate=sizer.prompt_rate)


def lighter_for_device(sizer: Sizer, owned: Sized, candidates: Sequence[Candidate], limit: int,
                       scope: Scope = "all") -> OwnedLighter | None:
    """The first ladder step at which at most `limit` of the owned device meet the targets; when none does, the
    first at which all of them hold the model (meets=False); None when no step holds it."""
    hw = owned.candidate.hardware
    baseline = owned.weight_format or sizer.workload_for(owned.candidate).weight_format
    catalog = sizer.catalog
    first_fit: OwnedLighter | None = None
    for step in ladder(baseline, hw, [c.stack for c in candidates], catalog, scope):
        lighter = _at_step(sizer, step)
        usable = [c for c in candidates if serves_weights(c.stack, hw, step.weights)
                  and (not step.kv_fp8 or stores_fp8_kv(c.stack, hw))]
        found = [(need, c) for c in usable
                 if (need := smallest_within(lighter, c, owned_cap(lighter, c, limit))) is not None]
        fmt = catalog.quant(step.weights)
        bits = fmt.bits_per_weight if fmt is not None else 0.0

        def at(sized: Sized, meets: bool, lighter: Sizer = lighter, step: LighterStep = step,
               bits: float = bits) -> OwnedLighter:
            return OwnedLighter(sized, lighter, baseline, step, bits, weights_gb(served_params_b(lighter.workload), bits),
                                owned.estimate.memory_required_gb, owned.estimate.memory_available_gb, meets)

        if found:
            # The fewest devices, then the engine that serves each user fastest there.
            need, best = min(found, key=lambda item: (item[0], -lighter.speed(lighter.estimate(item[1], item[0]),
                                                                               item[1])))
            return at(lighter.finalize(lighter.build(best, need, meets=True)), True)
        if first_fit is None:
            holding = [(c, top) for c in usable if lighter.estimate(c, top := owned_cap(lighter, c, limit)).fits]
            if holding:
                cand, top = max(holding, key=lambda item: lighter.speed(lighter.estimate(*item), item[0]))
                first_fit = at(lighter.build(cand, top, meets=False), False)
    return first_fit


def owned_at_lighter(sizer: Sizer, counted: Sequence[tuple[Candidate, int]], sized: Sequence[Sized],
                     *, stated: str | None) -> OwnedLighter | None:
    """Owned devices that hold no copy of the model at the format in force but meet the targets at a lighter step
    (the first found, owned devices in the order stated); None when `lighter_scope` allows none, or when no owned
    device gets there."""
    scope = lighter_scope(sizer, stated)
    if scope == "none":
        return None
    for cand, limit in counted:
        if not cand.existing:
            continue
        mine = [s for s in sized if s.candidate.existing and s.candidate.hardware.id == cand.hardware.id]
        if not mine or any(s.estimate.fits for s in mine):
            continue  # it holds the model already (or was not sized): this rule is for memory alone
        stacks = [c for c, _ in counted if c.existing and c.hardware.id == cand.hardware.id]
        if stacks[0] is not cand:
            continue  # each device once, with all its engines
        owned = max(mine, key=lambda s: s.count)
        found = lighter_for_device(sizer, owned, stacks, limit, scope)
        if found is not None and found.meets:
            return found
    return None


def lighter_scope(sizer: Sizer, stated: str | None) -> Scope:
    """What may be made lighter. Nothing when the user said accuracy is critical ("no careless quantization") or chose
    a 16-bit format (they asked for full precision); the KV cache only when they chose a quantized format ("AWQ 4bit
    is fine": the weights are theirs, an FP8 KV cache is a separate step); everything when they chose none."""
    if sizer.workload.accuracy_critical:
        return "none"
    if stated is None:
        return "all"
    fmt = sizer.catalog.quant(stated)
    return "kv" if fmt is not None and fmt.bits_per_weight < 16 else "none"


__all__ = ["MIN_LIGHTER_BITS", "LighterStep", "OwnedLighter", "ladder", "lighter_for_device", "owned_at_lighter",
           "lighter_scope", "serves_weights", "stores_fp8_kv"]
