"""Serving the real Slack app on loopback for tests: the app over HTTP, signed posts, a tiny engine.

`serve_app` runs the app behind the same HTTP front and uvicorn server `siliconsult slack --http`
uses, on an ephemeral port. `EchoEngine` is a stand-in engine for adapter-only tests (failures, routing); the
conversation tests use the real engine.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from slack_bolt import App
from slack_sdk import WebClient

from bot.reply import Reply
from bot.settings import Settings
from bot.slack.runtime import build_slack_app
from bot.slack.server import EVENTS_PATH, make_http_server
from tests.support.fake_slack import FakeSlack
from tests.support.slack_fixtures import recommendation_reply

SECRET = "test-signing-secret"


@contextmanager
def serve_app(app: App, **server_options: Any) -> Iterator[str]:
    """Serve `app` on 127.0.0.1:<ephemeral> (`server_options` go to `make_http_server`); yield the events URL."""
    server = make_http_server(app, "127.0.0.1", 0, **server_options)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{EVENTS_PATH}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@contextmanager
def app_over_fake_slack(home: Path, **settings_: Any) -> Iterator[tuple[str, FakeSlack]]:
    """The Slack app as `siliconsult slack --http` wires it (real engine in the model worker, `--llm none`),
    talking to a fresh fake Slack Web API and served on loopback; yields (events URL, the fake). `settings_`
    add to or override the settings (e.g. `state_url`)."""
    settings = Settings(**{"home": home, "llm": "none", "slack_signing_secret": SECRET, "slack_bot_token": "xoxb-test",
                           **settings_})
    with FakeSlack() as fake:
        app, close = build_slack_app(settings, client=WebClient(token="xoxb-test", base_url=fake.url))
        try:
            with serve_app(app, max_connections_per_address=settings.slack_max_connections_per_address) as url:
                yield url, fake
        finally:
            close()


@dataclass
class EchoEngine:
    """Answers "you said: …"; raises on text containing "boom"; remembers threads it has seen."""

    calls: list[tuple[str, str]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply:
        with self._lock:
            self.calls.append((thread_id, text))
        if "boom" in text:
            raise RuntimeError("secret internal detail: connection string postgres://user:pw@db")
        return Reply(text=f"you said: {text}")

    def has_thread(self, thread_id: str) -> bool:
        with self._lock:
            return any(t == thread_id for t, _ in self.calls)

    def close(self) -> None:
        pass


@dataclass
class GatedEngine(EchoEngine):
    """EchoEngine whose turns wait for `release`: a slow turn, so a stop (or a look at the thread) lands while
    it runs; `entered` is set when a turn reaches it."""

    entered: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply:
        self.entered.set()
        self.release.wait(30)
        return super().handle(thread_id, text, turn_key)


class RecommendingEngine(EchoEngine):
    """Answers "recommend" with a hand-built recommendation card, anything else like EchoEngine."""

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply:
        reply = super().handle(thread_id, text, turn_key)
        return recommendation_reply() if "recommend" in text else reply

