"""A static batch (Optimum Habana's `run_generation.py --batch_size N`): one prefill pass, then lockstep decode.

Worked out before the change, from how the tool runs (Transformers' `generate` on one padded batch):
- The N prompts of I tokens go through the model together: one pass reads the weights once and runs N · I
  tokens' FLOPs; then the N streams decode O steps in lockstep at batch N. No scheduler admits, evicts or
  interleaves anything, so

      total = N · O / (prefill(N × I) + O · step(N)).

  By hand, with a step of 5 ms of weight reads (2 ms of matmul FLOPs hidden under them) and 1 ms of fixed cost,
  O = 100 and a batch pass of 300 ms: one answer takes 100 · (5 + 1) + 300 = 900 ms. A slot server would instead
  run the other 7 prompts in passes of their own (7 × 40 ms here): 100 · 6 + 280 = 880 ms, and with N = 4,000
  prompts it pays 3,999 weight reads where the static batch pays one.
- Host work per stream: `generate` advances the whole batch as one tensor per step (next tokens, stopping
  criteria); there is no per-request bookkeeping between steps, so a serving engine's fitted per-stream host cost
  (vLLM's, or a kind's pool dominated by another vendor's loop) is not the tool's: 0 unless its own rows say so.
- KV cache: its FP8 runs quantize through Intel Neural Compressor, whose patched KVCache allocates the cache in
  FP8 (`memory.FP8_KV_BY_DEFAULT_BACKENDS`): 1 byte per value, half a BF16 cache.
- Links: Gaudi 3's scale-up fabric is 21 × 200 Gb/s = 525 GB/s per direction (docs.habana.ai, Network
  Configuration); Huawei's HCCS connects the 8 NPUs of an Atlas 800 A2 directly, a fabric, not the PCIe host link
  named beside it.
"""

from __future__ import annotations

import pytest

from estimator.catalog import CalibrationParams
from estimator.fitting.row_predict import predict_resolved, row_request
from estimator.physics import batching, parallel_plans, roofline
from estimator.physics.calibration import resolve_factors
from estimator.physics.catalog_index import catalog_index
from estimator.physics.device import parse_interconnect
from estimator.physics.memory import kv_bytes_per_element
from estimator.physics.resolve import resolve
from tests.support.estimator_builders import bench_row


def test_a_static_batch_answer_is_one_batch_prefill_plus_its_decode_steps():
    # O = 10 (kept small for the doctest-sized numbers): 10 · (5 + 1) + 300 = 360 ms; the slot server: 10 · 6 + 7 · 40.
    static, memory_bound = batching.cycle_ms(False, 10, 8, 5.0, 2.0, 1.0, 0.0, 300.0, 0.0, 7, static=True)
    assert static == pytest.approx(10 * (5.0 + 1.0) + 300.0)
    assert memory_bound
    slots, _ = batching.cycle_ms(False, 10, 8, 5.0, 2.0, 1.0, 0.0, 40.0, 0.0, 7)
    assert slots == pytest.approx(10 * 6.0 + 7 * 40.0)


def test_a_static_batch_with_no_other_prompt_is_its_decode_steps_alone():
    decode, _ = batching.cycle_ms(False, 100, 8, 5.0, 2.0, 1.0, 0.0, 300.0, 0.0, 0, static=True)
    assert decode == pytest.approx(100 * 6.0)


GAUDI3_70B = dict(hardware_id="intel-gaudi3", kind="accel", device_count=8, model="Llama 3.1 70B Instruct",
                  params_b=70.6, quant="FP8", concurrency=1024, prompt_tokens=128, gen_tokens=2048,
                  metric="total_tps")


def _resolved(catalog, backend="optimum-habana", **update):
    row = bench_row(1, 1000.0, backend=backend, **{**GAUDI3_70B, **update})
    return row, resolve(row_request(row), catalog_index(catalog, catalog.calibration))


def test_the_batch_pass_reads_the_weights_once_and_runs_every_prompts_flops(catalog):
    _, r = _resolved(catalog)
    assert r.static_batch
    prompts, parallel = 1024, 8
    flops = prompts * r.arch.prompt_flops(r.prefill_params_b, r.prompt_tokens)
    compute_ms = flops / (parallel * r.peak_tflops * 1e12 * r.prefill_efficiency) * 1000.0
    weights_ms = r.weights_gb / (parallel * r.device.bandwidth_gbs * r.factors.bandwidth_efficiency) * 1000.0
    comm_ms = roofline.comm_ms_per_step(parallel, r.arch.layers, r.arch.hidden_size, prompts * r.prompt_tokens,
                                        r.device.link_gbs, r.device.link_latency_us)
    assert parallel_plans.static_prefill_ms(r, parallel, prompts) == pytest.approx(max(compute_ms, weights_ms) + comm_ms)
    # One weight read for the batch, where 1,024 separate prompts would pay 1,024.
    assert parallel_plans.static_prefill_ms(r, parallel, prompts) < prompts * parallel_plans.prefill_time_ms(r, parallel)


def test_a_static_batch_row_is_n_times_o_over_the_batch_prefill_and_o_steps(catalog):
    row, r = _resolved(catalog)
    n, o, group = 1024, 2048, 8
    step_ms, _ = parallel_plans.step_time_ms(r, group, n)
    expected = n * o / (parallel_plans.static_prefill_ms(r, group, n) + o * step_ms) * 1000.0
    assert predict_resolved(row, r, group) == pytest.approx(expected, rel=1e-6)


def test_a_static_batch_borrows_no_serving_loops_host_cost():
    calibration = CalibrationParams(data_version="t", scheduler_ms_per_stream={"*/accel": 0.5, "vllm/accel": 0.3,
                                                                               "vllm/gpu": 0.3})
    assert resolve_factors(calibration, "optimum-habana", "accel").scheduler_ms_per_stream == 0.0
    assert resolve_factors(calibration, "vllm", "accel").scheduler_ms_per_stream == 0.3


def test_optimum_habana_fp8_runs_keep_an_fp8_kv_cache():
    assert kv_bytes_per_element("FP8", "optimum-habana") == 1.0
    assert kv_bytes_per_element("BF16", "optimum-habana") == 2.0
    assert kv_bytes_per_element("FP8", "vllm") == 2.0  # vLLM's `--kv-cache-dtype auto` stays 16 bit


def test_hccs_is_a_fabric_not_the_pcie_host_link():
    kind, _, _ = parse_interconnect("HCCS, 8 NPUs fully connected per server; PCIe 4.0 x16 to the host")
    assert kind == "fabric"


@pytest.mark.parametrize(("text", "per_direction"), [
    ("24x 200GbE RoCE integrated (21 scale-up ports all-to-all to the other 7 OAMs: 525 GB/s per direction)", 525.0),
    ("ICI 1600 Gbps/chip (400 GB/s bidir), 2D torus", 200.0),
    ("Infinity Fabric/xGMI; PCIe 5.0 x16", 150.0),  # nothing quoted: the kind's figure
])
def test_a_fabric_that_quotes_its_bandwidth_is_costed_at_it(text, per_direction):
    assert parse_interconnect(text)[:2] == ("fabric", per_direction)
