"""The runner and its reports, driven by a scripted fake engine: pass, fail, xfail, crashes, JSON shape."""

from __future__ import annotations

import json

from evals.report import failure_lines, markdown_report, suite_json, summary_table
from evals.runner import run_scenario, run_suite
from evals.scenario import parse_scenario
from tests.support.eval_fakes import (
    SCENARIO_YAML,
    FakeEngine,
    option,
    recommendation,
    recommends_after_just_recommend,
    reply,
)


def _scenario(id: str = "s1", lang: str = "en", kind: str = "gpu", extra: str = ""):  # noqa: A002 - the scenario key
    return parse_scenario(SCENARIO_YAML.format(id=id, lang=lang, kind=kind) + extra, f"{id}.yaml")


GPU = recommendation(option(capex_usd=20000))


def test_passing_scenario_sends_just_recommend_when_turns_run_out():
    engine = recommends_after_just_recommend(GPU, {"model_params_b": 7})
    result = run_scenario(engine, _scenario())
    assert result.status == "passed" and result.passed and result.failures == []
    assert [text for _, text in engine.calls] == ["We serve a 7B model to 200 people.", "just recommend"]
    assert result.sent_just_recommend
    assert len(result.turn_latency_ms) == 2 and all(ms >= 0 for ms in result.turn_latency_ms)
    assert (result.slots_expected, result.slots_matched) == (1, 1)


def test_chinese_scenario_sends_zhijie_tuijian():
    engine = recommends_after_just_recommend(GPU, {"model_params_b": 7})
    assert run_scenario(engine, _scenario(lang="zh")).passed
    assert engine.calls[-1][1] == "直接推荐"


def test_no_just_recommend_when_a_recommendation_already_came():
    engine = FakeEngine(lambda _t, _x, _n: reply("Buy a GPU.", {"model_params_b": 7}, GPU))
    result = run_scenario(engine, _scenario())
    assert result.passed and not result.sent_just_recommend and len(engine.calls) == 1


def test_wrong_expectation_fails_with_expected_and_got():
    engine = recommends_after_just_recommend(GPU, {"model_params_b": 7})
    result = run_scenario(engine, _scenario(kind="npu"))
    assert result.status == "failed" and not result.passed
    assert result.failures == ["expected primary kind in [npu], got gpu: 1× nvidia-rtx-4090 (gpu, $20,000)"]


def test_followups_run_in_the_same_thread_and_are_checked_on_their_own_reply():
    extra = (
        "followups:\n"
        "  - turn: \"What if 800 users?\"\n"
        "    expect: {slots: {concurrent_users: 800}, recommendation: {min_capex_usd: 50000}}\n"
    )

    def respond(_thread, text, _turn):
        if text.startswith("What if"):
            return reply("Still one server.", {"model_params_b": 7, "concurrent_users": 800}, GPU)
        return reply("Buy a GPU.", {"model_params_b": 7}, GPU)

    engine = FakeEngine(respond)
    result = run_scenario(engine, _scenario(extra=extra))
    assert len({thread for thread, _ in engine.calls}) == 1
    assert result.failures == ["followup 1: expected primary capex >= $50,000, got 1× nvidia-rtx-4090 (gpu, $20,000)"]
    assert (result.slots_expected, result.slots_matched) == (2, 2)


def test_each_scenario_gets_a_fresh_thread():
    engine = recommends_after_just_recommend(GPU, {"model_params_b": 7})
    run_suite(engine, [_scenario("a"), _scenario("b")])
    threads = [thread for thread, _ in engine.calls]
    assert threads[0] == threads[1] and threads[2] == threads[3] and threads[0] != threads[2]
    assert threads[0].endswith("-a") and threads[2].endswith("-b")


