"""Test helper: the shipped catalog built in an in-memory DuckDB (no files written, built once)."""

from __future__ import annotations

from functools import lru_cache

import duckdb

from estimator.catalog import Catalog
from knowledge.build import migrate, populate
from knowledge.loader import default_data_dir, read_dir
from knowledge.store import KnowledgeStore


def memory_store() -> KnowledgeStore:
    """A fresh store over `duckdb.connect(":memory:")` filled from the shipped data."""
    conn = duckdb.connect(":memory:")
    migrate(conn)
    populate(conn, read_dir(default_data_dir()))
    return KnowledgeStore(conn)


@lru_cache(maxsize=1)
def memory_catalog() -> Catalog:
    """The shipped data as one immutable `Catalog` (cached: tests share it)."""
    store = memory_store()
    try:
        return store.catalog()
    finally:
        store.close()


__all__ = ["memory_catalog", "memory_store"]
