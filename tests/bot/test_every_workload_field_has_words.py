"""Every workload field has a name and a phrase in English, Simplified and Traditional Chinese: the memo's
workload table and the echo of facts show words, never a field's identifier ("arrival_pattern",
"fine_tuned=True"), whatever field a later change adds."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.wording.render_text import fact_phrase, slot_name
from estimator.workload import Workload
from tests.support.workload_samples import samples

LANGS = ("en", "zh-Hans", "zh-Hant")
_CJK = re.compile(r"[\u4e00-\u9fff]")


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
    for value in samples(info.annotation):
        phrase = fact_phrase(field, value, lang, names)
        assert "=" not in phrase and ("_" not in field or field not in phrase), (field, value, phrase)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", phrase), (field, value, phrase)  # no snake_case literal
