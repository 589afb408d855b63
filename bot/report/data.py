"""What a report shows, gathered from one thread's stored state (no I/O, no clock: the caller passes
the date)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.charts import EstimateFn
from bot.report.charts import report_charts
from bot.report.labels import label
from bot.report.memo import (
    AssumptionRow,
    SensitivityLine,
    assumption_rows,
    catalog_names,
    named,
    risk_memo_line,
    sensitivity_lines,
    summary_lines,
    top_risks,
)
from bot.state import StateJSON
from bot.wording import word, worded, words
from bot.wording.render_text import (
    accelerator_reply_lines,
    benchmark_line,
    calibration_rows,
    fact_phrase,
    fact_phrases,
    money,
    option_lines,
    recommendation_headline,
    slot_name,
)
from estimator.advice.cost_model import CostModel
from estimator.advice.sensitivity import SensitivityRow
from estimator.catalog import Catalog
from estimator.schemas import Option, Recommendation
from estimator.workload import Workload


class NoRecommendation(Exception):
    """The thread is unknown or has no recommendation yet: there is nothing to report."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.user_message = message


@dataclass
class ReportData:
    thread_id: str
    lang: str
    generated: str
    data_version: str
    rec: Recommendation
    understood: list[str]
    workload_rows: list[tuple[str, str]]
    headline: str
    primary_lines: list[str]
    options: list[dict[str, str]]
    cost_rows: list[dict[str, str]]
    cloud_lines: list[str]
    cloud_sources: list[str]
    tco_working: list[str]
    risks: list[str]
    measured_heading: str
    measured: list[tuple[str, str]]
    charts: dict[str, str | None] = field(default_factory=dict)
    summary: list[str] = field(default_factory=list)
    sensitivity: list[SensitivityLine] = field(default_factory=list)
    sensitivity_rows: list[SensitivityRow] = field(default_factory=list)
    assumption_table: list[AssumptionRow] = field(default_factory=list)
    version: str = ""
    assumptions: list[str] = field(default_factory=list)
    rationale: str = ""
    cost_model: CostModel | None = None
    accelerators: list[str] = field(default_factory=list)  # seed 2's verdict, when its conditions held

    def sensitivity_table(self) -> list[list[str]]:
        """The sensitivity table with its header, as the report shows it (for the XLSX export)."""
        header = [self.t(k) for k in ("case", "option", "capex", "buy_total", "rent_total", "api_total", "cheapest")]
        return [header] + [[s.case, s.option, s.capex, s.buy, s.rent, s.api, s.cheapest] for s in self.sensitivity]

    def t(self, key: str) -> str:
        return label(key, self.lang)


def _range(option: Option) -> str:
    """Speed with the same likely range the text and the charts give (one range per figure)."""
    est = option.estimate
    speed = f"{est.decode_tokens_per_s_per_user:,.1f}"
    span = est.decode_tokens_per_s_per_user_range
    if span:
        return f"{speed} ({span[0]:,.1f}–{span[1]:,.1f})"
    return speed


def _option_row(option: Option, lang: str, primary: bool) -> dict[str, str]:
    per_m = option.tco.cost_per_million_tokens_usd
    ttft = option.estimate.ttft_p95_ms or option.estimate.ttft_ms
    # The stack has its own column: the option is the device and its count.
    name = f"{option.count}× {option.hardware_name or option.hardware_id}"
    if option.owned_units:  # a top-up of owned devices ("your 6 L40S + 2 more")
        from bot.wording.sentences import msg

        name += msg("answer.owned_units", lang, owned=option.owned_units)
    return {
        "option": name + (f" ({label('primary', lang)})" if primary else ""),
        "stack": option.serving_stack, "speed": _range(option), "ttft": f"{ttft:,.0f}",
        "capacity": f"{option.estimate.max_concurrent_users:,}", "capex": money(option.capex_usd),
        "tco": money(option.tco.three_year_total_usd), "per_m": "—" if per_m is None else f"${per_m:,.2f}",
        "power": "—" if not option.power_w else f"{option.power_w:,.0f}",
        "meets": label("yes" if option.meets_slo else "no", lang),
    }


