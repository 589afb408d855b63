"""The scenario loader: the shipped suite loads and covers the seeds; malformed files name path and key."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from evals.scenario import ScenarioError, default_scenario_dir, load_scenarios, parse_scenario
from tests.support.eval_fakes import SCENARIO_YAML


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_suite_loads_and_meets_the_issue_minimums():
    scenarios = load_scenarios(default_scenario_dir())
    assert len(scenarios) >= 30
    languages = Counter(s.lang for s in scenarios)
    assert languages["zh"] >= 8
    assert any(s.followups for s in scenarios)


def test_every_shipped_scenario_says_which_seed_rule_it_checks():
    for path in sorted(default_scenario_dir().glob("*.yaml")):
        head = path.read_text(encoding="utf-8").split("\nid:")[0]
        comments = [line for line in head.splitlines() if line.startswith("#")]
        assert comments, f"{path.name}: no leading comment naming the seed rule"
        assert any(word in head for word in ("Seed", "seed", "種子", "种子")), path.name


def test_both_chinese_scripts_are_covered():
    texts = [" ".join(s.turns) for s in load_scenarios(default_scenario_dir()) if s.lang == "zh"]
    assert any("們" in t or "個" in t for t in texts), "no Traditional-Chinese scenario"
    assert any("们" in t or "个" in t for t in texts), "no Simplified-Chinese scenario"


def test_a_valid_file_parses_with_defaults(tmp_path):
    scenario = parse_scenario(SCENARIO_YAML.format(id="ok", lang="zh", kind="gpu"), "ok.yaml")
    assert scenario.just_recommend == "直接推荐"
    assert scenario.followups == [] and scenario.xfail is None
    assert scenario.expect.recommendation is not None and scenario.expect.recommendation.kind_in == ["gpu"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("id: x\nlang: en\nturns: [\n", "invalid YAML"),
        (SCENARIO_YAML.format(id="x", lang="en", kind="gpu") + "bogus: 1\n", "bogus: unknown key"),
        (SCENARIO_YAML.format(id="x", lang="en", kind="gpu").replace("kind_in", "kind_inn"), "expect.recommendation.kind_inn: unknown key"),
        (SCENARIO_YAML.format(id="x", lang="en", kind="tpu"), "expect.recommendation.kind_in.0"),
        (SCENARIO_YAML.format(id="x", lang="en", kind="gpu").replace("40000", "lots"), "expect.recommendation.max_capex_usd"),
        (SCENARIO_YAML.format(id="x", lang="en", kind="gpu").replace("model_params_b", "modle_params"), "expect.slots.modle_params: unknown key"),
        (SCENARIO_YAML.format(id="x", lang="en", kind="gpu").replace("model_params_b: 7", "quantization: Q9"), "expect.slots.quantization"),
        (SCENARIO_YAML.format(id="x", lang="fr", kind="gpu"), "lang:"),
        ("id: x\nlang: en\nturns: []\nexpect: {}\n", "turns:"),
        ("id: x\nlang: en\nturns: [hi]\n", "expect: missing required key"),
        ("- just\n- a list\n", "expected a mapping"),
    ],
)
def test_malformed_file_is_reported_with_path_and_key(tmp_path, text, key):
    path = _write(tmp_path, "bad.yaml", text)
    with pytest.raises(ScenarioError) as info:
        load_scenarios(tmp_path)
    assert len(info.value.problems) == 1
    assert str(path) in info.value.problems[0]
    assert key in info.value.problems[0]


def test_all_files_are_checked_and_every_problem_reported(tmp_path):
    _write(tmp_path, "a.yaml", SCENARIO_YAML.format(id="a", lang="en", kind="gpu").replace("kind_in", "kind_inn"))
    _write(tmp_path, "b.yaml", "id: b\nlang: en\nturns: [\n")
    _write(tmp_path, "c.yaml", SCENARIO_YAML.format(id="c", lang="en", kind="gpu"))
    _write(tmp_path, "d.yaml", SCENARIO_YAML.format(id="c", lang="en", kind="gpu"))
    with pytest.raises(ScenarioError) as info:
        load_scenarios(tmp_path)
    problems = info.value.problems
    assert [p.split(":")[0] for p in problems] == [str(tmp_path / n) for n in ("a.yaml", "b.yaml", "d.yaml")]
    assert "duplicate id 'c'" in problems[2]
    assert info.value.user_message.startswith("3 problems")


def test_only_filters_and_rejects_unknown_ids(tmp_path):
    for name in ("a", "b"):
        _write(tmp_path, f"{name}.yaml", SCENARIO_YAML.format(id=name, lang="en", kind="gpu"))
    assert [s.id for s in load_scenarios(tmp_path, only=["b"])] == ["b"]
    with pytest.raises(ScenarioError, match="no scenario with id 'zz'"):
        load_scenarios(tmp_path, only=["zz"])


def test_empty_or_missing_directory_is_an_error(tmp_path):
    with pytest.raises(ScenarioError, match="no \\*.yaml"):
        load_scenarios(tmp_path)
    with pytest.raises(ScenarioError, match="not a directory"):
        load_scenarios(tmp_path / "nope")
