"""A small pool that runs turns off Bolt's listener threads, in order within each conversation.

Bolt runs listeners on its own executor; a turn can take seconds (the model), so the listener only
queues the turn here and returns. Turns of one conversation run one after another in arrival order
(a second message must not overtake the first); different conversations run in parallel up to
`workers`. Many workers on purpose (`TURN_THREADS`): most of a turn's time in Slack is waiting on
the network, and a conversation whose post waits out a 429's `Retry-After` (20 s is common) or
whose status call hangs must wait on a thread of its own, not on one that another conversation's
reply needs. The CPU-bound part (engine, charts) is bounded apart, by the runner's compute slots
(`bot/slack/turns.py`), so the extra threads do not steal the interpreter from the acks.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

log = logging.getLogger(__name__)

Job = Callable[[], None]
# Conversations that can wait on Slack at once (a thread that sleeps costs a stack, no CPU); beyond
# this many faulted conversations the next one waits for a thread.
TURN_THREADS = 32


class KeyedSerialExecutor:
    """Run jobs concurrently across keys and serially, first in first out, within a key."""

    def __init__(self, workers: int = TURN_THREADS, *, name: str = "slack-turn") -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=name)
        self._queues: dict[str, deque[Job]] = {}
        self._lock = threading.Lock()

    def submit(self, key: str, job: Job) -> None:
        with self._lock:
            queue = self._queues.get(key)
            if queue is not None:  # a drain for this key is already scheduled or running
                queue.append(job)
                return
            self._queues[key] = deque([job])
        self._pool.submit(self._drain, key)

    def _drain(self, key: str) -> None:
        while True:
            with self._lock:
                queue = self._queues[key]
                if not queue:
                    del self._queues[key]
                    return
                job = queue.popleft()
            try:
                job()
            except Exception:  # a job handles its own errors; this only keeps the queue alive
                log.exception("turn job for %s failed", key)

    def pending(self) -> int:
        with self._lock:
            return sum(len(q) for q in self._queues.values())

    def busy(self) -> int:
        """Keys with a job queued or running (a key's entry goes only when its last job has returned)."""
        with self._lock:
            return len(self._queues)

    def shutdown(self, wait: bool = True) -> None:
        self._pool.shutdown(wait=wait)


__all__ = ["KeyedSerialExecutor", "TURN_THREADS"]
