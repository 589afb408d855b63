"""How often the model changes, read from the ways infra leads say it (seed 2, 2.2 条件一: "模型已经定型半年一年都不动"
makes an accelerator pay; "模型每个月都要改结构" makes its port a recurring cost): frozen, pinned, locked, signed off,
not touched (stable); retrained every few weeks, churning, a new version every sprint (frequent changes); and a
lock or a steadiness that is about something else (a budget, the traffic, the rack) read as neither.

Dev cases: tests/data/reading_stability_dev.yaml; the held-out third (reading_stability_heldout.yaml) was split
off at random before the lexicon changed and was not tuned on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.nlu import parse_message

DATA = Path(__file__).resolve().parents[2] / "data"


# Held-out misses as measured once after the lexicon changed (not tuned on afterwards; strict, so a fix shows).
KNOWN_MISSES = {"s19": "'模型就不改了' (the change denied with a sentence-final 了) is not among the denials read"}


def _cases(split: str) -> list[Any]:
    cases = yaml.safe_load((DATA / f"reading_stability_{split}.yaml").read_text(encoding="utf-8"))
    return [pytest.param(case, id=f"{split}-{case['id']}",
                         marks=[pytest.mark.xfail(reason=KNOWN_MISSES[case["id"]], strict=True)] if case["id"] in KNOWN_MISSES else [])
            for case in cases]


def _check(case: dict[str, Any]) -> None:
    assert parse_message(case["text"]).facts.get("model_stability") == case["expect"], case["text"]


@pytest.mark.parametrize("case", _cases("dev"))
def test_model_stability_is_read_as_said(case: dict[str, Any]) -> None:
    _check(case)


@pytest.mark.parametrize("case", _cases("heldout"))
def test_model_stability_held_out(case: dict[str, Any]) -> None:
    _check(case)
