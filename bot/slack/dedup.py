"""Remember which Slack deliveries were already handled, so a retried event is answered once.

Slack redelivers an event it thinks was not acknowledged (after 3 s, 1 min, 5 min) and Bolt does not
deduplicate. A conversation turn is not idempotent (a duplicate would answer a question twice), so the
app marks every `event_id` as seen on receipt, before the engine is touched, and drops the ones it has
seen. The mark must survive a restart: a retry can arrive after the process was replaced.

`DedupStore` is the one-method protocol; `SqliteDedupStore` keeps the ids in a SQLite file under the
settings' home. A Postgres implementation (for several app instances) lives in its own module.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, runtime_checkable

# Slack's last retry comes 5 minutes after the first delivery; a day is a comfortable margin.
DEFAULT_TTL_S = 24 * 3600.0


@runtime_checkable
class DedupStore(Protocol):
    """Atomic "have we seen this delivery?" check."""

    def first_time(self, event_id: str) -> bool:
        """Record `event_id`; True if it was not recorded before (atomic across threads/processes)."""
        ...


class MemoryDedupStore:
    """In-process store for tests and throwaway runs (does not survive a restart)."""

    def __init__(self) -> None:
        self._seen: set[str] = set()
        self._lock = threading.Lock()

    def first_time(self, event_id: str) -> bool:
        with self._lock:
            if event_id in self._seen:
                return False
            self._seen.add(event_id)
            return True


class SqliteDedupStore:
    """Seen ids in a SQLite table; the primary key makes the insert the atomic check.

    Ids older than `ttl_s` are pruned now and then, so the file stays small.
    """

    def __init__(
        self,
        path: Path,
        *,
        ttl_s: float = DEFAULT_TTL_S,
        clock: Callable[[], float] = time.time,
    ) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._ttl_s = ttl_s
        self._clock = clock
        self._lock = threading.Lock()
        self._inserts = 0
        # One connection shared under a lock: SQLite serializes writers anyway, and
        # `check_same_thread=False` lets Bolt's worker threads use it.
        self._conn = sqlite3.connect(str(path), check_same_thread=False, timeout=10.0, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode=WAL")
        # WAL + NORMAL: a commit survives a crash of the process (what a restart needs) without an
        # fsync per event, which would otherwise dominate the HTTP ack time under a burst.
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS slack_seen_events (event_id TEXT PRIMARY KEY, seen_at REAL NOT NULL)"
        )

    def first_time(self, event_id: str) -> bool:
        now = self._clock()
        with self._lock:
            cursor = self._conn.execute(
                "INSERT OR IGNORE INTO slack_seen_events (event_id, seen_at) VALUES (?, ?)", (event_id, now)
            )
            inserted = cursor.rowcount == 1
            self._inserts += 1
            if self._inserts % 1000 == 0:
                self._conn.execute("DELETE FROM slack_seen_events WHERE seen_at < ?", (now - self._ttl_s,))
        return inserted

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def default_dedup_path(home: Path) -> Path:
    """Where the SQLite store lives under the settings' home."""
    return home / "slack" / "dedup.sqlite3"


__all__ = ["DEFAULT_TTL_S", "DedupStore", "MemoryDedupStore", "SqliteDedupStore", "default_dedup_path"]
