"""The report's charts as base64 PNG: speed vs concurrency and TCO bars (`bot.charts`), and the
cumulative cost of buy vs rent vs API over 36 months (here).

Every plotted number comes from the recommendation (its `cloud` comparison and TCO) or from the
estimator; the cumulative lines are the comparison's own linear model: buying is its upfront cost
plus the monthly running cost, renting and the API are their monthly cost times the month.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from matplotlib import font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from bot.charts import (
    EstimateFn,
    backend_resolver,
    tco_bars,
    tco_chart_png,
    throughput_chart_png,
    throughput_curves,
)
from bot.report.labels import label
from estimator.catalog import Catalog
from estimator.costing.cloud import MONTHS
from estimator.schemas import CloudComparison, Recommendation
from estimator.workload import Workload

# Chinese labels need a CJK font; the first installed one of these is used (Debian: fonts-noto-cjk).
_CJK_FONTS = ("Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK JP", "WenQuanYi Zen Hei", "Droid Sans Fallback")


@lru_cache(maxsize=1)
def _cjk_fonts() -> tuple[str, ...]:
    """Installed CJK font names. Matplotlib's font cache predates fonts installed later (CI installs
    fonts-noto-cjk after the venv), so system font files are registered here when the cache lacks them."""
    names = {font.name for font in font_manager.fontManager.ttflist}
    if not any(name in names for name in _CJK_FONTS):
        for path in font_manager.findSystemFonts():
            if "cjk" in path.lower() or "wqy" in path.lower():
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):  # an unreadable font file: skip it
                    continue
        names = {font.name for font in font_manager.fontManager.ttflist}
    return tuple(name for name in _CJK_FONTS if name in names)


def _chart_lang(lang: str) -> tuple[str, list[str]]:
    """The language the chart's own labels can be drawn in, and the font family list for it: without a
    CJK font, Chinese labels would be empty boxes, so the chart falls back to English."""
    if lang == "en":
        return "en", ["DejaVu Sans"]
    cjk = _cjk_fonts()
    return (lang, ["DejaVu Sans", *cjk]) if cjk else ("en", ["DejaVu Sans"])


def _png(figure: Figure) -> bytes:
    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


def cumulative_series(cloud: CloudComparison) -> dict[str, list[tuple[int, float]]]:
    """(month, cumulative USD) for 0..36 months of each path that has a sourced price.

    >>> c = CloudComparison(rent_three_year_usd=3600, api_three_year_usd=None, break_even_months=None,
    ...                     cheapest="rent", buy_three_year_usd=6600, buy_upfront_usd=3000, buy_monthly_usd=100,
    ...                     rent_monthly_usd=100)
    >>> s = cumulative_series(c); s["buy"][-1], s["rent"][12], "api" in s
    ((36, 6600.0), (12, 1200.0), False)
    """
    series = {"buy": [(m, cloud.buy_upfront_usd + cloud.buy_monthly_usd * m) for m in range(MONTHS + 1)]}
    if cloud.rent_monthly_usd is not None:
        series["rent"] = [(m, cloud.rent_monthly_usd * m) for m in range(MONTHS + 1)]
    if cloud.api_monthly_usd is not None:
        series["api"] = [(m, cloud.api_monthly_usd * m) for m in range(MONTHS + 1)]
    return series


def cumulative_chart_png(cloud: CloudComparison, lang: str = "en") -> bytes:
    lang, family = _chart_lang(lang)
    figure = Figure(figsize=(7, 4.2))
    axes = figure.add_subplot()
    styles = {"buy": "tab:blue", "rent": "tab:orange", "api": "tab:green"}
    for path, points in cumulative_series(cloud).items():
        axes.plot([p[0] for p in points], [p[1] for p in points], color=styles[path], linewidth=2,
                  label=label(path, lang))
    if cloud.break_even_months is not None and 0 < cloud.break_even_months <= MONTHS:
        axes.axvline(cloud.break_even_months, color="grey", linestyle=":", linewidth=1.2,
                     label=f"{label('break_even', lang)}: {cloud.break_even_months:.0f}")
    axes.set_xlim(0, MONTHS)
    axes.set_xlabel(label("months", lang), fontfamily=family)
    axes.set_ylabel(label("usd", lang), fontfamily=family)
    axes.set_title(label("chart_cumulative", lang), fontfamily=family)
    axes.yaxis.set_major_formatter(lambda value, _pos: f"${value:,.0f}")
    axes.grid(True, alpha=0.3)
    axes.legend(prop={"family": family, "size": "small"})
    return _png(figure)


def _b64(png: bytes) -> str:
    return base64.b64encode(png).decode("ascii")


def report_charts(rec: Recommendation, workload: Workload, catalog: Catalog, estimate: EstimateFn,
                  lang: str = "en") -> dict[str, str | None]:
    """{"throughput", "tco", "cumulative"} → base64 PNG, or None where the tools have no numbers."""
    curves = throughput_curves(rec, workload, catalog, estimate, backend_of=backend_resolver(catalog))
    target = workload.tokens_per_s_target
    bars: Sequence[Any] = tco_bars(rec, 3)
    return {
        "throughput": _b64(throughput_chart_png(curves, float(target) if target else None)) if curves else None,
        "tco": _b64(tco_chart_png(bars, 3)) if bars else None,
        "cumulative": _b64(cumulative_chart_png(rec.cloud, lang)) if rec.cloud is not None else None,
    }


__all__ = ["cumulative_chart_png", "cumulative_series", "report_charts"]
