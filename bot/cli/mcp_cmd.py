"""`siliconsult mcp`: serve the estimator as MCP tools (stdio, or streamable HTTP on loopback)."""

from __future__ import annotations

from typing import Annotated

import typer


def mcp_command(
    http: Annotated[bool, typer.Option("--http", help="Streamable HTTP at http://HOST:PORT/mcp instead of stdio.")] = False,
    host: Annotated[str, typer.Option("--host", help="HTTP bind address: loopback only (no authentication).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="HTTP port.")] = 8765,
) -> None:
    """Serve recommend, estimate, tco, compare, explain and catalog look-ups as MCP tools (needs siliconsult[mcp])."""
    from bot.extras import require
    from bot.mcp_server import check_loopback

    require("mcp", "mcp")
    if http:
        check_loopback(host)  # before the catalog loads: a bad flag fails at once
    from bot.mcp_server import serve
    from bot.settings import Settings
    from bot.wiring import load_catalog

    serve(load_catalog(Settings()), http=http, host=host, port=port)


__all__ = ["mcp_command"]
