"""A few recent results keyed by the identity of the object they were computed from.

A turn hands the same model to more than one place (the reply is worded where it is written and again
where the engine returns it; the state is saved once per graph step): the work is done once. The object
itself is held beside its result, so an id is never reused while its entry stands; the models are never
changed in place (the code copies them).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


class IdentityCache(Generic[_K, _V]):
    """At most `size` results, the oldest dropped first; safe for Slack's worker threads."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._entries: dict[Hashable, tuple[_K, _V]] = {}
        self._lock = threading.Lock()

    def get(self, obj: _K, compute: Callable[[], _V], tag: Hashable = None) -> _V:
        """The result for this very `obj` (and `tag`), computed once by `compute`."""
        key = (id(obj), tag)
        if (hit := self._entries.get(key)) is not None and hit[0] is obj:
            return hit[1]
        result = compute()
        with self._lock:
            if len(self._entries) >= self._size:
                del self._entries[next(iter(self._entries))]  # the oldest (insertion order)
            self._entries[key] = (obj, result)
        return result


__all__ = ["IdentityCache"]
