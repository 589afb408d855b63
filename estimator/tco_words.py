"""The TCO working in the user's language: the one place `TcoFinding`s become sentences.

Called only where a cost is shown (an option of the reply, `siliconsult tco`, the library and MCP
`tco`, the report's cost model), never while the recommender sizes and ranks, so the ~100 options a
turn costs carry numbers only. The templates are `messages_tco.py`'s (`tco.*`, three languages).
"""

from __future__ import annotations

from collections.abc import Iterable

from estimator.messages import msg, reason_text
from estimator.schemas import TcoResult
from estimator.tco_findings import TcoFinding


def tco_line(finding: TcoFinding, lang: str = "en") -> str:
    """One line of the working in `lang` (English when the language is unknown)."""
    values = finding.values
    if finding.id == "power_note":
        note = values["note"]  # a `Reason`: str() would drop the key that words it in another language
        return reason_text(note if isinstance(note, str) else "", lang)
    if finding.id == "devices":
        date = values["date"]
        return msg("tco.devices", lang, hardware=values["hardware"], unit=values["unit"], count=values["count"],
                   total=values["total"], basis=values["basis"],
                   date=msg("tco.date", lang, date=date) if date else "",
                   estimate=msg("tco.estimate", lang) if values["estimate"] else "")
    if finding.id == "power":
        line = msg("tco.power", lang, count=values["count"], tdp=values["tdp"], utilization=values["utilization"])
        if values["already_running"]:
            return line + msg("tco.power_owned", lang)
        if values["hosts"]:
            return line + msg("tco.power_hosts", lang, hosts=values["hosts"], each=values["each"])
        return line
    if finding.id == "energy":
        cooling = msg("tco.office", lang) if values["office"] else msg("tco.rack", lang, pue=values["pue"])
        return msg("tco.energy", lang, hours=values["hours"], price=values["price"], cooling=cooling,
                   annual=values["annual"], days=values["days"])
    # The rest are one template each, named after the finding, with the finding's values as placeholders.
    return msg(f"tco.{finding.id}", lang, **values)


def tco_lines(findings: Iterable[TcoFinding], lang: str = "en") -> list[str]:
    """The whole working in `lang`, one line per finding, in the order found."""
    return [tco_line(finding, lang) for finding in findings]


def worded(result: TcoResult, lang: str = "en") -> TcoResult:
    """`result` with its contract sentences (`assumptions`) worded from its findings in `lang`."""
    return result.model_copy(update={"assumptions": tco_lines(result.findings, lang)})


__all__ = ["tco_line", "tco_lines", "worded"]
