"""Running the Slack app: settings checks, the HTTP (Events API) server and the Socket Mode client.

`check_settings` turns missing or malformed Slack settings into one `ConfigError` line that names
the variable. `make_http_server` serves Bolt's WSGI adapter at `/slack/events` on a threaded stdlib
server (one thread per request, so a slow client cannot hold up other acks).
"""

from __future__ import annotations

import logging
import urllib.parse
from dataclasses import dataclass
from socketserver import ThreadingMixIn
from typing import Literal
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.adapter.wsgi import SlackRequestHandler

from bot.settings import Settings
from estimator.errors import ConfigError

log = logging.getLogger(__name__)

Mode = Literal["socket", "http"]
EVENTS_PATH = "/slack/events"


@dataclass(frozen=True)
class SlackSecrets:
    bot_token: str
    app_token: str | None
    signing_secret: str | None


def _secret(settings: Settings, field: str) -> str | None:
    value = getattr(settings, field)
    text = value.get_secret_value().strip() if value is not None else ""
    return text or None


def check_settings(settings: Settings, mode: Mode) -> SlackSecrets:
    """The Slack secrets `mode` needs, or a `ConfigError` naming the first missing or wrong one."""
    bot_token = _secret(settings, "slack_bot_token")
    if bot_token is None:
        raise ConfigError("SLACK_BOT_TOKEN is not set: export the app's bot token (xoxb-…).")
    if not bot_token.startswith("xoxb-"):
        raise ConfigError("SLACK_BOT_TOKEN must be a bot token starting with 'xoxb-'.")
    app_token = _secret(settings, "slack_app_token")
    signing_secret = _secret(settings, "slack_signing_secret")
    if mode == "socket":
        if app_token is None:
            raise ConfigError("SLACK_APP_TOKEN is not set: Socket Mode needs an app-level token (xapp-…).")
        if not app_token.startswith("xapp-"):
            raise ConfigError("SLACK_APP_TOKEN must be an app-level token starting with 'xapp-'.")
    elif signing_secret is None:
        raise ConfigError("SLACK_SIGNING_SECRET is not set: HTTP mode needs the app's signing secret.")
    if settings.slack_api_url:
        parsed = urllib.parse.urlsplit(settings.slack_api_url)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise ConfigError(f"SLACK_API_URL must be an http(s) URL, got {settings.slack_api_url!r}.")
    return SlackSecrets(bot_token, app_token, signing_secret)


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    # Room for a burst of simultaneous deliveries (Slack can send many events at once).
    request_queue_size = 128


class _QuietHandler(WSGIRequestHandler):
    # Buffer the response: unbuffered, wsgiref sends the status line, each header and the body in
    # separate syscalls, and under a burst every syscall is another wait for the interpreter lock.
    wbufsize = 64 * 1024

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        log.debug("%s - " + format, self.address_string(), *args)


def make_http_server(app: App, host: str = "127.0.0.1", port: int = 3000) -> ThreadingWSGIServer:
    """A threaded HTTP server for the Events API and interactivity at `/slack/events` (port 0: any)."""
    server = make_server(
        host, port, SlackRequestHandler(app, path=EVENTS_PATH),
        server_class=ThreadingWSGIServer, handler_class=_QuietHandler,
    )
    return server  # type: ignore[return-value]


def socket_mode_handler(app: App, app_token: str) -> SocketModeHandler:
    """The Socket Mode connection; it asks `apps.connections.open` (via the app's client) for the URL."""
    return SocketModeHandler(app, app_token=app_token, web_client=app.client)


__all__ = ["EVENTS_PATH", "SlackSecrets", "ThreadingWSGIServer", "check_settings", "make_http_server", "socket_mode_handler"]
