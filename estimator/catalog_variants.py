"""Catalog variants a recommendation derives from the shipped catalog (owned specs, power modes, price
ranges), kept per source catalog so each is built once.

The estimator indexes a catalog by identity (`catalog_index`): a fresh copy per turn rebuilds the index,
re-resolves every request and leaves the old index for the garbage collector. A variant is a pure function
of its catalog and a key, so the same object can serve every turn that asks for it. Each entry holds its
source catalog, so an identity is never matched after its catalog is gone and the id reused.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from estimator.catalog import Catalog


class CatalogVariants:
    """The last `size` variants built, by (source catalog, key)."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._entries: dict[tuple[int, Hashable], tuple[Catalog, Catalog]] = {}
        self._lock = threading.Lock()  # the Slack adapter runs turns on a thread pool; only a miss takes it

    def get(self, catalog: Catalog, key: Hashable, build: Callable[[], Catalog]) -> Catalog:
        """The variant of `catalog` under `key`, built by `build()` the first time."""
        entry = self._entries.get((id(catalog), key))
        if entry is not None and entry[0] is catalog:
            return entry[1]
        variant = build()
        with self._lock:
            if len(self._entries) >= self.size:
                self._entries.pop(next(iter(self._entries)))
            self._entries[(id(catalog), key)] = (catalog, variant)
        return variant


__all__ = ["CatalogVariants"]
