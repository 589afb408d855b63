"""The Slack "Report" button: a file maker that answers a report turn with the report itself.

The button is an ordinary follow-up (`followup_report`, value "Report"): the engine answers it with a
short `report` reply, and `with_report` wraps the chart maker so that this reply's file is the
self-contained HTML report (`bot.report`) instead of the charts. Everything else is delegated.
"""

from __future__ import annotations

from bot.charts import EstimateFn
from bot.reply import Reply
from bot.report import NoRecommendation, build_report, render_html
from bot.slack.turns import ChartFile, ChartMaker
from bot.state import StateJSON
from estimator.catalog import Catalog

REPORT_FILENAME = "siliconsult-report.html"


def report_file(reply: Reply, catalog: Catalog, estimate: EstimateFn, *, generated: str = "") -> ChartFile | None:
    """The reply's recommendation as an HTML report file, or None when there is no recommendation."""
    if reply.recommendation is None:
        return None
    state: StateJSON = {"recommendation": reply.recommendation.model_dump(mode="json"), "slots": reply.slots,
                        "lang": reply.lang}
    try:
        report = build_report(state, catalog, "slack", generated=generated, estimate=estimate)
    except NoRecommendation:
        return None
    return ChartFile(REPORT_FILENAME, "Siliconsult report", render_html(report).encode("utf-8"))


def with_report(charts: ChartMaker, catalog: Catalog, estimate: EstimateFn) -> ChartMaker:
    """`charts` for every reply, except a report turn's, which gets the report file."""

    def make(reply: Reply) -> list[ChartFile]:
        if reply.intent != "report":
            return charts(reply)
        import datetime as dt  # the date printed on the report: the edge, not the pure report builder

        found = report_file(reply, catalog, estimate, generated=dt.datetime.now(dt.UTC).date().isoformat())
        return [found] if found else []

    return make


__all__ = ["REPORT_FILENAME", "report_file", "with_report"]
