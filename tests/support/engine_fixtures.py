"""The engine over the real estimator and the shipped catalog, as the graph tests drive it.

`tests/conftest.py` loads this module as a plugin, so every test module may ask for `deps` (built once
per module; the catalog once per session) and `engine` (fresh per test, in-memory checkpointer); a
module that defines its own fixture of either name keeps its own. `talk` (import it) sends messages in
order on one thread.
"""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from bot.engine import Engine
from bot.graph import build_graph
from bot.nodes import Deps
from bot.reply import Reply
from bot.wiring import store_model_lookup
from estimator.advice.assume import fill_defaults
from estimator.advice.recommend import recommend
from estimator.catalog import Catalog


@pytest.fixture(scope="module")
def deps(catalog: Catalog) -> Deps:
    from knowledge.testing import memory_store

    return Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults,
                find_model=store_model_lookup(memory_store()))


@pytest.fixture
def engine(deps: Deps) -> Engine:
    return Engine(build_graph(deps, InMemorySaver()))


def talk(engine: Engine, *messages: str, thread: str = "t") -> list[Reply]:
    return [engine.handle(thread, m) for m in messages]


__all__ = ["deps", "engine", "talk"]
