"""Slack glue for the recommendation charts: a `ChartMaker` that turns a reply into PNG files.

The plotting and the numbers live in `bot.charts`; this module only picks the inputs from a reply
(the recommendation and the filled workload it carries, the SLO) and names the files.
"""

from __future__ import annotations

from typing import Any

from bot.charts import (
    EstimateFn,
    backend_resolver,
    chart_workload,
    tco_bars,
    tco_chart_png,
    throughput_chart_png,
    throughput_curves,
)
from bot.reply import Reply
from bot.slack.turns import ChartFile, ChartMaker
from estimator.advice.sizing import people_at_once
from estimator.catalog import Catalog
from estimator.workload import Workload


def recommendation_charts(catalog: Catalog, estimate: EstimateFn) -> ChartMaker:
    """A `ChartMaker`: per-user speed vs concurrency and the 3-year TCO bars of a recommendation."""
    backend_of = backend_resolver(catalog)

    def make(reply: Reply) -> list[ChartFile]:
        recommendation = reply.recommendation
        if recommendation is None or recommendation.primary is None:
            return []
        files = []
        workload = chart_workload(recommendation, reply.slots)  # the card's workload, defaults filled
        # People at once read between prompts, as the card was sized (`estimator.advice.sizing.people_at_once`).
        said: dict[str, Any] = {k: v for k, v in (reply.slots or {}).items() if k in Workload.model_fields}
        stated = Workload.model_construct(**said)
        people = people_at_once(stated)
        curves = throughput_curves(recommendation, workload, catalog, estimate, backend_of=backend_of, people=people)
        if curves:
            slo = workload.tokens_per_s_target
            files.append(ChartFile("throughput.png", "Tokens/s per user vs concurrent users",
                                   throughput_chart_png(curves, float(slo) if slo else None)))
        years = int(workload.amortization_years or 3)
        bars = tco_bars(recommendation, years)
        if bars:
            files.append(ChartFile("tco.png", f"{years}-year TCO", tco_chart_png(bars, years)))
        return files

    return make


__all__ = ["recommendation_charts"]
