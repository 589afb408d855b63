"""Shared fixtures: every test runs with its own SILICONSULT_HOME and no Slack credentials."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

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


@pytest.fixture(scope="session")
def _built_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The knowledge store file the shipped data builds, built once per session."""
    from knowledge.build import STORE_FILE
    from knowledge.store import open_store

    home = tmp_path_factory.mktemp("built-store")
    open_store(home).close()
    return home / STORE_FILE


@pytest.fixture(autouse=True)
def _store_built_once(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, _built_store: Path) -> None:
    """A home opened on the shipped data starts with the store file that data builds (copied, ~10 ms),
    as if an earlier run had built it: building it costs ~0.5 s and some forty tests (the CLI, engines on
    SQLite, reports) did it only to read the catalog. `open_store` itself still runs and checks the file's
    data and schema versions. The knowledge tests, which test the build, build as they always did."""
    if "knowledge" in request.node.path.relative_to(Path(__file__).parent).parts[:1]:
        return
    import knowledge.store
    from knowledge.build import STORE_FILE
    from knowledge.loader import default_data_dir

    real_open_store = knowledge.store.open_store

    def open_store(home: Path, data_dir: Path | None = None) -> knowledge.store.KnowledgeStore:
        if (data_dir is None or Path(data_dir) == default_data_dir()) and not (Path(home) / STORE_FILE).exists():
            Path(home).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(_built_store, Path(home) / STORE_FILE)
        return real_open_store(home, data_dir)

    monkeypatch.setattr(knowledge.store, "open_store", open_store)
