"""Conversation state in PostgreSQL for several bot replicas: langgraph's PostgresSaver, made robust.

Used by `bot.wiring.make_checkpointer` when `SILICONSULT_STATE_URL` is a `postgresql://` URL. Two
things the plain `PostgresSaver(Connection)` recipe gets wrong for a replicated service:

- One connection dies with the database: after a restart or failover every later turn fails until
  the process is restarted. A pool whose connections are checked on checkout replaces a broken one.
- `PostgresSaver.setup()` is not safe to run concurrently: replicas starting together on a fresh
  database race on `CREATE TABLE` and the migrations table (unique violations). A session-level
  advisory lock, taken by polling (see `_wait_for_lock`), makes them take turns; the later ones
  find the migrations applied.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bot.errors import ConfigError

# Any fixed key, distinct from the Slack inbox table's.
_SETUP_LOCK_KEY = 0x5111C1
POOL_MAX_SIZE = 4
CONNECT_TIMEOUT_S = 10.0
SETUP_LOCK_TIMEOUT_S = 120.0


def _wait_for_lock(conn: Any) -> None:
    """Take the setup lock by polling, not with a blocking `pg_advisory_lock`.

    A blocked `SELECT pg_advisory_lock` is an open transaction, and setup's `CREATE INDEX
    CONCURRENTLY` waits for every open transaction to end: the lock holder would wait for the
    waiters forever. Short polls keep no transaction open while waiting.
    """
    deadline = time.monotonic() + SETUP_LOCK_TIMEOUT_S
    while not conn.execute("SELECT pg_try_advisory_lock(%s) AS locked", (_SETUP_LOCK_KEY,)).fetchone()["locked"]:
        if time.monotonic() > deadline:
            raise TimeoutError(f"another replica held the checkpoint setup lock for {SETUP_LOCK_TIMEOUT_S:.0f} s")
        time.sleep(0.05)


def check_reachable(url: str) -> None:
    """Connect once, or raise a one-line `ConfigError` naming the setting and the server.

    Without it a bad URL or a down server shows up as ten seconds of pool warnings and a
    `PoolTimeout`. The message names host, port and database, never the password (psycopg's
    messages do not include it either).
    """
    from bot.extras import require

    psycopg = require("postgres", "psycopg")
    require("postgres", "psycopg_pool")
    require("postgres", "langgraph.checkpoint.postgres")
    from psycopg.conninfo import conninfo_to_dict

    try:
        params = conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise ConfigError("SILICONSULT_STATE_URL is not a valid postgresql:// URL.") from exc
    where = f"{params.get('host', 'localhost')}:{params.get('port', 5432)}/{params.get('dbname', '')}"
    try:
        psycopg.connect(url, connect_timeout=int(CONNECT_TIMEOUT_S)).close()
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ConfigError(f"Cannot reach the conversation-state database {where} (SILICONSULT_STATE_URL): "
                          f"{reason}") from exc


def open_postgres_saver(url: str) -> tuple[Any, Callable[[], None]]:
    """A set-up `PostgresSaver` on a checked connection pool, and the pool's close function."""
    check_reachable(url)  # first: it names the 'postgres' extra when its packages are missing
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg.rows import dict_row
    from psycopg_pool import ConnectionPool

    from bot.checkpoint_serde import state_serializer

    # Typed as the saver's dict-row connections: `row_factory` below is what makes them so.
    pool: ConnectionPool[Any] = ConnectionPool(
        url,
        min_size=1,
        max_size=POOL_MAX_SIZE,
        open=True,
        timeout=CONNECT_TIMEOUT_S,
        check=ConnectionPool.check_connection,
        # What PostgresSaver expects of its connections (autocommit, dict rows, no prepared statements
        # so it also works behind PgBouncer in transaction mode).
        kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
    )
    try:
        saver = PostgresSaver(pool, serde=state_serializer())
        with pool.connection() as lock_conn:
            _wait_for_lock(lock_conn)
            try:
                saver.setup()
            finally:
                lock_conn.execute("SELECT pg_advisory_unlock(%s)", (_SETUP_LOCK_KEY,))
    except BaseException:
        pool.close()
        raise
    return saver, pool.close


__all__ = ["check_reachable", "open_postgres_saver"]
