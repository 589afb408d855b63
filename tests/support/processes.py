"""Real `siliconsult` processes for the crash-recovery and scale-out tests.

`ChatProcess` runs `siliconsult chat --thread T --json --llm none` with piped stdin (one line = one
message, one JSON reply per line), so a test can talk to it turn by turn and SIGKILL it between or
during turns. `SlackProcess` runs `siliconsult slack --http --port 0` and reads the port it bound.
Both are started with `sys.executable -m bot.cli.main`, the same entry point as the console script.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

REPO_ROOT = Path(__file__).resolve().parents[2]
REPLY_TIMEOUT_S = 90.0


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


class _Process:
    """A child process whose stdout/stderr lines are collected on background threads."""

    def __init__(self, args: list[str], env: Mapping[str, str] | None, *, new_session: bool = False) -> None:
        # new_session: the child leads its own process group, so a test can signal the whole group
        # (as systemd does) without signalling itself.
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot.cli.main", *args],
            cwd=REPO_ROOT,
            env={**os.environ, **(env or {})},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
            start_new_session=new_session,
        )
        self.stdout: queue.Queue[str | None] = queue.Queue()
        self.stderr: queue.Queue[str | None] = queue.Queue()
        self.stderr_lines: list[str] = []
        self._pumps = [threading.Thread(target=_pump, args=(stream, sink), daemon=True)
                       for stream, sink in ((self.proc.stdout, self.stdout), (self.proc.stderr, self.stderr))]
        for pump in self._pumps:
            pump.start()

    def _drain_stderr(self) -> str:
        while True:
            try:
                line = self.stderr.get_nowait()
            except queue.Empty:
                break
            if line is not None:
                self.stderr_lines.append(line)
        return "".join(self.stderr_lines)

    def _next_line(self, lines: queue.Queue[str | None], timeout: float, waiting_for: str) -> str:
        """The next line of `lines`, or fail the test with the child's stderr."""
        try:
            line = lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no {waiting_for} within {timeout} s; stderr:\n{self._drain_stderr()}") from None
        if line is None:
            raise AssertionError(f"exited ({self.proc.wait()}) before {waiting_for}; stderr:\n{self._drain_stderr()}")
        return line

    def log(self) -> str:
        """Everything the child wrote to stderr so far."""
        return self._drain_stderr()

    def kill(self) -> None:
        """SIGKILL: no cleanup handler, no flush, no atexit runs in the child."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        self._close_pipes()

    def close(self) -> int:
        """End the child the polite way (EOF on stdin, then SIGTERM) and return its exit code."""
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            code = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
            code = self.proc.wait(timeout=30)
        self._close_pipes()
        return code

    def _close_pipes(self) -> None:
        # The child is gone: let the pumps read to EOF first, so `log()` holds all it wrote.
        for pump in self._pumps:
            pump.join(timeout=5)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None and not stream.closed:
                try:
                    stream.close()
                except (BrokenPipeError, OSError):
                    pass

    def __enter__(self) -> _Process:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:
            self.kill()
        self._close_pipes()


class ChatProcess(_Process):
    """`siliconsult chat --thread THREAD --json --llm none`, one message per `say`."""

    def __init__(self, thread: str, env: Mapping[str, str] | None = None) -> None:
        super().__init__(["chat", "--thread", thread, "--json", "--llm", "none"], env)

    def send(self, text: str) -> None:
        """Write one message without waiting for its reply (to kill the process mid-turn)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(text.replace("\n", " ") + "\n")
        self.proc.stdin.flush()

    def receive(self, timeout: float = REPLY_TIMEOUT_S) -> dict[str, Any]:
        return json.loads(self._next_line(self.stdout, timeout, "reply"))

    def say(self, text: str) -> dict[str, Any]:
        self.send(text)
        return self.receive()


class SlackProcess(_Process):
    """`siliconsult slack --http --port 0 --llm none` on loopback; `events_url` once it listens."""

    _BOUND = re.compile(r"Slack events: http://[^:]+:(\d+)(/\S*)")

    def __init__(self, env: Mapping[str, str], timeout: float = REPLY_TIMEOUT_S, extra_args: tuple[str, ...] = (),
                 *, new_session: bool = False) -> None:
        super().__init__(["slack", "--http", "--host", "127.0.0.1", "--port", "0", "--llm", "none", *extra_args], env,
                         new_session=new_session)
        self.events_url = self._wait_bound(timeout)

    def _wait_bound(self, timeout: float) -> str:
        while True:
            line = self._next_line(self.stderr, timeout, "'Slack events:' line")
            self.stderr_lines.append(line)
            if "Slack events:" not in line:
                continue
            # The whole line or nothing: another writer's text glued onto it (the model worker shares
            # this stderr) would otherwise become part of the URL and every request a 404.
            found = self._BOUND.fullmatch(line.rstrip("\n"))
            if found is None:
                raise AssertionError(f"garbled 'Slack events:' line {line!r}; stderr:\n{self._drain_stderr()}")
            return f"http://127.0.0.1:{found.group(1)}{found.group(2)}"

    def close(self) -> int:
        """SIGTERM (the server does not read stdin) and the exit code."""
        if self.proc.poll() is None:
            self.proc.terminate()
        code = self.proc.wait(timeout=30)
        self._close_pipes()
        return code



__all__ = ["REPLY_TIMEOUT_S", "ChatProcess", "SlackProcess"]
