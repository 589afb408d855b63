"""`siliconsult eval` end to end with a fake engine: exit codes, --json, --report, --only, bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import eval_cmd
from bot.cli.main import main
from tests.support.eval_fakes import SCENARIO_YAML, option, recommendation, recommends_after_just_recommend


@pytest.fixture
def fake_engine(monkeypatch):
    engine = recommends_after_just_recommend(recommendation(option(capex_usd=20000)), {"model_params_b": 7})
    built: list[tuple] = []

    def build(settings, model):
        built.append((settings, model))
        return engine

    monkeypatch.setattr(eval_cmd, "_build_engine", build)
    return built


def _suite(tmp_path: Path, kinds: dict[str, str]) -> Path:
    directory = tmp_path / "scenarios"
    directory.mkdir()
    for scenario_id, kind in kinds.items():
        (directory / f"{scenario_id}.yaml").write_text(SCENARIO_YAML.format(id=scenario_id, lang="en", kind=kind))
    return directory


def _run(argv: list[str]) -> int:
    with pytest.raises(SystemExit) as info:
        main(argv)
    return info.value.code or 0


def test_passing_suite_exits_0_and_prints_the_json_document(tmp_path, fake_engine, capsys):
    directory = _suite(tmp_path, {"a": "gpu", "b": "gpu"})
    report = tmp_path / "out" / "report.md"
    code = _run(["eval", "--scenarios", str(directory), "--llm", "none", "--json", "--report", str(report)])
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["passed"], doc["failed"]) == (2, 0)
    assert [s["id"] for s in doc["scenarios"]] == ["a", "b"]
    assert report.read_text().startswith("# Eval report — llm: `none`")
    # One engine for the run, in a throw-away home, not the user's SILICONSULT_HOME.
    assert len(fake_engine) == 1
    settings, model = fake_engine[0]
    assert model is None and settings.llm == "none"
    assert "siliconsult-eval-" in str(settings.home)


def test_a_failing_scenario_exits_1_and_the_table_names_it(tmp_path, fake_engine, capsys):
    directory = _suite(tmp_path, {"good": "gpu", "wrong": "accel"})
    assert _run(["eval", "--scenarios", str(directory), "--llm", "none"]) == 1
    out = capsys.readouterr().out
    assert "wrong" in out and "FAIL" in out and "expected primary kind in [accel], got gpu" in out


def test_only_runs_the_named_scenarios(tmp_path, fake_engine, capsys):
    directory = _suite(tmp_path, {"good": "gpu", "wrong": "accel"})
    assert _run(["eval", "--scenarios", str(directory), "--llm", "none", "--only", "good", "--json"]) == 0
    assert [s["id"] for s in json.loads(capsys.readouterr().out)["scenarios"]] == ["good"]


def test_malformed_scenario_file_is_one_clear_message(tmp_path, fake_engine, capsys):
    directory = _suite(tmp_path, {"good": "gpu"})
    (directory / "broken.yaml").write_text(SCENARIO_YAML.format(id="broken", lang="en", kind="gpu") + "extra_key: 1\n")
    assert _run(["eval", "--scenarios", str(directory), "--llm", "none"]) == 2  # bad input: a usage error
    captured = capsys.readouterr()
    assert f"{directory / 'broken.yaml'}: extra_key: unknown key" in captured.err
    assert "Traceback" not in captured.err and not fake_engine


def test_estimator_flag_delegates_to_the_accuracy_report(tmp_path, monkeypatch):
    calls: list[tuple[Path, bool]] = []
    monkeypatch.setattr(eval_cmd, "_run_estimator_report", lambda d, j: calls.append((d, j)) or 0)
    assert _run(["eval", "--estimator", "--report-dir", str(tmp_path), "--json"]) == 0
    assert calls == [(tmp_path, True)]


@pytest.mark.slow
def test_estimator_flag_runs_the_real_accuracy_report(tmp_path, capsys):
    code = _run(["eval", "--estimator", "--report-dir", str(tmp_path), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code in (0, 1)  # 1 only when the report misses its own accuracy targets
    assert doc["rows_used"] > 0 and "tg" in doc["by_metric"]
    assert any(tmp_path.iterdir())


def test_capex_trial_flag_runs_the_held_out_questions_and_prints_json(fake_engine, capsys):
    assert _run(["eval", "--capex-trial", "--held-out", "--llm", "none", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["split"] == "held_out" and len(doc["questions"]) == 15
    # The fake asks first, so each question got its follow-up, and the fake's $20,000 option after the words
    # it knows ("just recommend", "直接推荐"; it keeps asking after the Traditional "直接推薦").
    assert all(q["sent_followup"] for q in doc["questions"])
    assert all(q["capex_usd"] == (None if q["lang"] == "zh-Hant" else 20000) for q in doc["questions"])
    assert doc["summary"]["total"]["questions"] == sum(q["expect"] in ("size", "use_owned") for q in doc["questions"])
    assert len(fake_engine) == 1 and "siliconsult-capex-trial-" in str(fake_engine[0][0].home)


def test_capex_trial_split_option_runs_the_second_held_out_file(fake_engine, capsys):
    assert _run(["eval", "--capex-trial", "--split", "held_out_2", "--llm", "none", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["split"] == "held_out_2" and len(doc["questions"]) == 10


def test_capex_trial_refuses_an_unknown_split_with_a_message(fake_engine, capsys):
    assert _run(["eval", "--capex-trial", "--split", "nope", "--llm", "none"]) == 2
    assert "held_out_2" in capsys.readouterr().err


def test_eval_help_names_every_capex_trial_split(capsys):
    from evals.capex_trial import TRIAL_SPLITS

    assert _run(["eval", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert all(name in shown for name in TRIAL_SPLITS), shown
