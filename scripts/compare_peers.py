"""Peers on the same measured rows: GenZ-LLM-Analyzer and llm-analysis beside this estimator and a naive roofline.

Run inside the peers' own environment (never the project's venv):

    scripts/peers_setup.sh /tmp/siliconsult-peers
    PYTHONPATH=. /tmp/siliconsult-peers/bin/python scripts/compare_peers.py [--json]

Every usable row of the shipped catalog (the rows `siliconsult eval --estimator` judges) and every
batched row of a catalog mixture-of-experts model (the rows `python -m evals.moe_accuracy` judges) is
given to each peer at its shipped defaults (no efficiency factors set): the device's memory, bandwidth
and dense FP16 rate from the catalog (INT8 / INT4 at 2× / 4× where the peer asks), the row's device
count as tensor parallelism, batch = the row's concurrency (256 when a max-load row gives none), and
for a dense model the nearest model the peer ships by parameter count; a mixture of experts is given
its own shape from the catalog (`moe_shape`: layers, width, heads, experts, top-k and the expert width
its parameter counts imply), since no shipped dense model stands for it. A row a peer cannot run is
counted as skipped, with the reason, not guessed. This estimator's figures are its held-out
predictions, both leave-one-device-out and leave-one-source-out (every row of a publisher held out);
the peers are not fitted at all, so they need no hold-out.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import re
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from estimator.catalog import Benchmark, Catalog, Hardware, ModelArch
from estimator.fitting.calibration_fit import leave_one_device_out, leave_one_source_out, usable_rows
from estimator.physics.memory import resolve_architecture
from evals import moe_accuracy
from evals.estimator_accuracy import NAIVE_DEFAULT_CONCURRENCY, error_factor, naive_prediction
from knowledge.testing import memory_catalog

Predictor = Callable[[Benchmark, Hardware, "MoeShape | None"], float | None]
# The columns: a mixture of experts' batched rows apart from the dense ones (the issue's fourth figure).
METRICS = ("tg", "pp", "total_tps", "moe_total_tps")
# A gated MLP (SwiGLU: gate, up, down) holds three hidden × width matrices per expert.
GATED_MATRICES = 3

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


class MoeShape(NamedTuple):
    """What a peer needs of a mixture of experts: its attention shape and its routed experts' width."""

    name: str
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    head_dim: int
    vocab: int
    experts: int
    top_k: int
    expert_width: int  # one routed expert's intermediate size


def moe_shape(model: ModelArch) -> MoeShape | None:
    """A catalog mixture of experts' shape as the peers take it, or None without experts and top-k on record.

    The routed experts' parameters follow from total and active (`Architecture.expert_split_b`), spread
    over every layer as gated MLPs: width = experts' params / (layers × E × 3 × hidden).

    >>> from estimator.catalog import ModelArch
    >>> m = ModelArch(id="mixtral", family="m", name="Mixtral", params_b=46.7, layers=32, hidden_size=4096,
    ...               attention_heads=32, kv_heads=8, head_dim=128, source_url="x", total_params_b=46.7,
    ...               active_params_b=12.9, n_experts=8, experts_per_token=2)
    >>> moe_shape(m).expert_width  # the config's 14,336, less the share attention takes
    14326
    """
    if not model.n_experts or not model.experts_per_token or model.n_experts < 2:
        return None
    arch = resolve_architecture(model.params_b, [model], model.id)
    _, experts_b, _ = arch.expert_split_b()
    width = experts_b * 1e9 / (model.layers * model.n_experts * GATED_MATRICES * model.hidden_size)
    return MoeShape(model.id, model.layers, model.hidden_size, model.attention_heads, model.kv_heads,
                    model.head_dim, model.vocab_size or 32000, model.n_experts, model.experts_per_token, round(width))


def _catalog_moe(row: Benchmark, catalog: Catalog) -> MoeShape | None:
    """The row's model's shape when it is a catalog mixture of experts the peers can be given."""
    arch = resolve_architecture(row.params_b, catalog.models, row.model)
    if not arch.moe:
        return None
    model = next((m for m in catalog.models if m.id == arch.source), None)
    return moe_shape(model) if model else None


