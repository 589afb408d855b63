"""Model names, device names and lengths as infra leads write them (en / zh-Hans / zh-Hant), read by the
real parser over the shipped catalog.

The cases live in tests/data/reading_names_dev.yaml (must all pass) and
tests/data/reading_names_heldout.yaml (a random third set aside before the reading code was changed;
the class passes when at least 90 % of them do). Expectations were worked out from the catalog's sourced
rows and the message itself: a catalog model is sized at its row (DeepSeek-V3.2: 671 B total, 37 B active),
a model the catalog does not know is asked about by name, a device's model number ("910B", "H20") is no
model size, a server named with its GPUs counts them once, a migration sizes its target, a context
stated for coding / RAG / document work is the typical prompt, "up to N" the maximum context, and thinking
tokens are output tokens.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.nlu.hardware import HardwareMatcher
from bot.nlu.parser import ParseResult, parse_message
from bot.wiring import store_model_lookup

DATA = Path(__file__).resolve().parents[2] / "data"
HELD_OUT_PASS_RATE = 0.90


def _cases(name: str) -> list[dict[str, Any]]:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


def catalog_reader(catalog: Any) -> Callable[[str], ParseResult]:
    """The real parser with the shipped catalog's model lookup and hardware matcher."""
    from knowledge.testing import shared_memory_store

    lookup = store_model_lookup(shared_memory_store(), catalog)
    matcher = HardwareMatcher(catalog.hardware)
    return lambda text: parse_message(text, find_model=lookup, hardware=matcher, rates=catalog.fx_rates,
                                      shapes=catalog.request_shapes)


@pytest.fixture(scope="module")
def read(catalog):
    return catalog_reader(catalog)


def _close(got: Any, want: Any) -> bool:
    if isinstance(want, int | float) and not isinstance(want, bool):
        return isinstance(got, int | float) and abs(got - want) <= 0.05 * abs(want)
    return bool(got == want)


def misreadings(case: dict[str, Any], parsed: ParseResult) -> list[str]:
    """What the reading got wrong against the case's expectations (empty: read as a senior engineer would)."""
    facts, wrong = parsed.facts, []
    for slot, want in (case.get("expect") or {}).items():
        if not _close(facts.get(slot), want):
            wrong.append(f"{slot}: expected {want!r}, got {facts.get(slot)!r}")
    wrong += [f"{slot} read as {facts[slot]!r}" for slot in case.get("absent") or [] if slot in facts]
    if name := case.get("asks_model"):
        if not parsed.unknown_model or name.replace(" ", "") not in parsed.unknown_model.replace(" ", "").replace("-", ""):
            wrong.append(f"unknown model {parsed.unknown_model!r}, expected one naming {name!r}")
    for prefix, count in (case.get("owned") or {}).items():
        owned = sum(d.get("count", 1) for d in facts.get("owned_devices", []) if d.get("hardware_id", "").startswith(prefix))
        if owned != count:
            wrong.append(f"owned {prefix}: expected {count}, got {owned}")
    for slot, values in (case.get("options") or {}).items():
        if list(parsed.options.get(slot, [])) != values:
            wrong.append(f"options {slot}: expected {values}, got {parsed.options.get(slot)}")
    wrong += [f"{p.slot} asked as a conflict" for p in parsed.problems if p.slot in (case.get("no_problem") or [])]
    return wrong


@pytest.mark.parametrize("case", _cases("reading_names_dev.yaml"), ids=lambda c: c["id"])
def test_development_messages_are_read_as_a_senior_engineer_would(read, case):
    assert misreadings(case, read(case["text"])) == []


def test_held_out_messages_are_read_right_at_least_nine_times_in_ten(read):
    cases = _cases("reading_names_heldout.yaml")
    failed = {c["id"]: wrong for c in cases if (wrong := misreadings(c, read(c["text"])))}
    rate = 1 - len(failed) / len(cases)
    assert rate >= HELD_OUT_PASS_RATE, f"held-out {rate:.0%} ({len(cases) - len(failed)}/{len(cases)}); failed ids: {sorted(failed)}"
