"""`siliconsult kb …`: listings as tables or JSON, and `kb validate` on good and corrupted data."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from bot.cli.kb import app
from estimator.catalog import HARDWARE_KINDS
from tests.support.knowledge_helpers import copy_data, replace_in_line

runner = CliRunner()


@pytest.fixture(scope="module")
def kb_home(tmp_path_factory):
    return tmp_path_factory.mktemp("kb-home")


@pytest.fixture(autouse=True)
def _shared_store_home(kb_home, monkeypatch):
    # One store build for the module instead of one per test (the autouse home is per test).
    monkeypatch.setenv("SILICONSULT_HOME", str(kb_home))


def _json(*args: str) -> list[dict]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_hardware_json_lists_60_sourced_devices_of_all_five_kinds():
    devices = _json("hardware")
    assert len(devices) >= 60
    assert {device["kind"] for device in devices} == set(HARDWARE_KINDS)
    assert all(device["source_url"].startswith("http") for device in devices)
    assert {"price_basis", "price_date", "price_is_estimate", "software_stacks"} <= set(devices[0])


def test_kind_filter():
    npus = _json("hardware", "--kind", "npu")
    assert npus and {device["kind"] for device in npus} == {"npu"}
    assert all("npu" in stack["hardware_kinds"] for stack in _json("stacks", "--kind", "npu"))
    assert {row["kind"] for row in _json("benchmarks", "--kind", "cpu")} == {"cpu"}


def test_unknown_kind_is_a_usage_error():
    result = runner.invoke(app, ["hardware", "--kind", "tpu"])
    assert result.exit_code == 2


def test_models_and_stacks_json_carry_sources():
    models = _json("models")
    assert any(model["id"] == "llama-3-8b" and model["kv_heads"] == 8 for model in models)
    stacks = _json("stacks")
    assert all(stack["source_url"].startswith("http") for stack in stacks)


def test_benchmarks_filters_by_device_and_metric():
    rows = _json("benchmarks", "--hardware", "nvidia-rtx-4090", "--metric", "tg")
    assert rows and all(row["hardware_id"] == "nvidia-rtx-4090" and row["metric"] == "tg" for row in rows)


def test_table_output_names_devices():
    result = runner.invoke(app, ["hardware", "--kind", "accel"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "groq-lpu-v1" in result.stdout


def test_validate_ok_on_shipped_data():
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0
    assert result.stdout.startswith("OK: ")
    assert len(result.stdout.strip().splitlines()) == 1


def test_validate_corrupted_copy_exits_1_with_the_exact_line(tmp_path):
    data = copy_data(tmp_path)
    hw_line = replace_in_line(data / "hardware.csv", "apple-m4-max,", ",546,", ",-546,x,")
    bench_line = replace_in_line(data / "benchmarks.csv", "3,apple-m2,", ",tg,", ",speed,")
    result = runner.invoke(app, ["validate", str(data)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    columns = len((data / "hardware.csv").read_text(encoding="utf-8").splitlines()[0].split(","))
    assert f"hardware.csv:{hw_line}: (row): {columns + 1} cells, the header has {columns}" in lines
    assert any(line.startswith(f"benchmarks.csv:{bench_line}: metric: ") for line in lines)


def test_listing_with_bad_data_dir_reports_a_data_error(tmp_path, monkeypatch):
    data = copy_data(tmp_path)
    replace_in_line(data / "hardware.csv", "apple-m4-max,", ",soc,", ",laptop,")
    monkeypatch.setenv("SILICONSULT_DATA_DIR", str(data))
    result = runner.invoke(app, ["hardware"])
    assert result.exit_code != 0
    assert "kind" in str(result.exception.user_message)
