"""Assembly of the Slack app from the settings: inbox, intake, model worker → Bolt app.

Used by `siliconsult slack` and by the end-to-end tests, so both run exactly the same wiring. The
collaborators themselves come from the composition root (`bot.wiring`); this module only connects
them for the web process (the model worker process builds its own through `bot.wiring` too).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from slack_bolt import App
from slack_bolt.error import BoltError
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.app import DEFAULT_TURN_WORKERS, create_app
from bot.slack.intake import LocalSink, TurnIntake
from bot.slack.turns import TurnRunner, TurnSink
from bot.slack.web_client import slack_web_client, with_retries
from bot.slack.worker_process import CheckpointThreads, WorkerProcessSink
from bot.slack.workers import KeyedSerialExecutor
from bot.wiring import open_slack_inbox, slack_chart_maker, slack_recovery_age_s
from estimator.catalog import Catalog
from estimator.errors import ConfigError


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError):
        # A URLError wraps the socket error; its text is the one line worth showing ("Connection refused").
        cause = getattr(error, "reason", error)
        return getattr(cause, "strerror", None) or str(cause) or type(error).__name__
    match = re.search(r"'error': '([^']+)'", str(error))
    return match.group(1) if match else "no answer"


def build_slack_app(
    settings: Settings,
    *,
    engine: Any | None = None,
    catalog: Catalog | None = None,
    client: WebClient | None = None,
    inbox: Any | None = None,
) -> tuple[App, Callable[[], None]]:
    """The app and a `close()` that drains the turns in flight, then releases what was opened here.

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
        executor = KeyedSerialExecutor(DEFAULT_TURN_WORKERS)
        sink = LocalSink(TurnRunner(engine, charts=slack_chart_maker(catalog), inbox=inbox), client, executor)

    def close() -> None:
        # Finish the turns in flight before their engine and stores go away.
        if worker is not None:
            worker.close()
        if executor is not None:
            executor.shutdown(wait=True)
        if intake is not None:
            intake.close()
        for resource in reversed(owned):
            resource.close()

    try:
        intake = TurnIntake(inbox, engine, sink, client)
        app = create_app(engine, settings, client=client, intake=intake, verify_token=True)
        if worker is not None:
            worker.start()
        intake.recover(slack_recovery_age_s(settings))
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


__all__ = ["build_slack_app"]
