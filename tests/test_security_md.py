"""SECURITY.md cannot drift: every defence it claims names a test, and every test it names exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITATION = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
TEXT = (ROOT / "SECURITY.md").read_text(encoding="utf-8")


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def defence_claims(text: str) -> list[str]:
    """Each bullet of each `*Defence:*` list, its wrapped lines joined."""
    claims: list[str] = []
    in_defence = False
    for line in text.splitlines():
        if line.startswith("*Defence:*"):
            in_defence = True
            continue
        if not in_defence:
            continue
        if line.startswith("- "):
            claims.append(line[2:])
        elif line.startswith("  ") and claims:
            claims[-1] += " " + line.strip()
        else:  # a blank line, the next heading or *Left open:* ends the list
            in_defence = False
    return claims


def test_every_cited_test_exists() -> None:
    citations = CITATION.findall(TEXT)
    assert len(citations) >= 20, "SECURITY.md should cite the tests covering each threat"
    missing = [f"{file}::{name}" for file, name in citations
               if not (ROOT / file).is_file() or name not in _test_functions(ROOT / file)]
    assert missing == []


def test_every_defence_names_the_test_that_holds_it() -> None:
    claims = defence_claims(TEXT)
    sections = TEXT.count("*Defence:*")
    assert sections >= 9 and len(claims) >= 3 * sections // 2, "defences are written as one bullet per claim"
    assert [claim[:80] for claim in claims if not CITATION.search(claim)] == []


def test_a_defence_without_a_test_is_caught() -> None:
    text = "*Defence:*\n- held (`tests/test_x.py::test_y`)\n- not held by anything\n  at all\n\n*Left open:* x"
    assert [c for c in defence_claims(text) if not CITATION.search(c)] == ["not held by anything at all"]
