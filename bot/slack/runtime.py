"""Composition root of the Slack app: settings → engine, dedup store, charts → Bolt app.

Used by `siliconsult slack` and by the end-to-end tests, so both run exactly the same wiring.
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
from bot.slack.dedup import DedupStore, SqliteDedupStore, default_dedup_path
from bot.slack.turns import ChartMaker
from bot.slack.worker_process import CheckpointThreads, WorkerProcessSink
from bot.slack.web_client import slack_web_client, with_retries
from bot.slack.workers import KeyedSerialExecutor
from estimator.catalog import Catalog
from estimator.errors import ConfigError


def open_dedup_store(settings: Settings) -> DedupStore:
    """Postgres when the state lives there (several replicas share it), else SQLite under home."""
    url = settings.state_url or ""
    if url.startswith(("postgresql://", "postgres://")):
        from bot.slack.dedup_postgres import PostgresDedup

        return PostgresDedup.from_url(url)
    return SqliteDedupStore(default_dedup_path(settings.ensure_home()))


def chart_maker_for(catalog: Catalog | None) -> ChartMaker | None:
    """Charts need the catalog the engine reasons over; without one, replies go without charts."""
    if catalog is None:
        return None
    from bot.slack.charts import recommendation_charts
    from estimator.throughput import estimate

    return recommendation_charts(catalog, estimate)


def _reason(error: BoltError) -> str:
    match = re.search(r"'error': '([^']+)'", str(error))
    return match.group(1) if match else "no answer"


def build_slack_app(
    settings: Settings,
    *,
    engine: Any | None = None,
    catalog: Catalog | None = None,
    client: WebClient | None = None,
    dedup: DedupStore | None = None,
) -> tuple[App, Callable[[], None]]:
    """The app and a `close()` that drains the turns in flight, then releases what was opened here.

    Without an `engine`, turns run in the model worker process (`worker_process.py`), which builds
    the real engine from the settings; the web process only reads the checkpointer. With an
    `engine` (tests, benchmarks), turns run on threads of this process; `catalog` enables charts.
    """
    if client is None:
        token = settings.slack_bot_token.get_secret_value() if settings.slack_bot_token else None
        client = slack_web_client(token, settings.slack_api_url)
    else:
        client = with_retries(client)
    owned: list[Any] = []
    sink: WorkerProcessSink | None = None
    executor: KeyedSerialExecutor | None = None
    if engine is None:
        engine = CheckpointThreads(settings)
        owned.append(engine)
        sink = WorkerProcessSink(settings, bot_token=client.token or "", api_url=client.base_url)
    else:
        executor = KeyedSerialExecutor(DEFAULT_TURN_WORKERS)
    if dedup is None:
        dedup = open_dedup_store(settings)
        owned.append(dedup)

    def close() -> None:
        # Finish the turns in flight before their engine and stores go away.
        if sink is not None:
            sink.close()
        if executor is not None:
            executor.shutdown(wait=True)
        for resource in reversed(owned):
            resource.close()

    try:
        app = create_app(engine, settings, client=client, dedup=dedup, charts=chart_maker_for(catalog),
                         executor=executor, sink=sink, verify_token=True)
        if sink is not None:
            sink.start()
    except BoltError as error:
        close()
        raise ConfigError(f"SLACK_BOT_TOKEN was rejected by Slack's auth.test ({_reason(error)}).") from error
    except BaseException:
        close()
        raise
    return app, close


__all__ = ["build_slack_app", "chart_maker_for", "open_dedup_store"]
