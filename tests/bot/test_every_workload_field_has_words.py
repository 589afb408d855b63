"""Every workload field has a name and a phrase in English, Simplified and Traditional Chinese: the memo's
workload table and the echo of facts show words, never a field's identifier ("arrival_pattern",
"fine_tuned=True"), whatever field a later change adds."""

from __future__ import annotations

import re
import types
import typing
from typing import Any, Literal, get_args, get_origin

import pytest

from bot.wording.render_text import fact_phrase, slot_name
from estimator.workload import NamedDevice, OwnedDevice, Workload

LANGS = ("en", "zh-Hans", "zh-Hant")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _samples(annotation: Any) -> list[Any]:
    """Values a field can hold: every literal, both booleans, a number, a device list."""
    origin = get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return [v for arg in get_args(annotation) if arg is not type(None) for v in _samples(arg)]
    if origin is Literal:
        return list(get_args(annotation))
    if origin is list:
        (item,) = get_args(annotation)
        if item is OwnedDevice:
            return [[{"hardware_id": "nvidia-l40s", "count": 2}]]
        if item is NamedDevice:
            return [[{"hardware_id": "nvidia-h200", "count": None}]]
        return [[v] for v in _samples(item)]
    if annotation is bool:
        return [True, False]
    if annotation is int:
        return [3]
    if annotation is float:
        return [2.5]
    if annotation is str:
        return ["qwen3-32b"]
    raise AssertionError(f"no sample for {annotation!r}: teach this test the new type")


FIELDS = list(Workload.model_fields.items())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("field", [name for name, _ in FIELDS])
def test_a_field_has_a_name_in_every_language(field: str, lang: str) -> None:
    name = slot_name(field, lang)
    assert "_" not in name and name.strip(), name
    if lang != "en":
        assert _CJK.search(name), f"{field} in {lang}: {name!r} is not Chinese"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("field,info", FIELDS, ids=[name for name, _ in FIELDS])
def test_every_value_of_a_field_reads_as_words(field: str, info: Any, lang: str) -> None:
    names = {"nvidia-l40s": "L40S", "nvidia-h200": "H200"}
    for value in _samples(info.annotation):
        phrase = fact_phrase(field, value, lang, names)
        assert "=" not in phrase and ("_" not in field or field not in phrase), (field, value, phrase)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", phrase), (field, value, phrase)  # no snake_case literal
