"""A real, throw-away PostgreSQL server for the `postgres` tests.

`scripts/ensure_postgres.sh` installs Debian's `postgresql` package when it is missing (CI starts on a
fresh machine); this module then runs `initdb` in a temporary directory and starts the server on
127.0.0.1 with a free port, its unix socket in that directory, and trust auth (loopback only, a
throw-away cluster). PostgreSQL refuses to run as root, so as root the commands run as the
`postgres` system user the package creates.

Fixtures: `postgres_server` (one per session) and `postgres_url` (a fresh empty database per test).
Nothing starts at import time.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
ENSURE_SCRIPT = REPO_ROOT / "scripts" / "ensure_postgres.sh"
SUPERUSER = "postgres"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _as_server_user(argv: list[str]) -> list[str]:
    """Prefix a command so it runs as the `postgres` user when we are root (initdb refuses root)."""
    if os.geteuid() != 0:
        return argv
    return ["runuser", "-u", "postgres", "--", *argv]


@dataclass
class PostgresServer:
    """One running cluster: where it lives, how to reach it, how long it took to come up."""

    bindir: Path
    workdir: Path
    port: int
    setup_seconds: float = 0.0

    @property
    def datadir(self) -> Path:
        return self.workdir / "data"

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{dbname}"

    def _run(self, *argv: str) -> None:
        result = subprocess.run(
            _as_server_user([str(self.bindir / argv[0]), *argv[1:]]),
            cwd=self.workdir,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if result.returncode != 0:
            log = self.workdir / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{argv[0]} failed ({result.returncode}): {result.stderr}\n{tail}")

    def start(self) -> None:
        started = time.monotonic()
        self._run("initdb", "-D", str(self.datadir), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--no-locale")
        for attempt in range(3):
            try:
                self._start_server()
                break
            except RuntimeError:
                # Another process may have taken the free port between probing and binding.
                if attempt == 2:
                    raise
                self.port = _free_port()
        self.setup_seconds = time.monotonic() - started

    def _start_server(self) -> None:
        # fsync off: the cluster is thrown away and the host never crashes under it. synchronous_commit
        # stays on, so a server killed by a test (`restart("immediate")`) keeps every committed turn.
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} "
            f"-c unix_socket_directories={self.workdir} -c fsync=off "
            "-c full_page_writes=off -c max_connections=200"
        )
        # -l: the server must not inherit our captured stdout, or reading it would wait for the server.
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.datadir),
                  "-l", str(self.workdir / "server.log"), "-o", options)

    def _stop_server(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "stop", "-D", str(self.datadir), "-m", mode, "-w")

    def restart(self, mode: str = "fast") -> None:
        """Stop (`fast`: disconnect clients; `immediate`: like a crash) and start again on the same port."""
        self.go_down(mode)
        self.come_back()

    def go_down(self, mode: str = "immediate") -> None:
        """An outage: the server stops (by default like a crash) and stays down until `come_back`."""
        self._stop_server(mode)

    def come_back(self) -> None:
        """The server starts again on the same port, with the same data."""
        self._start_server()

    def stop(self) -> None:
        try:
            self._stop_server()
        finally:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def create_database(self) -> str:
        """A fresh empty database; returns its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def ensure_bindir() -> Path:
    """Directory of initdb/pg_ctl, installing Debian's package first if needed."""
    result = subprocess.run(["bash", str(ENSURE_SCRIPT)], capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        raise RuntimeError(f"could not provide PostgreSQL: {result.stderr.strip()}")
    return Path(result.stdout.strip().splitlines()[-1])


def start_postgres() -> PostgresServer:
    bindir = ensure_bindir()
    # Not pytest's tmp_path: that lives under a root-only 0700 directory the postgres user can't enter.
    # /tmp also keeps the unix socket path under its 107-byte limit whatever TMPDIR says.
    workdir = Path(tempfile.mkdtemp(prefix="siliconsult-pg-", dir="/tmp" if Path("/tmp").is_dir() else None))
    if os.geteuid() == 0:
        shutil.chown(workdir, user="postgres", group="postgres")
    server = PostgresServer(bindir=bindir, workdir=workdir, port=_free_port())
    try:
        server.start()
    except BaseException:
        shutil.rmtree(workdir, ignore_errors=True)
        raise
    return server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = start_postgres()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """`postgresql://…` URL of a fresh, empty database on the session's server."""
    return postgres_server.create_database()


__all__ = ["PostgresServer", "ensure_bindir", "postgres_server", "postgres_url", "start_postgres"]
