"""The Slack app factory: a Bolt `App` wired to the conversation engine, with delivery dedup.

`create_app` takes every collaborator as an argument (engine, settings, Web API client, dedup
store, chart maker), so tests hand it a `WebClient(base_url=<fake>)` and an in-memory store. By
default it calls nothing at construction (Bolt then calls `auth.test` on the first request); the
runner asks for `verify_token` so a bad token fails at start.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from slack_bolt import App, BoltResponse
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.dedup import DedupStore, MemoryDedupStore
from bot.slack.listeners import register_listeners
from bot.slack.web_client import api_base_url, slack_web_client, with_retries
from bot.slack.turns import ChartMaker, ConversationEngine, TurnRunner, TurnSink
from bot.slack.workers import KeyedSerialExecutor

log = logging.getLogger(__name__)

# Bolt's listener threads only route an event and queue its turn, so a few suffice.
DEFAULT_LISTENER_WORKERS = 8
# Turns are CPU-bound Python plus a model behind a lock: one per core keeps acks responsive.
DEFAULT_TURN_WORKERS = 2


def delivery_key(body: dict[str, Any]) -> str | None:
    """What identifies one delivery across Slack's retries: the envelope's `event_id`."""
    event_id = body.get("event_id")
    return str(event_id) if event_id else None


def dedup_middleware(store: DedupStore):  # noqa: ANN201 - a Bolt middleware function
    """Global middleware: mark each event_id on receipt and drop deliveries already marked.

    It runs after signature verification (a forged request cannot poison the store) and before any
    listener, so a retry never reaches the engine. A retry whose id was never seen is processed:
    the first delivery may have been lost.
    """

    def middleware(body: dict[str, Any], next: Any, logger: logging.Logger) -> BoltResponse | None:  # noqa: A002
        key = delivery_key(body)
        if key is not None and not store.first_time(key):
            logger.info("dropping duplicate delivery of %s", key)
            return BoltResponse(status=200, body="")
        return next()

    return middleware


def create_app(
    engine: ConversationEngine,
    settings: Settings,
    *,
    client: WebClient | None = None,
    dedup: DedupStore | None = None,
    charts: ChartMaker | None = None,
    listener_workers: int = DEFAULT_LISTENER_WORKERS,
    turn_workers: int = DEFAULT_TURN_WORKERS,
    executor: KeyedSerialExecutor | None = None,
    sink: TurnSink | None = None,
    verify_token: bool = False,
) -> App:
    """Build the Bolt app. `client` defaults to one made from the settings' token and API URL.

    With `verify_token`, `auth.test` runs now: a bad token fails at start instead of on the first
    event, and the result is cached, so the first burst of events does not each call `auth.test`.
    Turns run in `sink` (the model worker process) when given, else on `executor` (made here with
    `turn_workers` threads unless given; pass one to be able to drain it on shutdown). With a sink,
    `engine` only needs `has_thread`.
    """
    token = settings.slack_bot_token.get_secret_value() if settings.slack_bot_token else None
    # Every Web API call retries 429 (after Retry-After), 5xx and connection errors, also on a given client.
    client = with_retries(client) if client is not None else slack_web_client(token, settings.slack_api_url)
    secret = settings.slack_signing_secret.get_secret_value() if settings.slack_signing_secret else None
    app = App(
        client=client,  # its token is the bot token (Bolt warns if one is passed twice)
        signing_secret=secret,
        # The HTTP front (bot/slack/http_front.py) verifies the signature before any parsing; Bolt's
        # own check would run after it and log a refused request's body, so it is off.
        request_verification_enabled=False,
        token_verification_enabled=verify_token,
        # The turn runner sets status itself (from the worker); skip Bolt's per-request injection.
        attaching_conversation_kwargs_enabled=False,
        listener_executor=ThreadPoolExecutor(max_workers=listener_workers, thread_name_prefix="slack-listener"),
    )
    app.use(dedup_middleware(dedup if dedup is not None else MemoryDedupStore()))
    if executor is None and sink is None:
        executor = KeyedSerialExecutor(turn_workers)
    register_listeners(app, TurnRunner(engine, charts=charts, executor=executor, sink=sink))
    return app


__all__ = ["DEFAULT_LISTENER_WORKERS", "DEFAULT_TURN_WORKERS", "api_base_url", "create_app", "dedup_middleware", "delivery_key"]
