"""The serializer for conversation checkpoints: JSON-like values only, no Python objects on load.

langgraph's default `JsonPlusSerializer` can rebuild Python objects from a checkpoint: a msgpack
extension names a module, a callable and its arguments, and loading calls it. Whoever can write to
the checkpoint store (the SQLite file, the Postgres database) could then run code in every replica
that loads the thread. The conversation state is JSON primitives by design (`bot/state.py`), so
nothing is lost by refusing every type outside langgraph's own safe list.
"""

from __future__ import annotations

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer


def strict_serializer() -> JsonPlusSerializer:
    """A serializer that loads only langgraph's safe types (what `LANGGRAPH_STRICT_MSGPACK=true` does)."""
    return JsonPlusSerializer(allowed_msgpack_modules=None)


__all__ = ["strict_serializer"]
