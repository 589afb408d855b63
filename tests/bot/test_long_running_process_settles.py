"""A long-running process (the terminal chat, the Slack worker) settles before its first user:
it rehearses turns on a scratch graph, so lazily imported lexicons and caches are built, and freezes
its startup heap out of the collector's full collections (`bot.wiring.settle`)."""

from __future__ import annotations

import gc
import logging
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.settings import Settings
from bot.wiring import REHEARSAL, STATE_FILE, YOUNG_GENERATION_THRESHOLD, build_engine

LAZY_LEXICONS = ("bot.nlu.load", "bot.nlu.batch")


@pytest.fixture
def unfrozen():
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()  # the rest of the test session collects as before
    gc.set_threshold(*threshold)


def _threads(home: Path) -> set[str]:
    with sqlite3.connect(home / STATE_FILE) as db:
        return {row[0] for row in db.execute("select distinct thread_id from checkpoints")}


def test_settling_loads_the_lexicons_and_freezes_the_startup_heap(tmp_path, catalog, unfrozen, monkeypatch):
    for name in LAZY_LEXICONS:  # as in a fresh process: not yet imported
        monkeypatch.delitem(sys.modules, name, raising=False)
    with build_engine(Settings(home=tmp_path, llm="none"), catalog=catalog, long_running=True) as engine:
        assert all(name in sys.modules for name in LAZY_LEXICONS)
        assert gc.get_freeze_count() > 0
        reply = engine.handle("user", "a 7B model for 20 users, just recommend")
        assert reply.done
        # Nothing of the rehearsal reaches the user's state: only the user's own thread is stored.
        assert _threads(tmp_path) == {"user"}


def test_a_short_lived_engine_is_not_settled(tmp_path, catalog, unfrozen):
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)  # Python's defaults
    with build_engine(Settings(home=tmp_path, llm="none"), catalog=catalog):
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == (700, 10, 10)


def test_a_settled_process_lets_the_young_generation_grow_past_a_turn(tmp_path, catalog, unfrozen):
    """A recommend turn keeps thousands of objects alive until it returns: the default young threshold (700)
    collected several times inside every turn only to find them alive. The older generations keep their
    thresholds."""
    gc.set_threshold(700, 10, 10)
    with build_engine(Settings(home=tmp_path, llm="none"), catalog=catalog, long_running=True):
        assert gc.get_threshold() == (YOUNG_GENERATION_THRESHOLD, 10, 10)
    assert YOUNG_GENERATION_THRESHOLD >= 10_000


def test_a_failing_rehearsal_never_stops_a_start(tmp_path, catalog, unfrozen, monkeypatch, caplog):
    import bot.graph

    real_build = bot.graph.build_graph
    built: list[object] = []

    def build_graph(deps, checkpointer):
        built.append(checkpointer)
        if len(built) == 2:  # the scratch graph of the rehearsal
            raise RuntimeError("rehearsal broke")
        return real_build(deps, checkpointer)

    monkeypatch.setattr(bot.graph, "build_graph", build_graph)
    with caplog.at_level(logging.ERROR, logger="bot.wiring"), \
            build_engine(Settings(home=tmp_path, llm="none"), catalog=catalog, long_running=True) as engine:
        assert engine.handle("user", "a 7B model for 20 users, just recommend").done
    assert "rehearsal failed" in caplog.text
    assert gc.get_freeze_count() > 0


def test_the_rehearsal_speaks_every_language():
    from bot.nlu import detect_language

    assert {detect_language(conversation[0]) for conversation in REHEARSAL} >= {"en", "zh-Hans", "zh-Hant"}
