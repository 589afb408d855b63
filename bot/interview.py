"""The interview policy: which fact to ask for next, and when to stop asking and recommend.

Pure functions of the known facts and the questions already asked. The order is by how much a fact
moves the recommendation: model size decides what fits at all, concurrency how many devices, the
latency target which devices qualify, then quantization and request lengths refine it. A fact is
never asked for twice (an unanswered question falls back to a stated default) and at most
`MAX_QUESTIONS` are asked before recommending on assumptions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

QUESTION_ORDER: tuple[str, ...] = (
    "model_params_b", "concurrent_users", "ttft_target_ms", "quantization", "prompt_tokens",
)
MAX_QUESTIONS = 3
# Scales whose concurrency is one user by definition: no need to ask how many.
_SINGLE_USER_SCALES = ("personal", "edge")


def is_known(slot: str, facts: Mapping[str, Any]) -> bool:
    """Whether the facts already answer the question about `slot`."""
    if slot == "concurrent_users":
        return facts.get("concurrent_users") is not None or facts.get("deployment_scale") in _SINGLE_USER_SCALES
    if slot == "prompt_tokens":  # one question covers both lengths
        return facts.get("prompt_tokens") is not None and facts.get("output_tokens") is not None
    if slot == "ttft_target_ms":  # batch jobs have no interactive latency target
        return facts.get("ttft_target_ms") is not None or facts.get("arrival_pattern") == "batch"
    return facts.get(slot) is not None


def next_question(facts: Mapping[str, Any], asked: Sequence[str]) -> str | None:
    """The slot to ask about next, or None when it is time to recommend.

    >>> next_question({}, [])
    'model_params_b'
    >>> next_question({"model_params_b": 7, "concurrent_users": 200}, [])
    'ttft_target_ms'
    >>> next_question({"model_params_b": 7}, ["concurrent_users", "ttft_target_ms", "quantization"]) is None
    True
    """
    if len(asked) >= MAX_QUESTIONS:
        return None
    for slot in QUESTION_ORDER:
        if slot not in asked and not is_known(slot, facts):
            return slot
    return None


__all__ = ["MAX_QUESTIONS", "QUESTION_ORDER", "is_known", "next_question"]
