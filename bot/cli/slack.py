"""`siliconsult slack`: the Slack app in Socket Mode (`--socket`) or HTTP mode (`--http --port P`).

This is the Slack composition root: settings are checked first (a missing variable fails in
milliseconds, before any model loads), then the inbox, the model worker and the app are built once
and the chosen transport runs until interrupted.
"""

from __future__ import annotations

import logging
import signal
import sys
from typing import Literal

import typer

from bot.errors import ConfigError
from bot.settings import Settings


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def announce(line: str) -> None:
    """Write one status line to stderr in a single `write`, newline included.

    The model worker process shares this stderr and logs while the app starts (it answers the
    turns recovered from the inbox right then). `print` writes the text and its newline in two
    calls, so a worker's log line could land between them and glue itself onto this one; scripts
    read the events URL from the "Slack events:" line, and a glued line gave them a wrong path
    (`/slack/events2026-…`: 404). One short write to a pipe is atomic (under PIPE_BUF), so the
    line always arrives whole.
    """
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def slack_command(
    socket: bool = typer.Option(False, "--socket", help="Socket Mode (needs SLACK_APP_TOKEN). The default."),
    http: bool = typer.Option(False, "--http", help="HTTP Events API at /slack/events (needs SLACK_SIGNING_SECRET)."),
    port: int = typer.Option(3000, "--port", min=0, max=65535, help="HTTP port."),
    host: str = typer.Option("127.0.0.1", "--host",
                             help="HTTP bind address (0.0.0.0: every interface, e.g. behind a TLS proxy)."),
    llm: str | None = typer.Option(None, "--llm", help="none | bundled | PATH.gguf | http://… (default SILICONSULT_LLM)."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Debug logging."),
) -> None:
    """Run the Slack app. Env: SLACK_BOT_TOKEN, SLACK_APP_TOKEN or SLACK_SIGNING_SECRET, SLACK_API_URL."""
    if socket and http:
        raise ConfigError("Choose one of --socket or --http.")
    mode: Literal["socket", "http"] = "http" if http else "socket"
    settings = Settings(llm=llm) if llm else Settings()
    from bot.extras import require

    for module in ("slack_bolt", "slack_sdk", "uvicorn"):
        require("slack", module)
    from bot.slack.server import check_settings

    secrets = check_settings(settings, mode)
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # slack_sdk and Bolt log whole request and message bodies at DEBUG (the users' words among them);
    # --verbose is for this app's own decisions, so theirs stay at INFO.
    for name in ("slack_sdk", "slack_bolt"):
        logging.getLogger(name).setLevel(logging.INFO)
    from bot.slack.log_redaction import install as redact_logs

    redact_logs((secrets.bot_token, secrets.app_token or "", secrets.signing_secret or ""))  # tokens never logged
    from bot.slack.runtime import build_slack_app
    from bot.wiring import freeze_heap, open_knowledge

    # Bad data files refuse the start in one line (DataError) before anything connects to Slack;
    # the worker process opens the same store again, from the cache this build leaves.
    open_knowledge(settings).close()

    # `docker stop`, Kubernetes and systemd send SIGTERM: stop like Ctrl-C (until the app is up, that is all).
    signal.signal(signal.SIGTERM, _interrupt)
    app, close = build_slack_app(settings)
    freeze_heap()  # the web process lives as long as the app: its acks skip full-collection pauses

    def cut_drain_short(signum: int, frame: object) -> None:
        close.hurry()

    try:
        if mode == "http":
            from bot.slack.server import EVENTS_PATH, make_http_server

            # The first SIGTERM/SIGINT: 503 to new deliveries (Slack retries them) while the turns in
            # flight finish, for SILICONSULT_SLACK_DRAIN_S at most; then the server stops.
            server = make_http_server(app, host, port, signing_secret=secrets.signing_secret, drain=close,
                                      max_connections_per_address=settings.slack_max_connections_per_address)
            bound_host, bound_port = server.server_address[:2]
            announce(f"Slack events: http://{bound_host}:{bound_port}{EVENTS_PATH}")
            try:
                server.serve_forever()
            finally:
                server.server_close()
        else:
            from bot.slack.server import socket_mode_handler

            assert secrets.app_token is not None  # check_settings guarantees it in socket mode
            announce("Slack Socket Mode: connecting…")
            handler = socket_mode_handler(app, secrets.app_token)
            try:
                handler.start()  # type: ignore[no-untyped-call]  # slack_bolt leaves it unannotated
            finally:
                handler.close()  # type: ignore[no-untyped-call]  # no more events while the turns in flight finish
    except KeyboardInterrupt:
        pass
    finally:
        # A further signal while the turns finish cuts the drain short (they are handed back to the
        # inbox) instead of breaking out of `close` with the model worker still running.
        signal.signal(signal.SIGTERM, cut_drain_short)
        signal.signal(signal.SIGINT, cut_drain_short)
        close()
