"""Composition root of the Slack app: settings → engine, dedup store, charts → Bolt app.

Used by `siliconsult slack` and by the end-to-end tests, so both run exactly the same wiring.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_bolt import App
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.dedup import DedupStore, SqliteDedupStore, default_dedup_path
from bot.slack.turns import ChartMaker


def open_dedup_store(settings: Settings) -> DedupStore:
    """Postgres when the state lives there (several replicas share it), else SQLite under home."""
    url = settings.state_url or ""
    if url.startswith(("postgresql://", "postgres://")):
        from bot.slack.dedup_postgres import PostgresDedup

        return PostgresDedup.from_url(url)
    return SqliteDedupStore(default_dedup_path(settings.ensure_home()))


def chart_maker_for(engine: Any) -> ChartMaker | None:
    """Charts need the catalog the engine reasons over; without one, replies go without charts."""
    catalog = getattr(engine, "catalog", None)
    if catalog is None:
        return None
    from bot.slack.charts import recommendation_charts
    from estimator.throughput import estimate

    return recommendation_charts(catalog, estimate)


def build_slack_app(
    settings: Settings,
    *,
    engine: Any | None = None,
    client: WebClient | None = None,
    dedup: DedupStore | None = None,
    llm: Any | None = None,
) -> tuple[App, Callable[[], None]]:
    """The app and a `close()` that releases what was opened here (engine, dedup store)."""
    owned: list[Any] = []
    if engine is None:
        from bot.wiring import build_engine

        engine = build_engine(settings, llm=llm) if llm is not None else build_engine(settings)
        owned.append(engine)
    if dedup is None:
        dedup = open_dedup_store(settings)
        owned.append(dedup)
    app = create_app(engine, settings, client=client, dedup=dedup, charts=chart_maker_for(engine))

    def close() -> None:
        for resource in reversed(owned):
            closer = getattr(resource, "close", None)
            if closer is not None:
                closer()

    return app, close


__all__ = ["build_slack_app", "chart_maker_for", "open_dedup_store"]