def _cost_rows(rec: Recommendation, lang: str) -> list[dict[str, str]]:
    cloud = rec.cloud
    if cloud is None:
        return []

    def cell(value: float | None) -> str:
        return label("not_sourced", lang) if value is None else money(value)

    return [
        {"path": label("buy", lang), "total": money(cloud.buy_three_year_usd), "monthly": money(cloud.buy_monthly_usd)},
        {"path": label("rent", lang), "total": cell(cloud.rent_three_year_usd), "monthly": cell(cloud.rent_monthly_usd)},
        {"path": label("api", lang), "total": cell(cloud.api_three_year_usd), "monthly": cell(cloud.api_monthly_usd)},
    ]


def build_report(state: StateJSON, catalog: Catalog, thread_id: str, *, generated: str,
                 estimate: EstimateFn | None = None) -> ReportData:
    """The report of a thread's current recommendation. Raises `NoRecommendation` when there is none."""
    if not state:
        raise NoRecommendation(f"unknown thread {thread_id!r}: no conversation is stored under that id "
                               "(start one with `siliconsult chat --thread ID`).")
    if not state.get("recommendation"):
        raise NoRecommendation(f"thread {thread_id!r} has no recommendation yet: finish the interview "
                               "(or say \"just recommend\") in `siliconsult chat --thread ID`, then run the report.")
    if estimate is None:
        from estimator.physics.throughput import estimate as default_estimate

        estimate = default_estimate
    lang = state.get("lang") or "en"
    rec = Recommendation.model_validate(state["recommendation"])
    slots = dict(state.get("slots") or {})
    filled = dict(rec.workload or slots)
    users = filled.get("concurrent_users")
    names = catalog_names(catalog, lang)
    workload_rows = [(slot_name(name, lang), fact_phrase(name, value, lang, names)) for name, value in filled.items()
                     if value not in (None, [], {})]
    options = [_option_row(rec.primary, lang, True)] if rec.primary else []
    options += [_option_row(option, lang, False) for option in rec.alternatives]
    basis, rows = calibration_rows(rec, catalog)
    from bot.version import package_version
    from bot.wording.sentences import t
    from estimator.advice.cost_model import cost_model
    from estimator.advice.sensitivity import sensitivity

    costed = Workload.model_validate(filled) if rec.workload else None
    sensitivity_rows = sensitivity(costed, rec, catalog) if costed is not None else []

    return ReportData(
        thread_id=thread_id, lang=lang, generated=generated, data_version=catalog.data_version, rec=rec,
        understood=fact_phrases(slots, lang, {hw.id: hw.name for hw in catalog.hardware}, catalog.fx_rates), workload_rows=workload_rows,
        headline=recommendation_headline(rec, lang),
        primary_lines=option_lines(rec.primary, users, lang) if rec.primary else [],
        options=options, cost_rows=_cost_rows(rec, lang),
        cloud_lines=[named(line, names) for line in words(rec.cloud.lines, lang)] if rec.cloud else [],
        cloud_sources=list(rec.cloud.sources) if rec.cloud else [],
        tco_working=words(rec.primary.tco_assumptions, lang) if rec.primary else [],
        risks=[named(risk_memo_line(risk, lang), names) for risk in top_risks(rec.risks, len(rec.risks))],
        measured_heading=t("rec.calibration." + basis, lang).rstrip(":："),
        measured=[(benchmark_line(row).removesuffix(f" ({row.source_url})"), row.source_url) for row in rows],
        charts=report_charts(rec, Workload.model_validate({**filled, **slots}), catalog, estimate, lang),
        summary=summary_lines(rec, sensitivity_rows, lang),
        sensitivity=sensitivity_lines(sensitivity_rows, rec, catalog, lang), sensitivity_rows=sensitivity_rows,
        assumption_table=assumption_rows(rec, catalog, lang), version=package_version(),
        assumptions=[named(line, names) for line in words(rec.assumptions, lang)],
        rationale=named(word(rec.rationale, lang), names),
        cost_model=_worded_model(cost_model(costed, rec, catalog) if costed is not None else None, lang),
        accelerators=[named(line, names) for line in accelerator_reply_lines(rec, lang)],
    )


def _worded_model(model: CostModel | None, lang: str) -> CostModel | None:
    return worded(model, lang) if model is not None else None


__all__ = ["NoRecommendation", "ReportData", "build_report"]
