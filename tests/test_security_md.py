"""SECURITY.md cannot drift: every `file::test` it cites as covering a threat exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITATION = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_every_cited_test_exists() -> None:
    citations = CITATION.findall((ROOT / "SECURITY.md").read_text(encoding="utf-8"))
    assert len(citations) >= 20, "SECURITY.md should cite the tests covering each threat"
    missing = [f"{file}::{name}" for file, name in citations
               if not (ROOT / file).is_file() or name not in _test_functions(ROOT / file)]
    assert missing == []
