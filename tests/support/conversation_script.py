"""One four-turn conversation used by the crash-recovery and scale-out tests, and what it must produce.

The expected facts are what the messages state (DESIGN.md field names), not captured output: a test
that loses a turn's facts across a crash or a replica switch fails on them.
"""

from __future__ import annotations

from typing import Any

from estimator.workload import Workload

TURNS: tuple[str, ...] = (
    "We want to serve our fine-tuned 7B model to the legal department, about 200 people.",
    "Q4_K_M is fine. Prompts ~1000 tokens, answers ~300, first token under 1 s.",
    "Our power budget is 3 kW and the capex budget is $60k.",
    "What if we grow to 500 concurrent users?",
)

# Facts stated by the first two turns, and by all four.
FACTS_AFTER_TWO: dict[str, Any] = {
    "model_params_b": 7,
    "concurrent_users": 200,
    "quantization": "Q4_K_M",
    "prompt_tokens": 1000,
    "output_tokens": 300,
    "ttft_target_ms": 1000,
}
FACTS_AFTER_FOUR: dict[str, Any] = {**FACTS_AFTER_TWO, "concurrent_users": 500, "power_budget_w": 3000,
                                    "budget_usd": 60000}


def assert_has_facts(slots: dict[str, Any], facts: dict[str, Any]) -> None:
    """Every stated fact is in `slots` (numbers within 1 %) and the slots form a valid Workload."""
    Workload.model_validate(slots)
    for name, value in facts.items():
        assert name in slots, f"{name} lost: {slots}"
        if isinstance(value, int | float) and not isinstance(value, bool):
            assert abs(float(slots[name]) - value) <= 0.01 * abs(value), f"{name}: {slots[name]} != {value}"
        else:
            assert slots[name] == value, f"{name}: {slots[name]!r} != {value!r}"


def assert_recommends(reply: dict[str, Any]) -> None:
    """The `--json` reply carries a recommendation with a primary option."""
    assert reply["done"] is True, reply["text"]
    assert reply["recommendation"] is not None and reply["recommendation"]["primary"] is not None, reply["text"]


__all__ = ["FACTS_AFTER_FOUR", "FACTS_AFTER_TWO", "TURNS", "assert_has_facts", "assert_recommends"]
