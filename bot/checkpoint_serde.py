"""The serializer for conversation checkpoints: the state's own models and JSON-like values, nothing else.

langgraph's default `JsonPlusSerializer` can rebuild Python objects from a checkpoint: a msgpack
extension names a module, a callable and its arguments, and loading calls it. Whoever can write to
the checkpoint store (the SQLite file, the Postgres database) could then run code in every replica
that loads the thread. So the inner serializer loads only langgraph's own safe types, and the
state's models (`bot.state.STATE_MODELS`) never reach it as objects: each is written as a tagged
JSON object `{TAG: "Workload", "data": {...}}` and, on load, validated by the class the tag names in
a fixed table. A tag outside the table stays plain data; no name in a checkpoint is ever imported.

A model is stored with its *set* fields only (`exclude_unset`), so the stated facts (a `Workload`
whose set fields are the stated ones) come back as stated, not with every default filled. It is stored as
its JSON text (`{TAG: "Recommendation", "json": "..."}`; checkpoints written before hold `"data": {...}`,
still read): a turn loads the state and saves it again with the recommendation (~25 KB) unchanged, so
a text this process wrote or read comes back as the very model it was (`_READ`, keyed by the text: a
forged or changed text is validated like any other) and that model is saved as the same text without
dumping it again (`_WRITTEN`). The models are never changed in place (the code copies them), so handing
out one object twice is safe.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import BaseModel, ValidationError

from bot.identity_cache import IdentityCache
from bot.state import STATE_MODELS

TAG = "__siliconsult_model__"
ALLOWED: dict[str, type[BaseModel]] = {cls.__name__: cls for cls in STATE_MODELS}


def strict_serializer() -> JsonPlusSerializer:
    """A serializer that loads only langgraph's safe types (what `LANGGRAPH_STRICT_MSGPACK=true` does)."""
    return JsonPlusSerializer(allowed_msgpack_modules=None)


# A turn saves the recommendation it loaded, unchanged: dumped once (the same object for its life, `_READ`).
_WRITTEN: IdentityCache[BaseModel, dict[str, str]] = IdentityCache(32)
# The models of the large texts written or read lately, by class and text: a thread's next turn loads what its
# last one saved, so its ~25 KB recommendation is validated once, not on every turn (small ones, the facts and
# the reply, validate in microseconds and would only push the large ones out).
_READ: dict[tuple[str, str], BaseModel] = {}
_READ_SIZE = 32
_READ_MIN_CHARS = 2_000
_READ_LOCK = threading.Lock()


def encode(value: Any) -> Any:
    """`value` with every allow-listed model replaced by its tagged JSON text."""
    if isinstance(value, BaseModel) and ALLOWED.get(type(value).__name__) is type(value):
        return _WRITTEN.get(value, lambda: _tagged(value))
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return tuple(encode(v) for v in value)
    return value


def _tagged(model: BaseModel) -> dict[str, str]:
    name = type(model).__name__
    text = model.model_dump_json(exclude_unset=True)
    _remember(name, text, model)
    return {TAG: name, "json": text}


def _remember(name: str, text: str, model: BaseModel) -> None:
    if len(text) < _READ_MIN_CHARS:
        return
    with _READ_LOCK:
        if len(_READ) >= _READ_SIZE:
            del _READ[next(iter(_READ))]  # the oldest (insertion order)
        _READ[(name, text)] = model


def decode(value: Any) -> Any:
    """The inverse of `encode`: tagged objects of allow-listed classes validated back into models.

    A tagged object that no longer validates (a class changed since it was written) stays its data,
    for `bot.state.upgrade` to validate as an old checkpoint's dict."""
    if isinstance(value, dict):
        cls = ALLOWED.get(value[TAG]) if isinstance(value.get(TAG), str) else None
        if cls is not None and set(value) == {TAG, "json"} and isinstance(value["json"], str):
            return _model_of(cls, value["json"])
        if cls is not None and set(value) == {TAG, "data"}:
            try:
                return cls.model_validate(value["data"])
            except ValidationError:
                return value["data"]
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, tuple):
        return tuple(decode(v) for v in value)
    return value


def _model_of(cls: type[BaseModel], text: str) -> Any:
    """The model a tagged text stands for (the one this process wrote or read, when it did); its data when
    it no longer validates."""
    key = (cls.__name__, text)
    if (model := _READ.get(key)) is not None:
        return model
    try:
        model = cls.model_validate_json(text)
    except ValidationError:
        try:
            return json.loads(text)
        except ValueError:
            return text
    _remember(cls.__name__, text, model)
    _WRITTEN.get(model, lambda: {TAG: cls.__name__, "json": text})  # saved unchanged: the same text
    return model


class StateSerializer:
    """langgraph's `SerializerProtocol` over the strict serializer, with the state's models as tagged JSON."""

    def __init__(self) -> None:
        self.inner = strict_serializer()

    def dumps_typed(self, obj: Any) -> tuple[str, bytes]:
        return self.inner.dumps_typed(encode(obj))

    def loads_typed(self, data: tuple[str, bytes]) -> Any:
        return decode(self.inner.loads_typed(data))


def state_serializer() -> StateSerializer:
    """The serializer every conversation checkpointer uses (`bot.graph.build_graph` installs it)."""
    return StateSerializer()


__all__ = ["ALLOWED", "TAG", "StateSerializer", "decode", "encode", "state_serializer", "strict_serializer"]
