"""Peers on the same measured rows: GenZ-LLM-Analyzer and llm-analysis beside this estimator and a naive roofline.

Run inside the peers' own environment (never the project's venv):

    scripts/peers_setup.sh /tmp/siliconsult-peers
    PYTHONPATH=. /tmp/siliconsult-peers/bin/python scripts/compare_peers.py [--json]

Every usable row of the shipped catalog (the rows `siliconsult eval --estimator` judges) is given to
each peer at its shipped defaults (no efficiency factors set): the device's memory, bandwidth and
dense FP16 rate from the catalog (INT8 / INT4 at 2× / 4× where the peer asks), the row's device
count as tensor parallelism, batch = the row's concurrency (256 when a max-load row gives none), and
the nearest model the peer ships by parameter count. A row a peer cannot run is counted as skipped,
not guessed. This estimator's figures are its leave-one-device-out predictions; the peers are not
fitted at all, so they need no hold-out.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from estimator.catalog import Benchmark, Catalog, Hardware
from estimator.fitting.calibration_fit import leave_one_device_out, usable_rows
from evals.estimator_accuracy import NAIVE_DEFAULT_CONCURRENCY, naive_prediction
from knowledge.testing import memory_catalog

Predictor = Callable[[Benchmark, Hardware], float | None]

GENZ_MODELS = ((9.0, "meta-llama/Llama-3.1-8B"), (20.0, "meta-llama/Llama-2-13B"), (100.0, "meta-llama/Llama-3.1-70B"),
               (1000.0, "meta-llama/Llama-3.1-405B"))
LLM_ANALYSIS_MODELS = ((6.4, "EleutherAI_gpt-j-6b"), (9.0, "NousResearch_Llama-2-7b-hf"),
                       (20.0, "decapoda-research_llama-13b-hf"), (45.0, "decapoda-research_llama-30b-hf"),
                       (1000.0, "upstage_Llama-2-70b-instruct-v2"))


def _nearest(table: tuple[tuple[float, str], ...], params_b: float) -> str:
    return next(name for limit, name in table if params_b <= limit)


def _fp16(hw: Hardware) -> float | None:
    return hw.fp16_tflops or hw.bf16_tflops or (hw.int8_tops / 2 if hw.int8_tops else None)


def _batch(row: Benchmark) -> int:
    return 1 if row.metric != "total_tps" else (row.concurrency or NAIVE_DEFAULT_CONCURRENCY)


def genz_predictor() -> Predictor | None:
    try:
        from GenZ import decode_moddeling, prefill_moddeling
    except Exception as exc:  # noqa: BLE001 - a peer that will not import is reported, not fatal
        print(f"GenZ unavailable: {exc}", file=sys.stderr)
        return None

    def bits(quant: str) -> str:
        q = quant.upper()
        if q in ("FP16", "BF16"):
            return "bf16"
        if q in ("FP8", "INT8", "Q8_0", "BFP8"):
            return "int8"
        return "int4"

    def predict(row: Benchmark, hw: Hardware) -> float | None:
        peak = _fp16(hw)
        if not peak or not hw.memory_bandwidth_gbs or not hw.memory_gb:
            return None
        system = {"Flops": peak, "Memory_size": hw.memory_gb, "Memory_BW": hw.memory_bandwidth_gbs, "ICN": 150,
                  "real_values": True}
        model = _nearest(GENZ_MODELS, row.params_b)
        batch, prompt, output = _batch(row), max(1, row.prompt_tokens or 512), row.gen_tokens or 128
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            if row.metric == "pp":
                out = prefill_moddeling(model=model, batch_size=1, input_tokens=prompt, system_name=system,
                                        bits=bits(row.quant), tensor_parallel=row.device_count)
                return prompt / out["Latency"] * 1000.0
            out = decode_moddeling(model=model, batch_size=batch, input_tokens=prompt, output_tokens=output,
                                   system_name=system, bits=bits(row.quant), tensor_parallel=row.device_count)
        return batch * 1000.0 / out["Latency"]

    return predict


def llm_analysis_predictor() -> Predictor | None:
    try:
        from llm_analysis import config as la_config
        from llm_analysis.analysis import infer
    except Exception as exc:  # noqa: BLE001
        print(f"llm-analysis unavailable: {exc}", file=sys.stderr)
        return None

    def dtype(quant: str) -> str:
        q = quant.upper()
        if q in ("FP16", "BF16"):
            return "w16a16e16"
        if q in ("FP8", "INT8"):
            return "w8a8e16"
        if q in ("Q8_0", "BFP8"):
            return "w8a16e16"
        return "w4a16e16"

    def gpu(hw: Hardware) -> str | None:
        peak = _fp16(hw)
        if not peak or not hw.memory_bandwidth_gbs or not hw.memory_gb:
            return None
        name = f"siliconsult-{hw.id}"
        if name not in la_config.gpu_configs:
            la_config.gpu_configs[name] = la_config.GPUConfig(
                name=name, mem_per_GPU_in_GB=hw.memory_gb, hbm_bandwidth_in_GB_per_sec=hw.memory_bandwidth_gbs,
                intra_node_bandwidth_in_GB_per_sec=150, intra_node_min_message_latency=8e-6, peak_fp16_TFLOPS=peak,
                peak_i8_TFLOPS=2 * peak, peak_i4_TFLOPS=4 * peak, inter_node_bandwidth_in_GB_per_sec=50,
            )
        return name

    def predict(row: Benchmark, hw: Hardware) -> float | None:
        name = gpu(hw)
        if name is None:
            return None
        batch, prompt, output = _batch(row), max(1, row.prompt_tokens or 512), row.gen_tokens or 128
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            result = infer(model_name=_nearest(LLM_ANALYSIS_MODELS, row.params_b), gpu_name=name,
                           dtype_name=dtype(row.quant), batch_size_per_gpu=batch, tp_size=row.device_count,
                           seq_len=prompt, num_tokens_to_generate=output, log_level="ERROR")
        if row.metric == "pp":
            return result["prefill_tokens_per_sec"]
        return batch * output / result["total_decode_latency"]

    return predict


def _mape(pairs: list[tuple[float, float]]) -> float | None:
    return round(statistics.fmean(abs(p / m - 1) * 100 for p, m in pairs), 1) if pairs else None


def compare(catalog: Catalog) -> dict[str, object]:
    rows = usable_rows(catalog)
    ours = {row.row_id: predicted for row, predicted in leave_one_device_out(catalog)}
    peers = {"genz": genz_predictor(), "llm-analysis": llm_analysis_predictor()}
    table: dict[str, dict[str, list[tuple[float, float]]]] = defaultdict(lambda: defaultdict(list))
    skipped: dict[str, int] = defaultdict(int)
    for row in rows:
        hw = catalog.hardware_by_id(row.hardware_id or "")
        assert hw is not None
        table["siliconsult (LODO)"][row.metric].append((ours[row.row_id], row.value))
        table["naive roofline"][row.metric].append((naive_prediction(row, catalog), row.value))
        for name, predict in peers.items():
            if predict is None:
                continue
            try:
                value = predict(row, hw)
            except Exception:  # noqa: BLE001 - a row the peer cannot model is skipped and counted
                value = None
            if value is None or value <= 0:
                skipped[name] += 1
            else:
                table[name][row.metric].append((value, row.value))
                # The same rows for this estimator: a peer skips devices with no listed FP16 rate.
                table[f"siliconsult on {name} rows"][row.metric].append((ours[row.row_id], row.value))
    return {
        "rows": len(rows),
        "installed": {name: predict is not None for name, predict in peers.items()},
        "skipped_rows": dict(skipped),
        "mape": {tool: {metric: {"rows": len(pairs), "mape": _mape(pairs)} for metric, pairs in metrics.items()}
                 for tool, metrics in table.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = compare(memory_catalog())
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{result['rows']} rows; installed: {result['installed']}; skipped: {result['skipped_rows']}")
    print(f"{'tool':<32}{'tg':>16}{'pp':>16}{'total_tps':>16}")
    for tool, metrics in result["mape"].items():  # type: ignore[union-attr]
        cells = [f"{metrics[m]['mape']} % ({metrics[m]['rows']})" if m in metrics else "-"
                 for m in ("tg", "pp", "total_tps")]
        print(f"{tool:<32}" + "".join(f"{cell:>16}" for cell in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
