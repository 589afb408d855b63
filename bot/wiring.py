"""The composition root: settings → knowledge store, SLM, checkpointer → graph → `Engine`.

Built once per process by the CLI (`siliconsult chat`, `eval`, `slack`). Nothing here runs at
import time; every collaborator can be injected instead (tests pass a catalog, a model or an
in-memory checkpointer).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from typing import Any

from bot.engine import Engine, LockedModel
from bot.llm.base import LanguageModel
from bot.nlu import ModelLookup
from bot.nodes import Deps, model_helpers
from bot.settings import Settings
from estimator.catalog import Catalog

FROM_SETTINGS = "from-settings"
STATE_FILE = "state.sqlite"


def make_checkpointer(settings: Settings) -> tuple[Any, Callable[[], None]]:
    """The conversation-state saver and its close function.

    PostgreSQL when `settings.state_url` is a postgresql:// URL (several bot replicas share state),
    else SQLite at `$SILICONSULT_HOME/state.sqlite`.
    """
    url = settings.state_url or ""
    if url.startswith(("postgresql://", "postgres://")):
        from langgraph.checkpoint.postgres import PostgresSaver
        from psycopg import Connection
        from psycopg.rows import dict_row

        conn = Connection.connect(url, autocommit=True, prepare_threshold=0, row_factory=dict_row)
        saver = PostgresSaver(conn)
        saver.setup()
        return saver, conn.close
    from langgraph.checkpoint.sqlite import SqliteSaver

    path = settings.ensure_home() / STATE_FILE
    conn = sqlite3.connect(str(path), check_same_thread=False)
    saver = SqliteSaver(conn)
    saver.setup()
    return saver, conn.close


def store_model_lookup(store: Any) -> ModelLookup:
    """Model names → (name, params in billions) through the store; DuckDB calls serialized."""
    lock = threading.Lock()

    def lookup(text: str) -> tuple[str, float] | None:
        with lock:
            model = store.find_model(text)
        return (model.name, model.params_b) if model is not None else None

    return lookup


def build_engine(
    settings: Settings,
    *,
    llm: LanguageModel | None | str = FROM_SETTINGS,
    checkpointer: Any = None,
    catalog: Catalog | None = None,
    store: Any = None,
) -> Engine:
    """Wire the engine. `llm`: a model, None (deterministic only), a spec string, or from the settings."""
    from bot.graph import build_graph
    from estimator.assume import fill_defaults
    from estimator.recommend import recommend
    from knowledge.store import open_store

    closers: list[Callable[[], Any]] = []
    if store is None:
        store = open_store(settings.ensure_home(), settings.data_dir)
        closers.append(store.close)
    if catalog is None:
        catalog = store.catalog()
    model = _load_llm(settings, llm)
    if model is not None:
        model = LockedModel(model)
    if checkpointer is None:
        checkpointer, close = make_checkpointer(settings)
        closers.append(close)
    extract, phrase = model_helpers(model)
    deps = Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults,
                find_model=store_model_lookup(store), extract=extract, phrase=phrase)
    return Engine(build_graph(deps, checkpointer), closers=closers)


def _load_llm(settings: Settings, llm: LanguageModel | None | str) -> LanguageModel | None:
    if llm is None or not isinstance(llm, str):
        return llm
    from bot.llm.factory import load_model

    spec = settings.llm if llm == FROM_SETTINGS else llm
    return load_model(spec, timeout_s=settings.llm_timeout_s)


__all__ = ["FROM_SETTINGS", "STATE_FILE", "build_engine", "make_checkpointer", "store_model_lookup"]
