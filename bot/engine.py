"""`Engine.handle(thread_id, text) -> Reply`: the one entry point every transport calls.

Slack, the terminal, the tests and the eval runner all use it. It runs one graph invocation per
message on the thread's checkpointed state. Thread-safe: Slack calls it from a thread pool, so each
thread id has its own lock (two messages of one thread never interleave; different threads run in
parallel), and the SLM, which is not thread-safe, sits behind one lock (see `LockedModel`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from langchain_core.runnables import RunnableConfig

from bot.graph import TERMINAL_NODES
from bot.llm.base import JSONSchema, LanguageModel, Message
from bot.reply import Reply
from bot.state import ConversationState, StateJSON, TurnReply, state_json, stated, upgrade
from bot.state_pruning import keep_latest_checkpoint
from bot.wording import error_text, worded
from bot.wording.sentences import t
from estimator.errors import SiliconsultError

log = logging.getLogger(__name__)


class LockedModel:
    """A `LanguageModel` whose calls are serialized: llama.cpp contexts cannot run two completions."""

    def __init__(self, model: LanguageModel) -> None:
        self.inner = model
        self.name = model.name
        self._lock = threading.Lock()

    def complete(self, messages: list[Message], *, json_schema: JSONSchema | None = None,
                 max_tokens: int = 256, timeout_s: float | None = None) -> str:
        with self._lock:
            return self.inner.complete(messages, json_schema=json_schema, max_tokens=max_tokens, timeout_s=timeout_s)


class Engine:
    """The conversation engine over a compiled graph with a checkpointer."""

    def __init__(self, graph: Any, *, closers: list[Callable[[], Any]] | None = None) -> None:
        self._graph = graph
        self._closers = list(closers or [])
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()

    def _lock_for(self, thread_id: str) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(thread_id, threading.Lock())

    @staticmethod
    def _config(thread_id: str) -> RunnableConfig:
        # One background worker per turn: langgraph builds a thread pool per invoke for its checkpoint saves
        # (each waits only for saves submitted before it, so they run in order anyway) and, uncapped, starts
        # a new thread for each save still running: ~1 ms of thread start apiece, on every turn.
        return {"configurable": {"thread_id": thread_id}, "max_concurrency": 1}

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply:
        """Answer one user message of a thread. Never raises for any text.

        `turn_key`: the delivery's identity (Slack's event id). A delivery the thread's state already
        answered (a process killed after the turn's state was written, before its post was recorded) gets
        that answer back: "50 more users" replayed is applied once, not twice.
        `keep`: asked once the turn is computed, before it is kept; False (the user stopped the turn
        meanwhile) puts the thread's state back as it was before the message: a stopped turn applies
        nothing. The reply is still returned (the caller does not show it)."""
        with self._lock_for(thread_id):
            try:
                if turn_key is not None:
                    done = self.conversation(thread_id)
                    if done.get("turn_key") == turn_key and (last := done.get("reply")) is not None:
                        log.warning("turn %s of thread %s was applied before; answering from its state", turn_key,
                                    thread_id)
                        return self._reply(done, last)
                before = self._graph.get_state(self._config(thread_id)) if keep is not None else None
                # Saved once, as the turn ends: its steps' states are transient (the answering node commits the
                # facts, and a failing node's step is saved with the last good one on the way out), so writing
                # each step's (a full copy of the state, recommendation included) only cost time.
                result = self._graph.invoke({"message": text, "turn_key": turn_key}, self._config(thread_id),
                                            durability="exit")
                if before is not None and keep is not None and not keep():
                    self._put_back(thread_id, before)
                keep_latest_checkpoint(self._graph.checkpointer, thread_id)
                return self._reply(result, result["reply"])
            except Exception as exc:  # the edge of the core: log it, answer one line, keep the last checkpoint
                log.exception("turn failed on thread %s", thread_id)
                return self._error_reply(thread_id, exc)

    def _put_back(self, thread_id: str, before: Any) -> None:
        """The thread's state as in `before` (a snapshot taken before a turn that is not kept): a new latest
        checkpoint forked from that one (it still exists: history is pruned after this), or no state at all
        for a thread the turn began."""
        if not before.values:
            self._graph.checkpointer.delete_thread(thread_id)
        else:
            # Forked as a terminal node's write, so the thread waits for its next message as after any turn.
            self._graph.update_state(before.config, {"turn_key": before.values.get("turn_key")}, as_node=TERMINAL_NODES[0])
        log.info("a turn of thread %s was not kept; its state is as before the message", thread_id)

    def _error_reply(self, thread_id: str, exc: Exception) -> Reply:
        values: ConversationState = {}
        try:
            values = self.conversation(thread_id)
        except Exception:  # the checkpointer itself failed: answer without the stored facts
            log.exception("reading state of thread %s failed", thread_id)
        lang = values.get("lang") or "en"
        # A SiliconsultError carries a message written for users; anything else stays in the log, and
        # the user gets a short apology without internals (no exception names, no paths).
        text = (t("error.known", lang, message=error_text(exc, lang)) if isinstance(exc, SiliconsultError)
                else t("error", lang))
        return self._reply(values, TurnReply(text=text, lang=lang, intent="error"))

    @staticmethod
    def _reply(values: ConversationState, reply: TurnReply) -> Reply:
        """A node's reply completed with the thread's facts and current recommendation."""
        rec = values.get("recommendation")
        shown = worded(rec, reply.lang) if rec is not None else None  # its findings in the reply's language
        return Reply.model_validate({**reply.model_dump(), "slots": stated(values.get("slots")),
                                     "recommendation": shown, "done": rec is not None})

    def conversation(self, thread_id: str) -> ConversationState:
        """The thread's stored state, typed (empty for an unknown thread)."""
        return upgrade(self._graph.get_state(self._config(thread_id)).values or {})

    def state(self, thread_id: str) -> StateJSON:
        """The thread's stored state as JSON-shaped values ({} for an unknown thread): `slots` the
        stated facts, `recommendation` its DESIGN.md JSON (`bot.state.state_json`)."""
        return state_json(self.conversation(thread_id))

    def has_thread(self, thread_id: str) -> bool:
        """Whether this thread already has a conversation (Slack answers unmentioned replies only then)."""
        return bool(self.state(thread_id))

    def close(self) -> None:
        for close in reversed(self._closers):
            try:
                close()
            except Exception:  # closing is best effort; one failure must not keep the others open
                log.exception("closing %r failed", close)
        self._closers.clear()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["Engine", "LockedModel"]
