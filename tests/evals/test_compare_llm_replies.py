"""scripts/compare_llm_replies.py: which scenarios a model makes worse, and which replies it changes."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from evals.runner import ScenarioResult, SuiteResult, TurnLog

_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "compare_llm_replies.py"
_spec = importlib.util.spec_from_file_location("compare_llm_replies", _SCRIPT)
assert _spec is not None and _spec.loader is not None
compare_llm_replies = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compare_llm_replies)


def _scenario(sid: str, passed: bool, matched: int, replies: list[str]) -> ScenarioResult:
    return ScenarioResult(id=sid, passed=passed, failures=[] if passed else ["expected x, got y"],
                          turn_latency_ms=[1.0] * len(replies), status="passed" if passed else "failed", lang="en",
                          slots_expected=3, slots_matched=matched,
                          transcript=[TurnLog(user=f"u{i}", bot=text, latency_ms=1.0) for i, text in enumerate(replies)])


def test_a_scenario_failing_or_reading_less_only_with_the_model_is_worse_and_changed_replies_are_listed():
    baseline = SuiteResult(llm="none", duration_s=1.0, scenarios=[
        _scenario("same", True, 3, ["a", "b"]), _scenario("fails", True, 3, ["a"]), _scenario("reads", True, 3, ["a"])])
    candidate = SuiteResult(llm="m", duration_s=1.0, scenarios=[
        _scenario("same", True, 3, ["a", "B"]), _scenario("fails", False, 3, ["a"]), _scenario("reads", True, 2, ["a"])])
    result = compare_llm_replies.compare(baseline, candidate)
    assert [w["id"] for w in result["worse"]] == ["fails", "reads"]
    assert [(d["id"], d["turn"]) for d in result["differing_replies"]] == [("same", 1)]
    assert "-b" in result["differing_replies"][0]["diff"] and "+B" in result["differing_replies"][0]["diff"]
