"""`build_graph(deps)`: the conversation as a LangGraph StateGraph, compiled with a checkpointer.

One invocation per user message (input `{"message": text}`), resumable by construction: the
checkpointer keeps the thread's state between messages, so a restarted process continues. Layout:

    START → understand ─┬→ ask ─────────────→ END      (interview: one question)
                        ├→ clarify ─────────→ END      (bad values, empty, nonsense)
                        ├→ reset ───────────→ END      (start over)
                        ├→ explain ─────────→ END      (cost, risks, assumptions)
                        ├→ compare ─────────→ END      (compare X vs Y, why not X)
                        └→ assume → recommend → respond ─┬→ END
                                                         └→ compare → END
"""

from __future__ import annotations

from typing import Any

from langgraph.graph import END, START, StateGraph

from bot.followups import FollowupNodes
from bot.nodes import Deps, Nodes
from bot.routers import route_after_respond, route_turn
from bot.state import ConversationState


class _AllNodes(Nodes, FollowupNodes):
    pass


def build_graph(deps: Deps, checkpointer: Any = None) -> Any:
    """The compiled graph. `checkpointer` (SqliteSaver, PostgresSaver, InMemorySaver) keys state by thread_id."""
    nodes = _AllNodes(deps)
    graph = StateGraph(ConversationState)
    for name in ("understand", "ask", "clarify", "reset", "explain", "compare", "assume", "recommend", "respond"):
        graph.add_node(name, getattr(nodes, name))
    graph.add_edge(START, "understand")
    graph.add_conditional_edges("understand", route_turn,
                                ["ask", "clarify", "reset", "explain", "compare", "assume"])
    for terminal in ("ask", "clarify", "reset", "explain", "compare"):
        graph.add_edge(terminal, END)
    graph.add_edge("assume", "recommend")
    graph.add_edge("recommend", "respond")
    graph.add_conditional_edges("respond", route_after_respond, {"compare": "compare", "__end__": END})
    return graph.compile(checkpointer=checkpointer)


__all__ = ["build_graph"]
