"""How many sequences an engine runs when a benchmark submits everything at once ("max load").

Worked out before running the estimator:
- trtllm-bench (TensorRT-LLM's benchmark, the perf-overview rows) sizes its batch from the KV cache the
  weights leave, capped at 4,096 requests (`tensorrt_llm/bench/build/tuning.py`, `finetune_setting`:
  `raw_bs = min(kv_cache_max_requests, 4096) / pp_size`), not at the LLM API's 2,048 default.
  Qwen3-30B-A3B NVFP4 on one B200 at 128 in / 128 out: weights 30.5 B × 4.5 / 8 ≈ 17 GB; FP8 KV
  48 layers × 4 KV heads × 128 × 2 × 1 B = 49 KB per token, 256 tokens = 12.6 MB per sequence; the
  ~148 GB left (180 × 0.92 − 0.75 − 17; DGX B200's 180 GB) hold ~11,700 sequences: the 4,096 cap binds.
- At 20,000 in / 2,000 out the same card holds 22,000 × 49 KB = 1.08 GB per sequence: ~137 sequences,
  the KV cache binds (no cap).
- vLLM keeps its 256-sequence default (`max_num_seqs`).
"""

from __future__ import annotations

from estimator.fitting.row_predict import row_request
from estimator.physics.catalog_index import catalog_index
from estimator.physics.parallel_plans import saturating_concurrency
from estimator.physics.resolve import resolve
from tests.support.estimator_builders import bench_row

QWEN3_30B_ON_B200 = dict(hardware_id="nvidia-b200-hgx", device_count=1, model="Qwen3-30B-A3B", params_b=30.5,
                         quant="NVFP4", metric="total_tps", concurrency=None)


def _capacity(catalog, **fields) -> int:
    row = bench_row(1, 1000.0, **{**QWEN3_30B_ON_B200, **fields})
    return saturating_concurrency(resolve(row_request(row), catalog_index(catalog, catalog.calibration)), 1)


def test_trtllm_bench_runs_up_to_4096_short_sequences(catalog):
    assert _capacity(catalog, backend="trt-llm", prompt_tokens=128, gen_tokens=128) == 4096


def test_long_sequences_are_held_by_the_kv_cache_not_the_cap(catalog):
    assert 120 <= _capacity(catalog, backend="trt-llm", prompt_tokens=20000, gen_tokens=2000) <= 170


def test_vllm_keeps_its_256_sequence_default(catalog):
    assert _capacity(catalog, backend="vllm", prompt_tokens=128, gen_tokens=128) == 256
