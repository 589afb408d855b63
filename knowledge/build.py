"""Write validated data into DuckDB: numbered migrations, table inserts, and the atomic file build.

A store file is never modified in place. A (re)build writes a fresh temporary file next to the store,
then `os.replace`s it over the old one, so a reader (another chat process) keeps a complete old file
or gets a complete new one, and a failed build leaves the previous store untouched.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import duckdb

from knowledge.loader import TABLES, LoadedData

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
STORE_FILE = "knowledge.duckdb"


def migrations() -> list[tuple[int, str, str]]:
    """(number, name, sql) of every migration file `NNN_name.sql`, in order."""
    found = []
    for path in sorted(MIGRATIONS_DIR.glob("[0-9][0-9][0-9]_*.sql")):
        found.append((int(path.name[:3]), path.stem, path.read_text(encoding="utf-8")))
    return found


def schema_version() -> int:
    """The number of the newest migration: a store built with an older schema is rebuilt."""
    return max(number for number, _, _ in migrations())


def migrate(conn: duckdb.DuckDBPyConnection) -> None:
    """Apply the migrations not yet recorded in `schema_migrations`."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations "
        "(version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP DEFAULT current_timestamp)"
    )
    applied = {row[0] for row in conn.execute("SELECT version FROM schema_migrations").fetchall()}
    for number, name, sql in migrations():
        if number in applied:
            continue
        conn.execute("BEGIN TRANSACTION")
        conn.execute(sql)
        conn.execute("INSERT INTO schema_migrations (version, name) VALUES (?, ?)", [number, name])
        conn.execute("COMMIT")


def populate(conn: duckdb.DuckDBPyConnection, data: LoadedData) -> None:
    """Insert every validated row and the meta/calibration values in one transaction."""
    conn.execute("BEGIN TRANSACTION")
    for spec in TABLES:
        rows = data.rows[spec.table]
        if not rows:
            continue
        columns = ("position", *spec.columns)
        one_row = "(" + ", ".join("?" for _ in columns) + ")"
        # One multi-row INSERT per table: DuckDB's executemany runs row by row and is ~30x slower.
        values = [
            value
            for position, row in enumerate(rows)
            for value in (position, *(_db_value(getattr(row.item, column)) for column in spec.columns))
        ]
        conn.execute(
            f"INSERT INTO {spec.table} ({', '.join(columns)}) VALUES {', '.join(one_row for _ in rows)}", values
        )
    conn.executemany(
        "INSERT INTO meta (key, value) VALUES (?, ?)",
        [["data_version", data.data_version], ["schema_version", str(schema_version())]],
    )
    conn.execute("INSERT INTO calibration (params_json) VALUES (?)", [data.calibration.model_dump_json()])
    conn.execute("COMMIT")


def _db_value(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    return True


def remove_stale_temps(target: Path) -> None:
    """Delete temporary files left by builds whose process died before the rename."""
    for leftover in target.parent.glob(f".{target.name}.*.tmp*"):
        pid_part = leftover.name[len(target.name) + 2 :].split(".", 1)[0]
        if pid_part.isdigit() and not _pid_alive(int(pid_part)):
            leftover.unlink(missing_ok=True)


def build_file(data: LoadedData, target: Path) -> None:
    """Build a complete store for `data` in a temporary file, then atomically move it to `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(target)
    temp = target.with_name(f".{target.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        conn = duckdb.connect(str(temp))
        try:
            migrate(conn)
            populate(conn, data)
            conn.execute("CHECKPOINT")
        finally:
            conn.close()
        os.replace(temp, target)
    finally:
        for leftover in (temp, temp.with_name(temp.name + ".wal")):
            leftover.unlink(missing_ok=True)


__all__ = [
    "STORE_FILE",
    "build_file",
    "migrate",
    "migrations",
    "populate",
    "remove_stale_temps",
    "schema_version",
]
