"""The DuckDB hardware/benchmark store: the only package that imports duckdb.

Data lives as CSV under `knowledge/data/` (every row with a `source_url`); `open_store(home)` validates
it, builds `home/knowledge.duckdb` atomically when the data changed, and returns a `KnowledgeStore`
whose methods answer with the pydantic models of `estimator/catalog.py`.
"""

from knowledge.loader import data_version, default_data_dir, read_dir, validate_dir
from knowledge.store import KnowledgeStore, model_key, open_store

__all__ = [
    "KnowledgeStore",
    "data_version",
    "default_data_dir",
    "model_key",
    "open_store",
    "read_dir",
    "validate_dir",
]
