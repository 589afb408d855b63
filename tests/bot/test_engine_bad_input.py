"""Engine: messages with nothing to read (blanks, emoji, symbols) get the right one-line answer and change nothing.

A message of only whitespace (or invisible characters) is empty; one of only emoji or punctuation is
not empty (the user wrote something) but holds no workload facts, so it is "not understood". Either
way the interview state (facts, pending question, questions asked) stays as it was.
"""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from bot.engine import Engine
from bot.graph import build_graph
from bot.nodes import Deps
from estimator.advice.assume import fill_defaults
from estimator.advice.recommend import recommend

EMPTY = "That message was empty."
NOT_UNDERSTOOD = "I could not find workload facts in that."
# The state a turn must not change when it read nothing.
INTERVIEW_KEYS = ("slots", "pending_slot", "asked", "recommendation")

CASES = [
    ("empty string", "", EMPTY),
    ("spaces", "   ", EMPTY),
    ("tabs and newlines", "\t\n \r\n", EMPTY),
    ("ideographic space", "\u3000\u3000", EMPTY),
    ("zero-width space", "\u200b", EMPTY),
    ("two emoji", "🙂🙂", NOT_UNDERSTOOD),
    ("emoji with spaces", " 👍 🚀 ", NOT_UNDERSTOOD),
    ("emoji with skin tone and joiner", "👩🏽\u200d💻", NOT_UNDERSTOOD),
    ("question marks", "???", NOT_UNDERSTOOD),
    ("punctuation", "!@#$%^&*()", NOT_UNDERSTOOD),
    ("full-width punctuation", "。。。！？", NOT_UNDERSTOOD),
    ("arrows and math", "→ ≥ ∑ ±", NOT_UNDERSTOOD),
]


@pytest.fixture(scope="module")
def engine(catalog) -> Engine:
    deps = Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults)
    return Engine(build_graph(deps, InMemorySaver()))


def _interview(engine: Engine, thread: str) -> dict:
    return {key: engine.state(thread).get(key) for key in INTERVIEW_KEYS}


@pytest.mark.parametrize(("label", "text", "expected"), CASES, ids=[case[0] for case in CASES])
def test_a_message_without_facts_is_answered_and_changes_nothing(engine: Engine, label: str, text: str,
                                                                  expected: str) -> None:
    thread = f"bad-input-{label}"
    engine.handle(thread, "A 7B model for 200 users")
    before = _interview(engine, thread)
    assert before["pending_slot"]  # mid-interview: a question is waiting for its answer

    reply = engine.handle(thread, text)

    assert reply.text.startswith(expected), reply.text
    other = NOT_UNDERSTOOD if expected == EMPTY else EMPTY
    assert other not in reply.text
    assert not reply.done and reply.intent != "error"
    assert _interview(engine, thread) == before


@pytest.mark.parametrize("text", ["🙂🙂", "   "])
def test_a_message_without_facts_on_a_fresh_thread_starts_nothing(engine: Engine, text: str) -> None:
    thread = f"fresh-{text!r}"
    reply = engine.handle(thread, text)
    assert not reply.done and reply.slots == {}
    assert (EMPTY in reply.text) == (not text.strip())
