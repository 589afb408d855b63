"""Two models weighed in one question: "32B or 70B?", "Qwen3-32B vs Llama 3.3 70B — what hardware for each?",
"用32B还是70B", "從14B換成32B要加什麼卡".

Each side of the joining word (`lexicon.MODEL_CHOICE`, or "and" / "和" beside a word asking for each) is read
for a model: a catalog name found on that side (its shape), else the model size said nearest the word. Two
different models are options to size side by side (the question inside the question, as "FP8 or INT4?"),
never a conflict, and never only the second. A migration ("from a 14B to a 32B", "换成") weighs the model
left against its target, the target marked: that is the one recommended.

Runs inside `parse_message` on the normalized text and the size readings of `facts.py`; it only keeps the
size of the model the reply is for (the target, else the larger: hardware for it serves either; the smaller
when the lead says either will do), so the
rest of the reading sees one model.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.nlu.lexicon import MIGRATION_TARGET, MODEL_CHOICE, MODEL_CHOICE_JOINED, MODEL_EACH, MODEL_EITHER
from bot.nlu.spans import Fact

# Models weighed in one question: the weighing's slot; each value holds these facts of one model and its label.
MODEL_OPTION = "model"
MODEL_FACTS = ("model_params_b", "model_id", "active_params_b")
ModelLookup = Callable[[str], "tuple[Any, ...] | None"]
# A clause ends at punctuation, a dash or a sentence's full stop (not a version's "3.3").
_CLAUSE_END = re.compile(r"[,;!?，；。？！\n—]|\.(?!\d)")
# Sizes listed before the choice ("14b, 32b or 70b?", "7B、14B还是32B"): each is an option too.
_LISTED = re.compile(r"\s*[,、/]\s*(?:an? |the )?")
_SAME = 0.02  # two readings within 2 % are one model ("llama 3.1 8b" is 8.03B)
# "Either will do" said of the choice: in its clause or right after it ("70b or 72b, whichever"), not a sentence
# away ("首 token 几秒都可以" is about the wait).
_EITHER_REACH = 16


@dataclass(frozen=True)
class ModelSide:
    """One model of the choice: its size, and its catalog reading when a name was found."""

    size_b: float
    named: tuple[Any, ...] | None
    fact: Fact

    def option(self, *, target: bool) -> dict[str, Any]:
        """The option's facts (DESIGN.md workload field names) and the label the reply shows."""
        value: dict[str, Any] = {"model_params_b": self.size_b, "label": f"{self.size_b:g}B"}
        if self.named is not None:
            value["label"] = str(self.named[0])
            value["model_id"] = self.named[2]
            if len(self.named) > 3 and self.named[3]:
                value["active_params_b"] = self.named[3]
        if target:
            value["target"] = True
        return value


@dataclass(frozen=True)
class ModelChoice:
    options: list[dict[str, Any]]  # in the order said
    chosen: ModelSide  # the model the reply is for


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause around text[start:end]: from the last clause break before it to the first after it."""
    before = [m.end() for m in _CLAUSE_END.finditer(text, 0, start)]
    after = _CLAUSE_END.search(text, end)
    return (before[-1] if before else 0), (after.start() if after else len(text))


def _side(text: str, start: int, end: int, sizes: Sequence[Fact], find_model: ModelLookup | None,
          nearest_last: bool) -> ModelSide | None:
    """The model said in text[start:end]: a catalog name, else the size nearest the joining word."""
    inside = [f for f in sizes if start <= f.start and f.end <= end]
    fact = (inside[-1] if nearest_last else inside[0]) if inside else None
    named = find_model(text[start:end]) if find_model is not None else None
    if named is not None:
        at = fact or Fact("model_params_b", float(named[1]), start, end, keyed=True)
        return ModelSide(float(named[1]), tuple(named), at)
    if fact is None or not isinstance(fact.value, int | float):
        return None
    return ModelSide(float(fact.value), None, fact)


def _differ(a: ModelSide, b: ModelSide) -> bool:
    if a.named is not None and b.named is not None and a.named[2] != b.named[2]:
        return True
    return abs(a.size_b - b.size_b) > _SAME * max(a.size_b, b.size_b)


def _listed_before(text: str, first: ModelSide, sizes: Sequence[Fact]) -> list[ModelSide]:
    """The sizes listed right before the first option, a comma or "、" apart ("14b, 32b or 70b")."""
    listed: list[ModelSide] = []
    following = first.fact
    for fact in reversed([f for f in sizes if f.end <= following.start]):
        if not isinstance(fact.value, int | float) or _LISTED.fullmatch(text, fact.end, following.start) is None:
            break
        listed.insert(0, ModelSide(float(fact.value), None, fact))
        following = fact
    return listed


def read_model_choice(text: str, sizes: Sequence[Fact], find_model: ModelLookup | None) -> ModelChoice | None:
    """The two models a question weighs, if it weighs two (see the module docstring)."""
    sizes = sorted(sizes, key=lambda f: f.start)
    asks_each = MODEL_EACH.search(text) is not None
    joints = [(m, False) for m in MODEL_CHOICE.finditer(text)]
    joints += [(m, False) for m in MODEL_CHOICE_JOINED.finditer(text) if asks_each]
    joints += [(m, True) for m in MIGRATION_TARGET.finditer(text)]
    for joint, migration in sorted(joints, key=lambda j: j[0].start()):
        start, end = _clause(text, joint.start(), joint.end())
        # "from a 14B to a 32B": the model left is inside the migration's own words, before its last one
        left_end = joint.end() if migration else joint.start()
        left = _side(text, start, left_end, sizes, find_model, nearest_last=True)
        right = _side(text, joint.end(), end, sizes, find_model, nearest_last=False)
        if left is None or right is None or not _differ(left, right) or left.fact.end > right.fact.start:
            continue
        sides = [*([] if migration else _listed_before(text, left, sizes)), left, right]
        if len({round(s.size_b, 1) for s in sides}) < len(sides):
            sides = [left, right]
        # The larger serves either; but when either will do, the smaller is the purchase (seed 1: start with the
        # smallest configuration that meets today's needs), the other still weighed beside it.
        pick = min if MODEL_EITHER.search(text, start, min(len(text), end + _EITHER_REACH)) else max
        chosen = right if migration else pick(sides, key=lambda s: s.size_b)
        return ModelChoice(options=[s.option(target=migration and s is right) for s in sides], chosen=chosen)
    return None


__all__ = ["MODEL_FACTS", "MODEL_OPTION", "ModelChoice", "ModelSide", "read_model_choice"]
