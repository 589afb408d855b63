"""Shared fixtures: every test runs with its own SILICONSULT_HOME and no Slack credentials."""

from __future__ import annotations

import os

import pytest

# A real PostgreSQL server for the `postgres` tests, started on first use (tests/support/pg.py).
from tests.support.pg import postgres_server, postgres_url  # noqa: F401

# The `deps` and `engine` fixtures of the graph tests (a module defining its own of those names keeps it).
pytest_plugins = ["tests.support.engine_fixtures"]


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    home = tmp_path / "siliconsult-home"
    monkeypatch.setenv("SILICONSULT_HOME", str(home))
    for name in list(os.environ):
        if name.startswith("SLACK_"):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("SILICONSULT_LLM", raising=False)
    monkeypatch.delenv("SILICONSULT_STATE_URL", raising=False)
    yield home


@pytest.fixture(scope="session")
def catalog():
    """The shipped knowledge data as one immutable `Catalog` (built once in an in-memory DuckDB)."""
    from knowledge.testing import memory_catalog

    return memory_catalog()
