"""The durable inbox: every accepted Slack event or button click, recorded before Slack gets its ack.

Slack redelivers an event it thinks was not acknowledged (after about 3 s, 1 min and 5 min, same
`event_id`) and never redelivers one that was. So the two ways to fail a user are: answering a
redelivery a second time, and acknowledging a message that a crash then drops. The inbox closes
both: a turn is recorded (`accept`) before the ack and marked `finish`ed after its answer was posted;
whatever is unfinished when the app starts is answered then (`claim_unfinished`); and the record's
key makes the claim atomic, so a redelivery, a replay or a second click of one button finds its key
taken and is not answered again.

Keys: `event_id` for events; for a button, the clicked message, the button and the user
(`action_key`), so a double click or a replayed request is one question.

Beside the turns, the inbox keeps the feedback clicked under recommendation cards (`Feedback`): one
opinion per person per card, with its thread, the latest click replacing an earlier one.

`SqliteInbox` (a table under `$SILICONSULT_HOME`, one `siliconsult slack` per home) is the default;
`PostgresInbox` (bot/slack/inbox_postgres.py) is used when replicas share `SILICONSULT_STATE_URL`.
Writes wait at most `WRITE_TIMEOUT_S` for a lock, so the ack stays inside Slack's 3 s; past that
the store raises `InboxUnavailable` and the request is answered 503 (Slack retries it later).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from bot.local_files import damaged_file
from bot.slack.turns import Turn

# Finished entries are kept this long: Slack's last retry comes about 5 minutes after the first.
DEFAULT_TTL_S = 24 * 3600.0
# Longest a write may wait for the database, well inside Slack's 3 s acknowledgement window.
WRITE_TIMEOUT_S = 1.0
# An unfinished entry newer than this may still be answered by the replica that accepted it.
DEFAULT_LEASE_S = 120.0
_PRUNE_EVERY = 1000


class InboxUnavailable(Exception):
    """The inbox could not record a delivery in time (locked or unreachable database)."""


@runtime_checkable
class Inbox(Protocol):
    def accept(self, key: str, turn: Turn) -> bool:
        """Record `turn` under `key`; True if the key was new (atomic across threads and processes)."""
        ...

    def finish(self, key: str) -> None:
        """Mark the entry answered."""
        ...

    def claim_unfinished(self, older_than_s: float) -> list[Turn]:
        """Take over the unfinished entries claimed more than `older_than_s` ago, oldest first."""
        ...

    def has_thread(self, thread_id: str) -> bool:
        """Whether a turn of this thread was ever accepted (its conversation exists or is coming)."""
        ...

    def pending_count(self) -> int:
        """How many accepted entries are not finished yet (the backlog)."""
        ...

    def record_feedback(self, feedback: Feedback) -> None:
        """Keep `feedback`, replacing the same person's earlier opinion of the same card."""
        ...

    def feedback(self, thread_id: str) -> list[Feedback]:
        """The thread's feedback, oldest first."""
        ...


@dataclass(frozen=True)
class Feedback:
    """A click on a recommendation card's feedback buttons: who thought what of which card, in which thread."""

    thread_id: str
    message_ts: str  # the card
    user_id: str
    value: str  # "positive" or "negative" (bot.slack.blocks.FEEDBACK_VALUES)
    at: float  # when it was recorded (seconds since the epoch)


def action_key(team_id: str, channel_id: str, message_ts: str, action_id: str, user_id: str) -> str:
    """One button on one message clicked by one user: a double click or a replay is the same key."""
    return f"action:{team_id}:{channel_id}:{message_ts}:{action_id}:{user_id}"


def turn_to_json(turn: Turn) -> str:
    return json.dumps({"team_id": turn.team_id, "channel_id": turn.channel_id, "thread_ts": turn.thread_ts,
                       "text": turn.text, "user_id": turn.user_id, "key": turn.key, "message_ts": turn.message_ts})


def turn_from_json(text: str) -> Turn:
    data: dict[str, Any] = json.loads(text)
    return Turn(**data)


class MemoryInbox:
    """In-process inbox for tests and throwaway runs (does not survive a restart)."""

    def __init__(self) -> None:
        self._entries: dict[str, tuple[Turn, bool]] = {}
        self._feedback: dict[tuple[str, str, str], Feedback] = {}
        self._lock = threading.Lock()

    def record_feedback(self, feedback: Feedback) -> None:
        with self._lock:
            self._feedback[(feedback.thread_id, feedback.message_ts, feedback.user_id)] = feedback

    def feedback(self, thread_id: str) -> list[Feedback]:
        with self._lock:
            return sorted((f for f in self._feedback.values() if f.thread_id == thread_id), key=lambda f: f.at)

    def accept(self, key: str, turn: Turn) -> bool:
        with self._lock:
            if key in self._entries:
                return False
            self._entries[key] = (turn, False)
            return True

    def finish(self, key: str) -> None:
        with self._lock:
            if key in self._entries:
                self._entries[key] = (self._entries[key][0], True)

    def claim_unfinished(self, older_than_s: float) -> list[Turn]:  # noqa: ARG002 - nothing survives a restart here
        return []

    def has_thread(self, thread_id: str) -> bool:
        with self._lock:
            return any(turn.thread_id == thread_id for turn, _ in self._entries.values())

    def unfinished(self) -> list[str]:
        with self._lock:
            return [key for key, (_, done) in self._entries.items() if not done]

    def pending_count(self) -> int:
        return len(self.unfinished())

    def close(self) -> None:
        pass


