"""`build_graph(deps)`: the conversation as a LangGraph StateGraph, compiled with a checkpointer.

One invocation per user message (input `{"message": text}`), resumable by construction: the
checkpointer keeps the thread's state between messages, so a restarted process continues. Layout:

    START → understand ─┬→ ask ───────────────┐        (interview: one question)
                        ├→ clarify ───────────┤        (bad values, empty, nonsense)
                        ├→ reset ─────────────┤        (start over)
                        ├→ explain ───────────┤        (cost, risks, assumptions)
                        ├→ compare ───────────┤        (compare X vs Y, why not X)
                        └→ compute → respond ─┼→ word → END
                                     └→ compare ┘

`compute` is the turn's one call of the estimator. The deciding nodes leave a typed outcome
(`bot/outcomes.py`); `word` (`bot/words.py`) is the one place that turns it into the reply's text.

The state's models are stored by `bot.checkpoint_serde.StateSerializer`, which `build_graph` installs
on whatever checkpointer it is given (SQLite, Postgres, in-memory), so every saver keeps them alike.
"""

from __future__ import annotations

from typing import Any

from langgraph.graph import END, START, StateGraph

from bot.checkpoint_serde import StateSerializer, state_serializer
from bot.followups import FollowupNodes
from bot.nodes import Deps, Nodes
from bot.routers import route_after_respond, route_turn
from bot.state import ConversationState
from bot.words import Words


class _AllNodes(Nodes, FollowupNodes):
    pass


def build_graph(deps: Deps, checkpointer: Any = None) -> Any:
    """The compiled graph. `checkpointer` (SqliteSaver, PostgresSaver, InMemorySaver) keys state by thread_id."""
    if checkpointer is not None and not isinstance(getattr(checkpointer, "serde", None), StateSerializer):
        checkpointer.serde = state_serializer()
    nodes = _AllNodes(deps)
    graph = StateGraph(ConversationState)
    for name in ("understand", "ask", "clarify", "reset", "explain", "compare", "compute", "respond"):
        graph.add_node(name, getattr(nodes, name))
    graph.add_node("word", Words(deps).word)
    graph.add_edge(START, "understand")
    graph.add_conditional_edges("understand", route_turn,
                                ["ask", "clarify", "reset", "explain", "compare", "compute"])
    for deciding in ("ask", "clarify", "reset", "explain", "compare"):
        graph.add_edge(deciding, "word")
    graph.add_edge("compute", "respond")
    graph.add_conditional_edges("respond", route_after_respond, {"compare": "compare", "__end__": "word"})
    graph.add_edge("word", END)
    return graph.compile(checkpointer=checkpointer)


__all__ = ["build_graph"]
