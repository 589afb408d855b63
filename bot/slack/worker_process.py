"""The model worker: turns run in a child process, so the process acknowledging Slack stays idle.

Python threads share one interpreter lock. A turn is CPU-bound Python (graph, estimator, charts)
plus the model, so turns on threads of the web process would slow down every acknowledgement that
Slack expects within 3 s (measured: ack p99 three times the ack-only floor under a 50-thread
burst). Here the web process only verifies, records the turn in the inbox and queues it; a single
worker process owns the engine (built by the composition root, `bot.wiring.build_slack_runner`),
sets the status, posts the replies, uploads the charts and marks each inbox entry answered (with a
few threads of its own, serial per conversation).

`CheckpointThreads` answers "does this thread have a conversation?" in the web process straight
from the conversation checkpointer, without building an engine there.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from multiprocessing.connection import Connection
from typing import Any

from bot.errors import ConfigError
from bot.reply import Reply
from bot.settings import Settings
from bot.slack.stopping import ThreadStop
from bot.slack.turns import Turn
from bot.wording.worded import error_text
from estimator.errors import SiliconsultError

log = logging.getLogger(__name__)

STOP = None
WORKER_NICENESS = 10


@dataclass(frozen=True)
class WorkerConfig:
    """What the child needs, as plain picklable values (secrets travel only as the bot token)."""

    settings: dict[str, Any]
    bot_token: str
    api_url: str
    turn_workers: int
    log_level: int


def _exit_with_parent() -> None:
    """End this worker when the web process dies (even by SIGKILL): an orphan would keep answering
    nothing, hold the parent's stdio open and keep the model in memory."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        log.warning("web process is gone; model worker exits")
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _worker_main(config: WorkerConfig, turns: Any, done: Any, status: Connection) -> None:
    """Child process: build the runner once (bot.wiring), then answer queued turns until told to stop."""
    # Ctrl-C reaches the whole process group, and so does SIGTERM from systemd (KillMode=control-group);
    # the parent decides when to stop (STOP after its drain, SIGKILL past the drain deadline), so the
    # worker finishes the turns it holds instead of dying with them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    # Acknowledgements first: when the cores are busy the OS runs the web process before turns.
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in ("slack_sdk", "slack_bolt"):  # their DEBUG lines carry message bodies
        logging.getLogger(name).setLevel(max(config.log_level, logging.INFO))
    from bot.slack.log_redaction import install as redact_logs

    redact_logs((config.bot_token,))  # the worker's own process: its log lines are redacted too
    try:
        from bot.slack.workers import TURN_THREADS, KeyedSerialExecutor
        from bot.wiring import build_slack_runner

        runner, client, close = build_slack_runner(Settings(**config.settings), bot_token=config.bot_token,
                                                   api_url=config.api_url, compute_slots=config.turn_workers)
        # Threads to wait on Slack with, one conversation each; `turn_workers` bounds the computing.
        executor = KeyedSerialExecutor(max(TURN_THREADS, config.turn_workers))
    except SiliconsultError as error:
        status.send(("config" if isinstance(error, ConfigError) else "error", error_text(error)))
        return
    except Exception as error:  # reported to the parent as one line; the details go to the log
        log.exception("the Slack model worker could not start")
        status.send(("error", f"the model worker could not start ({type(error).__name__}); see the log"))
        return
    _exit_with_parent()
    status.send(("ready", None))

    def answer(turn: Turn) -> None:
        try:
            runner.run(turn, client)  # the status call too: on the turn's thread, never on the reader's
        finally:
            if turn.key is not None:  # None is the reader's STOP
                done.put(turn.key)

    try:
        while (item := turns.get()) is not STOP:
            # The reader only routes (no Web API call): one conversation's hung or rate-limited call must
            # not hold the others' turns here, and nothing a turn meets may end the loop (the worker).
            try:
                if isinstance(item, ThreadStop):  # recorded now, ahead of the thread's queued turns
                    if runner.stop(item):
                        executor.submit(f"stop:{item.thread_id}", partial(runner.say_stopped, item, client))
                    continue
                runner.accept(item)
                executor.submit(item.thread_id, partial(answer, item))
            except Exception:
                log.exception("the model worker could not queue a turn; it goes on with the next")
    finally:
        executor.shutdown(wait=True)
        close()


