"""`siliconsult estimate`: the DESIGN.md JSON contract, custom specs, batch mode and one-line errors."""

from __future__ import annotations

import json

import pytest

from bot.cli.estimate import run_batch
from bot.cli.main import main

CONTRACT = [
    "decode_tokens_per_s_per_stream", "decode_tokens_per_s_total", "prefill_tokens_per_s", "ttft_ms", "fits",
    "memory_required_gb", "memory_available_gb", "bound", "method", "error",
]


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(["estimate", *args])
    out, err = capsys.readouterr()
    return exit_info.value.code or 0, out, err


def test_json_contract_for_a_catalog_device(capsys):
    code, out, _ = run(capsys, "--hardware", "nvidia-l40s", "--count", "2", "--params-b", "7", "--quant", "Q4_K_M",
                       "--backend", "vllm", "--concurrency", "50", "--prompt-tokens", "1000", "--output-tokens", "300",
                       "--context", "4096", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data)[: len(CONTRACT)] == CONTRACT
    assert data["error"] is None and data["fits"] is True
    assert data["bound"] in ("memory", "compute") and data["method"] == "model"
    assert data["decode_tokens_per_s_total"] == pytest.approx(50 * data["decode_tokens_per_s_per_stream"], rel=0.01)
    assert data["confidence_low"] < data["decode_tokens_per_s_per_stream"] < data["confidence_high"]


def test_measured_match_and_model_only(capsys):
    # The shipped data has llama.cpp tg and pp rows for an RTX 4090 on an 8 B Q4_K_M model.
    _, out, _ = run(capsys, "--hardware", "nvidia-rtx-4090", "--params-b", "8.03", "--quant", "Q4_K_M", "--json")
    measured = json.loads(out)
    assert measured["method"] == "measured" and measured["source_rows"]
    _, out, _ = run(capsys, "--hardware", "nvidia-rtx-4090", "--params-b", "8.03", "--quant", "Q4_K_M", "--model-only",
                    "--json")
    assert json.loads(out)["method"] == "model"


def test_custom_hardware_by_specs(capsys):
    code, out, _ = run(capsys, "--kind", "npu", "--memory-gb", "16", "--bandwidth-gbs", "120", "--fp16-tflops", "20",
                       "--tdp-w", "15", "--params-b", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["fits"] is True and data["calibrated"] is False


def test_table_output(capsys):
    code, out, _ = run(capsys, "--hardware", "apple-m4-max", "--params-b", "14", "--quant", "Q4_K_M")
    assert code == 0 and "decode tok/s per user" in out and "Traceback" not in out


def test_the_table_says_what_an_engine_admits_past_its_kv_cache(capsys):
    code, out, _ = run(capsys, "--hardware", "nvidia-h100-sxm", "--model", "qwen3-30b-a3b", "--quant", "FP8",
                       "--backend", "vllm", "--concurrency", "2000")
    assert code == 0 and "admitted (KV cache holds)" in out and "streams," in out


@pytest.mark.parametrize(
    ("args", "field_text"),
    [
        (["--hardware", "nvidia-rtx-4091", "--params-b", "7"], "nvidia-rtx-4090"),
        (["--hardware", "nvidia-rtx-4090"], "--params-b"),
        (["--params-b", "7"], "--hardware"),
        (["--kind", "gpu", "--memory-gb", "24", "--params-b", "7"], "--bandwidth-gbs"),
        (["--hardware", "nvidia-rtx-4090", "--params-b", "7", "--quant", "Q9_X"], "quantization"),
        (["--hardware", "nvidia-rtx-4090", "--params-b", "-3"], "params_b"),
        (["--hardware", "nvidia-rtx-4090", "--params-b", "7", "--concurrency", "0"], "concurrency"),
    ],
)
def test_errors_are_one_line_naming_the_field(capsys, args, field_text):
    code, out, err = run(capsys, *args)
    assert code == 2  # a usage error, as click's own for an unknown flag
    assert field_text in err and err.startswith("error: ") and err.count("\n") == 1
    assert "Traceback" not in out + err
    code, out, _ = run(capsys, *args, "--json")
    assert code == 2 and field_text in json.loads(out)["error"]


def test_batch_runs_good_lines_and_reports_bad_ones(tmp_path, capsys):
    lines = [
        {"hardware": "nvidia-rtx-4090", "params_b": 8, "quant": "Q4_K_M"},
        {"hardware": "nvidia-rtx-4090", "params_b": "seven"},
        {"custom": {"kind": "soc", "memory_gb": 32, "memory_bandwidth_gbs": 120}, "params_b": 3, "concurrency": 2},
        {"hardware": "no-such-device", "params_b": 7},
        {"hardware": "nvidia-l40s", "params_b": 7, "colour": "red"},
    ]
    path = tmp_path / "requests.jsonl"
    path.write_text("\n".join([*(json.dumps(line) for line in lines), "{not json", ""]) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "--batch", str(path))
    assert code == 0
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == 6
    assert list(results[0])[: len(CONTRACT)] == CONTRACT and results[0]["error"] is None
    assert results[2]["error"] is None and results[2]["fits"] is True
    assert "params_b" in results[1]["error"] and results[1]["field"] == "params_b" and results[1]["line"] == 2
    assert "no-such-device" in results[3]["error"] and results[3]["field"] == "hardware"
    assert "colour" in results[4]["error"]
    assert "not valid JSON" in results[5]["error"] and results[5]["line"] == 6


def test_batch_missing_file_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "--batch", str(tmp_path / "missing.jsonl"))
    assert code == 2 and err.startswith("error: cannot read --batch file")


def test_run_batch_in_process(catalog):
    line = '{"hardware": "nvidia-h100-sxm", "count": 2, "params_b": 70, "quant": "FP8", "concurrency": 64}'
    out = list(run_batch([line], catalog))
    data = json.loads(out[0])
    assert data["fits"] is True and data["decode_tokens_per_s_total"] > data["decode_tokens_per_s_per_stream"]
