"""The user's stop button on an agent session: which turns a stop cancels, and who says so.

Slack sends `agent_session_stopped` (`channel`, `thread_ts`, `user`, `event_ts`, `streaming_message_ts`)
when the user clicks the stop button shown while a session is `processing`
(https://docs.slack.dev/reference/events/agent_session_stopped). The app must stop its work in that
thread, confirm that it stopped, and move the session away from `processing` itself.

Here a stop cancels every turn of its thread the user sent before clicking: the one in flight and any
queued behind it. A turn cannot be interrupted inside the engine (CPU-bound Python, the model behind a
lock), so it is cancelled at its next check: before the engine runs, or before its reply is posted. A
cancelled turn posts no reply. One short line says the work stopped: the first cancelled turn posts it
(with its inbox marker, so it is that turn's answer), or, when no turn of the thread was waiting, the
stop itself. Stops live in memory: a restart forgets them (the turns a crash leaves are answered).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Protocol

from bot.nlu.lang import detect_language


class Turn(Hashable, Protocol):
    """What the stop board needs of a turn (`bot.slack.turns.Turn` has it): its thread and when the user
    sent it. A protocol, not an import: `bot.slack.turns` imports this module."""

    @property
    def thread_id(self) -> str: ...

    @property
    def message_ts(self) -> str | None: ...

# Threads remembered (their last stop and language); older ones are forgotten first.
CAPACITY = 10_000


@dataclass(frozen=True)
class ThreadStop:
    """A stop click, stripped of Slack specifics (picklable: it travels to the model worker)."""

    team_id: str
    channel_id: str
    thread_ts: str
    user_id: str | None
    # The click's `event_ts`: turns the user sent up to then are cancelled, later ones are not.
    stopped_at: float
    key: str | None = None

    @property
    def thread_id(self) -> str:
        return f"{self.team_id}:{self.channel_id}:{self.thread_ts}"


def _sent_at(turn: Turn) -> float:
    try:
        return float(turn.message_ts or 0)
    except (TypeError, ValueError):
        return 0.0


class StopBoard:
    """Per thread: its last stop (and whether a turn still owes the line saying so), the turns begun and
    not past their last check, and the language it was last answered in. Thread-safe."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._lock = threading.Lock()
        self._stops: OrderedDict[str, list[float | bool]] = OrderedDict()  # thread -> [stopped_at, line owed]
        self._pending: dict[str, dict[Turn, float]] = {}
        self._langs: OrderedDict[str, str] = OrderedDict()

    def begin(self, turn: Turn) -> None:
        """`turn` is queued or running: a stop from now on may cancel it, and it would say so."""
        with self._lock:
            self._pending.setdefault(turn.thread_id, {})[turn] = _sent_at(turn)

    def _release(self, turn: Turn) -> None:
        waiting = self._pending.get(turn.thread_id)
        if waiting is not None:
            waiting.pop(turn, None)
            if not waiting:
                del self._pending[turn.thread_id]

    def end(self, turn: Turn) -> bool:
        """`turn` is done (answered, apologized for or cancelled). True when a stop counted on it to say so
        and no other waiting turn will (it ended on a path without a check): the caller says so now."""
        with self._lock:
            self._release(turn)
            entry = self._stops.get(turn.thread_id)
            if entry is None or not entry[1]:
                return False
            if any(sent_at <= float(entry[0]) for sent_at in self._pending.get(turn.thread_id, {}).values()):
                return False
            entry[1] = False
            return True

    def stop(self, stop: ThreadStop) -> bool:
        """Record `stop`; True when no waiting turn will say so (the caller then posts the line itself)."""
        with self._lock:
            waiting = self._pending.get(stop.thread_id, {})
            owed = any(sent_at <= stop.stopped_at for sent_at in waiting.values())
            self._stops[stop.thread_id] = [stop.stopped_at, owed]
            self._stops.move_to_end(stop.thread_id)
            while len(self._stops) > self._capacity:
                self._stops.popitem(last=False)
        return not owed

    def check(self, turn: Turn, *, last: bool) -> tuple[bool, bool]:
        """(cancelled, say so) for `turn` at one of its checks. Only the first cancelled turn of a stop says so;
        the turn stops counting as waiting once cancelled or past its `last` check (it is being posted)."""
        with self._lock:
            entry = self._stops.get(turn.thread_id)
            cancelled = entry is not None and _sent_at(turn) <= float(entry[0])
            say_so = bool(cancelled and entry is not None and entry[1])
            if say_so and entry is not None:
                entry[1] = False
            if cancelled or last:
                self._release(turn)
        return cancelled, say_so

    def answered_in(self, thread_id: str, lang: str) -> None:
        with self._lock:
            self._langs[thread_id] = lang
            self._langs.move_to_end(thread_id)
            while len(self._langs) > self._capacity:
                self._langs.popitem(last=False)

    def language(self, thread_id: str, text: str = "", answer_lang: str | None = None) -> str:
        """The language of the stopped message `text` when it has words (what the user writes in now), else
        `answer_lang` (the engine's for the stopped turn), else the thread's last answer's, else English."""
        with self._lock:
            remembered = self._langs.get(thread_id, "en")
        return detect_language(text) or answer_lang or remembered


__all__ = ["CAPACITY", "StopBoard", "ThreadStop"]
