"""The decision memo: one recommendation and one verdict on page 1 whose figures equal the tables' and
the JSON's, a sensitivity table computed by the estimator's own TCO, sourced cost-model inputs whose
formulas give back the recommendation's totals, no internal identifiers, and PDF tables inside the page."""

from __future__ import annotations

import csv
import io
import re
import warnings

import pytest

from bot.api import recommend
from bot.report import build_report, render_html, render_markdown
from bot.report.export import cost_model_csv, cost_model_xlsx, sheet_rows
from bot.settings import Settings
from bot.wiring import load_catalog
from estimator.advice.sensitivity import sensitivity
from estimator.workload import Workload
from tests.support.pdf import weasyprint_or_none

# Terse leads' asks: a fine-tune for a department (API cheaper, bought for the fine-tune), a 70B model at
# scale (buying cheapest), a small public-model team (API cheaper without a fine-tune), in Chinese too.
CASES = [
    ({"model_params_b": 7, "quantization": "Q4_K_M", "concurrent_users": 200, "prompt_tokens": 1000,
      "output_tokens": 300, "ttft_target_ms": 1000, "fine_tuned": True}, "en"),
    ({"model_params_b": 70, "concurrent_users": 300, "hours_per_day": 24}, "en"),
    ({"model_params_b": 8, "concurrent_users": 10, "hours_per_day": 8, "days_per_week": 5}, "zh-Hans"),
]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(Settings())


@pytest.fixture(scope="module", params=range(len(CASES)), ids=lambda i: f"case{i}")
def memo(request, catalog):
    workload, lang = CASES[request.param]
    rec = recommend(workload, lang=lang, catalog=catalog)
    state = {"recommendation": rec.model_dump(mode="json"), "lang": lang, "slots": workload}
    return rec, build_report(state, catalog, "t", generated="2026-12-05")


def _money(value: float) -> str:
    return f"${value:,.0f}"


def test_summary_figures_equal_the_tables_and_the_json(memo):
    rec, report = memo
    data = rec.model_dump(mode="json")
    primary = data["primary"]
    summary = " ".join(report.summary)
    assert _money(primary["capex_usd"]) in summary and _money(primary["tco"]["three_year_total_usd"]) in summary
    low, high = primary["estimate"]["decode_tokens_per_s_per_user_range"]
    speed = f"{primary['estimate']['decode_tokens_per_s_per_user']:,.1f}"
    assert f"{speed}" in summary and f"{low:,.1f}–{high:,.1f}" in summary
    # The options table gives the same single range for the primary.
    assert report.options[0]["speed"] == f"{speed} ({low:,.1f}–{high:,.1f})"
    assert report.options[0]["capex"] == _money(primary["capex_usd"])
    assert report.sensitivity_rows[0].buy_total_usd == pytest.approx(primary["tco"]["three_year_total_usd"])


def test_verdict_is_consistent_with_the_recommendation_to_buy(memo):
    rec, report = memo
    cloud = rec.cloud
    summary = " ".join(report.summary)
    if cloud.cheapest == "buy":
        return
    alternative = cloud.api_three_year_usd if cloud.cheapest == "api" else cloud.rent_three_year_usd
    # Says the cheaper path and by how much, then why buying still stands or to choose the cheaper path.
    assert _money(alternative) in summary and _money(cloud.buy_three_year_usd - alternative) in summary
    if (rec.workload or {}).get("fine_tuned") and cloud.cheapest == "api":
        assert "fine-tune" in summary


def test_sensitivity_recomputes_with_the_estimators_tco(memo, catalog):
    rec, report = memo
    rows = {row.case: row for row in report.sensitivity_rows}
    base = rows["base"]
    # Hardware ±20 %: capex moves by 20 % of the devices and hosts (the whole capex of a new purchase),
    # and the 3-year total by that plus 3 years of the 5 % operations share on it.
    if not rec.primary.existing and not rec.primary.owned_units:
        assert rows["hardware_plus_20"].capex_usd == pytest.approx(base.capex_usd * 1.2, rel=1e-3)
        assert rows["hardware_plus_20"].buy_total_usd - base.buy_total_usd == pytest.approx(
            base.capex_usd * 0.2 * (1 + 3 * 0.05), rel=1e-2)
    # Energy scales with the price of a kWh: doubling it adds exactly one more year-energy per year.
    energy = base.buy_total_usd - rows["electricity_half"].buy_total_usd
    assert rows["electricity_double"].buy_total_usd - base.buy_total_usd == pytest.approx(2 * energy, rel=1e-2)
    # API price × 2 doubles the API total and leaves buying alone.
    if base.api_total_usd is not None:
        assert rows["api_double"].api_total_usd == pytest.approx(2 * base.api_total_usd, rel=1e-3)
        assert rows["api_double"].buy_total_usd == base.buy_total_usd
    # Twice the users never needs less hardware money than half the users.
    if "users_half" in rows and "users_double" in rows:
        assert rows["users_double"].capex_usd >= rows["users_half"].capex_usd
    assert sensitivity(Workload.model_validate(rec.workload), rec, catalog)[0] == base


