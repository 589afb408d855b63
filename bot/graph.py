"""`build_graph(deps)`: the conversation as a LangGraph StateGraph, compiled with a checkpointer.

One invocation per user message (input `{"message": text}`), resumable by construction: the
checkpointer keeps the thread's state between messages, so a restarted process continues. Layout:

    START → understand ─┬→ ask ─────────────→ END      (interview: one question)
                        ├→ clarify ─────────→ END      (bad values, empty, nonsense)
                        ├→ reset ───────────→ END      (start over)
                        ├→ explain ─────────→ END      (cost, risks, assumptions)
                        ├→ compare ─────────→ END      (compare X vs Y, why not X)
                        └→ compute → respond ─┬→ END   (the estimator, once)
                                              └→ compare → END

`compute` is the turn's one call of the estimator. The deciding nodes leave a typed outcome
(`bot/outcomes.py`) and write no sentence; `worded` has the turn's last node word it, once, with
`bot/wording/outcomes.py`, in the same step as the facts it commits.

The state's models are stored by `bot.checkpoint_serde.StateSerializer`, which `build_graph` installs
on whatever checkpointer it is given (SQLite, Postgres, in-memory), so every saver keeps them alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from langgraph.graph import END, START, StateGraph

from bot.checkpoint_serde import StateSerializer, state_serializer
from bot.followups import FollowupNodes
from bot.nodes import Deps, Nodes
from bot.routers import route_after_respond, route_turn
from bot.state import ConversationState
from bot.wording.outcomes import Words


class _AllNodes(Nodes, FollowupNodes):
    pass


class DecideFn(Protocol):
    """A node: the state in, the keys it changes out (langgraph passes the state by the name `state`)."""

    def __call__(self, state: ConversationState) -> ConversationState: ...


# Nodes whose only edge is to END: a state written as one of their outputs (`Engine` putting a stopped
# turn's state back) leaves the thread waiting for its next message, as after any turn.
TERMINAL_NODES = ("ask", "clarify", "reset", "explain", "compare")


def build_graph(deps: Deps, checkpointer: Any = None) -> Any:
    """The compiled graph. `checkpointer` (SqliteSaver, PostgresSaver, InMemorySaver) keys state by thread_id."""
    if checkpointer is not None and not isinstance(getattr(checkpointer, "serde", None), StateSerializer):
        checkpointer.serde = state_serializer()
    nodes = _AllNodes(deps)
    words = Words(deps)
    graph = StateGraph(ConversationState)
    graph.add_node("understand", nodes.understand)
    graph.add_node("compute", nodes.compute)
    for name in ("ask", "clarify", "reset", "explain", "compare"):
        graph.add_node(name, worded(getattr(nodes, name), words))
    # A re-run that goes on to a comparison is worded once, with it, by `compare`.
    graph.add_node("respond", worded(nodes.respond, words, unless=lambda s: route_after_respond(s) == "compare"))
    graph.add_edge(START, "understand")
    graph.add_conditional_edges("understand", route_turn,
                                ["ask", "clarify", "reset", "explain", "compare", "compute"])
    for terminal in TERMINAL_NODES:
        graph.add_edge(terminal, END)
    graph.add_edge("compute", "respond")
    graph.add_conditional_edges("respond", route_after_respond, {"compare": "compare", "__end__": END})
    return graph.compile(checkpointer=checkpointer)


def worded(decide: DecideFn, words: Words, *,
           unless: Callable[[ConversationState], bool] | None = None) -> DecideFn:
    """A deciding node whose outcome is worded in the same step (`Words.reply`), so the facts it commits
    and the reply are checkpointed together: a wording failure leaves the stored facts as they were."""
    def node(state: ConversationState) -> ConversationState:
        update = decide(state)
        after: ConversationState = {**state, **update}
        outcome = after.get("outcome")
        if outcome is None or (unless is not None and unless(after)):
            return update
        return {**update, "reply": words.reply(after, outcome)}

    node.__name__ = getattr(decide, "__name__", "node")
    return node


__all__ = ["TERMINAL_NODES", "build_graph", "worded"]
