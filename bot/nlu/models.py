"""Model names and mixture-of-experts shorthand in a message (English and Chinese).

- "30B-A3B", "Qwen3 30B A3B", "235b-a22b": total and active parameters in one name.
- "a 671B MoE with 37B active", "120B total, 5B active", "总参数671B，激活37B", "啟用 37B": the
  second size is the active one, not a conflicting model size.
- "MXFP4", "NVFP4", "W4A16", "W8A8": weight formats the general quantization words do not name.
- A catalog model found by the store lookup is kept as `model_id` (with its active parameters). A size
  stated later without a name forgets that id (`bot.nodes._merge`), so it is not sized with that shape.

`apply_model_readings` runs inside `parse_message` on the normalized text and the readings of the
general extractors (`facts.py`); it only edits the `model_params_b` and `quantization` readings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.nlu.facts import Fact
from bot.nlu.lexicon import MODEL_FAMILIES
from bot.nlu.validate import SlotValues
from knowledge.store import SIBLING_MODEL_WORDS

_SIZE = r"(?P<{name}>\d+(?:\.\d+)?)\s*b"
# "30b-a3b", "30b a3b", "235b_a22b" (the name form Qwen and others use for total-A-active).
_SHORTHAND = re.compile(r"(?<![\w.])" + _SIZE.format(name="total") + r"\s*[-_ ]?\s*a" + _SIZE.format(name="active")
                        + r"(?![a-z0-9])")
_ACTIVE_WORDS = r"(?:active|activated|activate|激活|启用|啟用|活跃|活躍)"
_PARAM_WORDS = r"(?:\s*(?:params?|parameters?|参数|參數))?"
# "37b active", "37b activated parameters", "37b 激活"; "active 37b", "激活37b", "激活参数 37b".
_ACTIVE_AFTER = re.compile(_SIZE.format(name="active") + r"(?![a-z0-9])" + _PARAM_WORDS + r"\s*" + _ACTIVE_WORDS)
_ACTIVE_BEFORE = re.compile(_ACTIVE_WORDS + _PARAM_WORDS + r"\s*(?:of|=|:|：|为|為|是)?\s*(?:~|约|約)?\s*"
                            + _SIZE.format(name="active") + r"(?![a-z0-9])")
_FORMATS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bmxfp4\b"), "MXFP4"), (re.compile(r"\bnvfp4\b"), "NVFP4"),
    (re.compile(r"\bw4a16\b"), "W4A16"), (re.compile(r"\bw8a8\b"), "W8A8"),
)
MOE_WORDS = re.compile(r"\bmoe\b|mixture[- ]of[- ]experts?|专家混合|混合专家|專家混合|混合專家")
# A size read inside the catalog model's own name ("gpt-oss-120b" → 120) stands for the catalog's count.
_SAME_SIZE = 0.1


def _active_reading(text: str) -> tuple[float, float | None] | None:
    """(active, total or None) stated in the text."""
    if m := _SHORTHAND.search(text):
        return float(m.group("active")), float(m.group("total"))
    for pattern in (_ACTIVE_AFTER, _ACTIVE_BEFORE):
        if m := pattern.search(text):
            return float(m.group("active")), None
    return None


def name_spans(normalized: str, names: Sequence[str]) -> list[tuple[int, int]]:
    """Where the model's names occur in the text, separators ("-", "_", ".", " ") taken as alike."""
    spans = []
    for name in names:
        tokens = [t for t in re.split(r"[-_. /()]+", name.lower()) if t]
        if not tokens or not any(ch.isdigit() for ch in name):
            continue
        pattern = r"(?<![a-z0-9])" + r"[-_. ()]*".join(map(re.escape, tokens)) + r"(?![a-z0-9])"
        spans += [(m.start(), m.end()) for m in re.finditer(pattern, normalized)]
    return spans


