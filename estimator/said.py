"""What the core found, named, not worded: `Said(key, params)`.

The core decides which case applies (a power limit exceeded, a rival cheaper per token, a format
chosen for a reason) and hands back the case's catalog key with its numbers; the wording layer
(`bot/wording`) picks the sentence in the reader's language. So no function here takes a language,
a language switch re-words stored findings, and nothing parses the product's own sentences back.

Sentences built from parts stay findings: `a + b` (the core's concatenation, language-neutral because
each template carries its own punctuation) and `joined(parts, sep)` (a separator named by its catalog
key) nest, and a `Said` may be a parameter of another.

A `Said` is a pydantic model so that it travels inside the contract's models and the conversation
checkpoint as data (`{"key": ..., "params": {...}}`, nested findings revived on load). A contract field
that holds a sentence (`Text`) holds a `Said` as the core returns it and a `Worded` string once the
wording layer has said it (`bot.wording.worded`), so a worded recommendation reads, prints and dumps to
the `--json` contract as text. Dumped with `context={"word": f}`, each finding is replaced by `f(said)`.

>>> a = said("risk.power.over", power=1234.5, budget=1000)
>>> a.key, a.params["budget"]
('risk.power.over', 1000)
>>> (a + said("period")).key
'cat'
>>> Said.model_validate(a.model_dump()) == a
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    WithJsonSchema,
    field_validator,
    model_serializer,
)

CAT = "cat"  # parts one after the other
JOIN = "join"  # parts with a separator between (the separator is a catalog key: "sep", "list_sep")
LITERAL = "literal"  # text written by no rule of the core (a name, a user's words): worded as it is


class Said(BaseModel):
    """One finding to be worded: a catalog key and the values its sentence names."""

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = {}

    @field_validator("params", mode="before")
    @classmethod
    def _revive(cls, params: Any) -> Any:
        """Nested findings come back from JSON as dicts: make them findings again."""
        return {k: revived(v) for k, v in params.items()} if isinstance(params, dict) else params

    def __hash__(self) -> int:  # equal findings share a key; params may hold lists
        return hash(self.key)

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

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> Any:
        word = info.context.get("word") if isinstance(info.context, dict) else None
        return word(self) if word is not None else handler(self)


def said(key: str, **params: Any) -> Said:
    """The finding `key` with its values (built without validation: the core's own values)."""
    return Said.model_construct(key=key, params=params)


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


def revived(value: Any) -> Any:
    """A value loaded from JSON with its findings as `Said` again (lists walked)."""
    if isinstance(value, dict) and set(value) == {"key", "params"}:
        return Said.model_validate(value)
    if isinstance(value, list):
        return [revived(v) for v in value]
    return value


Wording = Callable[[Said], str]


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

__all__ = ["CAT", "EMPTY", "JOIN", "LITERAL", "Said", "Text", "Worded", "Wording", "origin_of", "cat", "joined", "literal", "revived", "said"]
