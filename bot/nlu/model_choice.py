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

from bot.nlu.lexicon import (
    EACH_MODEL_AFTER,
    EACH_MODEL_BEFORE,
    MIGRATION_TARGET,
    MODEL_CHOICE,
    MODEL_CHOICE_JOINED,
    MODEL_DRAFT,
    MODEL_EACH,
    MODEL_EITHER,
    MODEL_FALLBACK_AFTER,
    MODEL_FALLBACK_BRACKET,
    MODEL_FALLBACK_LEAD,
    MODELS_TOGETHER,
    MODELS_TOGETHER_JOINED,
)
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
_NAME_DIGITS = 0.05  # a size read from a name's digits beside its catalog size ("qwen3-32b": 32 for 32.8B)
# "Either will do" said of the choice: in its clause or right after it ("70b or 72b, whichever"), not a sentence
# away ("首 token 几秒都可以" is about the wait).
_EITHER_REACH = 16


@dataclass(frozen=True)
class ModelSide:
    """One model of the choice: its size, and its catalog reading when a name was found."""

    size_b: float
    named: tuple[Any, ...] | None
    fact: Fact

    def option(self, *, target: bool, either: bool = False) -> dict[str, Any]:
        """The option's facts (DESIGN.md workload field names) and the label the reply shows; `either`: the lead
        said either model will do, so the options are chosen on cost, not on size."""
        value: dict[str, Any] = {"model_params_b": self.size_b, "label": f"{self.size_b:g}B"}
        if self.named is not None:
            value["label"] = str(self.named[0])
            value["model_id"] = self.named[2]
            if len(self.named) > 3 and self.named[3]:
                value["active_params_b"] = self.named[3]
        if target:
            value["target"] = True
        if either:
            value["either"] = True
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


