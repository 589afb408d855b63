"""Render a suite result: the `--json` document, the markdown report and the terminal summary table.

Pure renderers over `SuiteResult`; printing and file writing stay in the CLI.
"""

from __future__ import annotations

import statistics
from typing import Any

from rich.table import Table

from evals.runner import ScenarioResult, SuiteResult

STATUS_LABEL = {"passed": "pass", "failed": "FAIL", "xfailed": "xfail (known)", "xpassed": "XPASS (fix found)"}


def _percentile(values: list[float], fraction: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def latency_summary(result: SuiteResult) -> dict[str, float | None]:
    latencies = [ms for s in result.scenarios for ms in s.turn_latency_ms]
    return {
        "turns": len(latencies),
        "p50_ms": _percentile(latencies, 0.5),
        "p95_ms": _percentile(latencies, 0.95),
        "max_ms": max(latencies, default=None),
        "mean_ms": round(statistics.fmean(latencies), 1) if latencies else None,
    }


def _scenario_json(scenario: ScenarioResult) -> dict[str, Any]:
    # The contract's four keys first; the rest are extras.
    return {
        "id": scenario.id,
        "passed": scenario.passed,
        "failures": scenario.failures,
        "turn_latency_ms": scenario.turn_latency_ms,
        "status": scenario.status,
        "lang": scenario.lang,
        "xfail": scenario.xfail,
        "slots_expected": scenario.slots_expected,
        "slots_matched": scenario.slots_matched,
        "sent_just_recommend": scenario.sent_just_recommend,
        "transcript": [turn.model_dump() for turn in scenario.transcript],
    }


def suite_json(result: SuiteResult) -> dict[str, Any]:
    """The `siliconsult eval --json` document: {"passed", "failed", "scenarios": [...]} plus extras."""
    accuracy = result.slot_accuracy
    return {
        "passed": result.passed,
        "failed": result.failed,
        "scenarios": [_scenario_json(s) for s in result.scenarios],
        "xfailed": result.count("xfailed"),
        "slot_accuracy": None if accuracy is None else round(accuracy, 4),
        "llm": result.llm,
        "duration_s": result.duration_s,
        "latency": latency_summary(result),
        "llm_stats": result.llm_stats,
    }


def _fmt_ms(value: float | None) -> str:
    return "–" if value is None else f"{value:,.0f} ms"


def _slots_cell(scenario: ScenarioResult) -> str:
    return "–" if scenario.slots_expected == 0 else f"{scenario.slots_matched}/{scenario.slots_expected}"


def summary_table(result: SuiteResult) -> Table:
    """The terminal summary: one row per scenario (the failures follow as `failure_lines`)."""
    table = Table(title=f"Eval suite — llm: {result.llm}", show_lines=False)
    for column in ("scenario", "lang", "result", "slots", "turns", "slowest turn"):
        table.add_column(column)
    for scenario in result.scenarios:
        style = "green" if scenario.status == "passed" else ("yellow" if scenario.passed else "red")
        table.add_row(
            scenario.id,
            scenario.lang,
            f"[{style}]{STATUS_LABEL[scenario.status]}[/{style}]",
            _slots_cell(scenario),
            str(len(scenario.turn_latency_ms)),
            _fmt_ms(max(scenario.turn_latency_ms, default=None)),
        )
    table.caption = _headline(result)
    return table


def failure_lines(result: SuiteResult) -> list[str]:
    """Plain lines under the table: each failing scenario and its "expected … got …" failures."""
    lines: list[str] = []
    for scenario in result.scenarios:
        if scenario.passed:
            continue
        lines.append(f"FAIL {scenario.id}")
        lines += [f"  - {failure}" for failure in scenario.failures]
    return lines


def _headline(result: SuiteResult) -> str:
    accuracy = result.slot_accuracy
    parts = [
        f"{result.passed} passed",
        f"{result.failed} failed",
        f"{result.count('xfailed')} known failures (xfail)",
        "slot accuracy " + ("–" if accuracy is None else f"{accuracy:.1%}"),
        f"{result.duration_s:.1f} s",
    ]
    return ", ".join(parts)


def markdown_report(result: SuiteResult) -> str:
    """A markdown report: headline, latency, model counters, a table, then each failure with its transcript."""
    latency = latency_summary(result)
    lines = [
        f"# Eval report — llm: `{result.llm}`",
        "",
        f"**{_headline(result)}**",
        "",
        f"Turn latency: p50 {_fmt_ms(latency['p50_ms'])}, p95 {_fmt_ms(latency['p95_ms'])}, "
        f"max {_fmt_ms(latency['max_ms'])} over {latency['turns']} turns.",
        "",
    ]
    if result.llm_stats:
        lines += ["## Model counters", "", "| counter | value |", "|---|---|"]
        lines += [f"| {name} | {value} |" for name, value in result.llm_stats.items()]
        lines.append("")
    lines += ["## Scenarios", "", "| scenario | lang | result | slots | turns | slowest turn |", "|---|---|---|---|---|---|"]
    for s in result.scenarios:
        lines.append(
            f"| {s.id} | {s.lang} | {STATUS_LABEL[s.status]} | {_slots_cell(s)} | {len(s.turn_latency_ms)} "
            f"| {_fmt_ms(max(s.turn_latency_ms, default=None))} |"
        )
    troubled = [s for s in result.scenarios if s.failures]
    if troubled:
        lines += ["", "## Failures", ""]
    for s in troubled:
        note = f" (known failure: {s.xfail})" if s.status == "xfailed" else ""
        lines += [f"### {s.id}{note}", ""]
        lines += [f"- {failure}" for failure in s.failures]
        lines += ["", "<details><summary>transcript</summary>", ""]
        for turn in s.transcript:
            lines += [f"> **user:** {turn.user}", ">", f"> **bot** ({turn.latency_ms:,.0f} ms): " + turn.bot.replace("\n", "\n> "), ""]
        lines += ["</details>", ""]
    return "\n".join(lines).rstrip() + "\n"


__all__ = ["failure_lines", "latency_summary", "markdown_report", "suite_json", "summary_table"]