def test_xfail_is_strict():
    engine = recommends_after_just_recommend(GPU, {"model_params_b": 7})
    known = run_scenario(engine, _scenario(kind="npu", extra='xfail: "ranker prefers GPUs"\n'))
    assert known.status == "xfailed" and known.passed and known.failures
    fixed = run_scenario(engine, _scenario(kind="gpu", extra='xfail: "ranker prefers GPUs"\n'))
    assert fixed.status == "xpassed" and not fixed.passed
    assert fixed.failures == [
        "expected the known failure (ranker prefers GPUs), got every expectation met: remove `xfail`"
    ]


def test_engine_crash_fails_that_scenario_only():
    def respond(thread, _text, _turn):
        if thread.endswith("-boom"):
            raise RuntimeError("graph exploded")
        return reply("Buy a GPU.", {"model_params_b": 7}, GPU)

    suite = run_suite(FakeEngine(respond), [_scenario("boom"), _scenario("fine")])
    boom, fine = suite.scenarios
    assert not boom.passed and fine.passed
    assert boom.failures[0] == "expected a reply to 'We serve a 7B model to 200 people.', got RuntimeError: graph exploded"
    assert (suite.passed, suite.failed) == (1, 1)


def _mixed_suite():
    engine = recommends_after_just_recommend(GPU, {"model_params_b": 7})
    done: list[str] = []
    suite = run_suite(
        engine,
        [_scenario("good"), _scenario("bad", kind="cpu"), _scenario("known", kind="npu", extra='xfail: "known"\n')],
        llm="none",
        on_done=lambda r: done.append(r.id),
        llm_stats=lambda: {"guard_pass_rate": 0.9},
    )
    return suite, done


def test_suite_counts_progress_and_slot_accuracy():
    suite, done = _mixed_suite()
    assert done == ["good", "bad", "known"]
    assert (suite.passed, suite.failed, suite.count("xfailed")) == (2, 1, 1)
    assert suite.slot_accuracy == 1.0


def test_json_document_has_the_contract_shape():
    suite, _ = _mixed_suite()
    doc = json.loads(json.dumps(suite_json(suite), ensure_ascii=False))
    assert {"passed", "failed", "scenarios"} <= set(doc)
    assert (doc["passed"], doc["failed"]) == (2, 1)
    for entry in doc["scenarios"]:
        assert list(entry)[:4] == ["id", "passed", "failures", "turn_latency_ms"]
        assert isinstance(entry["id"], str) and isinstance(entry["passed"], bool)
        assert all(isinstance(f, str) for f in entry["failures"])
        assert all(isinstance(ms, float) for ms in entry["turn_latency_ms"])
    bad = next(e for e in doc["scenarios"] if e["id"] == "bad")
    assert bad["failures"] and all(f.startswith("expected ") and " got " in f for f in bad["failures"])
    assert doc["slot_accuracy"] == 1.0 and doc["llm"] == "none" and doc["llm_stats"] == {"guard_pass_rate": 0.9}
    assert doc["latency"]["turns"] == 6


def test_markdown_report_and_table_show_failures():
    suite, _ = _mixed_suite()
    text = markdown_report(suite)
    assert text.startswith("# Eval report — llm: `none`")
    assert "2 passed, 1 failed, 1 known failures (xfail)" in text
    assert "### bad" in text and "- expected primary kind in [cpu], got gpu" in text
    assert "### known (known failure: known)" in text
    assert "| guard_pass_rate | 0.9 |" in text
    assert summary_table(suite).row_count == 3
    assert failure_lines(suite) == ["FAIL bad", "  - expected primary kind in [cpu], got gpu: 1× nvidia-rtx-4090 (gpu, $20,000)"]


def test_the_engines_error_reply_is_a_failure():
    engine = FakeEngine(lambda _t, _x, _n: reply("Sorry, something went wrong (KeyError).").model_copy(update={"intent": "error"}))
    result = run_scenario(engine, _scenario())
    assert result.failures == [
        "expected a reply to 'We serve a 7B model to 200 people.', got the error reply: Sorry, something went wrong (KeyError)."
    ]
    assert len(engine.calls) == 1  # no "just recommend" after a broken turn