def genz_predictor() -> Predictor | None:
    try:
        from GenZ import decode_moddeling, prefill_moddeling
        from GenZ.Models.default_models import ModelConfig
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

    def model_of(row: Benchmark, shape: MoeShape | None) -> object:
        if shape is None:
            return _nearest(GENZ_MODELS, row.params_b)
        # GenZ sizes a MoE layer's experts at `intermediate_size` (num_ffi 2: gate and up, then down).
        return ModelConfig(model=shape.name, vocab_size=shape.vocab, hidden_size=shape.hidden,
                           intermediate_size=shape.expert_width, num_ffi=2, num_decoder_layers=shape.layers,
                           num_attention_heads=shape.heads, head_dim=shape.head_dim, num_key_value_heads=shape.kv_heads,
                           num_experts=shape.experts, expert_top_k=shape.top_k)

    def predict(row: Benchmark, hw: Hardware, shape: MoeShape | None) -> float | None:
        peak = _fp16(hw)
        if not peak or not hw.memory_bandwidth_gbs or not hw.memory_gb:
            return None
        system = {"Flops": peak, "Memory_size": hw.memory_gb, "Memory_BW": hw.memory_bandwidth_gbs, "ICN": 150,
                  "real_values": True}
        model = model_of(row, shape)
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

    def model_of(row: Benchmark, shape: MoeShape | None) -> str:
        if shape is None:
            return _nearest(LLM_ANALYSIS_MODELS, row.params_b)
        name = f"siliconsult-{shape.name}"
        if name not in la_config.model_configs:
            # llm-analysis's MLP is two matrices per expert (hidden × ffn, ffn × hidden): a gated one's three
            # are given as 1.5 × the width, so the experts' parameters (what decode reads) match.
            ffn = GATED_MATRICES * shape.expert_width // 2
            la_config.model_configs[name] = la_config.ModelConfig(
                name=name, num_layers=shape.layers, n_head=shape.heads, hidden_dim=shape.hidden, vocab_size=shape.vocab,
                num_key_value_heads=shape.kv_heads, ffn_embed_dim=ffn, expansion_ratio=ffn / shape.hidden,
                moe_num_experts=shape.experts, moe_top_k=shape.top_k,
            )
        return name

    def predict(row: Benchmark, hw: Hardware, shape: MoeShape | None) -> float | None:
        name = gpu(hw)
        if name is None:
            return None
        batch, prompt, output = _batch(row), max(1, row.prompt_tokens or 512), row.gen_tokens or 128
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            result = infer(model_name=model_of(row, shape), gpu_name=name,
                           dtype_name=dtype(row.quant), batch_size_per_gpu=batch, tp_size=row.device_count,
                           seq_len=prompt, num_tokens_to_generate=output, log_level="ERROR")
        if row.metric == "pp":
            return result["prefill_tokens_per_sec"]
        return batch * output / result["total_decode_latency"]

    return predict


Pairs = list[tuple[float, float]]


def _refusal(exc: Exception) -> str:
    """Why a peer refused a row, with its figures blanked so that rows refused for one reason count together.

    >>> _refusal(ValueError("All params would not fit on chip. System Memory Cap:80.0 GB , Weights : 32.4 GB"))
    'ValueError: All params would not fit on chip. System Memory Cap:N GB , Weights : N GB'
    """
    return f"{type(exc).__name__}: {re.sub(r'[0-9][0-9.]*', 'N', str(exc))[:80]}".strip()


def _figures(pairs: Pairs) -> dict[str, float | int | None]:
    """Rows, MAPE %, typical factor (geometric mean of max(est / meas, meas / est)) and share within ±30 %."""
    if not pairs:
        return {"rows": 0, "mape": None, "factor": None, "within_30": None}
    factors = [error_factor(p, m) for p, m in pairs]
    return {
        "rows": len(pairs),
        "mape": round(statistics.fmean(abs(p / m - 1) * 100 for p, m in pairs), 1),
        "factor": round(math.exp(statistics.fmean(math.log(f) for f in factors)), 2),
        "within_30": round(sum(abs(p / m - 1) <= 0.30 for p, m in pairs) / len(pairs), 2),
    }


