"""The one-method interface every SLM backend implements, and the scripted fake used in tests.

The model's output is untrusted input: callers validate it (pydantic), ground it against the user's
words and the tool results, and fall back to deterministic behaviour on any `LLMError`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol, TypedDict, runtime_checkable

from bot.errors import LLMError

Message = dict[str, str]  # {"role": "system"|"user"|"assistant", "content": "..."}
# A JSON schema as any backend takes it: arbitrary JSON (the extraction's is `bot.llm.schema.FlatSchema`).
JSONSchema = Mapping[str, object]


class ScriptedCall(TypedDict):
    """What a `ScriptedModel` was asked, for tests to check."""

    messages: list[Message]
    json_schema: JSONSchema | None
    max_tokens: int


class LLMTimeout(LLMError):
    """The model gave no answer within the call's timeout (the caller falls back, as for any LLMError)."""


@runtime_checkable
class LanguageModel(Protocol):
    """A chat completion. `json_schema` asks for schema-constrained JSON output where the backend can."""

    name: str

    def complete(
        self,
        messages: list[Message],
        *,
        json_schema: JSONSchema | None = None,
        max_tokens: int = 256,
        timeout_s: float | None = None,
    ) -> str: ...


def speaks(model: object, lang: str) -> bool:
    """Whether `model` handles `lang` ("en", "zh-Hans", …): backends may list `languages` ("en", "zh");
    one without that attribute is trusted with any language. Wrappers exposing `.inner` are looked through."""
    while not hasattr(model, "languages") and hasattr(model, "inner"):
        model = model.inner  # a wrapper (e.g. the engine's lock) around the backend
    languages = getattr(model, "languages", None)
    return languages is None or lang.split("-")[0] in languages


@dataclass
class ScriptedModel:
    """A fake model answering from a queue (like llm's MockModel): tests check answers and prompts.

    An enqueued `Exception` instance is raised instead of answered. With an empty queue it raises
    `LLMError`, which callers must treat like any model failure.
    """

    name: str = "scripted"
    responses: deque[str | Exception] = field(default_factory=deque)
    history: list[ScriptedCall] = field(default_factory=list)

    def enqueue(self, *responses: str | Exception) -> None:
        self.responses.extend(responses)

    def complete(
        self,
        messages: list[Message],
        *,
        json_schema: JSONSchema | None = None,
        max_tokens: int = 256,
        timeout_s: float | None = None,
    ) -> str:
        self.history.append({"messages": messages, "json_schema": json_schema, "max_tokens": max_tokens})
        if not self.responses:
            raise LLMError("scripted model has no response queued")
        answer = self.responses.popleft()
        if isinstance(answer, Exception):
            raise answer
        return answer


__all__ = ["JSONSchema", "LLMTimeout", "LanguageModel", "Message", "ScriptedCall", "ScriptedModel", "speaks"]
