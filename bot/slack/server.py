"""Running the Slack app: settings checks, the HTTP (Events API) server and the Socket Mode client.

`check_settings` turns missing or malformed Slack settings into one `ConfigError` line that names
the variable. `make_http_server` serves Bolt's WSGI adapter at `/slack/events` on a threaded stdlib
server (one thread per request, so a slow client cannot hold up other acks). A POST body is refused
from its `Content-Length` before a byte of it is read (`MAX_BODY_BYTES`): Bolt reads the whole body
to check the signature, so without the limit anyone who can reach the port could make it buffer
gigabytes.
"""

from __future__ import annotations

import logging
import urllib.parse
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from socketserver import ThreadingMixIn
from typing import Any, Literal
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.adapter.wsgi import SlackRequestHandler

from bot.settings import Settings
from estimator.errors import ConfigError

log = logging.getLogger(__name__)

Mode = Literal["socket", "http"]
EVENTS_PATH = "/slack/events"
# Slack's event and interactivity payloads are a few KiB (a message is at most 40,000 characters);
# 1 MiB leaves room for any of them and bounds what one request can make the server buffer.
MAX_BODY_BYTES = 1024 * 1024

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


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


def _body_size_problem(environ: dict[str, Any], max_bytes: int) -> tuple[str, str] | None:
    """(HTTP status, reason) when a POST's declared body size is missing, malformed or over `max_bytes`."""
    if environ.get("REQUEST_METHOD") != "POST":
        return None
    declared = (environ.get("CONTENT_LENGTH") or "").strip()
    if not declared:  # also chunked uploads: wsgiref cannot bound those, so they are refused too
        return "411 Length Required", "no Content-Length"
    if not declared.isdigit():  # digits only: no sign, no spaces, no "1e9"
        return "400 Bad Request", f"invalid Content-Length {declared[:40]!r}"
    if int(declared) > max_bytes:
        return "413 Content Too Large", f"a {int(declared):,}-byte body, over the {max_bytes:,}-byte limit"
    return None


def limit_body_size(app: WsgiApp, max_bytes: int = MAX_BODY_BYTES) -> WsgiApp:
    """Wrap a WSGI app so that POSTs without a valid `Content-Length` ≤ `max_bytes` never reach it.

    The refusal is decided from the headers alone, so the body is never read (the connection closes
    after the short error response) and neither Bolt nor the engine sees the request.
    """

    def limited(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        problem = _body_size_problem(environ, max_bytes)
        if problem is None:
            return app(environ, start_response)
        status, reason = problem
        log.warning("refused %s %s from %s: %s (%s)", environ.get("REQUEST_METHOD"), environ.get("PATH_INFO"),
                    environ.get("REMOTE_ADDR", "?"), reason, status.split(" ", 1)[0])
        body = f"{status[4:]}\n".encode()
        # No "Connection: close" header (hop-by-hop, WSGI forbids it): wsgiref closes after every response.
        start_response(status, [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))])
        return [body]

    return limited


def make_http_server(app: App, host: str = "127.0.0.1", port: int = 3000, *,
                     max_body_bytes: int = MAX_BODY_BYTES) -> ThreadingWSGIServer:
    """A threaded HTTP server for the Events API and interactivity at `/slack/events` (port 0: any).

    POST bodies over `max_body_bytes` are refused with 413 before they are read (see `limit_body_size`).
    """
    server = make_server(
        host, port, limit_body_size(SlackRequestHandler(app, path=EVENTS_PATH), max_body_bytes),
        server_class=ThreadingWSGIServer, handler_class=_QuietHandler,
    )
    return server  # type: ignore[return-value]


def socket_mode_handler(app: App, app_token: str) -> SocketModeHandler:
    """The Socket Mode connection; it asks `apps.connections.open` (via the app's client) for the URL."""
    return SocketModeHandler(app, app_token=app_token, web_client=app.client)


__all__ = ["EVENTS_PATH", "MAX_BODY_BYTES", "SlackSecrets", "ThreadingWSGIServer", "check_settings", "limit_body_size",
           "make_http_server", "socket_mode_handler"]
