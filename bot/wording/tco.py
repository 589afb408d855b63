"""The TCO working in the reader's language: the one place `TcoFinding`s become sentences.

Called only where a cost is shown (an option of the reply, `siliconsult tco`, the library and MCP
`tco`, the report's cost model), never while the recommender sizes and ranks, so the ~100 options a
turn costs carry numbers only. The core names each line's sentence (`estimator.costing.tco_findings.said_of`);
the templates are the catalog's `tco.*` (three languages).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.wording.sentences import word
from estimator.costing.tco_findings import TcoFinding, said_of
from estimator.schemas import TcoResult


def tco_line(finding: TcoFinding, lang: str = "en") -> str:
    """One line of the working in `lang` (English when the language is unknown)."""
    return word(said_of(finding), lang)


def tco_lines(findings: Iterable[TcoFinding], lang: str = "en") -> list[str]:
    """The whole working in `lang`, one line per finding, in the order found."""
    return [tco_line(finding, lang) for finding in findings]


def worded(result: TcoResult, lang: str = "en") -> TcoResult:
    """`result` with its contract sentences (`assumptions`) worded from its findings in `lang`, and its price
    basis (a finding where the core composed it: a quote-only range) in words."""
    basis = None if result.price_basis is None else word(result.price_basis, lang)
    return result.model_copy(update={"assumptions": tco_lines(result.findings, lang), "price_basis": basis})


__all__ = ["tco_line", "tco_lines", "worded"]
