"""One worker thread that runs model calls one at a time, each with a deadline.

llama.cpp contexts are not thread-safe (llama-cpp-python #1529: "you have to queue them"), and the
Slack adapter runs listeners on a thread pool, so every call on a local model goes through this
single worker. A caller that waits longer than its timeout gets `LLMTimeout` (an `LLMError`) and
falls back; the call itself is told to stop (its `cancelled` event is set, which the backend's
stopping criterion reads), so the worker is free again after at most one more token.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TypeVar

from bot.llm.base import LLMTimeout

T = TypeVar("T")


class SerialWorker:
    """Runs `fn(cancelled)` on one dedicated thread; `run` waits at most `timeout_s` seconds."""

    def __init__(self, name: str = "siliconsult-llm") -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)

    def run(self, fn: Callable[[threading.Event], T], *, timeout_s: float | None, what: str) -> T:
        cancelled = threading.Event()
        deadline = None if timeout_s is None else time.monotonic() + timeout_s

        def task() -> T:
            # Queued behind a slow call past our own deadline: the caller has already fallen back.
            if cancelled.is_set() or (deadline is not None and time.monotonic() > deadline):
                raise LLMTimeout(f"{what}: gave up before starting (deadline passed while queued)")
            return fn(cancelled)

        future: Future[T] = self._executor.submit(task)
        try:
            return future.result(timeout=timeout_s)
        except FutureTimeout:
            cancelled.set()
            raise LLMTimeout(f"{what}: no answer within {timeout_s:g} s") from None

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)


__all__ = ["SerialWorker"]
