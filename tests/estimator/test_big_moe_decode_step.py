"""DeepSeek-class decode steps on one 8-GPU server, by engine layout (`resolve.EXPERT_PARALLEL_BACKENDS`).

Worked out before running the estimator (DeepSeek-R1, FP8, 8 x H200 at 4.8 TB/s, ~0.8 of it reached):
- weights: 16.5 GB dense (MLA, 3 dense layers, shared experts, embeddings) + 654.5 GB routed experts (58 layers x
  256 x 3 x 7168 x 2048); a step of b streams reads the dense part and the experts its tokens touch,
  1 − (1 − 8/256)^b of them: 0.22 at 8 streams, 0.64 at 32, 0.87 at 64, all at 256;
- over 8 x 4.8 x 0.8 = 30.7 TB/s: 0.5 ms dense + 21.3 ms x that share (4.8 / 13.6 / 18.5 / 21.3 ms), plus every
  stream's MLA latent cache (70.3 KB per token, held whole by every tensor-parallel rank) over ~1,400 tokens
  (0.2 / 0.8 / 1.6 / 6.6 ms), two all-reduces per layer (122 x ~20 us = 2.4 ms) and the kernels' fixed cost
  (~2.7 ms): about 11 / 21 / 28 / 41 ms at 8 / 32 / 64 / 256 streams.
- SGLang's default layout splits every expert over the 8 ranks (InferenceX's "TP=8, EP=1"): no token is sent
  to another rank, so no per-layer dispatch or slowest-rank wait joins that sum. InferenceX measured TPOT
  12.8 / 17.2 / 25.6 / 34.6 ms at 8 / 16 / 32 / 64 streams of 1k/1k (SemiAnalysisAI/InferenceX#870, SGLang
  v0.5.7): 1.15-1.25x the sum above, the same at every batch, i.e. the engines' FP8 block-scaled MoE kernels
  reaching less of the bandwidth, not a cost that grows with the batch. The estimator's per-user speed for those
  runs should therefore sit within 1.25x of 1000 / TPOT at each of them.
- TensorRT-LLM's max-throughput runs lay the experts out expert-parallel (`--tp 8 --ep 8`, attention DP):
  each MoE layer dispatches the tokens to the ranks holding their experts and waits for the busiest. Its
  rows (4400: 1,024 streams on 8 x H200 FP8, 11,489 tok/s; 4401 / 4402: 3,072 / 7,168 streams on 8 x B200
  NVFP4, 36,384 / 43,146 tok/s) should stay within 1.25x too: the one per-model step scale fits both engines.
"""

from __future__ import annotations

import pytest

from estimator.physics.resolve import EXPERT_PARALLEL_BACKENDS
from estimator.schemas import EstimateRequest
from tests.support.worded import estimate

# InferenceX issue #870 (SGLang v0.5.7, DeepSeek-R1-0528 FP8, 8 x H200, 1k/1k): streams -> mean TPOT (ms).
INFERENCEX_TPOT_MS = {8: 12.8, 16: 17.2, 32: 25.6, 64: 34.6}
# TensorRT-LLM's "Best perf practice on DeepSeek-R1" max-throughput rows: (device, quant, streams, in, out, tok/s).
TRT_LLM_MAX_LOAD = (
    ("nvidia-h200-sxm", "FP8", 1024, 1024, 2048, 11489.27),
    ("nvidia-b200-hgx", "NVFP4", 3072, 1024, 2048, 36384.08),
    ("nvidia-b200-hgx", "NVFP4", 7168, 1042, 2048, 43146.2),
)
WITHIN = 1.25


def _request(**fields: object) -> EstimateRequest:
    base = dict(count=8, params_b=671, model="deepseek-r1", model_only=True, arrival_pattern="batch")
    return EstimateRequest.model_validate({**base, **fields})


def _factor(a: float, b: float) -> float:
    return max(a / b, b / a)


def test_only_trt_llm_runs_the_experts_expert_parallel():
    assert "trt-llm" in EXPERT_PARALLEL_BACKENDS
    assert not EXPERT_PARALLEL_BACKENDS & {"vllm", "sglang", "tgi", "tt-metal", "llama.cpp"}


@pytest.mark.parametrize("streams", sorted(INFERENCEX_TPOT_MS))
def test_deepseek_r1_sglang_on_8_h200_decodes_at_the_measured_tpot(catalog, streams):
    est = estimate(_request(hardware="nvidia-h200-sxm", quant="FP8", backend="sglang", concurrency=streams,
                            prompt_tokens=1024, output_tokens=1024), catalog)
    assert est.fits
    measured = 1000.0 / INFERENCEX_TPOT_MS[streams]
    assert _factor(est.decode_tokens_per_s_per_stream, measured) <= WITHIN


def test_deepseek_r1_sglang_step_grows_with_the_experts_read_not_a_sync_term(catalog):
    # From 8 to 64 streams the touched experts go from 0.22 to 0.87 of 21.3 ms (x the step scale), the latent cache
    # from 0.2 to 1.6 ms: about +15-20 ms per step. A per-layer cost at the touched share (0.23 ms x 61 layers at
    # 0.22 -> 0.87 of it) would add ~9 ms more; measured: 34.6 - 12.8 = 21.8 ms.
    speeds = {streams: estimate(_request(hardware="nvidia-h200-sxm", quant="FP8", backend="sglang", concurrency=streams,
                                         prompt_tokens=1024, output_tokens=1024), catalog).decode_tokens_per_s_per_stream
              for streams in (8, 64)}
    growth = 1000.0 / speeds[64] - 1000.0 / speeds[8]
    assert 14.0 <= growth <= 26.0


@pytest.mark.parametrize("hardware, quant, streams, prompt, output, measured", TRT_LLM_MAX_LOAD)
def test_deepseek_r1_trt_llm_max_load_runs_stay_within_the_bound(catalog, hardware, quant, streams, prompt, output,
                                                                 measured):
    est = estimate(_request(hardware=hardware, quant=quant, backend="trt-llm", concurrency=streams,
                            prompt_tokens=prompt, output_tokens=output), catalog)
    assert _factor(est.decode_tokens_per_s_total, measured) <= WITHIN
