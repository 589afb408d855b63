"""Values each `Workload` field can hold, derived from its annotation, for tests that walk every field (the words each
value reads as, the `--json` slots each field appears in), so a field added later is walked too."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, get_args, get_origin

from pydantic import ValidationError

from estimator.workload import NamedDevice, OwnedDevice, ServedModel, Workload


def samples(annotation: Any) -> list[Any]:
    """Values a field can hold: every literal, both booleans, a number, a device list."""
    origin = get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return [v for arg in get_args(annotation) if arg is not type(None) for v in samples(arg)]
    if origin is Literal:
        return list(get_args(annotation))
    if origin is list:
        (item,) = get_args(annotation)
        if item is OwnedDevice:
            return [[{"hardware_id": "nvidia-l40s", "count": 2}]]
        if item is NamedDevice:
            return [[{"hardware_id": "nvidia-h200", "count": None}]]
        if item is ServedModel:
            return [[{"model_params_b": 32.8, "model_id": "qwen3-32b", "concurrent_users": 10},
                     {"model_params_b": 0.568, "role": "embedding"}]]
        return [[v] for v in samples(item)]
    if annotation is bool:
        return [True, False]
    if annotation is int:
        return [3]
    if annotation is float:
        return [2.5]
    if annotation is str:
        return ["qwen3-32b"]
    raise AssertionError(f"no sample for {annotation!r}: teach this test the new type")



def valid_sample(field: str) -> Any:
    """A value of `field` that `Workload` accepts (within its bounds), from `samples` or a few plain numbers."""
    info = Workload.model_fields[field]
    for value in [*samples(info.annotation), 200, 0.5, [20, 30]]:  # a range is [low, high]
        try:
            Workload.model_validate({field: value})
        except ValidationError:
            continue
        return value
    raise AssertionError(f"no valid sample for {field}: teach tests/support/workload_samples.py its type")


__all__ = ["samples", "valid_sample"]
