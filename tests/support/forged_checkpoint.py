"""A forged checkpoint: a msgpack extension that asks the loader to call a function of our choosing.

langgraph's default serializer rebuilds objects by importing `module.name` and calling it with the
stored argument. `forged_blob` puts such an extension, naming `_tripwire` (a stand-in for
`os.system`), into a checkpoint; `TRIPPED` records whether anything called it.
"""

from __future__ import annotations

TRIPPED: list[object] = []


def _tripwire(argument: object) -> str:
    """A stand-in for `os.system`: what a forged checkpoint asks the loader to call."""
    TRIPPED.append(argument)
    return "called"


def forged_blob(serializer: object, checkpoint: dict) -> tuple[str, bytes]:
    """`checkpoint` with its `lang` channel replaced by a msgpack extension naming `_tripwire`."""
    import ormsgpack

    gadget = ormsgpack.Ext(0, ormsgpack.packb((__name__, "_tripwire", "rm -rf /")))  # 0: constructor call
    forged = {**checkpoint, "channel_values": {**checkpoint["channel_values"], "lang": gadget}}
    return serializer.dumps_typed(forged)  # type: ignore[attr-defined]


__all__ = ["TRIPPED", "forged_blob"]
