"""Every `Workload` field is documented (docs/workload.md: its meaning and unit) and travels in the `--json` slots, so a
field added to the contract cannot be left out of either."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.reply import Reply
from bot.state import stated
from estimator.workload import Workload
from tests.support.workload_samples import valid_sample

DOC = Path(__file__).parents[2] / "docs" / "workload.md"
FIELDS = list(Workload.model_fields)


def _documented() -> dict[str, tuple[str, str]]:
    """The doc's table rows: each field named in a row's first cell, with its type / unit and meaning cells."""
    rows: dict[str, tuple[str, str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            for name in re.findall(r"`(\w+)`", cells[0]):
                rows[name] = (cells[1], cells[2])
    return rows


def test_the_doc_names_only_fields_that_exist():
    assert set(_documented()) <= set(FIELDS), set(_documented()) - set(FIELDS)


@pytest.mark.parametrize("field", FIELDS)
def test_every_field_is_documented_with_its_unit_and_meaning(field):
    assert field in _documented(), f"{field}: add a row to docs/workload.md (type / unit, meaning)"
    unit, meaning = _documented()[field]
    assert unit and meaning


@pytest.mark.parametrize("field", FIELDS)
def test_every_field_travels_in_the_json_slots(field):
    # the slots of `siliconsult chat --json` are the stated fields of the thread's workload (`Engine.handle`)
    value = valid_sample(field)
    workload = Workload.model_validate({field: value})
    slots = json.loads(json.dumps(Reply(text="", slots=stated(workload)).contract_json()))["slots"]
    assert field in slots
    assert Workload.model_validate(slots).model_dump()[field] == workload.model_dump()[field]
