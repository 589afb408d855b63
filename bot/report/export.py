"""The cost model finance can audit, as CSV and as an XLSX workbook whose totals are live formulas over
the inputs (openpyxl). Inputs and their sources come from `estimator.advice.cost_model`; the formulas are the
TCO's own (see that module), so changing an input in the spreadsheet recomputes capex and the total.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from estimator.advice.cost_model import CostModel

# Input key -> (en label, row in the sheet); the formulas below refer to these rows.
_INPUT_LABELS = {
    "device_price_usd": "Device price", "devices_bought": "Devices bought", "host_servers_usd": "Host servers",
    "energy_usd_per_year": "Energy a year", "operations_share_per_year": "Operations (share of capex a year)",
    "rack_space_usd_per_year": "Rack space a year", "migration_usd": "Migration (one-time)", "years": "Years",
}
HEADER = ["item", "value", "unit", "formula", "source", "date"]


@dataclass(frozen=True)
class SheetRow:
    item: str
    value: float
    unit: str
    formula: str  # "" for an input
    source: str
    date: str


def sheet_rows(model: CostModel) -> list[SheetRow]:
    """Inputs (rows 2–9 of the sheet, in order) then the computed lines with their formulas (rows 10–13)."""
    # The model comes worded (`bot.report.data`): each source is its text.
    rows = [SheetRow(_INPUT_LABELS[i.key], i.value, i.unit, "", str(i.source), i.date) for i in model.inputs]
    cell = {i.key: f"B{n}" for n, i in enumerate(model.inputs, start=2)}
    first = len(rows) + 2
    capex, ops, running = f"B{first}", f"B{first + 1}", f"B{first + 2}"
    values = {i.key: i.value for i in model.inputs}
    capex_value = values["device_price_usd"] * values["devices_bought"] + values["host_servers_usd"]
    ops_value = capex_value * values["operations_share_per_year"]
    running_value = values["energy_usd_per_year"] + ops_value + values["rack_space_usd_per_year"]
    total_value = capex_value + values["years"] * running_value + values["migration_usd"]
    rows += [
        SheetRow("Capex", round(capex_value, 2), "USD",
                 f"={cell['device_price_usd']}*{cell['devices_bought']}+{cell['host_servers_usd']}", "", ""),
        SheetRow("Operations a year", round(ops_value, 2), "USD a year",
                 f"={capex}*{cell['operations_share_per_year']}", "", ""),
        SheetRow("Running cost a year", round(running_value, 2), "USD a year",
                 f"={cell['energy_usd_per_year']}+{ops}+{cell['rack_space_usd_per_year']}", "", ""),
        SheetRow("Total over the horizon", round(total_value, 2), "USD",
                 f"={capex}+{cell['years']}*{running}+{cell['migration_usd']}", "", ""),
    ]
    return rows


def cost_model_csv(model: CostModel) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for row in sheet_rows(model):
        writer.writerow([row.item, f"{row.value:g}", row.unit, row.formula, row.source, row.date])
    return out.getvalue()


def cost_model_xlsx(model: CostModel, sensitivity: list[list[str]] | None = None) -> bytes:
    """The workbook: sheet "Cost model" (inputs, then formulas over them) and, when given, "Sensitivity"."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has one sheet
    sheet.title = "Cost model"
    sheet.append(HEADER)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in sheet_rows(model):
        # An input holds its value; a computed line holds its formula (Excel / LibreOffice recompute it).
        sheet.append([row.item, row.formula or row.value, row.unit, row.formula, row.source, row.date])
    for column, width in zip("ABCDEF", (34, 14, 16, 34, 60, 12), strict=True):
        sheet.column_dimensions[column].width = width
    if sensitivity:
        table = book.create_sheet("Sensitivity")
        for line in sensitivity:
            table.append(line)
        for cell in table[1]:
            cell.font = Font(bold=True)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


__all__ = ["HEADER", "SheetRow", "cost_model_csv", "cost_model_xlsx", "sheet_rows"]
