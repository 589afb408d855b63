"""One engine built as `siliconsult chat --llm none` builds it, for the reading classes' end-to-end checks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver

from bot.reply import Reply
from bot.settings import Settings
from bot.wiring import build_engine


def chat_engine(home: Path) -> Any:
    return build_engine(Settings(home=home, llm="none"), llm=None, checkpointer=InMemorySaver())


def recommended(engine: Any, thread: str, message: str, followup: str) -> Reply:
    """The reply with a recommendation (the follow-up sent once if the first reply asked)."""
    reply: Reply = engine.handle(thread, message)
    if reply.recommendation is None:
        reply = engine.handle(thread, followup)
    assert reply.recommendation is not None and reply.recommendation.primary is not None, reply.text[:300]
    return reply
