"""The Slack "Report" button: a file maker that answers a report turn with the decision memo as a PDF.

The button is an ordinary follow-up (`followup_report`, value "Report" / "生成报告"): the engine answers it
with a short `report` reply, and `with_report` wraps the chart maker so that this reply's file is the
decision memo of the thread's current recommendation, printed by the same renderer as
`siliconsult report --format pdf` (`bot.report.render_pdf`). Everything else is delegated to the charts.

When the PDF cannot be made (WeasyPrint, the `[pdf]` extra, or its Pango libraries missing) the maker
raises `ReportUnavailable`; the turn runner says so in the thread in one short message.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.charts import EstimateFn
from bot.reply import Reply
from bot.report import NoRecommendation, PdfUnavailable, ReportData, build_report, render_pdf
from bot.slack.turns import ChartFile, ChartMaker, ReportUnavailable
from bot.state import StateJSON
from estimator.catalog import Catalog

REPORT_FILENAME = "siliconsult-decision-memo.pdf"
PdfRenderer = Callable[[ReportData], bytes]


def report_file(reply: Reply, catalog: Catalog, estimate: EstimateFn, *, generated: str = "",
                render: PdfRenderer = render_pdf) -> ChartFile | None:
    """The reply's recommendation as the decision memo PDF, or None when there is no recommendation.

    Raises `ReportUnavailable` when no PDF renderer loads here.
    """
    if reply.recommendation is None:
        return None
    state: StateJSON = {"recommendation": reply.recommendation.model_dump(mode="json"), "slots": reply.slots,
                        "lang": reply.lang}
    try:
        report = build_report(state, catalog, "slack", generated=generated, estimate=estimate)
    except NoRecommendation:
        return None
    try:
        pdf = render(report)
    except PdfUnavailable as error:
        raise ReportUnavailable(error.user_message) from error
    return ChartFile(REPORT_FILENAME, "Siliconsult decision memo", pdf)


def with_report(charts: ChartMaker, catalog: Catalog, estimate: EstimateFn, *,
                render: PdfRenderer = render_pdf) -> ChartMaker:
    """`charts` for every reply, except a report turn's, which gets the decision memo PDF."""

    def make(reply: Reply) -> list[ChartFile]:
        if reply.intent != "report":
            return charts(reply)
        import datetime as dt  # the date printed on the report: the edge, not the pure report builder

        found = report_file(reply, catalog, estimate, generated=dt.datetime.now(dt.UTC).date().isoformat(),
                            render=render)
        return [found] if found else []

    return make


__all__ = ["REPORT_FILENAME", "PdfRenderer", "report_file", "with_report"]
