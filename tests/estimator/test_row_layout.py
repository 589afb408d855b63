"""A measured row is predicted in the parallel layout its source states (`benchmark_layouts.csv`, migration 009).

Worked out from the sources and first principles before running the estimator:
- TensorRT-LLM's perf overview states each column's layout ("H200 TP8", "8 GPUs TP8,PP1"); GPUStack states
  its `vllm serve ... -tp 2`; InferenceX its "TP=8". The planner, free to choose, would run a model that fits
  one card as replicas (Qwen3-30B-A3B NVFP4 is ~18 GB of a 96 GB RTX PRO 6000), which is not what the row
  measured: one copy over 8 devices.
- TensorRT-LLM's `max_batch_size` caps each attention-DP rank's own executor, never divided by the DP size
  (ai-dynamo/dynamo PR #11982, tracing `_torch/pyexecutor/_util.py`), so a TP8 attention-DP copy of an MoE
  model holds up to 8 × 4,096 streams, bounded by its KV cache. Qwen3-235B-A22B FP8 on 8 × H200 at 128 in /
  128 out: 8 × (141 × 0.92 − 0.75) − 235 ≈ 797 GB for KV, less the dense weights the 7 other ranks hold again
  (attention DP replicates every weight but the routed experts: TensorRT-LLM's parallel-strategy guide):
  235 − 213 / (1 − 8/128) ≈ 7.8 B, 7 × 7.8 ≈ 55 GB, so ~742 GB; FP8 KV 2 × 94 layers × 4 KV heads × 128 × 1 B =
  96 KB per token, 24.6 MB per 256-token sequence: ~30,100 sequences, under the 32,768 cap.
- A dense model on the same engine has no attention DP: one TP8 copy keeps one 4,096 cap (Llama 3.1 70B FP8:
  ~23,000 sequences would fit, the cap binds). vLLM keeps its 256 per copy.
"""

from __future__ import annotations

import re

from estimator.catalog import BenchmarkLayout
from estimator.fitting.row_predict import (
    predict_resolved,
    predict_row,
    relative_squared_error,
    row_request,
    stated_groups,
)
from estimator.physics.catalog_index import catalog_index
from estimator.physics.parallel_plans import best_plan, evaluate, saturating_concurrency
from estimator.physics.resolve import resolve
from knowledge.loader import validate_dir
from tests.support.estimator_builders import bench_row
from tests.support.knowledge_helpers import copy_data

QWEN3_235B_ON_8_H200 = dict(hardware_id="nvidia-h200-sxm", kind="gpu", device_count=8, model="Qwen3-235B-A22B",
                            params_b=235.0, quant="FP8", backend="trt-llm", concurrency=None, prompt_tokens=128,
                            gen_tokens=128, metric="total_tps")
QWEN3_30B_ON_8_RTX = dict(hardware_id="nvidia-rtx-pro-6000-blackwell", kind="gpu", device_count=8,
                          model="Qwen3-30B-A3B", params_b=30.5, quant="NVFP4", backend="trt-llm", concurrency=None,
                          prompt_tokens=128, gen_tokens=128, metric="total_tps")


def _resolved(catalog, **shape):
    row = bench_row(1, 1000.0, **shape)
    return row, resolve(row_request(row), catalog_index(catalog, catalog.calibration))


def test_an_attention_dp_copy_holds_the_batch_cap_once_per_rank(catalog):
    _, resolved = _resolved(catalog, **QWEN3_235B_ON_8_H200)
    assert resolved.attention_dp
    assert 29_500 <= saturating_concurrency(resolved, 8, 8) <= 30_500 < 8 * 4096


def test_a_dense_tensor_parallel_copy_keeps_one_batch_cap(catalog):
    shape = {**QWEN3_235B_ON_8_H200, "model": "Llama 3.1 70B Instruct", "params_b": 70.6}
    _, resolved = _resolved(catalog, **shape)
    assert not resolved.attention_dp
    assert saturating_concurrency(resolved, 8, 8) == 4096
    _, on_vllm = _resolved(catalog, **{**QWEN3_235B_ON_8_H200, "backend": "vllm"})
    assert saturating_concurrency(on_vllm, 8, 8) == 256


def test_a_row_is_predicted_in_its_stated_layout_not_the_planners(catalog):
    row, resolved = _resolved(catalog, **QWEN3_30B_ON_8_RTX)
    planned = best_plan(resolved, 8, saturating_concurrency(resolved, 8))
    assert planned.group < 8  # free to choose, the planner runs replicas of a model that fits one card
    stated = evaluate(resolved, 8, 8, saturating_concurrency(resolved, 8, 8))
    assert stated.replicas == 1
    assert predict_resolved(row, resolved, 8) == stated.sustained_total
    assert predict_resolved(row, resolved) == planned.sustained_total != stated.sustained_total
    layout = BenchmarkLayout(row_id=1, tensor_parallel=8, source_url=row.source_url)
    with_layout = catalog.model_copy(update={"benchmarks": (row,), "benchmark_layouts": (layout,)})
    without = catalog.model_copy(update={"benchmarks": (row,), "benchmark_layouts": ()})
    assert predict_row(row, with_layout, catalog.calibration) == stated.sustained_total
    assert predict_row(row, without, catalog.calibration) == planned.sustained_total


def test_the_fits_objective_judges_a_row_in_its_stated_layout(catalog):
    # A row measured at exactly what one TP8 copy gives: no error in its stated layout, a large one in the
    # planner's (eight one-GPU replicas, each reading its own copy of the weights per step, are another run).
    row, resolved = _resolved(catalog, **QWEN3_30B_ON_8_RTX)
    measured = row.model_copy(update={"value": predict_resolved(row, resolved, 8)})
    assert relative_squared_error([(measured, resolved)], {row.row_id: 8}) == 0.0
    assert relative_squared_error([(measured, resolved)]) > 0.1


def test_the_shipped_layouts_are_the_ones_the_rows_sources_state(catalog):
    groups = stated_groups(catalog)
    # perf overview "H200 TP8" / "8 GPUs TP8,PP1" / "1 GPUs TP1,PP1", GPUStack "-tp 2", InferenceX "TP=8"
    assert (groups[467], groups[524], groups[541], groups[494], groups[559], groups[4403]) == (8, 8, 8, 1, 2, 8)
    rows = {row.row_id: row for row in catalog.benchmarks}
    for layout in catalog.benchmark_layouts:
        row = rows[layout.row_id]
        assert layout.source_url == row.source_url
        assert layout.tensor_parallel <= row.device_count
        # Optimum Habana's DeepSpeed runs state it as the world size (DeepSpeed inference shards every layer
        # over its world: tensor parallel of that degree).
        stated = rf"(?<![A-Za-z])(?:TP ?=? ?|--?tp |--world_size ){layout.tensor_parallel}(?!\d)"
        assert re.search(stated, row.source_note or ""), layout.row_id


def test_a_layout_for_an_unknown_row_or_more_devices_than_ran_is_a_data_error(tmp_path):
    data = copy_data(tmp_path)
    with (data / "benchmark_layouts.csv").open("a", encoding="utf-8") as handle:
        handle.write("99999,8,https://example.org,\n")
        handle.write("1,2,https://example.org,\n")  # row 1 ran on one Apple M2
    errors = validate_dir(data)
    assert any(e.startswith("benchmark_layouts.csv:") and "unknown benchmark row 99999" in e for e in errors)
    assert any(e.startswith("benchmark_layouts.csv:") and "ran on 1" in e for e in errors)