class SqliteInbox:
    """The inbox in one SQLite table (WAL); the primary key makes `accept` the atomic claim."""

    def __init__(self, path: Path, *, ttl_s: float = DEFAULT_TTL_S, write_timeout_s: float = WRITE_TIMEOUT_S,
                 clock: Callable[[], float] = time.time) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._ttl_s = ttl_s
        self._clock = clock
        self._lock = threading.Lock()
        self._writes = 0
        # One connection shared under a lock (SQLite serializes writers anyway); the busy timeout
        # bounds how long another process's transaction can hold up an ack.
        self._conn = sqlite3.connect(str(path), check_same_thread=False, timeout=write_timeout_s, isolation_level=None)
        try:
            self._create()
        except sqlite3.DatabaseError as error:
            self._conn.close()
            raise damaged_file(path, "Slack inbox file", error) from None

    def _create(self) -> None:
        self._conn.execute("PRAGMA journal_mode=WAL")
        # WAL + NORMAL: a commit survives a killed process (what a restart needs) without an fsync
        # per event, which would otherwise dominate the ack time under a burst.
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS slack_inbox (key TEXT PRIMARY KEY, thread_id TEXT NOT NULL,"
            " turn TEXT NOT NULL, received_at REAL NOT NULL, claimed_at REAL NOT NULL, finished_at REAL)"
        )
        self._conn.execute("CREATE INDEX IF NOT EXISTS slack_inbox_unfinished ON slack_inbox (claimed_at)"
                           " WHERE finished_at IS NULL")
        self._conn.execute("CREATE INDEX IF NOT EXISTS slack_inbox_thread ON slack_inbox (thread_id)")
        # Kept with the thread, never pruned with the turns: it is what people thought of the answers.
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS slack_feedback (thread_id TEXT NOT NULL, message_ts TEXT NOT NULL,"
            " user_id TEXT NOT NULL, value TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (thread_id, message_ts, user_id))"
        )

    def _write(self, sql: str, params: tuple[Any, ...]) -> sqlite3.Cursor:
        try:
            return self._conn.execute(sql, params)
        except sqlite3.OperationalError as error:  # "database is locked" after the busy timeout
            raise InboxUnavailable(str(error)) from None

    def accept(self, key: str, turn: Turn) -> bool:
        now = self._clock()
        with self._lock:
            inserted = self._write(
                "INSERT OR IGNORE INTO slack_inbox (key, thread_id, turn, received_at, claimed_at) VALUES (?, ?, ?, ?, ?)",
                (key, turn.thread_id, turn_to_json(turn), now, now),
            ).rowcount == 1
            self._writes += 1
            if self._writes % _PRUNE_EVERY == 0:
                self._write("DELETE FROM slack_inbox WHERE finished_at IS NOT NULL AND finished_at < ?",
                            (now - self._ttl_s,))
        return inserted

    def finish(self, key: str) -> None:
        with self._lock:
            self._write("UPDATE slack_inbox SET finished_at = ? WHERE key = ?", (self._clock(), key))

    def claim_unfinished(self, older_than_s: float) -> list[Turn]:
        now = self._clock()
        with self._lock:
            rows = self._write(
                "UPDATE slack_inbox SET claimed_at = ? WHERE finished_at IS NULL AND claimed_at <= ? RETURNING turn, received_at",
                (now, now - older_than_s),
            ).fetchall()
        return [turn_from_json(turn) for turn, _ in sorted(rows, key=lambda row: row[1])]

    def record_feedback(self, feedback: Feedback) -> None:
        with self._lock:
            self._write("INSERT INTO slack_feedback (thread_id, message_ts, user_id, value, at) VALUES (?, ?, ?, ?, ?)"
                        " ON CONFLICT (thread_id, message_ts, user_id) DO UPDATE SET value = excluded.value, at = excluded.at",
                        (feedback.thread_id, feedback.message_ts, feedback.user_id, feedback.value, feedback.at))

    def feedback(self, thread_id: str) -> list[Feedback]:
        with self._lock:
            rows = self._conn.execute("SELECT thread_id, message_ts, user_id, value, at FROM slack_feedback"
                                      " WHERE thread_id = ? ORDER BY at", (thread_id,)).fetchall()
        return [Feedback(*row) for row in rows]

    def has_thread(self, thread_id: str) -> bool:
        with self._lock:
            row = self._conn.execute("SELECT 1 FROM slack_inbox WHERE thread_id = ? LIMIT 1", (thread_id,)).fetchone()
        return row is not None

    def unfinished(self) -> list[str]:
        with self._lock:
            return [key for (key,) in self._conn.execute("SELECT key FROM slack_inbox WHERE finished_at IS NULL")]

    def pending_count(self) -> int:
        with self._lock:
            (count,) = self._conn.execute("SELECT count(*) FROM slack_inbox WHERE finished_at IS NULL").fetchone()
        return int(count)

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def default_inbox_path(home: Path) -> Path:
    """Where the SQLite inbox lives under the settings' home."""
    return home / "slack" / "inbox.sqlite3"


__all__ = ["DEFAULT_LEASE_S", "DEFAULT_TTL_S", "WRITE_TIMEOUT_S", "Feedback", "Inbox", "InboxUnavailable", "MemoryInbox",
           "SqliteInbox", "action_key", "default_inbox_path", "turn_from_json", "turn_to_json"]
