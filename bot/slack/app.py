"""The Slack app factory: a Bolt `App` wired to the conversation engine through the durable inbox.

`create_app` takes every collaborator as an argument (engine, settings, Web API client, inbox,
chart maker), so tests hand it a `WebClient(base_url=<fake>)` and an in-memory inbox. By
default it calls nothing at construction (Bolt then calls `auth.test` on the first request); the
runner asks for `verify_token` so a bad token fails at start.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from slack_bolt import App
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.inbox import MemoryInbox
from bot.slack.intake import DEFAULT_MAX_PENDING, IntakeInbox, LocalSink, TurnIntake, UserThrottle
from bot.slack.listeners import register_listeners
from bot.slack.surface import AgentSurface
from bot.slack.turns import ChartMaker, ConversationEngine, TurnRunner, TurnSink
from bot.slack.web_client import api_base_url, slack_web_client, with_retries
from bot.slack.workers import TURN_THREADS, KeyedSerialExecutor

# Bolt's listener threads run only lazy listeners (there are none); listeners run before the ack.
DEFAULT_LISTENER_WORKERS = 8
# Turns computing at once (CPU-bound Python plus a model behind a lock): one per core keeps acks responsive.
DEFAULT_TURN_WORKERS = 2


def create_app(
    engine: ConversationEngine,
    settings: Settings,
    *,
    client: WebClient | None = None,
    inbox: IntakeInbox | None = None,
    charts: ChartMaker | None = None,
    listener_workers: int = DEFAULT_LISTENER_WORKERS,
    turn_workers: int = DEFAULT_TURN_WORKERS,
    executor: KeyedSerialExecutor | None = None,
    sink: TurnSink | None = None,
    intake: TurnIntake | None = None,
    throttle: UserThrottle | None = None,
    max_pending: int = DEFAULT_MAX_PENDING,
    verify_token: bool = False,
) -> App:
    """Build the Bolt app. `client` defaults to one made from the settings' token and API URL.

    With `verify_token`, `auth.test` runs now: a bad token fails at start instead of on the first
    event, and the result is cached, so the first burst of events does not each call `auth.test`.
    Accepted turns go to `sink` (the model worker process) when given, else to threads of this
    process (`executor`, made here unless given; pass one to be able to drain it on shutdown), at most
    `turn_workers` of them computing at once. With a sink, `engine` only needs `has_thread`. `intake` replaces the
    one built here from `inbox` (default: in memory), `throttle` and `max_pending`.
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
        # Listeners record the turn in the inbox *before* the ack, so an acknowledged event is never
        # lost; they only route and record, which keeps the ack fast (bot/slack/intake.py).
        process_before_response=True,
        # The turn runner sets status itself (from the worker); skip Bolt's per-request injection.
        attaching_conversation_kwargs_enabled=False,
        listener_executor=ThreadPoolExecutor(max_workers=listener_workers, thread_name_prefix="slack-listener"),
    )
    if intake is None:
        inbox = inbox if inbox is not None else MemoryInbox()
        if sink is None:
            runner = TurnRunner(engine, charts=charts, inbox=inbox, compute_slots=turn_workers,
                                 surface=AgentSurface(stream_threads=settings.slack_stream_threads))
            # Threads to wait on Slack with (one per conversation); `turn_workers` bounds the computing.
            executor = executor if executor is not None else KeyedSerialExecutor(max(TURN_THREADS, turn_workers))
            sink = LocalSink(runner, client, executor)
        intake = TurnIntake(inbox, engine, sink, client, throttle=throttle, max_pending=max_pending)
    register_listeners(app, intake)
    return app


__all__ = ["DEFAULT_LISTENER_WORKERS", "DEFAULT_TURN_WORKERS", "api_base_url", "create_app"]
