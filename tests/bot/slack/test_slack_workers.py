"""KeyedSerialExecutor: turns of one conversation in arrival order, conversations in parallel."""

from __future__ import annotations

import threading
import time

import pytest

from bot.slack.workers import KeyedSerialExecutor

pytestmark = pytest.mark.slack


def test_jobs_of_one_key_run_one_at_a_time_in_order() -> None:
    executor = KeyedSerialExecutor(workers=4)
    done: list[int] = []
    running = []
    lock = threading.Lock()

    def job(i: int) -> None:
        with lock:
            running.append(i)
            assert len(running) == 1, "two turns of one conversation overlapped"
        time.sleep(0.002)
        with lock:
            running.remove(i)
            done.append(i)

    for i in range(30):
        executor.submit("thread-a", lambda i=i: job(i))
    executor.shutdown(wait=True)
    assert done == list(range(30))


def test_different_keys_run_in_parallel() -> None:
    executor = KeyedSerialExecutor(workers=2)
    both_started = threading.Barrier(2, timeout=5)
    finished: list[str] = []
    for key in ("thread-a", "thread-b"):
        executor.submit(key, lambda key=key: (both_started.wait(), finished.append(key)))
    executor.shutdown(wait=True)
    assert sorted(finished) == ["thread-a", "thread-b"]  # the barrier needs both at once


def test_a_failing_job_does_not_stall_its_key(caplog: pytest.LogCaptureFixture) -> None:
    executor = KeyedSerialExecutor(workers=1)
    done: list[str] = []
    executor.submit("k", lambda: 1 / 0)
    executor.submit("k", lambda: done.append("after"))
    executor.shutdown(wait=True)
    assert done == ["after"]
    assert executor.pending() == 0
    assert any("ZeroDivisionError" in (r.exc_text or "") for r in caplog.records)
