"""Validation errors: every problem at once, each naming file:line, column and reason."""

from __future__ import annotations

import json

import pytest

from knowledge import read_dir, validate_dir
from knowledge.errors import DataError
from tests.support.knowledge_helpers import copy_data, line_of, replace_in_line


def test_bad_cell_names_file_line_and_column(tmp_path):
    data = copy_data(tmp_path)
    line = replace_in_line(data / "hardware.csv", "nvidia-rtx-4090,", ",1008,", ",fast,")
    errors = validate_dir(data)
    assert len(errors) == 1
    assert errors[0].startswith(f"hardware.csv:{line}: memory_bandwidth_gbs: ")
    assert "number" in errors[0]


def test_all_errors_are_reported_at_once(tmp_path):
    data = copy_data(tmp_path)
    hw_line = replace_in_line(data / "hardware.csv", "nvidia-l4,", ",gpu,", ",tpu,")
    model_line = replace_in_line(data / "models.csv", "llama-3-8b,", ",32,4096,32,8,", ",32,4096,32,eight,")
    stack_line = replace_in_line(data / "serving_stacks.csv", "groq,", ",low,", ",great,")
    errors = validate_dir(data)
    assert f"hardware.csv:{hw_line}: kind: " in "\n".join(errors)
    assert any(e.startswith(f"models.csv:{model_line}: kv_heads: ") for e in errors)
    assert any(e.startswith(f"serving_stacks.csv:{stack_line}: maturity: ") for e in errors)


def test_line_numbers_are_physical_lines_after_multiline_cells(tmp_path):
    data = copy_data(tmp_path)
    path = data / "quant_formats.csv"
    # A quoted note spanning three physical lines shifts every later row by two lines.
    replace_in_line(path, "FP16,", "IEEE half precision: 2 bytes per weight.", '"IEEE half\nprecision\n2 bytes"')
    bad_line = replace_in_line(path, "Q4_0,", ",4.5,", ",-,")
    assert bad_line == line_of(path, "Q4_0,")
    assert validate_dir(data) == [f"quant_formats.csv:{bad_line}: bits_per_weight: "
                                  "Input should be a valid number, unable to parse string as a number"]


def test_cross_file_references_are_checked(tmp_path):
    data = copy_data(tmp_path)
    bench_line = replace_in_line(data / "benchmarks.csv", "1,apple-m2,", "1,apple-m2,", "1,apple-m9,")
    hw_line = replace_in_line(data / "hardware.csv", "nvidia-l4,", "trt-llm;vllm-cuda", "trt-llm;vllm-cuda;tgi")
    # A stack's per-device format list (`format_devices`) names catalog devices, as FORMAT@hardware_id.
    stack_line = replace_in_line(data / "serving_stacks.csv", "trt-llm,", "MXFP4@nvidia-h200-sxm", "MXFP4@nvidia-h300")
    rocm_line = replace_in_line(data / "serving_stacks.csv", "vllm-rocm,", "MXFP4@amd-mi300x", "MXFP4amd-mi300x")
    errors = validate_dir(data)
    assert f"benchmarks.csv:{bench_line}: hardware_id: unknown hardware id 'apple-m9'" in errors
    assert f"hardware.csv:{hw_line}: software_stacks: unknown stack id 'tgi'" in errors
    assert f"serving_stacks.csv:{stack_line}: format_devices: unknown hardware id 'nvidia-h300'" in errors
    assert f"serving_stacks.csv:{rocm_line}: format_devices: 'MXFP4amd-mi300x' is not FORMAT@hardware_id" in errors


def test_duplicate_ids_and_missing_source_are_errors(tmp_path):
    data = copy_data(tmp_path)
    path = data / "models.csv"
    first = line_of(path, "gpt-j-6b,")
    gptj = path.read_text(encoding="utf-8").splitlines()[first - 1]
    with path.open("a", encoding="utf-8") as fh:
        fh.write(gptj + "\n")
        fh.write(gptj.replace("gpt-j-6b,", "gpt-j-6b-copy,", 1).replace("https://huggingface.co/", "hf:", 1) + "\n")
    errors = validate_dir(data)
    total = len(path.read_text(encoding="utf-8").splitlines())
    assert f"models.csv:{total - 1}: id: duplicate 'gpt-j-6b' (first on line {first})" in errors
    assert any(e.startswith(f"models.csv:{total}: source_url: not an http(s) URL") for e in errors)


def test_header_problems_are_reported_on_line_1(tmp_path):
    data = copy_data(tmp_path)
    replace_in_line(data / "benchmarks.csv", "row_id,", "source_url", "url")
    errors = validate_dir(data)
    assert "benchmarks.csv:1: url: unknown column" in "\n".join(errors)
    assert "benchmarks.csv:1: source_url: required column is missing" in errors


def test_missing_file_and_short_rows(tmp_path):
    data = copy_data(tmp_path)
    (data / "quant_formats.csv").unlink()
    line = line_of(data / "hardware.csv", "apple-m1,")
    lines = (data / "hardware.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    lines[line - 1] = "apple-m1,Apple,M1\n"
    (data / "hardware.csv").write_text("".join(lines), encoding="utf-8")
    errors = validate_dir(data)
    assert "quant_formats.csv:0: (file): missing file" in errors
    assert any(e.startswith(f"hardware.csv:{line}: (row): 3 cells") for e in errors)
    assert len(errors) == 2  # the missing file does not also fail every benchmark's quant reference


def test_read_dir_raises_data_error_with_every_problem(tmp_path):
    data = copy_data(tmp_path)
    replace_in_line(data / "hardware.csv", "nvidia-l4,", ",gpu,", ",tpu,")
    replace_in_line(data / "hardware.csv", "nvidia-a10,", ",gpu,", ",tpu,")
    with pytest.raises(DataError) as caught:
        read_dir(data)
    assert len(caught.value.errors) == 2
    assert "2 problems" in caught.value.user_message


def test_calibration_file_is_optional_and_validated(tmp_path):
    data = copy_data(tmp_path)
    (data / "calibration.json").unlink(missing_ok=True)
    assert read_dir(data).calibration.data_version == "unfitted"
    (data / "calibration.json").write_text(json.dumps({"data_version": "abc", "decode_bandwidth_efficiency":
                                                       {"llama.cpp/gpu": 0.7}}))
    assert read_dir(data).calibration.decode_bandwidth_efficiency == {"llama.cpp/gpu": 0.7}
    (data / "calibration.json").write_text(json.dumps({"decode_bandwidth_efficiency": {"llama.cpp/gpu": "x"}}))
    errors = validate_dir(data)
    assert len(errors) == 1 and errors[0].startswith("calibration.json: decode_bandwidth_efficiency.llama.cpp/gpu: ")


def test_a_file_cut_off_mid_row_is_reported(tmp_path):
    data = copy_data(tmp_path)
    path = data / "serving_stacks.csv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) - 10], encoding="utf-8")  # the last note loses its end
    lines = path.read_text(encoding="utf-8").count("\n") + 1
    assert f"serving_stacks.csv:{lines}: (file): no newline at the end, the file looks cut off" in validate_dir(data)


def test_malformed_quoting_is_reported_at_its_line(tmp_path):
    data = copy_data(tmp_path)
    line = replace_in_line(data / "quant_formats.csv", "Q4_0,", "Q4_0,4.5,", 'Q4_0,"4.5"x,')
    assert any(e.startswith(f"quant_formats.csv:{line}: (row): malformed CSV") for e in validate_dir(data))
