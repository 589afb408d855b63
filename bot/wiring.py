"""The composition root: settings → knowledge store, SLM, checkpointer → graph → `Engine`.

Built once per process by the CLI (`siliconsult chat`, `eval`, `slack`). Nothing here runs at
import time; every collaborator can be injected instead (tests pass a catalog, a model or an
in-memory checkpointer).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.engine import Engine, LockedModel
from bot.llm.base import LanguageModel
from bot.nlu import ModelLookup
from bot.nodes import Deps, model_helpers
from bot.settings import Settings
from estimator.catalog import Catalog

if TYPE_CHECKING:  # the store (and duckdb) loads only when a command opens it
    from knowledge.store import KnowledgeStore

FROM_SETTINGS = "from-settings"
STATE_FILE = "state.sqlite"


def open_knowledge(settings: Settings) -> KnowledgeStore:
    """The knowledge store under the settings' home, built or rebuilt from the data dir when needed."""
    from knowledge.store import open_store

    return open_store(settings.ensure_home(), settings.data_dir)


def load_catalog(settings: Settings) -> Catalog:
    """The whole catalog as one immutable value (for commands that need no live store)."""
    store = open_knowledge(settings)
    try:
        return store.catalog()
    finally:
        store.close()


def make_checkpointer(settings: Settings) -> tuple[Any, Callable[[], None]]:
    """The conversation-state saver and its close function.

    PostgreSQL when `settings.state_url` is a postgresql:// URL (several bot replicas share state),
    else SQLite at `$SILICONSULT_HOME/state.sqlite`.
    """
    url = settings.state_url or ""
    if url.startswith(("postgresql://", "postgres://")):
        from bot.state_postgres import open_postgres_saver

        return open_postgres_saver(url)
    from langgraph.checkpoint.sqlite import SqliteSaver

    from bot.checkpoint_serde import state_serializer

    path = settings.ensure_home() / STATE_FILE
    conn = sqlite3.connect(str(path), check_same_thread=False)
    # WAL with synchronous=NORMAL: a commit survives a killed process (the WAL is written before the
    # call returns) without an fsync per checkpoint; only an OS crash can lose the last turns.
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    saver = SqliteSaver(conn, serde=state_serializer())
    saver.setup()
    return saver, conn.close


def store_model_lookup(store: Any, catalog: Catalog | None = None) -> ModelLookup:
    """Model names → (name, params in billions) through the store.

    The store is asked only when the message holds a word that starts a known model name ("llama",
    "qwen", "phi", …): most messages name no model, and a store lookup costs more than a whole turn's
    parsing.
    """
    models = (catalog or store.catalog()).models
    stems = {m.group(0) for model in models for name in (model.id, model.name, *model.aliases)
             if (m := re.match(r"[a-z]{3,}", name.lower()))}
    mentions = re.compile(r"(?<![a-z])(?:" + "|".join(sorted(map(re.escape, stems))) + ")") if stems else None

    def lookup(text: str) -> tuple[str, float] | None:
        if mentions is None or not mentions.search(text.lower()):
            return None
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
    from estimator.recommend import recommend

    closers: list[Callable[[], Any]] = []
    if store is None:
        store = open_knowledge(settings)
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
    deps = Deps(catalog=catalog, recommend=recommend, find_model=store_model_lookup(store, catalog),
                extract=extract, phrase=phrase)
    return Engine(build_graph(deps, checkpointer), closers=closers)


def _load_llm(settings: Settings, llm: LanguageModel | None | str) -> LanguageModel | None:
    if llm is None or not isinstance(llm, str):
        return llm
    from bot.llm.factory import load_model

    spec = settings.llm if llm == FROM_SETTINGS else llm
    return load_model(spec, timeout_s=settings.llm_timeout_s)


__all__ = ["FROM_SETTINGS", "STATE_FILE", "build_engine", "make_checkpointer", "store_model_lookup"]
