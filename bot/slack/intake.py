"""The ack path: a Slack event or click becomes an accepted turn, a duplicate, or a "busy" notice.

Runs on the request's thread before Slack gets its acknowledgement (Bolt's
`process_before_response`), so it does only quick, bounded work: one inbox write (at most
`WRITE_TIMEOUT_S`), a throttle check, and a queue put. Everything that talks to Slack's Web API
(status, replies, the busy notice, suggested prompts) runs elsewhere: a 429 with `Retry-After`
must never hold up an ack.

Back-pressure, so that a burst cannot grow the backlog without bound:

- per user, a token bucket (`UserThrottle`: `burst` turns at once, then one per `refill_s`);
- per app, at most `max_pending` accepted turns not yet answered (the inbox counts them).

A turn over either limit is recorded as handled (so Slack's retry is not answered either) and gets a
short notice in its thread, in the user's language: "busy, try again in N s".
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Protocol

from slack_sdk import WebClient

from bot.nlu.lang import detect_language
from bot.slack.inbox import Feedback, InboxUnavailable
from bot.slack.labels import label
from bot.slack.stopping import ThreadStop
from bot.slack.turns import Turn, TurnRunner, TurnSink, turn_marker
from bot.slack.workers import KeyedSerialExecutor

log = logging.getLogger(__name__)

# Accepted but unanswered turns at most; a turn takes about a second (docs/slack.md), so this is
# minutes of backlog, beyond which "try again later" is more useful than a late answer.
DEFAULT_MAX_PENDING = 200
# How long to tell a user to wait when the whole app is at `max_pending`.
BUSY_RETRY_S = 30
# Busy notices waiting to be posted at most; beyond that they are dropped (and logged).
MAX_NOTICES = 100
# Stop deliveries remembered to drop Slack's retries of them (its retries come within minutes).
MAX_RECENT_STOPS = 10_000


class IntakeInbox(Protocol):
    def accept(self, key: str, turn: Turn) -> bool: ...

    def finish(self, key: str) -> None: ...

    def claim_unfinished(self, older_than_s: float) -> list[Turn]: ...

    def has_thread(self, thread_id: str) -> bool: ...

    def pending_count(self) -> int: ...

    def record_feedback(self, feedback: Feedback) -> None: ...


class KnowsThreads(Protocol):
    def has_thread(self, thread_id: str) -> bool: ...


@dataclass
class UserThrottle:
    """A token bucket per user: `burst` turns at once, then one every `refill_s` seconds."""

    burst: int = 6
    refill_s: float = 10.0
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def wait_s(self, user_id: str) -> float:
        """0 and one token taken if the user may go on now, else the seconds until the next token."""
        now = self.clock()
        with self._lock:
            tokens, stamp = self._buckets.get(user_id, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - stamp) / self.refill_s)
            if tokens >= 1.0:
                self._buckets[user_id] = (tokens - 1.0, now)
                if len(self._buckets) > 100_000:  # forget idle users (their buckets are full anyway)
                    self._buckets = {u: b for u, b in self._buckets.items() if now - b[1] < self.burst * self.refill_s}
                return 0.0
            self._buckets[user_id] = (tokens, now)
            return (1.0 - tokens) * self.refill_s


class LocalSink:
    """Turns answered on threads of this process (serial per conversation): tests and benchmarks."""

    def __init__(self, runner: TurnRunner, client: WebClient, executor: KeyedSerialExecutor) -> None:
        self.runner = runner
        self.client = client
        self.executor = executor

    def submit(self, turn: Turn) -> None:
        self.runner.accept(turn)  # a stop from now on cancels it, also while it waits for a thread
        self.executor.submit(turn.thread_id, lambda: self.runner.run(turn, self.client))

    def stop(self, stop: ThreadStop) -> None:
        if self.runner.stop(stop):  # the line is a Web API call: on a worker, under a key of its own
            self.executor.submit(f"stop:{stop.thread_id}", lambda: self.runner.say_stopped(stop, self.client))


class TurnIntake:
    """Accepts turns on the ack path (see the module docstring)."""

    def __init__(self, inbox: IntakeInbox, threads: KnowsThreads, sink: TurnSink, client: WebClient, *,
                 throttle: UserThrottle | None = None, max_pending: int = DEFAULT_MAX_PENDING) -> None:
        self.inbox = inbox
        self.threads = threads
        self.sink = sink
        self.client = client
        self.throttle = throttle if throttle is not None else UserThrottle()
        self.max_pending = max_pending
        self._notices = ThreadPoolExecutor(max_workers=2, thread_name_prefix="slack-notice")
        self._queued_notices = 0
        self._lock = threading.Lock()
        self._recent_stops: OrderedDict[str, None] = OrderedDict()

    def knows(self, thread_id: str) -> bool:
        """Whether the thread has a conversation: a turn accepted (inbox) or stored (checkpointer)."""
        return self.inbox.has_thread(thread_id) or self.threads.has_thread(thread_id)

    def take(self, turn: Turn) -> bool:
        """Accept `turn` (True), or drop it as a duplicate or answer it "busy" (False).

        Raises `InboxUnavailable` when the inbox cannot record it in time: the caller answers 503.
        """
        key = turn.key
        if key is None:
            raise ValueError("a turn needs its delivery key to be accepted")
        if not self.inbox.accept(key, turn):
            log.info("duplicate delivery %s dropped", key)
            return False
        wait_s = self._busy_for(turn)
        if wait_s:
            self.inbox.finish(key)  # handled: the notice is the answer, a retry gets nothing more
            self._notify_busy(turn, wait_s)
            return False
        self.sink.submit(turn)
        return True

    def feedback(self, feedback: Feedback, lang: str) -> None:
        """Record a feedback click with its thread (before the ack: `InboxUnavailable` makes it a 503 that
        Slack retries), then thank the person, only them, in the thread, in `lang`, off the ack path."""
        self.inbox.record_feedback(feedback)
        channel_id, thread_ts = feedback.thread_id.split(":")[1:3]

        def thank() -> None:
            try:
                self.client.chat_postEphemeral(channel=channel_id, thread_ts=thread_ts, user=feedback.user_id,
                                               text=label("fb_thanks", lang))
            except Exception as error:  # noqa: BLE001 - the thanks is a courtesy: logged, the click is recorded
                log.warning("could not thank for feedback in %s: %s", feedback.thread_id, type(error).__name__)

        self.run_in_background(thank)

    def stop(self, stop: ThreadStop) -> None:
        """The user's stop button: handed to the sink at once (a stop must overtake the thread's turns).

        Not recorded in the inbox: a recovered stop would be an empty turn, and a stop matters only while
        its turns run in this process. Slack's retry of the same delivery is dropped here.
        """
        if stop.key is not None:
            with self._lock:
                if stop.key in self._recent_stops:
                    log.info("duplicate stop %s dropped", stop.key)
                    return
                self._recent_stops[stop.key] = None
                while len(self._recent_stops) > MAX_RECENT_STOPS:
                    self._recent_stops.popitem(last=False)
        self.sink.stop(stop)

    def _busy_for(self, turn: Turn) -> int:
        """Seconds the user should wait, or 0 when the turn can be accepted now."""
        if not turn.text.strip():
            return 0
        wait = self.throttle.wait_s(turn.user_id or turn.thread_id)
        if wait > 0:
            log.warning("user %s over the turn rate; busy for %.0f s", turn.user_id, wait)
            return max(1, math.ceil(wait))
        pending = self.inbox.pending_count()  # this turn included
        if pending > self.max_pending:
            log.warning("%d turns pending (limit %d); answering busy", pending, self.max_pending)
            return BUSY_RETRY_S
        return 0

    def _notify_busy(self, turn: Turn, seconds: int) -> None:
        with self._lock:
            if self._queued_notices >= MAX_NOTICES:
                log.warning("busy notice for %s dropped: %d already queued", turn.key, self._queued_notices)
                return
            self._queued_notices += 1
        self._notices.submit(self._post_busy, turn, seconds)

    def _post_busy(self, turn: Turn, seconds: int) -> None:
        try:
            text = label("busy", detect_language(turn.text) or "en", seconds=seconds)
            # Marked like every answer, so a recovered turn of the thread does not take it for a stream left open.
            self.client.chat_postMessage(channel=turn.channel_id, thread_ts=turn.thread_ts, text=text,
                                         metadata=turn_marker(turn))
        except Exception as error:  # noqa: BLE001 - a notice is a courtesy: logged, never raised into a worker
            log.error("could not post the busy notice in %s: %s", turn.thread_id, type(error).__name__)
        finally:
            with self._lock:
                self._queued_notices -= 1

    def recover(self, older_than_s: float) -> int:
        """Answer the unfinished turns of a process that died (see `Inbox.claim_unfinished`)."""
        try:
            turns = self.inbox.claim_unfinished(older_than_s)
        except InboxUnavailable as error:  # they stay unfinished: the next start takes them over
            log.error("could not look for unanswered turns of a previous run: %s", error)
            return 0
        for turn in turns:
            self.sink.submit(replace(turn, recovered=True))
        if turns:
            log.warning("answering %d turn(s) left unanswered by a previous run", len(turns))
        return len(turns)

    def run_in_background(self, job: Callable[[], None]) -> None:
        """Web API work that is no turn (suggested prompts): off the ack path, on the notice threads."""
        self._notices.submit(job)

    def close(self) -> None:
        self._notices.shutdown(wait=True)


__all__ = ["BUSY_RETRY_S", "DEFAULT_MAX_PENDING", "LocalSink", "TurnIntake", "UserThrottle"]
