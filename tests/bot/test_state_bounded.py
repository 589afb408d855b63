"""A thread's stored state stays the size of one checkpoint, however long the thread runs.

Nothing reads a thread's history (a turn starts from the latest checkpoint), so storage must not grow
with the number of turns: after each turn the thread holds exactly one checkpoint (its latest), and its
bytes after twenty turns are those of one state, not twenty (SQLite and PostgreSQL alike). The pruned
thread still continues, in a new process too.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from bot.settings import Settings
from bot.state_pruning import keep_latest_checkpoint
from bot.wiring import build_engine

FIRST = ("we fine-tuned a 7B model for the legal team, 40 of them at once, prompts ~1500 tokens and "
         "answers ~300, just recommend")
FOLLOW_UPS = ("what if 120 users?", "why not an NPU?", "what if 60 users?", "and with 4k prompts?")
TURNS = 20


def _conversation(engine: Any, thread: str, measure: Any) -> list[tuple[int, int]]:
    """(checkpoints, bytes) of the thread after each of TURNS turns."""
    sizes = []
    for turn in range(TURNS):
        engine.handle(thread, FIRST if turn == 0 else FOLLOW_UPS[turn % len(FOLLOW_UPS)])
        sizes.append(measure(thread))
    return sizes


def _assert_flat(sizes: list[tuple[int, int]]) -> None:
    assert {count for count, _ in sizes} == {1}, "one checkpoint per thread after every turn"
    # Each turn's state is one recommendation and its facts; a what-if and a why-not store different
    # amounts, so "flat" is: no later turn stores more than the largest of the first five.
    first = max(size for _, size in sizes[:5])
    assert max(size for _, size in sizes[5:]) <= first * 1.05  # a few digits more (120 users vs 60)
    # The growth the pruning removes: unpruned, twenty turns hold ~20 full copies (~4 MB measured).
    assert sizes[-1][1] < 200_000


def test_a_long_sqlite_thread_keeps_one_checkpoint_and_continues_after_a_restart(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, llm="none")
    db: sqlite3.Connection | None = None  # opened once the engine has created the file

    def measure(thread: str) -> tuple[int, int]:
        nonlocal db
        db = db or sqlite3.connect(tmp_path / "state.sqlite")
        count, size = db.execute("SELECT count(*), coalesce(sum(length(checkpoint) + length(metadata)), 0) "
                                 "FROM checkpoints WHERE thread_id = ?", (thread,)).fetchone()
        (writes,) = db.execute("SELECT coalesce(sum(length(value)), 0) FROM writes WHERE thread_id = ?",
                               (thread,)).fetchone()
        return count, size + writes

    with build_engine(settings, llm=None) as engine:
        _assert_flat(_conversation(engine, "long", measure))
        other = engine.handle("other", FIRST)
        assert other.recommendation is not None and measure("long")[0] == 1  # threads prune apart
    if db is not None:
        db.close()
    with build_engine(settings, llm=None) as engine:
        stated = engine.state("long")["slots"]
        assert stated["model_params_b"] == 7
        reply = engine.handle("long", "what if 90 users?")
        assert reply.intent == "what_if" and reply.recommendation is not None
        assert engine.state("long")["slots"]["concurrent_users"] == 90


@pytest.mark.postgres
@pytest.mark.slow
def test_a_long_postgres_thread_keeps_one_checkpoint_and_its_blobs(postgres_url: str, tmp_path: Path) -> None:
    import psycopg

    settings = Settings(home=tmp_path, llm="none", state_url=postgres_url)
    with build_engine(settings, llm=None) as engine, psycopg.connect(postgres_url, autocommit=True) as db:
        def measure(thread: str) -> tuple[int, int]:
            (count,) = db.execute("SELECT count(*) FROM checkpoints WHERE thread_id = %s", (thread,)).fetchone()
            (size,) = db.execute(
                "SELECT coalesce((SELECT sum(length(checkpoint::text)) FROM checkpoints WHERE thread_id = %s), 0)"
                " + coalesce((SELECT sum(length(blob)) FROM checkpoint_blobs WHERE thread_id = %s), 0)"
                " + coalesce((SELECT sum(length(blob)) FROM checkpoint_writes WHERE thread_id = %s), 0)",
                (thread, thread, thread)).fetchone()
            return count, size

        _assert_flat(_conversation(engine, "long", measure))
        assert engine.state("long")["slots"]["model_params_b"] == 7


class _FailingPrune(InMemorySaver):
    def prune(self, thread_ids: Any, *, strategy: str = "keep_latest") -> None:
        raise RuntimeError("disk full")


def test_a_failed_prune_costs_disk_not_the_turn(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with build_engine(Settings(home=tmp_path, llm="none"), llm=None, checkpointer=_FailingPrune()) as engine:
        reply = engine.handle("t", FIRST)
    assert reply.recommendation is not None
    assert "could not prune" in caplog.text


def test_a_saver_without_prune_is_left_as_it_is() -> None:
    keep_latest_checkpoint(InMemorySaver(), "t")  # the base class's prune raises NotImplementedError