def test_cost_model_formulas_give_back_the_recommendations_totals(memo):
    rec, report = memo
    model = report.cost_model
    assert model is not None
    rows = sheet_rows(model)
    values = {f"B{n}": row.value for n, row in enumerate(rows, start=2)}
    total = rows[-1]
    # Evaluate the formula text over the input cells: what a spreadsheet computes.
    computed = {}
    for n, row in enumerate(rows, start=2):
        if row.formula:
            expression = re.sub(r"B(\d+)", lambda m: repr(computed.get(f"B{m.group(1)}", values[f"B{m.group(1)}"])),
                                row.formula[1:])
            computed[f"B{n}"] = eval(expression)  # noqa: S307 - arithmetic over numbers only
    assert computed[f"B{len(rows) + 1}"] == pytest.approx(rec.primary.tco.three_year_total_usd, abs=1.0)
    assert total.formula.startswith("=")
    parsed = list(csv.reader(io.StringIO(cost_model_csv(model))))
    assert parsed[0][:4] == ["item", "value", "unit", "formula"] and len(parsed) == len(rows) + 1
    assert all(row[4] for row in parsed[1:9] if row[0] in ("Device price", "Energy a year"))  # sourced inputs


def test_xlsx_holds_live_formulas_and_the_sensitivity_sheet(memo):
    from openpyxl import load_workbook

    _, report = memo
    book = load_workbook(io.BytesIO(cost_model_xlsx(report.cost_model, report.sensitivity_table())))
    sheet = book["Cost model"]
    formulas = [cell.value for cell in sheet["B"] if isinstance(cell.value, str) and cell.value.startswith("=")]
    assert len(formulas) == 4
    assert book["Sensitivity"].max_row == len(report.sensitivity) + 1


def test_no_internal_identifiers_in_the_memo(memo, catalog):
    rec, report = memo
    text = render_markdown(report)
    assert "fine_tuned" not in text and "=True" not in text
    assert not re.search(r"\b(tail_latency|capacity_headroom|quantization_calibration|dynamic_shapes)\b", text)
    ids = {hw.id for hw in catalog.hardware if "-" in hw.id}
    leaked = [i for i in ids if re.search(rf"(?<![\w/.-]){re.escape(i)}(?![\w-])", text.split("## ")[0] + " ".join(
        report.assumptions + report.risks + report.cloud_lines))]
    assert not leaked, leaked
    assert "1 models" not in text


def test_markdown_links_chart_files_when_asked(memo):
    _, report = memo
    text = render_markdown(report, {"throughput": "memo-throughput.png"})
    assert "](memo-throughput.png)" in text


def test_pdf_pages_keep_every_table_inside_the_page_and_its_cells(memo):
    weasyprint = weasyprint_or_none()
    if weasyprint is None:
        pytest.skip("WeasyPrint cannot load here")
    _, report = memo
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        document = weasyprint.HTML(string=render_html(report)).render()
    assert len(document.pages) >= 2
    for number, page in enumerate(document.pages, start=1):
        box = page._page_box
        right = box.margin_width() - box.margin_right  # the content area's right edge, in CSS px
        content = [c for c in box.children if type(c).__name__ != "MarginBox"]  # the footer lives in the margin
        for child in (d for root in content for d in root.descendants()):
            if not hasattr(child, "position_x") or child.width is None:
                continue
            edge = child.position_x + child.margin_width()
            assert edge <= right + 1, f"page {number}: {type(child).__name__} ends at {edge:.0f} > {right:.0f}"
            if type(child).__name__ == "TableCellBox":
                cell_right = child.position_x + child.margin_width()
                for inner in child.descendants():
                    if type(inner).__name__ == "LineBox" and inner.width is not None:
                        assert inner.position_x + inner.width <= cell_right + 1, f"page {number}: text past its cell"
