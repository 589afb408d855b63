"""The durable inbox in PostgreSQL, shared by several replicas (`SILICONSULT_STATE_URL`).

Same protocol as `bot/slack/inbox.py`. Behind a load balancer Slack's retry of an event may reach
another replica: the entry's key is claimed with one atomic `INSERT … ON CONFLICT DO NOTHING`, so
exactly one caller in any process records it. Unfinished entries are taken over only when their
claim is older than the lease (`claim_unfinished(older_than_s)`, one atomic `UPDATE … RETURNING`),
so a starting replica does not answer what a live one is still working on.

Every statement runs with a `statement_timeout` and the pool hands out a connection within
`WRITE_TIMEOUT_S`, so a slow database turns into a 503 (Slack retries) instead of a late ack.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from bot.slack.inbox import DEFAULT_TTL_S, WRITE_TIMEOUT_S, Feedback, InboxUnavailable, turn_from_json, turn_to_json
from bot.slack.turns import Turn

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg_pool import ConnectionPool

TABLE = "siliconsult_slack_inbox"
FEEDBACK_TABLE = "siliconsult_slack_feedback"
DEFAULT_RETENTION = timedelta(seconds=DEFAULT_TTL_S)
_PRUNE_EVERY = 500
# Any fixed key: serializes the CREATE TABLE of replicas starting at the same moment, which would
# otherwise race on Postgres' catalog (a unique violation on pg_type even with IF NOT EXISTS).
_SETUP_LOCK_KEY = 0x5111C0


class PostgresInbox:
    def __init__(self, pool: ConnectionPool, retention: timedelta = DEFAULT_RETENTION,
                 write_timeout_s: float = WRITE_TIMEOUT_S) -> None:
        self._pool = pool
        self._retention = retention
        self._write_timeout_s = write_timeout_s
        self._writes = 0

    @classmethod
    def from_url(cls, url: str, *, max_size: int = 4, retention: timedelta = DEFAULT_RETENTION,
                 write_timeout_s: float = WRITE_TIMEOUT_S) -> PostgresInbox:
        """Open a small connection pool on `url` and create the table if needed."""
        from psycopg_pool import ConnectionPool

        from bot.state_postgres import check_reachable

        check_reachable(url)  # a down server: one line naming it, not ten seconds of pool warnings

        options = f"-c statement_timeout={int(write_timeout_s * 1000)}"
        # `check`: a connection broken by a database restart is replaced on checkout, not reused.
        pool = ConnectionPool(url, min_size=1, max_size=max_size, open=True, timeout=10.0,
                              check=ConnectionPool.check_connection,
                              kwargs={"autocommit": True, "options": options})
        store = cls(pool, retention, write_timeout_s)
        store.setup()
        return store

    def setup(self) -> None:
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SETUP_LOCK_KEY,))
            conn.execute(
                f"CREATE TABLE IF NOT EXISTS {TABLE} ("
                " key text PRIMARY KEY, thread_id text NOT NULL, turn text NOT NULL,"
                " received_at timestamptz NOT NULL DEFAULT now(), claimed_at timestamptz NOT NULL DEFAULT now(),"
                " finished_at timestamptz)"
            )
            conn.execute(f"CREATE INDEX IF NOT EXISTS {TABLE}_unfinished ON {TABLE} (claimed_at) WHERE finished_at IS NULL")
            conn.execute(f"CREATE INDEX IF NOT EXISTS {TABLE}_thread ON {TABLE} (thread_id)")
            conn.execute(
                f"CREATE TABLE IF NOT EXISTS {FEEDBACK_TABLE} (thread_id text NOT NULL, message_ts text NOT NULL,"
                " user_id text NOT NULL, value text NOT NULL, at double precision NOT NULL,"
                " PRIMARY KEY (thread_id, message_ts, user_id))"
            )

    def _run(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        import psycopg
        from psycopg_pool import PoolTimeout

        try:
            with self._pool.connection(timeout=self._write_timeout_s) as conn:
                cursor = conn.execute(sql, params)
                rows = cursor.fetchall() if cursor.description else []
                self._writes += 1
                if self._writes % _PRUNE_EVERY == 0:
                    self._prune(conn)
                return rows
        except (PoolTimeout, psycopg.OperationalError) as error:
            raise InboxUnavailable(type(error).__name__) from None

    def accept(self, key: str, turn: Turn) -> bool:
        rows = self._run(f"INSERT INTO {TABLE} (key, thread_id, turn) VALUES (%s, %s, %s)"
                         " ON CONFLICT (key) DO NOTHING RETURNING 1", (key, turn.thread_id, turn_to_json(turn)))
        return bool(rows)

    def finish(self, key: str) -> None:
        self._run(f"UPDATE {TABLE} SET finished_at = now() WHERE key = %s", (key,))

    def claim_unfinished(self, older_than_s: float) -> list[Turn]:
        rows = self._run(f"UPDATE {TABLE} SET claimed_at = now() WHERE finished_at IS NULL"
                         " AND claimed_at <= now() - %s RETURNING turn, received_at",
                         (timedelta(seconds=older_than_s),))
        return [turn_from_json(turn) for turn, _ in sorted(rows, key=lambda row: row[1])]

    def record_feedback(self, feedback: Feedback) -> None:
        self._run(f"INSERT INTO {FEEDBACK_TABLE} (thread_id, message_ts, user_id, value, at) VALUES (%s, %s, %s, %s, %s)"
                  " ON CONFLICT (thread_id, message_ts, user_id) DO UPDATE SET value = excluded.value, at = excluded.at",
                  (feedback.thread_id, feedback.message_ts, feedback.user_id, feedback.value, feedback.at))

    def feedback(self, thread_id: str) -> list[Feedback]:
        rows = self._run(f"SELECT thread_id, message_ts, user_id, value, at FROM {FEEDBACK_TABLE}"
                         " WHERE thread_id = %s ORDER BY at", (thread_id,))
        return [Feedback(*row) for row in rows]

    def has_thread(self, thread_id: str) -> bool:
        return bool(self._run(f"SELECT 1 FROM {TABLE} WHERE thread_id = %s LIMIT 1", (thread_id,)))

    def unfinished(self) -> list[str]:
        return [key for (key,) in self._run(f"SELECT key FROM {TABLE} WHERE finished_at IS NULL", ())]

    def pending_count(self) -> int:
        [(count,)] = self._run(f"SELECT count(*) FROM {TABLE} WHERE finished_at IS NULL", ())
        return int(count)

    def prune(self) -> int:
        """Forget finished entries older than the retention window; returns how many were removed."""
        with self._pool.connection() as conn:
            return self._prune(conn)

    def _prune(self, conn: Connection) -> int:
        cursor = conn.execute(f"DELETE FROM {TABLE} WHERE finished_at < now() - %s", (self._retention,))
        return int(cursor.rowcount)

    def close(self) -> None:
        self._pool.close()


__all__ = ["FEEDBACK_TABLE", "TABLE", "PostgresInbox"]