class WorkerProcessSink:
    """A `TurnSink` that runs turns in the worker process; `start()` waits until its engine is built.

    `submit` never blocks: it puts the turn on the worker's queue and remembers it until the worker
    reports it answered. If the worker dies, a watcher thread starts a new one and hands it the turns
    the dead one had not answered, in their order (the inbox keeps them across a crash of the whole
    app as well).
    """

    def __init__(self, settings: Settings, *, bot_token: str, api_url: str, turn_workers: int = 2,
                 start_timeout_s: float = 300.0) -> None:
        self._context = multiprocessing.get_context("spawn")  # no fork: the parent has threads and sockets
        self._config = WorkerConfig(
            settings={"home": settings.home, "llm": settings.llm, "llm_timeout_s": settings.llm_timeout_s,
                      "state_url": settings.state_url, "data_dir": settings.data_dir},
            bot_token=bot_token, api_url=api_url, turn_workers=turn_workers,
            log_level=logging.getLogger().getEffectiveLevel(),
        )
        self._start_timeout_s = start_timeout_s
        self._lock = threading.RLock()
        self._process: Any = None
        self._turns: Any = None
        self._done: Any = None
        self._outstanding: dict[str, Turn] = {}
        self._restarting = False
        self._closing = threading.Event()

    def start(self) -> WorkerProcessSink:
        """Start the worker and wait until its engine is built; a failure raises with its one-line reason."""
        self._spawn()
        threading.Thread(target=self._watch, name="slack-worker-watch", daemon=True).start()
        # multiprocessing's exit hook stops daemonic children with SIGTERM, which the worker ignores, and then
        # joins them: a parent leaving without `close()` would wait forever. This hook runs first (atexit is LIFO).
        atexit.register(self._kill)
        return self

    def _kill(self) -> None:
        process = self._process
        if process is not None and process.is_alive():
            process.kill()
            process.join(5)

    def _spawn(self) -> None:
        # Fresh queues per worker: a worker killed inside `get()` takes the queue's reader lock with it.
        turns, done = self._context.Queue(), self._context.Queue()
        status, child_status = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_worker_main, args=(self._config, turns, done, child_status),
                                        name="siliconsult-slack-worker", daemon=True)
        process.start()
        child_status.close()  # so a worker that dies before answering gives EOF, not a wait
        if not status.poll(self._start_timeout_s):
            process.kill()  # it ignores SIGTERM
            raise SiliconsultError(f"The model worker did not start within {self._start_timeout_s:.0f} s.")
        try:
            kind, message = status.recv()
        except EOFError:
            kind, message = "error", "the model worker exited before it was ready; see the log"
        if kind != "ready":
            process.join(5)
            error_type = ConfigError if kind == "config" else SiliconsultError
            raise error_type(f"Slack app not started: {message}")
        with self._lock:
            old = (self._turns, self._done)
            self._process, self._turns, self._done = process, turns, done
        for queue in old:
            if queue is not None:  # the dead worker's queue: what it still held is in `_outstanding`
                queue.cancel_join_thread()
                queue.close()
        threading.Thread(target=self._read_done, args=(done,), name="slack-worker-done", daemon=True).start()

    def _read_done(self, done: Any) -> None:
        while True:
            try:
                key = done.get()
            except (EOFError, OSError, ValueError):
                return
            if key is STOP:
                return
            with self._lock:
                self._outstanding.pop(key, None)

    def _watch(self) -> None:
        while not self._closing.is_set():
            process = self._process
            multiprocessing.connection.wait([process.sentinel])
            if self._closing.is_set():
                return
            log.error("model worker died (exit code %s); starting a new one", process.exitcode)
            with self._lock:
                self._restarting = True
            try:
                self._spawn()
            except SiliconsultError as error:
                log.error("the model worker could not be restarted: %s", error_text(error))
                return
            with self._lock:
                self._restarting = False
                backlog = list(self._outstanding.values())
                for turn in backlog:  # the dead worker may have answered some before reporting them
                    self._turns.put(replace(turn, recovered=True))
            if backlog:
                log.warning("handed %d unanswered turn(s) to the new model worker", len(backlog))

    def submit(self, turn: Turn) -> None:
        with self._lock:
            if turn.key is not None:
                self._outstanding[turn.key] = turn
            if not self._restarting:  # else the watcher hands it over with the backlog
                self._turns.put(turn)

    def stop(self, stop: ThreadStop) -> None:
        with self._lock:
            if self._restarting:  # the new worker knows none of the dead one's turns: nothing to stop
                log.info("stop of %s dropped while the model worker restarts", stop.thread_id)
                return
            self._turns.put(stop)

    def pending(self) -> int:
        with self._lock:
            return len(self._outstanding)

    def close(self, timeout_s: float = 120.0) -> int:
        """Let the worker answer the turns it holds for `timeout_s` at most, then stop it.

        Returns how many turns it had not reported answered when it had to be killed: they are handed
        back, i.e. left unfinished in the inbox, and the next start answers each once (looking for its
        marker in the thread first, in case the post went out just before the kill).
        """
        self._closing.set()
        process = self._process
        if process is not None and process.is_alive():
            self._turns.put(STOP)
            process.join(max(timeout_s, 0.0))
        handed_back = 0
        if process is not None and process.is_alive():
            self._kill()
            with self._lock:
                handed_back = len(self._outstanding)
        for queue in (self._turns, self._done):
            if queue is not None:
                queue.cancel_join_thread()
                queue.close()
        atexit.unregister(self._kill)
        return handed_back


class CheckpointThreads:
    """`has_thread` from the conversation checkpointer, for the web process (no engine there)."""

    def __init__(self, settings: Settings) -> None:
        from bot.wiring import make_checkpointer

        self._saver, self._close = make_checkpointer(settings)

    def has_thread(self, thread_id: str) -> bool:
        return self._saver.get_tuple({"configurable": {"thread_id": thread_id}}) is not None

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply:
        raise RuntimeError("turns run in the model worker process, not in the web process")

    def close(self) -> None:
        self._close()


__all__ = ["CheckpointThreads", "WorkerProcessSink"]
