"""One door to the database: nothing outside knowledge/ imports duckdb."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
IMPORTS_DUCKDB = re.compile(r"^\s*(import\s+duckdb\b|from\s+duckdb\b)", re.MULTILINE)
SKIPPED_DIRS = {".venv", ".git", "build", "dist", "__pycache__", "node_modules"}


def _python_files() -> list[Path]:
    return [
        path for path in REPO.rglob("*.py")
        if not SKIPPED_DIRS.intersection(path.relative_to(REPO).parts)
    ]


def test_only_knowledge_imports_duckdb():
    files = _python_files()
    assert any(path.parts[-2] == "knowledge" for path in files)  # the scan does see the package
    offenders = [
        str(path.relative_to(REPO))
        for path in files
        if path.relative_to(REPO).parts[0] != "knowledge" and IMPORTS_DUCKDB.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_pattern_catches_both_import_forms():
    assert IMPORTS_DUCKDB.search("import duckdb\n")
    assert IMPORTS_DUCKDB.search("    from duckdb import connect\n")
    assert not IMPORTS_DUCKDB.search("# knowledge/ is the only package that imports duckdb\n")


# A module that reads a data file itself: a CSV reader, or a path built to knowledge/data (writing a CSV export is
# no reading).
READS_DATA = re.compile(r"\bcsv\.(?:DictReader|reader)\b|[\"']knowledge[\"']\s*/\s*[\"']data[\"']")


def test_the_core_and_the_conversation_read_no_data_file_themselves():
    # The estimator is handed catalog values and the bot asks the store: every table (the exchange rates and the
    # request shapes too) comes through knowledge/'s validated loader and store, never a second reader of a CSV.
    offenders = [
        str(path.relative_to(REPO)) for path in _python_files()
        if path.relative_to(REPO).parts[0] in ("estimator", "bot") and READS_DATA.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_data_pattern_catches_a_csv_reader_and_a_path_to_the_data():
    assert READS_DATA.search("rows = list(csv.DictReader(handle))\n")
    assert not READS_DATA.search("writer = csv.writer(out)\n")
    assert READS_DATA.search('RATES = Path(__file__).parents[2] / "knowledge" / "data" / "fx_rates.csv"\n')
    assert not READS_DATA.search("# the store reads `knowledge/data/fx_rates.csv`\n")
