"""`siliconsult report --thread ID --format md|html|pdf --out FILE`: a thread's recommendation as a
self-contained document (issue 16). A thin adapter: reads the thread's stored state, builds the
report (`bot.report`) and writes one file. Exit 2 with a clear message for an unknown thread, a
thread without a recommendation, or a PDF renderer that cannot load.
"""

from __future__ import annotations

import datetime as dt
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from bot.settings import Settings


class ReportFormat(StrEnum):
    md = "md"
    html = "html"
    pdf = "pdf"


def _fail(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    raise typer.Exit(2)


def report_command(
    thread: Annotated[str, typer.Option("--thread", help="Conversation id (as given to `siliconsult chat --thread`).")],
    out: Annotated[Path, typer.Option("--out", help="File to write.")],
    fmt: Annotated[ReportFormat, typer.Option("--format", help="md | html | pdf")] = ReportFormat.html,
) -> None:
    """Write a thread's recommendation as a self-contained report (Markdown, HTML or PDF)."""
    from bot.report import (
        NoRecommendation,
        PdfUnavailable,
        build_report,
        render_html,
        render_markdown,
        render_pdf,
    )
    from bot.wiring import build_engine, open_knowledge

    settings = Settings(llm="none")
    store = open_knowledge(settings)
    try:
        catalog = store.catalog()
        with build_engine(settings, llm=None, catalog=catalog, store=store) as engine:
            state = engine.state(thread)
        try:
            report = build_report(state, catalog, thread, generated=dt.datetime.now(dt.UTC).date().isoformat())
        except NoRecommendation as exc:
            _fail(exc.user_message)
        try:
            if fmt is ReportFormat.pdf:
                body: bytes = render_pdf(report)
            else:
                body = (render_markdown(report) if fmt is ReportFormat.md else render_html(report)).encode("utf-8")
        except PdfUnavailable as exc:
            _fail(exc.user_message)
    finally:
        store.close()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(body)
    except OSError as exc:
        _fail(f"cannot write {out}: {exc.strerror or exc}")
    print(f"wrote {out} ({fmt.value}, {len(body):,} bytes)", file=sys.stderr)


__all__ = ["ReportFormat", "report_command"]
