"""`siliconsult report --thread ID --format md|html|pdf --out FILE`: a thread's recommendation as a
self-contained document. A thin adapter: reads the thread's stored state, builds the
report (`bot.report`) and writes one file. Exit 2 with a clear message for an unknown thread, a
thread without a recommendation, or a PDF renderer that cannot load.
"""

from __future__ import annotations

import datetime as dt
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bot.settings import Settings
from estimator.catalog import Catalog

if TYPE_CHECKING:  # the report package loads matplotlib (~0.7 s): only `siliconsult report` needs it
    from bot.report.data import ReportData
    from bot.state import StateJSON  # the conversation state loads the whole reader (bot.nlu): only `report` reads it


class ReportFormat(StrEnum):
    md = "md"
    html = "html"
    pdf = "pdf"
    csv = "csv"  # the cost model: inputs with sources, and the formulas over them
    xlsx = "xlsx"  # the same as a workbook with live formulas, and the sensitivity table
    k8s = "k8s"  # a Kubernetes Deployment + Service running the pilot command (YAML)


def _fail(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    raise typer.Exit(2)


def report_command(
    thread: Annotated[str, typer.Option("--thread", help="Conversation id (as given to `siliconsult chat --thread`).")],
    out: Annotated[Path, typer.Option("--out", help="File to write.")],
    fmt: Annotated[ReportFormat, typer.Option("--format", help="md | html | pdf | csv | xlsx (csv, xlsx: the cost model) | k8s (a Kubernetes manifest)")] = ReportFormat.html,
) -> None:
    """Write a thread's recommendation as a report (Markdown with its charts beside it, HTML or PDF), its
    cost model (CSV, or XLSX with live formulas and the sensitivity table), or a Kubernetes manifest
    (Deployment + Service running the pilot command)."""
    from bot.report import (
        NoRecommendation,
        PdfUnavailable,
        build_report,
        chart_pngs,
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
        extra_files: dict[str, bytes] = {}
        try:
            if fmt is ReportFormat.pdf:
                body: bytes = render_pdf(report)
            elif fmt is ReportFormat.k8s:
                body = _k8s_manifest(state, catalog)
            elif fmt in (ReportFormat.csv, ReportFormat.xlsx):
                body = _cost_model(report, fmt)
            elif fmt is ReportFormat.md:
                charts = chart_pngs(report, out.stem)  # written beside the document, linked by name
                extra_files = dict(charts.values())
                body = render_markdown(report, {key: name for key, (name, _) in charts.items()}).encode("utf-8")
            else:
                body = render_html(report).encode("utf-8")
        except PdfUnavailable as exc:
            _fail(exc.user_message)
    finally:
        store.close()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(body)
        for name, data in extra_files.items():
            (out.parent / name).write_bytes(data)
    except OSError as exc:
        _fail(f"cannot write {out}: {exc.strerror or exc}")
    beside = f" with its charts beside it ({len(extra_files)} PNG files)" if extra_files else ""
    print(f"wrote {out} ({fmt.value}, {len(body):,} bytes){beside}", file=sys.stderr)


def _k8s_manifest(state: StateJSON, catalog: Catalog) -> bytes:
    from bot.wording.k8s import manifest_text, manifest_yaml
    from estimator.advice.k8s_manifest import K8sServing, k8s_serving
    from estimator.schemas import Recommendation

    serving = k8s_serving(Recommendation.model_validate(state["recommendation"]), catalog)
    if not isinstance(serving, K8sServing):
        _fail(manifest_text(serving, "en"))
    assert isinstance(serving, K8sServing)
    return manifest_yaml(serving).encode("utf-8")


def _cost_model(report: ReportData, fmt: ReportFormat) -> bytes:
    from bot.report.export import cost_model_csv, cost_model_xlsx

    if report.cost_model is None:
        _fail("this recommendation has no costed option on a catalog device, so there is no cost model to export.")
    assert report.cost_model is not None
    if fmt is ReportFormat.csv:
        return cost_model_csv(report.cost_model).encode("utf-8")
    return cost_model_xlsx(report.cost_model, report.sensitivity_table())


__all__ = ["ReportFormat", "report_command"]
