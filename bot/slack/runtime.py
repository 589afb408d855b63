"""Assembly of the Slack app from the settings: inbox, intake, model worker → Bolt app.

Used by `siliconsult slack` and by the end-to-end tests, so both run exactly the same wiring. The
collaborators themselves come from the composition root (`bot.wiring`); this module only connects
them for the web process (the model worker process builds its own through `bot.wiring` too).
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from typing import Any

from slack_bolt import App
from slack_bolt.error import BoltError
from slack_sdk import WebClient

from bot.errors import ConfigError
from bot.settings import Settings
from bot.slack.app import DEFAULT_TURN_WORKERS, create_app
from bot.slack.intake import LocalSink, TurnIntake
from bot.slack.surface import AgentSurface
from bot.slack.turns import TurnRunner, TurnSink
from bot.slack.web_client import slack_web_client, with_retries
from bot.slack.worker_process import CheckpointThreads, WorkerProcessSink
from bot.slack.workers import KeyedSerialExecutor
from bot.wiring import open_slack_inbox, slack_chart_maker, slack_recovery_age_s
from estimator.catalog import Catalog

log = logging.getLogger(__name__)

def _reason(error: BaseException) -> str:
    if isinstance(error, OSError):
        # A URLError wraps the socket error; its text is the one line worth showing ("Connection refused").
        cause = getattr(error, "reason", error)
        return getattr(cause, "strerror", None) or str(cause) or type(error).__name__
    match = re.search(r"'error': '([^']+)'", str(error))
    return match.group(1) if match else "no answer"


class RecoverySweep:
    """Every `every_s`, take over the unfinished inbox entries whose claim is older than `lease_s`.

    On a shared PostgreSQL inbox a starting replica leaves young claims alone (another replica may be
    answering them), so the turns a replica was killed with (this process's previous run too, restarted
    within the lease) would wait for some later start. The sweep answers them once their lease has passed;
    a recovered turn looks for its own answer in the thread first, so one its owner did post is not posted
    again. Not used with SQLite: one process per home takes over everything at start.
    """

    def __init__(self, intake: TurnIntake, lease_s: float, every_s: float) -> None:
        self._intake = intake
        self._lease_s = lease_s
        self._every_s = every_s
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="slack-recovery-sweep", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while not self._stopped.wait(self._every_s):
            try:
                self._intake.recover(self._lease_s)
            except Exception:  # noqa: BLE001 - the next sweep tries again; the app keeps serving
                log.exception("the recovery sweep failed")

    def stop(self) -> None:
        self._stopped.set()
        if self._thread.is_alive():
            self._thread.join(5)


class AppShutdown:
    """The `close` of `build_slack_app`: stop within the drain deadline, losing and doubling no turn.

    `wait_for_turns()` blocks until the accepted turns are answered or the deadline passes (counted
    from the first call), while the HTTP front answers 503 to new deliveries (`bot/slack/server.py`).
    Calling the object then stops the model worker: turns it has not answered by the deadline are
    handed back (left unfinished in the inbox; the next start answers each once), and what was
    opened is released. An in-process engine (tests, benchmarks) runs on threads, which cannot be
    stopped: its turns are always finished.
    """

    def __init__(self, drain_s: float, *, worker: WorkerProcessSink | None, executor: KeyedSerialExecutor | None,
                 release: Callable[[], None]) -> None:
        self._drain_s = max(0.0, drain_s)
        self._worker = worker
        self._executor = executor
        self._release = release
        self._deadline: float | None = None
        self._lock = threading.Lock()
        self._hurried = threading.Event()

    def _remaining_s(self) -> float:
        with self._lock:
            if self._deadline is None:
                self._deadline = time.monotonic() + self._drain_s
            return max(0.0, self._deadline - time.monotonic())

    def in_flight(self) -> int:
        """Turns accepted and not answered yet."""
        if self._worker is not None:
            return self._worker.pending()
        return self._executor.busy() if self._executor is not None else 0

    def wait_for_turns(self) -> int:
        """Wait until no turn is in flight or the deadline passed; the turns still in flight."""
        while (left := self.in_flight()) and (remaining_s := self._remaining_s()) > 0:
            if self._hurried.wait(min(0.05, remaining_s)):
                break
        return left

    def hurry(self) -> None:
        """Cut the drain short (a second signal): what is in flight now is handed back."""
        with self._lock:
            self._deadline = time.monotonic()
        self._hurried.set()

    def __call__(self) -> None:
        in_flight = self.wait_for_turns()
        if self._worker is not None:
            handed_back = self._worker.close(self._remaining_s())
            if handed_back:
                log.warning("stopped with %d turn(s) unanswered: handed back to the inbox, the next start answers them",
                            handed_back)
            elif in_flight:
                log.info("the last %d turn(s) in flight were answered while the worker stopped", in_flight)
        if self._executor is not None:
            self._executor.shutdown(wait=True)
        self._release()


def build_slack_app(
    settings: Settings,
    *,
    engine: Any | None = None,
    catalog: Catalog | None = None,
    client: WebClient | None = None,
    inbox: Any | None = None,
) -> tuple[App, AppShutdown]:
    """The app and its `close` (`AppShutdown`): drain the turns in flight within `settings.slack_drain_s`,
    hand back the rest, then release what was opened here.

    Without an `engine`, turns run in the model worker process (`worker_process.py`), which builds
    the real engine from the settings; the web process only reads the checkpointer. With an
    `engine` (tests, benchmarks), turns run on threads of this process; `catalog` enables charts.
    Turns a previous run accepted but never answered are answered once the app is up.
    """
    if client is None:
        token = settings.slack_bot_token.get_secret_value() if settings.slack_bot_token else None
        client = slack_web_client(token, settings.slack_api_url)
    else:
        client = with_retries(client)
    owned: list[Any] = []
    worker: WorkerProcessSink | None = None
    executor: KeyedSerialExecutor | None = None
    intake: TurnIntake | None = None
    if inbox is None:
        inbox = open_slack_inbox(settings)
        owned.append(inbox)
    sink: TurnSink
    if engine is None:
        engine = CheckpointThreads(settings)
        owned.append(engine)
        sink = worker = WorkerProcessSink(settings, bot_token=client.token or "", api_url=client.base_url)
    else:
        executor = KeyedSerialExecutor()  # a thread per conversation waiting on Slack; the runner bounds computing
        runner = TurnRunner(engine, charts=slack_chart_maker(catalog), inbox=inbox, compute_slots=DEFAULT_TURN_WORKERS,
                            surface=AgentSurface(stream_threads=settings.slack_stream_threads))
        sink = LocalSink(runner, client, executor)

    sweep: RecoverySweep | None = None

    def release() -> None:
        # After the turns (the shutdown's job): their engine and stores go away last.
        if sweep is not None:
            sweep.stop()
        if intake is not None:
            intake.close()
        for resource in reversed(owned):
            resource.close()

    close = AppShutdown(settings.slack_drain_s, worker=worker, executor=executor, release=release)

    try:
        intake = TurnIntake(inbox, engine, sink, client)
        app = create_app(engine, settings, client=client, intake=intake, verify_token=True)
        if worker is not None:
            worker.start()
        lease_s = slack_recovery_age_s(settings)
        intake.recover(lease_s)
        if lease_s > 0:  # a shared inbox: what a dead replica left within its lease is taken over later
            sweep = RecoverySweep(intake, lease_s, every_s=max(1.0, lease_s / 4))
            sweep.start()
    except BoltError as error:
        close()
        raise ConfigError(f"SLACK_BOT_TOKEN was rejected by Slack's auth.test ({_reason(error)}).") from error
    except OSError as error:  # URLError, refused or reset connections: auth.test never got an answer
        close()
        raise ConfigError(f"Slack's Web API at {client.base_url} cannot be reached ({_reason(error)}); "
                          "check SLACK_API_URL and the network.") from error
    except BaseException:
        close()
        raise
    return app, close


__all__ = ["AppShutdown", "build_slack_app"]
