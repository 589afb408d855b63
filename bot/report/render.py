"""Render a `ReportData` as Markdown, self-contained HTML (inline CSS, base64 charts) or PDF.

The templates are Jinja2 files next to this module; PDF is the HTML printed by WeasyPrint (from PyPI;
it needs Debian's Pango libraries, which `scripts/ensure_chromium.sh` installs). When WeasyPrint
cannot load, `render_pdf` raises `PdfUnavailable` with what to install.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from bot.report.data import ReportData

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"


class PdfUnavailable(Exception):
    """No PDF renderer could be loaded on this machine."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.user_message = message


def _environment(autoescape: bool) -> Environment:
    return Environment(loader=FileSystemLoader(str(TEMPLATE_DIR)), autoescape=autoescape, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def _html_lang(lang: str) -> str:
    return {"zh-Hans": "zh-CN", "zh-Hant": "zh-TW"}.get(lang, "en")


def render_markdown(report: ReportData, chart_files: dict[str, str] | None = None) -> str:
    """The Markdown report. `chart_files` (chart key -> relative file name): the charts are written as
    files beside the document (`chart_pngs`) and linked, so every Markdown viewer shows them; without
    it they are inlined as data URIs (one self-contained file)."""
    return _environment(autoescape=False).get_template("report.md.j2").render(r=report, chart_files=chart_files)


def chart_pngs(report: ReportData, stem: str) -> dict[str, tuple[str, bytes]]:
    """The report's charts as PNG files to write beside a Markdown export: key -> (file name, bytes)."""
    import base64

    return {key: (f"{stem}-{key}.png", base64.b64decode(data)) for key, data in report.charts.items() if data}


def render_html(report: ReportData) -> str:
    return _environment(autoescape=True).get_template("report.html.j2").render(r=report, html_lang=_html_lang(report.lang))


@cache
def has_font_for(lang: str) -> bool:
    """Whether fontconfig (what WeasyPrint's Pango draws with) has a font covering `lang`'s script.

    Without a CJK font a Chinese memo prints as empty boxes whose fallback widths push tables past the
    page's margin, so such a PDF is refused with what to install rather than handed out broken. Latin
    text is covered by any font. Without `fc-list` there is nothing to ask; WeasyPrint itself then says
    what is missing.
    """
    if not lang.startswith("zh"):
        return True
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return True
    try:
        found = subprocess.run([fc_list, ":lang=zh", "family"], capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return True
    return bool(found.stdout.strip())


def render_pdf(report: ReportData) -> bytes:
    """The HTML report printed to PDF by WeasyPrint. Raises `PdfUnavailable` when it cannot load, or when
    the report's language needs a font this machine lacks."""
    if not has_font_for(report.lang):
        raise PdfUnavailable(
            "A Chinese PDF needs a CJK font, and this machine has none: install one "
            "(`apt-get install fonts-noto-cjk`), or use --format html and print it from a browser."
        )
    try:
        from weasyprint import HTML  # type: ignore[import-untyped]
    except (ImportError, OSError) as exc:  # OSError: the Pango/Cairo system libraries are missing
        raise PdfUnavailable(
            f"PDF output needs WeasyPrint and Debian's Pango libraries ({type(exc).__name__}: {exc}). "
            "Install them with `pip install 'siliconsult[pdf]'` and `apt-get install libpango-1.0-0 libpangoft2-1.0-0`, "
            "or use --format html and print it from a browser."
        ) from exc
    pdf: bytes = HTML(string=render_html(report)).write_pdf()  # WeasyPrint is untyped: its documented return
    return pdf


__all__ = ["TEMPLATE_DIR", "PdfUnavailable", "chart_pngs", "has_font_for", "render_html", "render_markdown", "render_pdf"]
