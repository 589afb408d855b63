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
def shared_memory_store() -> KnowledgeStore:
    """One store over the shipped data for every reader in the process (built once: ~0.4 s each, and some
    thirty test modules built their own). Read-only by use, never closed; its queries each open their own
    cursor, so threads share it."""
    return memory_store()


@lru_cache(maxsize=1)
def memory_catalog() -> Catalog:
    """The shipped data as one immutable `Catalog` (cached: tests share it)."""
    return shared_memory_store().catalog()


__all__ = ["memory_catalog", "memory_store", "shared_memory_store"]
