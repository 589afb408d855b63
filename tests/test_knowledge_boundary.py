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
