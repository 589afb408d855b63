"""Every finding the core can name has a sentence in every language (read from the core's source).

The core writes `said("key", ...)`; a key with no template would reach a reply as a KeyError. The keys
are read from `estimator/`'s syntax tree, so a new finding without a template fails here, not in a
conversation. A key built with an f-string (`f"scale.with_article.{tier}"`) needs templates under its prefix.
"""

from __future__ import annotations

import ast
from pathlib import Path

from bot.wording.sentences import MESSAGES
from estimator.said import CAT, JOIN, LITERAL

CORE = Path(__file__).resolve().parents[3] / "estimator"


def _named_keys() -> tuple[set[str], set[str]]:
    exact, prefixes = set(), set()
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "said" and node.args):
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                exact.add(first.value)
            elif isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
                prefixes.add(str(first.values[0].value))
    return exact, prefixes


def test_the_source_reading_sees_the_core_findings():
    exact, prefixes = _named_keys()
    assert len(exact) > 150 and "rec.describe" in exact and "scale.with_article." in prefixes


def test_every_key_the_core_names_has_templates():
    exact, prefixes = _named_keys()
    missing = sorted(k for k in exact - {CAT, JOIN, LITERAL} if k not in MESSAGES)
    assert missing == []
    assert [p for p in sorted(prefixes) if not any(key.startswith(p) for key in MESSAGES)] == []
