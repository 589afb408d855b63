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
    llm: Any = None,
) -> tuple[App, Callable[[], None]]:
    """The app and a `close()` that releases what was opened here (store, engine, dedup store).

    Without an `engine`, the real one is built from the settings over the knowledge store, whose
    catalog also feeds the charts.
    """
    owned: list[Any] = []
    if engine is None:
        from bot.wiring import build_engine
        from knowledge.store import open_store

        store = open_store(settings.ensure_home(), settings.data_dir)
        owned.append(store)
        catalog = catalog or store.catalog()
        options = {"llm": llm} if llm is not None else {}
        engine = build_engine(settings, catalog=catalog, store=store, **options)
        owned.append(engine)
    if dedup is None:
        dedup = open_dedup_store(settings)
        owned.append(dedup)
    executor = KeyedSerialExecutor(DEFAULT_TURN_WORKERS)

    def close() -> None:
        executor.shutdown(wait=True)  # finish the turns in flight before their engine goes away
        for resource in reversed(owned):
            resource.close()

    try:
        app = create_app(engine, settings, client=client, dedup=dedup, charts=chart_maker_for(catalog),
                         executor=executor, verify_token=True)
    except BoltError as error:
        close()
        raise ConfigError(f"SLACK_BOT_TOKEN was rejected by Slack's auth.test ({_reason(error)}).") from error
    return app, close


__all__ = ["build_slack_app", "chart_maker_for", "open_dedup_store"]
