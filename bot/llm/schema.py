"""The flattened JSON schema the SLM fills when it extracts workload facts, derived from `Workload`.

llama.cpp turns a JSON schema into a grammar, and llama-cpp-python silently falls back to free JSON
when it cannot (issues #1048, #1097, #1600). pydantic's own schema for `Workload` has what breaks
that conversion (`anyOf` for Optional, `$defs`, optional properties), so this module writes a flat
one instead: one property per field, every property required, "not stated" spelled `null` (or `[]`
for lists) through a plain `type` list or an `enum` containing null, no `$ref`, no `anyOf`.
Ranges are not in the schema (the converter ignores them); `Workload` validation checks them.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Sequence
from typing import Literal, TypedDict

from estimator.workload import WORKLOAD_FIELDS, Workload

# TCO assumptions have defaults and are rarely stated in an interview message; leaving them out of
# the default schema keeps the model's output (and so its latency) short. Callers may still ask.
TCO_ASSUMPTION_FIELDS: tuple[str, ...] = ("hours_per_day", "utilization", "electricity_usd_per_kwh", "amortization_years")

# What each field means, in the words the prompt shows the model. No example numbers: a small model
# copies them into its answer ("7B -> 7" made it answer 7 for a 13B model).
FIELD_HINTS: dict[str, str] = {
    "model_params_b": "model size in billions of parameters (an 'NB' model -> N)",
    "quantization": "weight format / quantization",
    "deployment_scale": "who uses it: one person, a team, a department, the whole organization, or edge devices",
    "concurrent_users": "users active at the same time at peak",
    "total_users": "total number of users",
    "prompt_tokens": "typical prompt length in tokens",
    "output_tokens": "typical answer length in tokens",
    "context_length": "maximum context length in tokens",
    "ttft_target_ms": "time-to-first-token target in milliseconds (seconds x 1000)",
    "tokens_per_s_target": "per-user streaming speed target in tokens per second",
    "arrival_pattern": "how requests arrive",
    "power_budget_w": "power budget in watts (kW x 1000)",
    "budget_usd": "hardware budget in US dollars ('$Nk' -> N x 1000)",
    "model_stability": "whether the model stays fixed or changes often",
    "models_served": "how many different models must be served at once",
    "dynamic_shapes": "true if inputs have variable length / dynamic shapes",
    "accuracy_critical": "true if accuracy is critical",
    "mixed_training": "true if the same hardware must also train or fine-tune",
    "existing_hardware": "hardware they already own",
    "hours_per_day": "hours per day the hardware runs",
    "utilization": "average utilization as a fraction (percent / 100)",
    "electricity_usd_per_kwh": "electricity price in US dollars per kWh",
    "amortization_years": "years to amortize the hardware over",
}


class FlatProperty(TypedDict, total=False):
    """One property of the flat schema: a `type` list with "null", an `enum` holding None, or an array."""

    type: str | list[str]
    enum: list[object]  # the Literal's values (str, or bool for yes/no), then None
    items: FlatProperty
    maxItems: int


class FlatSchema(TypedDict):
    """The flat object schema: every property required, nothing else allowed."""

    type: Literal["object"]
    properties: dict[str, FlatProperty]
    required: list[str]
    additionalProperties: bool


def _flat_property(annotation: object) -> FlatProperty:
    """A grammar-friendly schema for one `Workload` field annotation; null means "not stated"."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return _flat_property(args[0])  # Optional[X]: X, with null added below
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return {"enum": [*typing.get_args(annotation), None]}
    if origin is list:
        (item,) = typing.get_args(annotation)
        if typing.get_origin(item) is not typing.Literal:
            raise TypeError(f"no flat schema for a list of {item!r}")  # an empty enum would break the grammar
        values = list(typing.get_args(item))
        # maxItems: a small model otherwise repeats an item until it runs out of tokens.
        return {"type": "array", "items": {"enum": values}, "maxItems": len(values)}
    if annotation is bool:
        return {"enum": [True, False, None]}
    if annotation is int:
        return {"type": ["integer", "null"]}
    if annotation is float:
        return {"type": ["number", "null"]}
    raise TypeError(f"no flat schema for {annotation!r}")


def _extractable(field: str) -> bool:
    """Numbers, categories and yes/no facts; free strings (hardware ids) cannot be span-grounded here."""
    try:
        _flat_property(Workload.model_fields[field].annotation)
    except TypeError:
        return False
    return field in FIELD_HINTS


# The fields the SLM is asked for by default: every extractable workload fact but the TCO assumptions.
EXTRACTABLE_FIELDS: tuple[str, ...] = tuple(f for f in WORKLOAD_FIELDS if _extractable(f))
INTERVIEW_FIELDS: tuple[str, ...] = tuple(f for f in EXTRACTABLE_FIELDS if f not in TCO_ASSUMPTION_FIELDS)
# Numbers are the properties typed ["integer"|"number", "null"]; categories and lists use enums.
NUMERIC_FIELDS: frozenset[str] = frozenset(
    f for f in EXTRACTABLE_FIELDS if isinstance(_flat_property(Workload.model_fields[f].annotation).get("type"), list)
)


def flat_workload_schema(fields: Sequence[str] = INTERVIEW_FIELDS) -> FlatSchema:
    """The flattened schema for `fields` (Workload field names, in that order, all required)."""
    unknown = [f for f in fields if f not in EXTRACTABLE_FIELDS]
    if unknown:
        raise ValueError(f"not extractable workload fields: {', '.join(unknown)}")
    properties = {name: _flat_property(Workload.model_fields[name].annotation) for name in fields}
    return {"type": "object", "properties": properties, "required": list(fields), "additionalProperties": False}


def empty_value(schema_property: FlatProperty) -> list[object] | None:
    """The "not stated" value of a flat property: [] for lists, null otherwise."""
    return [] if schema_property.get("type") == "array" else None


__all__ = ["EXTRACTABLE_FIELDS", "FIELD_HINTS", "INTERVIEW_FIELDS", "NUMERIC_FIELDS", "TCO_ASSUMPTION_FIELDS", "FlatProperty",
           "FlatSchema", "empty_value", "flat_workload_schema"]
