"""Run the same work on several threads released at one instant (races between replicas)."""

from __future__ import annotations

import threading
from collections.abc import Callable


def run_together(count: int, work: Callable[[int], None], timeout: float = 120.0) -> list[BaseException]:
    """Run `work(i)` for i in range(count) on threads started together; return what they raised."""
    start = threading.Barrier(count)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        start.wait()
        try:
            work(index)
        except BaseException as exc:  # noqa: BLE001 - handed back to the test to assert on
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return errors


__all__ = ["run_together"]
