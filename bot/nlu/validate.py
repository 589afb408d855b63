"""Range checks for facts read from a message: an absurd value becomes a `Problem` the reply names
(value and valid range), and never reaches the conversation state.

The bounds are the `Workload` contract's own field constraints, tightened where a value inside the
contract's range still cannot be what the user meant for this product (a 10^12-parameter model).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin

from pydantic import ValidationError

from bot.reply import SlotValues
from estimator.workload import Workload

# Tighter than the contract: the largest open-weight models are ~1 T parameters (Kimi K2, 1.04 T, in the
# model catalog); this assistant sizes serving hardware for models up to 2 T. (At 800 B, "Kimi K2 for
# 20 users" was refused as an impossible size.)
_SANITY: dict[str, tuple[float | None, float | None]] = {"model_params_b": (0.01, 2000.0)}


@dataclass(frozen=True)
class Problem:
    """A value that cannot be used: `low`/`high` give the valid range (None = unbounded side)."""

    slot: str
    value: Any
    low: float | None = None
    high: float | None = None
    # "range" | "currency" | "conflict" | "whole" (a fraction of a count) | "unknown" (not a choice)
    # | "per_what" (a count of requests with no time unit: per second, hour or day is a 3,600-86,400x difference)
    # | "vague" (a count said as "几十" / "dozens of": `value` is the words, `low`-`high` what they span)
    # | "monthly" (money said with a month and nothing of what it pays for: `value` is the amount as said)
    reason: str = "range"
    # The currency the user said the amount in, when it is not the slot's own unit ("budget -€5k" is asked
    # about as a budget in EUR: the amount was never converted, so naming it in dollars would misquote it).
    unit: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", _storable(self.value))


def _storable(value: Any) -> Any:
    """`value` with integers beyond 2^53 as floats, also inside a conflict's list of readings.

    An out-of-range reading can be any size ("1e30 s" → 10^33 ms), but problems are stored in the
    checkpoint, whose serializer (msgpack) takes integers only up to 64 bits.
    """
    if isinstance(value, list | tuple):
        return type(value)(_storable(item) for item in value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 2**53:
        return float(min(abs(value), 10**300)) * (1 if value > 0 else -1)
    return value


def field_range(slot: str) -> tuple[float | None, float | None]:
    """Valid (low, high) of a workload field: the sanity bounds, else the contract's constraints."""
    if slot in _SANITY:
        return _SANITY[slot]
    low = high = None
    field = Workload.model_fields.get(slot)
    for constraint in field.metadata if field else ():
        low = getattr(constraint, "ge", getattr(constraint, "gt", low))
        high = getattr(constraint, "le", getattr(constraint, "lt", high))
    return low, high


def check_fact(slot: str, value: Any) -> Problem | None:
    """None when `value` is a valid `slot`, else the problem to explain."""
    low, high = field_range(slot)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if (low is not None and value < low) or (high is not None and value > high):
            return Problem(slot, value, low, high)
    try:
        Workload.model_validate({slot: value})
    except ValidationError as exc:
        kinds = {error["type"] for error in exc.errors()}
        if "int_from_float" in kinds:  # "2.5 users": inside the range, but no count of people
            return Problem(slot, value, low, high, reason="whole")
        if isinstance(value, str) and field_choices(slot):  # "FP3": not one of the field's values
            return Problem(slot, value, reason="unknown")
        return Problem(slot, value, low, high)
    return None


def field_choices(slot: str) -> tuple[str, ...]:
    """The values a workload field takes when it is a fixed list (quantization: FP16 … W8A8), else ()."""
    field = Workload.model_fields.get(slot)
    if field is None:
        return ()
    choices: list[str] = []
    for arg in get_args(field.annotation) or (field.annotation,):
        if get_origin(arg) is Literal:
            choices += [str(v) for v in get_args(arg)]
    return tuple(choices)


__all__ = ["SlotValues", "Problem", "check_fact", "field_choices", "field_range"]
