"""Running the Slack app: settings checks, the HTTP (Events API) server and the Socket Mode client.

`check_settings` turns missing or malformed Slack settings into one `ConfigError` line that names
the variable. `make_http_server` serves `SlackHttpFront` (bot/slack/http_front.py: size, read
timeout, signature and timestamp checked before any parsing) with uvicorn at `/slack/events`.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import urllib.parse
from dataclasses import dataclass
from types import FrameType
from typing import Any, Literal, Protocol

from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler

from bot.errors import ConfigError
from bot.settings import Settings
from bot.slack.http_front import EVENTS_PATH, MAX_BODY_BYTES, READ_TIMEOUT_S, SlackHttpFront, safe_token

log = logging.getLogger(__name__)

Mode = Literal["socket", "http"]
# Open connections at most; Slack's bursts are tens of deliveries, each on a short connection.
MAX_CONNECTIONS = 256
# One client address's share of MAX_CONNECTIONS: Slack delivers from many addresses, so a single address
# holding connections open (slow or trickled headers) leaves the rest to genuine deliveries. Behind a
# reverse proxy every connection comes from the proxy: raise it to MAX_CONNECTIONS there
# (SILICONSULT_SLACK_MAX_CONNECTIONS_PER_ADDRESS).
MAX_CONNECTIONS_PER_ADDRESS = 64
HEADER_LIMIT_BYTES = 16 * 1024
# A request's headers must be complete this long after the connection opened (or the last response).
HEADER_TIMEOUT_S = 10.0


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


def header_timeout_protocol(header_timeout_s: float, per_address_max: int = MAX_CONNECTIONS_PER_ADDRESS) -> type:
    """uvicorn's h11 protocol with a deadline for each request's headers (uvicorn has none), and at most
    `per_address_max` open connections per client address.

    The deadline is armed when a connection opens and again after each response: if no complete request
    has arrived by then, the connection is closed. Without it, connections that trickle their headers would
    hold the connection cap (and so answer 503 to everyone) for as long as they like. A connection past its
    address's share is closed at once (one log line per burst), so one address cannot fill the cap either.
    """
    from uvicorn.protocols.http.h11_impl import H11Protocol

    open_per_address: dict[str, int] = {}  # the event loop's thread only: no lock

    class HeaderTimeoutProtocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _address: str | None = None

        def _arm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = self.loop.call_later(header_timeout_s, self._overdue, self.cycle)

        def _overdue(self, cycle_when_armed: object) -> None:
            if self.cycle is cycle_when_armed and not self.transport.is_closing():  # no new request since
                log.warning("closed a connection from %s: no complete request within %.1f s",
                            safe_token((self.client or ("?",))[0]), header_timeout_s)
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
            if open_per_address.get(address, 0) >= per_address_max:
                if open_per_address.get(address, 0) == per_address_max:
                    log.warning("refused connections from %s: %d open already", safe_token(address), per_address_max)
                open_per_address[address] = per_address_max + 1  # said once until its count falls
                transport.close()
                return
            self._address = address
            open_per_address[address] = min(open_per_address.get(address, 0), per_address_max) + 1
            # h11 writes a response's head and body separately: with Nagle's algorithm on, the body waits
            # for the client's delayed ACK of the head (~40 ms on Linux), so every answer on a kept-alive
            # connection took 44 ms. Sent at once, an ack takes well under a millisecond more than its work.
            sock = transport.get_extra_info("socket")
            if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            if self._address is not None:
                left = min(open_per_address.get(self._address, 1), per_address_max) - 1
                if left > 0:
                    open_per_address[self._address] = left
                else:
                    open_per_address.pop(self._address, None)
            super().connection_lost(exc)

    return HeaderTimeoutProtocol


class Drain(Protocol):
    """The app's side of a graceful stop (`bot.slack.runtime.AppShutdown`)."""

    def wait_for_turns(self) -> object:
        """Block until the turns in flight are answered or the drain deadline passed."""
        ...

    def hurry(self) -> None:
        """The deadline is now: a waiting `wait_for_turns` returns."""
        ...


