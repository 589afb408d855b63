"""CI gate: the shipped scenario suite through the real engine — whole suite without a model, a subset with one.

A failure message lists every failing scenario with its "expected … got …" lines, so a red run says
what the product got wrong without rerunning anything.
"""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main

# Small enough for the bundled model on two shared cores (~1 min per scenario when every call times out):
# an English tier, a Traditional-Chinese risk scenario, a follow-up chain.
LLM_SUBSET = ("dept-legal-7b", "zh-hant-multi-model", "followup-whatif-users")


def _eval(argv: list[str], capsys) -> tuple[int, dict]:
    with pytest.raises(SystemExit) as info:
        main(["eval", "--json", *argv])
    return info.value.code or 0, json.loads(capsys.readouterr().out)


def _explain(doc: dict) -> str:
    lines = [f"{doc['failed']} scenario(s) failed:"]
    for scenario in doc["scenarios"]:
        if not scenario["passed"]:
            lines.append(f"{scenario['id']}:")
            lines += [f"    {failure}" for failure in scenario["failures"]]
    return "\n".join(lines)


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_whole_suite_passes_without_a_model(capsys, tmp_path):
    report = tmp_path / "report.md"
    code, doc = _eval(["--llm", "none", "--report", str(report)], capsys)
    assert doc["failed"] == 0, _explain(doc)
    assert code == 0
    assert doc["passed"] == len(doc["scenarios"]) >= 30
    assert all(scenario["turn_latency_ms"] for scenario in doc["scenarios"])
    assert report.is_file()


@pytest.mark.llm
@pytest.mark.slow
def test_subset_passes_with_the_bundled_model(capsys, monkeypatch):
    # Phrasing is opt-in; turned on here so the model is asked on every turn, behind the guard.
    monkeypatch.setenv("SILICONSULT_LLM_PHRASING", "true")
    only = [arg for scenario_id in LLM_SUBSET for arg in ("--only", scenario_id)]
    code, doc = _eval(["--llm", "bundled", *only], capsys)
    assert [s["id"] for s in doc["scenarios"]] == sorted(LLM_SUBSET)
    assert doc["failed"] == 0, _explain(doc)
    assert code == 0
    # The model was really asked (its counters are in the report), whatever it answered.
    assert doc["llm"] == "bundled" and doc["llm_stats"]["phrase_calls"] + doc["llm_stats"]["extract_calls"] > 0
