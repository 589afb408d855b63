"""The serializer for conversation checkpoints: the state's own models and JSON-like values, nothing else.

langgraph's default `JsonPlusSerializer` can rebuild Python objects from a checkpoint: a msgpack
extension names a module, a callable and its arguments, and loading calls it. Whoever can write to
the checkpoint store (the SQLite file, the Postgres database) could then run code in every replica
that loads the thread. So the inner serializer loads only langgraph's own safe types, and the
state's models (`bot.state.STATE_MODELS`) never reach it as objects: each is written as a tagged
JSON object `{TAG: "Workload", "data": {...}}` and, on load, validated by the class the tag names in
a fixed table. A tag outside the table stays plain data; no name in a checkpoint is ever imported.

A model is stored with its *set* fields only (`exclude_unset`), so the stated facts (a `Workload`
whose set fields are the stated ones) come back as stated, not with every default filled.
"""

from __future__ import annotations

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


# A turn saves its state once per graph step: the same recommendation (a tree of findings) each time.
_WRITTEN: IdentityCache[BaseModel, dict[str, Any]] = IdentityCache(32)


def encode(value: Any) -> Any:
    """`value` with every allow-listed model replaced by its tagged JSON object."""
    if isinstance(value, BaseModel) and ALLOWED.get(type(value).__name__) is type(value):
        return _WRITTEN.get(value, lambda: {TAG: type(value).__name__,
                                             "data": value.model_dump(mode="json", exclude_unset=True)})
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return tuple(encode(v) for v in value)
    return value


def decode(value: Any) -> Any:
    """The inverse of `encode`: tagged objects of allow-listed classes validated back into models.

    A tagged object that no longer validates (a class changed since it was written) stays its data,
    for `bot.state.upgrade` to validate as an old checkpoint's dict."""
    if isinstance(value, dict):
        cls = ALLOWED.get(value[TAG]) if isinstance(value.get(TAG), str) else None
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