def _trimmed(normalized: str, fact: Fact) -> tuple[int, int]:
    """A fact's span without the spaces a pattern took around it ("14b " before 做助手 is still the name's 14b)."""
    text = normalized[fact.start:fact.end]
    return fact.start + len(text) - len(text.lstrip()), fact.end - len(text) + len(text.rstrip())


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def apply_model_readings(normalized: str, by_slot: dict[str, list[Fact]], named: Sequence[Any] | None) -> SlotValues:
    """Edit the size and format readings in place; return the facts they add (`active_params_b`, `model_id`)."""
    extra: SlotValues = {}
    sizes = by_slot.get("model_params_b", [])
    reading = _active_reading(normalized)
    if reading is not None:
        active, total = reading
        # The active size is part of the one model's description, not a second model size.
        kept = [f for f in sizes if abs(f.value - active) > 0.01 * active]
        if total is not None and not kept:
            kept = [Fact("model_params_b", _number(total), 0, 0, keyed=True)]
        if kept and max(f.value for f in kept) > active:
            by_slot["model_params_b"] = kept
            extra["active_params_b"] = _number(active)
    formats = [(m, name) for pattern, name in _FORMATS for m in pattern.finditer(normalized)]
    if formats:
        spans = [(m.start(), m.end()) for m, _ in formats]
        others = [f for f in by_slot.get("quantization", [])
                  if all(f.end <= start or f.start >= end for start, end in spans)]
        by_slot["quantization"] = [Fact("quantization", name, m.start(), m.end(), keyed=True)
                                   for m, name in formats] + others
    model_id = named[2] if named is not None and len(named) > 2 else None
    if model_id and named is not None and len(named) > 4:
        # "Llama 3.2 1B" (1.24 B), "Llama-4-Scout-17B-16E" (17 B active of 109 B): a size inside the model's
        # own name is how the name rounds or what it counts, not a size the user states beside it.
        inside = name_spans(normalized, named[4])
        sizes = by_slot.get("model_params_b", [])
        beside = [f for f in sizes if not any(start <= lo and hi <= end for start, end in inside
                                              for lo, hi in [_trimmed(normalized, f)])]
        if len(beside) < len(sizes):  # the name's own size stands for the catalog's count
            own = next(f for f in sizes if f not in beside)
            by_slot["model_params_b"] = beside or [Fact("model_params_b", float(named[1]), own.start, own.end, True)]
    stated = by_slot.get("model_params_b", [])
    if model_id and stated and all(abs(f.value - float(named[1])) > _SAME_SIZE * float(named[1])  # type: ignore[index]
                                   for f in stated):
        model_id = None  # "our 13B fine-tune of Llama 3 8B": another size, so not that model's shape
    if model_id and named is not None:
        extra["model_id"] = model_id
        if len(named) > 5 and named[5]:  # "DeepSeek R1": the R1 weights, though the row is DeepSeek-V3's shape
            extra["model_checkpoint"] = named[5]
        catalog_size, catalog_active = float(named[1]), (named[3] if len(named) > 3 else None)
        read_active = extra.get("active_params_b")
        # The catalog's count wins over a name's rounding ("A3B" is Qwen3-30B-A3B's 3.3B).
        if catalog_active and (not isinstance(read_active, int | float)
                               or abs(read_active - catalog_active) <= 0.25 * catalog_active):
            extra["active_params_b"] = catalog_active
        current = by_slot.get("model_params_b", [])
        if catalog_active and current and all(abs(f.value - catalog_size) <= _SAME_SIZE * catalog_size for f in current):
            by_slot["model_params_b"] = [Fact("model_params_b", catalog_size, current[0].start, current[0].end, True)]
    return extra


# Families whose members people name; a name of one that the catalog does not know is said to be unknown.
_FAMILY_NAME = re.compile(
    rf"\b(?:{MODEL_FAMILIES})"
    r"(?:(?:[- .]?[a-z]+)?[- .]?\d+(?:\.\d+)?(?:[- .]?\d+(?:\.\d+)?\s*b)?(?:[- .]?a\d+(?:\.\d+)?b)?"
    # a sibling's word after the version is part of its name ("glm-4.6-air" is not GLM-4.6)
    rf"(?:[- .](?:{'|'.join(sorted(SIBLING_MODEL_WORDS))}))?\b|"
    # or a member named by its size word alone ("Hunyuan-Large", "Nemotron Ultra", "Mistral Medium")
    r"[- .](?:large|medium|small|ultra|max|turbo|pro|plus|lite|flash|air|mini|nano|super)\b)")


def unknown_model_name(normalized: str, named: Sequence[Any] | None, looked_up: bool = True) -> str | None:
    """A model name of a known family that the catalog lookup did not find ("mistral large 3 123b");
    None when the lookup found one, or when no lookup was made."""
    if named is not None or not looked_up:
        return None
    m = _FAMILY_NAME.search(normalized)
    return m.group(0).strip(" -.") if m else None


__all__ = ["MOE_WORDS", "apply_model_readings", "name_spans", "unknown_model_name"]