def draining_server(config: Any, front: SlackHttpFront, drain: Drain | None) -> Any:
    """A uvicorn server whose first SIGTERM or SIGINT drains before it stops listening.

    uvicorn's own handler closes the listening socket at once: a load balancer then sees refused
    connections instead of a 503 from `/readyz`, and the process may go while turns are in flight. Here
    the first signal makes the front answer 503 to everything (Slack retries a refused delivery) and waits
    for the turns in flight (bounded by the app's drain deadline) on a thread while the server keeps
    answering; the server stops when they are done. A second signal cuts the wait short.
    The signal is not re-raised afterwards (uvicorn would): the caller goes on to close the app.
    """
    import uvicorn

    class DrainingServer(uvicorn.Server):
        _draining = False

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            if self._draining or drain is None:
                if drain is not None:
                    drain.hurry()
                self.should_exit = True
                return
            self._draining = True
            log.warning("stopping (signal %d): refusing new deliveries with 503, letting the turns in flight finish",
                        sig)
            front.stop_taking_work()
            threading.Thread(target=self._drain_then_exit, name="slack-drain", daemon=True).start()

        def _drain_then_exit(self) -> None:
            try:
                assert drain is not None
                drain.wait_for_turns()
            except Exception:  # a failed drain still stops the server; the app's close hands back what is left
                log.exception("draining the turns in flight failed")
            finally:
                self.should_exit = True

    return DrainingServer(config)


class SlackHttpServer:
    """uvicorn serving `SlackHttpFront` on a socket bound here (so the port is known before serving).

    uvicorn: an asyncio server, so an idle or slow connection costs no thread; `max_connections`
    open connections at most (beyond it: 503, and Slack retries); keep-alive connections closed
    after 5 s idle; headers at most 16 KiB and complete within `header_timeout_s`; the body read
    within `read_timeout_s` (the front). In the main thread, SIGTERM or SIGINT first `drain`s
    (`draining_server`).
    """

    def __init__(self, front: SlackHttpFront, host: str, port: int, *, max_connections: int,
                 header_timeout_s: float = HEADER_TIMEOUT_S, drain: Drain | None = None,
                 max_connections_per_address: int = MAX_CONNECTIONS_PER_ADDRESS) -> None:
        import uvicorn

        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.socket(family, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind((host, port))
        self.socket.listen(2048)
        self.socket.setblocking(False)
        self.front = front
        config = uvicorn.Config(
            front, lifespan="off", access_log=False, log_config=None, loop="asyncio",
            http=header_timeout_protocol(header_timeout_s, max_connections_per_address),
            limit_concurrency=max_connections, timeout_keep_alive=5, timeout_graceful_shutdown=30,
            h11_max_incomplete_event_size=HEADER_LIMIT_BYTES, server_header=False,
        )
        self.server = draining_server(config, front, drain)
        self._stopped = threading.Event()

    @property
    def server_address(self) -> tuple[str, int]:
        host, port = self.socket.getsockname()[:2]
        return host, port

    def serve_forever(self, poll_interval: float = 0.5) -> None:  # noqa: ARG002 - socketserver's signature
        """Serve until `shutdown()` (or, in the main thread, SIGINT/SIGTERM and the drain after it)."""
        try:
            self.server.run(sockets=[self.socket])
        finally:
            self._stopped.set()

    def shutdown(self) -> None:
        self.server.should_exit = True
        self._stopped.wait(35)

    def server_close(self) -> None:
        self.front.close()
        self.socket.close()


def make_http_server(app: App, host: str = "127.0.0.1", port: int = 3000, *, signing_secret: str | None = None,
                     max_body_bytes: int = MAX_BODY_BYTES, read_timeout_s: float = READ_TIMEOUT_S,
                     max_connections: int = MAX_CONNECTIONS, header_timeout_s: float = HEADER_TIMEOUT_S,
                     drain: Drain | None = None,
                     max_connections_per_address: int = MAX_CONNECTIONS_PER_ADDRESS) -> SlackHttpServer:
    """The Events API and interactivity server at `/slack/events` on `host:port` (port 0: any free one).

    `signing_secret` defaults to the app's; every request is checked by `SlackHttpFront` first.
    On SIGTERM/SIGINT the server answers 503 while `drain` waits for the turns in flight, then stops.
    """
    secret = signing_secret or app._signing_secret  # noqa: SLF001 - Bolt keeps it only there
    if not secret:
        raise ConfigError("SLACK_SIGNING_SECRET is not set: HTTP mode needs the app's signing secret.")
    front = SlackHttpFront(app, secret, max_body_bytes=max_body_bytes, read_timeout_s=read_timeout_s)
    return SlackHttpServer(front, host, port, max_connections=max_connections, header_timeout_s=header_timeout_s,
                           drain=drain, max_connections_per_address=max_connections_per_address)


def socket_mode_handler(app: App, app_token: str) -> SocketModeHandler:
    """The Socket Mode connection; it asks `apps.connections.open` (via the app's client) for the URL."""
    return SocketModeHandler(app, app_token=app_token, web_client=app.client)


__all__ = ["EVENTS_PATH", "Drain", "HEADER_TIMEOUT_S", "MAX_BODY_BYTES", "MAX_CONNECTIONS", "SlackHttpServer", "SlackSecrets", "check_settings",
           "draining_server", "make_http_server", "socket_mode_handler"]