_SENTENCE_END = re.compile(r"[!?？！。\n]|\.(?!\d)")


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around text[start:end]."""
    before = [m.end() for m in _SENTENCE_END.finditer(text, 0, start)]
    after = _SENTENCE_END.search(text, end)
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
        either = not migration and MODEL_EITHER.search(text, start, min(len(text), end + _EITHER_REACH)) is not None
        chosen = right if migration else (min if either else max)(sides, key=lambda s: s.size_b)
        return ModelChoice(options=[s.option(target=migration and s is right, either=either) for s in sides],
                           chosen=chosen)
    return None


_FALLBACK_REACH = 30  # the second model is said close after the first ("70B，不行的话 32B 也可以")


def read_fallback(text: str, sizes: Sequence[Fact], find_model: ModelLookup | None) -> ModelSide | None:
    """The model chosen when a second is said only as a fallback or a nice-to-have (`lexicon.MODEL_FALLBACK_*`): the
    first said, read in its clause as `read_model_choice` reads a side. None when no model is said that way."""
    sizes = sorted((f for f in sizes if isinstance(f.value, int | float)), key=lambda f: f.start)
    for first, second in zip(sizes, sizes[1:], strict=False):
        between = text[first.end:second.start]
        if len(between) > _FALLBACK_REACH or abs(float(first.value) - float(second.value)) <= _SAME * max(first.value, second.value):
            continue
        after = text[second.end:second.end + 40]
        if (MODEL_FALLBACK_BRACKET.fullmatch(between) is not None or MODEL_FALLBACK_LEAD.search(between) is not None
                or (MODEL_CHOICE.search(between) is not None and MODEL_FALLBACK_AFTER.search(after) is not None)):
            start, _ = _clause(text, first.start, first.end)
            return _side(text, start, first.end, sizes, find_model, nearest_last=True)
    return None


_DRAFT_REACH = 40  # the draft's word is said beside its model ("using gemma 3 1b", "1.7b draft", "0.5B 做投机解码")


def read_beside_draft(text: str, sizes: Sequence[Fact], find_model: ModelLookup | None) -> ModelSide | None:
    """The model served when a smaller one is said as its draft for speculative decoding (`lexicon.MODEL_DRAFT`): the
    largest model other than the one nearest the draft's word, read in its clause as `read_fallback` reads the first.
    None when no draft is said, or no larger model is said beside it (a draft always proposes for a larger model)."""
    sizes = sorted((f for f in sizes if isinstance(f.value, int | float)), key=lambda f: f.start)
    if len(sizes) < 2:
        return None
    for m in MODEL_DRAFT.finditer(text):
        def apart(fact: Fact, m: re.Match[str] = m) -> int:
            return max(0, m.start() - fact.end, fact.start - m.end())
        draft = min(sizes, key=apart)
        served = [f for f in sizes if f is not draft and float(f.value) > float(draft.value)]
        if apart(draft) > _DRAFT_REACH or not served:
            continue
        main = max(served, key=lambda f: float(f.value))
        start, _ = _clause(text, main.start, main.end)
        return _side(text, start, main.end, sizes, find_model, nearest_last=True)
    return None


def read_models_together(text: str, sizes: Sequence[Fact], find_model: ModelLookup | None) -> list[ModelSide] | None:
    """The models served at once when the message says so ("serve both our 8B and 14B", "同时跑 X 和 Y", "两个模型都要常驻"):
    each side of the joining word, as `read_model_choice` reads a side. None without such words or two different models."""
    if MODELS_TOGETHER.search(text) is None:
        return None
    sizes = sorted(sizes, key=lambda f: f.start)
    for joint in MODELS_TOGETHER_JOINED.finditer(text):
        # Each model may carry its own remark in brackets ("Qwen3-8B（客服问答，高峰 15 人同时）和 Qwen3-4B"): a side is
        # read in its clause, else in its sentence.
        for start, end in (_clause(text, joint.start(), joint.end()), _sentence(text, joint.start(), joint.end())):
            left = _side(text, start, joint.start(), sizes, find_model, nearest_last=True)
            right = _side(text, joint.end(), end, sizes, find_model, nearest_last=False)
            if left is not None and right is not None:
                break
        if left is None or right is None or not _differ(left, right) or left.fact.end > right.fact.start:
            continue
        sides = [*_listed_before(text, left, sizes), left, right]
        sides = sides if len({round(s.size_b, 1) for s in sides}) == len(sides) else [left, right]
        # the others named in the message, each in a clause of its own ("Qwen3-32B 做对话，Qwen3-Embedding-8B 做向量，再加一个
        # 0.6B 的 reranker"): every different size read is one more model resident
        # (a name's own digits read a little off its catalog size, "qwen3-32b" 32 for 32.8, are that model)
        others = [ModelSide(float(f.value), None, f) for f in sizes if isinstance(f.value, int | float)
                  and all(f is not side.fact and abs(f.value - side.size_b) > _NAME_DIGITS * max(f.value, side.size_b)
                          for side in sides)]
        return sides + list({round(o.size_b, 2): o for o in others}.values())
    return None


def said_of(text: str, sides: Sequence[ModelSide], fact: Fact) -> ModelSide | None:
    """The model a fact is said of: the nearest one named before it in its sentence ("a qwen2.5 coder 7b for code
    completion", "Qwen3-4B（做意图识别）"); None when no model is named before it there."""
    start, _ = _sentence(text, fact.start, fact.end)
    before = [side for side in sides if start <= side.fact.start and side.fact.end <= fact.start]
    return max(before, key=lambda side: side.fact.start, default=None)


def each_model_load(text: str, users: Fact) -> bool:
    """Whether a count of people is said of each model served together ("~10 users each", "各自大概 5 个人")."""
    return EACH_MODEL_AFTER.match(text, users.end) is not None or EACH_MODEL_BEFORE.search(text, 0, users.start) is not None


__all__ = ["MODEL_FACTS", "MODEL_OPTION", "ModelChoice", "ModelSide", "each_model_load", "read_beside_draft", "read_fallback", "read_model_choice",
           "read_models_together", "said_of"]
