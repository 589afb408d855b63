"""Fuzzing `Engine.handle` (deterministic, `--llm none`): every message gets a reply, state stays valid.

Each example drives a fresh thread through a few hostile messages (tests/support/fuzz_support.py) on one
engine with an in-memory checkpointer. `Engine.handle` turns any exception into an "error" reply,
so the fuzzer treats that reply as a crash; the stored slots must validate as a `Workload`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from langgraph.checkpoint.memory import InMemorySaver

from bot.engine import Engine
from bot.settings import Settings
from bot.wiring import build_engine
from tests.support.fuzz_support import MESSAGES, check_turns


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    home = tmp_path_factory.mktemp("fuzz-home")
    with build_engine(Settings(home=home), llm=None, checkpointer=InMemorySaver()) as built:
        yield built


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts=st.lists(MESSAGES, min_size=1, max_size=3))
# Failures the fuzzer found, kept as regressions: an int beyond 64 bits in the checkpoint, a
# fractional device count.
@example(texts=["19000000000000000000B"])
@example(texts=["9" * 400 + "s"])
@example(texts=["0.1卡"])
@example(texts=["0W " + "9" * 400 + "kW"])
@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_every_message_gets_a_reply_and_the_state_stays_a_valid_workload(engine: Engine, texts: list[str]) -> None:
    check_turns(engine, texts)