def _metric(row: Benchmark, moe_batched: set[int]) -> str:
    return "moe_total_tps" if row.row_id in moe_batched else row.metric


def held_out(catalog: Catalog) -> tuple[list[Benchmark], dict[str, dict[int, float]], set[int]]:
    """(rows, this estimator's held-out predictions by hold-out and row id, the MoE batched rows' ids): the
    dense rows as `siliconsult eval --estimator` predicts them, the MoE batched ones as `evals.moe_accuracy`
    does (every catalog row of the group held out, its model's own step scale refitted without them)."""
    rows = usable_rows(catalog)
    moe_batched = [row for row in moe_accuracy.moe_rows(catalog) if row.metric == "total_tps"]
    ours = {
        "device-out": {row.row_id: p for row, p in leave_one_device_out(catalog)},
        "source-out": {row.row_id: p for row, p in leave_one_source_out(catalog)},
    }
    ours["device-out"].update((row.row_id, p) for row, p in moe_accuracy.leave_one_device_out(catalog, moe_batched))
    ours["source-out"].update((row.row_id, p) for row, p in moe_accuracy.leave_one_source_out(catalog, moe_batched))
    known = {row.row_id for row in rows}
    return rows + [row for row in moe_batched if row.row_id not in known], ours, {row.row_id for row in moe_batched}


def compare(catalog: Catalog) -> dict[str, object]:
    rows, ours, moe_batched = held_out(catalog)
    peers = {"genz": genz_predictor(), "llm-analysis": llm_analysis_predictor()}
    table: dict[str, dict[str, Pairs]] = defaultdict(lambda: defaultdict(list))
    skipped: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in rows:
        hw = catalog.hardware_by_id(row.hardware_id or "")
        assert hw is not None
        metric = _metric(row, moe_batched)
        for hold, predicted in ours.items():
            table[f"siliconsult ({hold})"][metric].append((predicted[row.row_id], row.value))
        table["naive roofline"][metric].append((naive_prediction(row, catalog), row.value))
        is_moe = resolve_architecture(row.params_b, catalog.models, row.model).moe
        shape = _catalog_moe(row, catalog) if is_moe else None
        for name, predict in peers.items():
            if predict is None:
                continue
            if is_moe and shape is None:
                skipped[name]["MoE without experts and top-k on record"] += 1
                continue
            if not _fp16(hw) or not hw.memory_bandwidth_gbs or not hw.memory_gb:
                skipped[name]["device lists no FP16 rate, memory or bandwidth"] += 1
                continue
            try:
                value = predict(row, hw, shape)
            except Exception as exc:  # noqa: BLE001 - a row the peer cannot model is skipped and counted
                skipped[name][_refusal(exc)] += 1
                continue
            if value is None or not value > 0 or not math.isfinite(value):
                skipped[name]["peer returned no positive figure"] += 1
                continue
            table[name][metric].append((value, row.value))
            # The same rows for this estimator, held out both ways.
            for hold, predicted in ours.items():
                table[f"siliconsult ({hold}) on {name} rows"][metric].append((predicted[row.row_id], row.value))
    return {
        "rows": len(rows),
        "installed": {name: predict is not None for name, predict in peers.items()},
        "skipped_rows": {name: dict(reasons) for name, reasons in skipped.items()},
        "figures": {tool: {metric: _figures(pairs) for metric, pairs in metrics.items()}
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
    print(f"{result['rows']} rows; installed: {result['installed']}")
    for name, reasons in result["skipped_rows"].items():  # type: ignore[union-attr]
        print(f"  {name} skipped {sum(reasons.values())}: {reasons}")
    print("MAPE / typical factor / share within 30 % (rows)")
    print(f"{'tool':<46}" + "".join(f"{metric:>28}" for metric in METRICS))
    for tool, metrics in result["figures"].items():  # type: ignore[union-attr]
        cells = [f"{f['mape']} % {f['factor']}x {f['within_30']:.0%} ({f['rows']})" if (f := metrics.get(m)) and f["rows"]
                 else "-" for m in METRICS]
        print(f"{tool:<46}" + "".join(f"{cell:>28}" for cell in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
