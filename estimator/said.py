"""What the core found, named, not worded: `Said(key, params)`.

The core decides which case applies (a power limit exceeded, a rival cheaper per token, a format
chosen for a reason) and hands back the case's catalog key with its numbers; the wording layer
(`bot/wording`) picks the sentence in the reader's language. So no function here takes a language,
a language switch re-words stored findings, and nothing parses the product's own sentences back.

Sentences built from parts stay findings: `a + b` (the core's concatenation, language-neutral because
each template carries its own punctuation) and `joined(parts, sep)` (a separator named by its catalog
key) nest, and a `Said` may be a parameter of another.

A `Said` travels inside the contract's pydantic models and the conversation checkpoint as data
(`{"key": ..., "params": {...}}`, nested findings revived on load). A contract field
that holds a sentence (`Text`) holds a `Said` as the core returns it and a `Worded` string once the
wording layer has said it (`bot.wording.worded`), so a worded recommendation reads, prints and dumps to
the `--json` contract as text.

>>> a = said("risk.power.over", power=1234.5, budget=1000)
>>> a.key, a.params["budget"]
('risk.power.over', 1000)
>>> (a + said("period")).key
'cat'
>>> Said.from_data(a.data()) == a
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

from pydantic import GetCoreSchemaHandler, WithJsonSchema
from pydantic_core import core_schema

CAT = "cat"  # parts one after the other
JOIN = "join"  # parts with a separator between (the separator is a catalog key: "sep", "list_sep")
LITERAL = "literal"  # text written by no rule of the core (a name, a user's words): worded as it is



class Said:
    """One finding to be worded: a catalog key and the values its sentence names. Immutable by use."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, params: dict[str, Any] | None = None) -> None:
        self.key = key
        self.params: dict[str, Any] = params if params is not None else {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and self.key == other.key and self.params == other.params

    def __hash__(self) -> int:  # equal findings share a key; params may hold lists
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {self.params!r})"

    def __bool__(self) -> bool:
        # Empty text is false, as "" was: `rationale or describe(...)`, `if answer.text:`.
        if self.key == LITERAL:
            return bool(self.params["text"])
        if self.key in (CAT, JOIN):
            return any(self.params["parts"])
        return True

    @property
    def order(self) -> str:
        """A stable order for listing findings (by case, then values): the core lists without wording."""
        return f"{self.key}|{sorted(self.params.items())!r}"

    def __add__(self, other: Said | str) -> Said:
        return cat(self, other)

    def __radd__(self, other: str) -> Said:
        return cat(other, self)

    def __str__(self) -> str:
        # Text carried as it is reads as itself; any other finding is worded by the wording layer, and an
        # f-string of one is a bug that shows as «key».
        return str(self.params["text"]) if self.key == LITERAL else f"«{self.key}»"

    def data(self) -> dict[str, Any]:
        """The finding as JSON-shaped data (nested findings too): how a checkpoint stores it."""
        return {"key": self.key, "params": {k: _data(v) if isinstance(v, (Said, list, tuple)) else v
                                            for k, v in self.params.items()}}

    @classmethod
    def from_data(cls, value: Any) -> Said:
        """A finding from `data()`'s shape (nested findings revived); ValueError for anything else."""
        if isinstance(value, Said):
            return value
        if isinstance(value, dict) and isinstance(value.get("key"), str) and isinstance(value.get("params"), dict):
            return cls(value["key"], {k: _revived(v) if isinstance(v, (dict, list)) else v
                                      for k, v in value["params"].items()})
        raise ValueError("not a finding: expected {'key': str, 'params': {...}}")

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        # A plain class with its own (de)serialization: ~8x cheaper to build than a pydantic model, and the
        # core builds hundreds per recommendation (every sized option's violations).
        return core_schema.no_info_plain_validator_function(
            cls.from_data, serialization=core_schema.plain_serializer_function_ser_schema(Said.data))


def _data(value: Any) -> Any:
    if isinstance(value, Said):
        return value.data()
    if isinstance(value, (list, tuple)):
        return [_data(v) for v in value]
    return value


def _revived(value: Any) -> Any:
    if isinstance(value, dict) and len(value) == 2 and "key" in value and "params" in value:
        return Said.from_data(value)
    if isinstance(value, list):
        return [_revived(v) for v in value]
    return value


def said(key: str, **params: Any) -> Said:
    """The finding `key` with the values its sentence names."""
    return Said(key, params)


def literal(text: str) -> Said:
    """Text no rule of the core wrote (a device name, the user's words), carried as it is."""
    return said(LITERAL, text=text)


def cat(*parts: Said | str) -> Said:
    """Parts one after another (nested concatenations flatten)."""
    flat: list[Said | str] = []
    for part in parts:
        if isinstance(part, Said) and part.key == CAT:
            flat.extend(part.params["parts"])
        elif part:  # "" and empty findings add nothing
            flat.append(part)
    return said(CAT, parts=flat)


def joined(parts: Iterable[Said | str], sep: str = "sep") -> Said:
    """Clauses joined with the language's separator (`sep`: "sep" between clauses, "list_sep" between names)."""
    return said(JOIN, parts=list(parts), sep=sep)


class Worded(str):
    """A finding once worded (by `bot.wording.worded`): the sentence, which keeps the key it was worded from,
    so a surface can place it by case (`origin_of`) without reading it."""

    origin: str | None

    def __new__(cls, text: str, origin: str | None = None) -> Worded:
        worded = super().__new__(cls, text)
        worded.origin = origin
        return worded


def origin_of(text: Said | str) -> str | None:
    """The catalog key a finding names, worded or not (None: text no rule of the core wrote)."""
    if isinstance(text, Said):
        return None if text.key == LITERAL else text.key
    return text.origin if isinstance(text, Worded) else None


# A contract field that holds a sentence: a finding (`Said`) as the core returns it, its text once worded
# for a reader (`bot.wording.worded`); a sentence in the `--json` contract either way.
Text = Annotated[Said | str, WithJsonSchema({"type": "string", "description": "a sentence in the reply's language"})]
EMPTY = literal("")

__all__ = ["CAT", "EMPTY", "JOIN", "LITERAL", "Said", "Text", "Worded", "origin_of", "cat", "joined", "literal", "said"]
