"""The serving engine an expert runs on a device, when several users share it.

Candidates are device × engine pairs (`candidates.enumerate_candidates`), each eligible on its own. On a GPU shared
by several users at once, an expert does not weigh llama.cpp against vLLM on cost: where a continuous-batching
engine (vLLM, SGLang, TensorRT-LLM: `continuous_batching == "yes"`) serves the workload's format natively on that
device, it is the engine (seed 1: departments "運行 vLLM 以實現高效的批次排程和持續批次處理"; issue 27: FP8 on vLLM,
SGLang or TensorRT-LLM on datacenter GPUs, seed 1's Q4_K_M / llama.cpp for llama.cpp-class, one-person or desktop
deployments). A slot server kept beside it only competes on a tie it should never win: on an 8-GPU baseboard bought
whole, both engines cost the same per served token (served tokens are capped at 1.5× the peak), and llama.cpp
re-quantizing a named FP8 checkpoint is one risk point, not a reason an expert would accept.

When that holds:
- a format the user named (FP8, BF16, AWQ INT4 …) and a batching engine on the device loads it: that engine;
- no format named, on a data-center GPU where the batching engine serves its own default natively (FP8 on
  Hopper / Blackwell / CDNA3: `default_format`): that engine, in that format.
Everywhere else (one user, a desktop card with no format named, a GGUF format only llama.cpp loads, SoCs and
CPUs) the candidates stand as enumerated and the ranking decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from estimator.advice.candidates import Candidate, is_datacenter_grade
from estimator.advice.default_format import DefaultFormat, runs_format


def _serves_natively(candidate: Candidate, fmt: str, default: DefaultFormat | None, format_stated: bool) -> bool:
    """`candidate` batches continuously and serves the format it is sized at natively on its device."""
    hw, stack = candidate.hardware, candidate.stack
    if stack.continuous_batching != "yes" or not runs_format(stack, hw, fmt):
        return False
    if format_stated:
        return True
    return is_datacenter_grade(hw) and default is not None and default.basis == "fp8_native"


def expert_engines(candidates: Sequence[Candidate], concurrent_users: int, *, format_stated: bool,
                   format_of: Callable[[Candidate], str],
                   default_of: Callable[[Candidate], DefaultFormat | None]) -> list[Candidate]:
    """`candidates` without the engines an expert would not run on a shared GPU (module docstring): on a GPU
    serving several users where a batching engine serves the format natively, the engines that do not batch
    continuously. `format_of` / `default_of`: the format each candidate is sized at and, when none was named,
    why (`Sizer.workload_for`, `Sizer.default_for`)."""
    if concurrent_users <= 1:
        return list(candidates)
    batched_devices = {c.hardware.id for c in candidates if c.hardware.kind == "gpu"
                       and _serves_natively(c, format_of(c), default_of(c), format_stated)}
    return [c for c in candidates
            if c.hardware.id not in batched_devices or c.stack.continuous_batching == "yes"]


__all__ = ["expert_engines"]
