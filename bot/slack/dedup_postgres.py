"""Slack event de-duplication shared by several replicas, in PostgreSQL.

Slack re-sends an event it thinks was not acknowledged in time (same `event_id`, with
`X-Slack-Retry-Num`), and behind a load balancer the retry may reach another replica. Each event id
is claimed with one atomic `INSERT … ON CONFLICT DO NOTHING`: exactly one caller, in any process,
sees its row inserted and answers; the others see a conflict and stay silent.

Same protocol as the SQLite store in `bot/slack/dedup.py` (`first_time(event_id) -> bool`). Selected
by the composition root when `SILICONSULT_STATE_URL` is a `postgresql://` URL.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg_pool import ConnectionPool

TABLE = "siliconsult_slack_events"
# Slack gives up after three retries within about five minutes; a day leaves a wide margin.
DEFAULT_RETENTION = timedelta(days=1)
_PRUNE_EVERY = 500
# Any fixed key: serializes the CREATE TABLE of replicas starting at the same moment, which would
# otherwise race on Postgres' catalog (a unique violation on pg_type even with IF NOT EXISTS).
_SETUP_LOCK_KEY = 0x5111C0


class PostgresDedup:
    """`first_time(event_id)` is True for exactly one caller across all processes sharing the DB."""

    def __init__(self, pool: ConnectionPool, retention: timedelta = DEFAULT_RETENTION) -> None:
        self._pool = pool
        self._retention = retention
        self._claims = 0

    @classmethod
    def from_url(cls, url: str, *, max_size: int = 4, retention: timedelta = DEFAULT_RETENTION) -> PostgresDedup:
        """Open a small connection pool on `url` and create the table if needed."""
        from psycopg_pool import ConnectionPool

        # `check`: a connection broken by a database restart is replaced on checkout, not reused.
        pool = ConnectionPool(url, min_size=1, max_size=max_size, open=True, timeout=10.0,
                              check=ConnectionPool.check_connection, kwargs={"autocommit": True})
        store = cls(pool, retention)
        store.setup()
        return store

    def setup(self) -> None:
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SETUP_LOCK_KEY,))
            conn.execute(
                f"CREATE TABLE IF NOT EXISTS {TABLE} ("
                " event_id text PRIMARY KEY,"
                " seen_at timestamptz NOT NULL DEFAULT now())"
            )
            conn.execute(f"CREATE INDEX IF NOT EXISTS {TABLE}_seen_at ON {TABLE} (seen_at)")

    def first_time(self, event_id: str) -> bool:
        with self._pool.connection() as conn:
            claimed = conn.execute(
                f"INSERT INTO {TABLE} (event_id) VALUES (%s) ON CONFLICT (event_id) DO NOTHING RETURNING 1",
                (event_id,),
            ).fetchone()
            self._claims += 1
            if self._claims % _PRUNE_EVERY == 0:
                self._prune(conn)
        return claimed is not None

    def prune(self) -> int:
        """Forget event ids older than the retention window; returns how many were removed."""
        with self._pool.connection() as conn:
            return self._prune(conn)

    def _prune(self, conn: Connection) -> int:
        cursor = conn.execute(f"DELETE FROM {TABLE} WHERE seen_at < now() - %s", (self._retention,))
        return int(cursor.rowcount)

    def close(self) -> None:
        self._pool.close()


__all__ = ["PostgresDedup"]
