"""The catalog's `cooling` column agrees with each row's own sourced form factor: a form factor that says "passive" is
a passive card, an SXM / OAM module is rack-only, and every filled value is one of the closed vocabulary."""

from __future__ import annotations

import csv
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "knowledge" / "data" / "hardware.csv"


def _rows() -> list[dict[str, str]]:
    with DATA.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_cooling_values_are_the_closed_vocabulary() -> None:
    assert {r["cooling"] for r in _rows()} <= {"", "active", "passive", "rack"}


def test_a_form_factor_saying_passive_is_a_passive_card() -> None:
    for row in _rows():
        form = row["form_factor"].lower()
        if ", passive" in form and "server edition passive" not in form:
            assert row["cooling"] == "passive", row["id"]


def test_sxm_and_oam_modules_are_rack_only() -> None:
    for row in _rows():
        form = row["form_factor"].upper()
        if ("SXM" in form or "OAM MODULE" in form) and "ALSO PCIE" not in form:
            assert row["cooling"] == "rack", row["id"]
