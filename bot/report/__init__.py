"""The thread's recommendation as a self-contained document to take to finance.

`build_report(state, catalog, thread_id)` gathers what the document shows from a thread's stored
state (every number from the estimator's results in that state, or from the estimator itself for the
charts); `render_markdown` / `render_html` / `render_pdf` turn it into one file with inline CSS and
charts embedded as base64 PNG. Nothing here reads the environment or the database.
"""

from __future__ import annotations

from bot.report.data import NoRecommendation, ReportData, build_report
from bot.report.render import PdfUnavailable, chart_pngs, render_html, render_markdown, render_pdf

__all__ = ["NoRecommendation", "PdfUnavailable", "ReportData", "build_report", "chart_pngs", "render_html",
           "render_markdown", "render_pdf"]
