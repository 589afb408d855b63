"""A delivery replayed after a crash is applied once: the process died after the turn's state was written and
before its post was recorded, so the inbox hands the same event to the engine again. "50 more users" must not
become 100 more; the replay gets the answer the state already holds. Real engine, real SQLite checkpointer."""

from __future__ import annotations

from pathlib import Path

from bot.settings import Settings
from bot.wiring import build_engine


def test_a_replayed_relative_change_is_applied_once(tmp_path: Path) -> None:
    with build_engine(Settings(home=tmp_path, llm="none"), llm=None) as engine:
        first = engine.handle("t", "fine-tuned 7B for 200 concurrent users, Q4_K_M, just recommend", turn_key="Ev1")
        assert first.slots["concurrent_users"] == 200
        grown = engine.handle("t", "what if we add 50 more users?", turn_key="Ev2")
        assert grown.slots["concurrent_users"] == 250
        replay = engine.handle("t", "what if we add 50 more users?", turn_key="Ev2")  # the same delivery again
        assert replay.slots["concurrent_users"] == 250 and replay.text == grown.text
        assert engine.state("t")["slots"]["concurrent_users"] == 250
        # A new delivery with the same words is a new turn: applied again, as the user asked twice.
        again = engine.handle("t", "what if we add 50 more users?", turn_key="Ev3")
        assert again.slots["concurrent_users"] == 300


def test_turns_without_a_key_are_each_applied(tmp_path: Path) -> None:
    # The terminal has no delivery ids: every line typed is a turn of its own.
    with build_engine(Settings(home=tmp_path, llm="none"), llm=None) as engine:
        engine.handle("t", "fine-tuned 7B for 200 concurrent users, Q4_K_M, just recommend")
        engine.handle("t", "what if we add 50 more users?")
        assert engine.handle("t", "what if we add 50 more users?").slots["concurrent_users"] == 300
