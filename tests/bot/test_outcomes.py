"""Decide, then word once: each kind of turn leaves its typed outcome, and the wording runs once per turn
in the same step as the facts it commits.
"""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from bot.engine import Engine
from bot.graph import build_graph
from bot.nodes import Deps
from bot.outcomes import Clarification, Comparison, Explanation, Question, Recommended, Reset
from bot.wording import worded
from estimator.advice.recommend import recommend


def _engine(catalog, phrase=None) -> Engine:
    return Engine(build_graph(Deps(catalog=catalog, recommend=recommend, phrase=phrase), InMemorySaver()))


def _outcome(engine: Engine, thread: str = "t"):
    return engine.conversation(thread)["outcome"]


def test_each_kind_of_turn_leaves_its_outcome(catalog):
    engine = _engine(catalog)
    engine.handle("t", "A 7B model for 200 users")
    asked = _outcome(engine)
    assert isinstance(asked, Question) and asked.slot not in (None, "model_params_b", "concurrent_users")
    engine.handle("t", "0 users")
    assert isinstance(_outcome(engine), Clarification)
    first = engine.handle("t", "just recommend")
    outcome = _outcome(engine)
    # The first recommendation replaces none, and says what was understood.
    assert isinstance(outcome, Recommended) and outcome.previous is None and outcome.echo
    engine.handle("t", "What if 400 concurrent users?")
    rerun = _outcome(engine)
    # The previous one is the first recommendation: its findings, as the first reply worded them.
    assert isinstance(rerun, Recommended) and worded(rerun.previous, first.lang) == first.recommendation and not rerun.echo
    engine.handle("t", "Compare that with two L40S.")
    compared = _outcome(engine)
    assert isinstance(compared, Comparison) and compared.targets and compared.entries
    assert compared.users == 400  # the filled workload of the current recommendation
    engine.handle("t", "explain the cost")
    assert _outcome(engine) == Explanation(intent="explain_cost")
    engine.handle("t", "start over")
    assert isinstance(_outcome(engine), Reset)


def test_a_wording_failure_leaves_the_stored_facts_as_they_were(catalog):
    def broken_phrase(template: str, grounding: str, lang: str, purpose: str) -> str:
        raise RuntimeError("wording failed")

    engine = _engine(catalog, phrase=broken_phrase)
    reply = engine.handle("t", "A 7B model for 200 users")
    assert reply.intent == "error"
    # The question node's facts and its wording are one step: nothing was committed.
    assert engine.state("t").get("slots", {}) == {}
    assert engine.state("t").get("asked", []) == []


@pytest.mark.parametrize("message", ["What if 300 concurrent users on two L40S?"])
def test_a_rerun_with_a_comparison_is_worded_once(catalog, message):
    purposes: list[str] = []

    def phrase(template: str, grounding: str, lang: str, purpose: str) -> str:
        purposes.append(purpose)
        return template

    engine = _engine(catalog, phrase=phrase)
    engine.handle("t", "A 7B model for 200 users, just recommend")
    purposes.clear()
    reply = engine.handle("t", message)
    outcome = _outcome(engine)
    assert isinstance(outcome, Recommended) and outcome.comparison is not None
    # One headline for the re-run; the comparison appended to the same reply.
    assert purposes == ["summary"]
    assert reply.changes and "L40S" in reply.text.split("\n\n", 1)[1]


def test_users_come_from_the_filled_workload_everywhere(catalog):
    """No stated user count: the card, its suggestions and the follow-ups all use the users the
    estimator filled in (from the deployment scale), never a count of their own."""
    engine = _engine(catalog)
    card = engine.handle("t", "A 13B model for our department, accuracy is critical. Just recommend.")
    assert "concurrent_users" not in card.slots and card.recommendation is not None
    users = card.recommendation.workload["concurrent_users"]
    assert users > 1  # a department is more than one person
    assert f"at {users:,} concurrent users" in card.text
    assert card.suggestions[0] == f"What if {users * 2} concurrent users?"
    cost = engine.handle("t", "explain the cost")
    compared = engine.handle("t", "Compare that with two L40S.")
    assert isinstance(_outcome(engine), Comparison) and _outcome(engine).users == users
    for reply in (cost, compared):
        assert reply.intent != "error"
    assert f"at {users:,} concurrent users" in compared.text
