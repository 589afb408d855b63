"""Prefill of a mixture of experts: grouped expert matmuls fill only part of their row tiles.

Worked out by hand before running the estimator (catalog config figures):

- Qwen3-30B-A3B: 30.5 B total, 3.3 B active, top-8 of 128 experts (k/E = 1/16). Routed experts =
  (30.5 − 3.3) / (1 − 1/16) = 29.013 B, of which a token uses 29.013 / 16 = 1.813 B.
  llama.cpp runs a long prompt in 512-token micro-batches; each expert gets 512 / 16 = 32 tokens (all
  128 experts are touched: 1 − (15/16)^512 ≈ 1) in a 128-row tile: 32 / 128 = 0.25 of its rows are
  real, so the routed FLOPs cost 4×: 3.3 + 1.813 × (4 − 1) = 8.74 B parameters' worth per token.
- The same model in vLLM (token budget 2,048 per pass, 64-row tiles): 2048 / 16 = 128 tokens per
  expert fill the tile, so prefill pays exactly the active 3.3 B.
- gpt-oss-120b in llama.cpp: top-4 of 128, 512 / 32 = 16 tokens per expert: 16 / 128 = 0.125.
- A dense model pays its own parameters, unchanged.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estimator.physics import roofline
from estimator.physics.catalog_index import catalog_index
from estimator.physics.parallel_plans import prefill_time_ms
from estimator.physics.resolve import resolve
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _request(**fields: object) -> EstimateRequest:
    values: dict[str, object] = {"hardware": "amd-ryzen-ai-max-395", "backend": "llama.cpp", "quant": "Q4_K_M",
                                 "prompt_tokens": 7624, "output_tokens": 1, "model_only": True}
    values.update(fields)
    return EstimateRequest.model_validate(values)


def _resolved(catalog, **fields: object):
    return resolve(_request(**fields), catalog_index(catalog))


def test_tile_fill_of_the_catalog_routings():
    assert roofline.expert_tile_efficiency(512, 8 / 128, 1.0, 128) == 0.25
    assert roofline.expert_tile_efficiency(512, 4 / 128, 1.0, 128) == 0.125
    assert roofline.expert_tile_efficiency(2048, 8 / 256, 1.0, 64) == 1.0  # DeepSeek-V3 in vLLM: 64 of 64
    assert roofline.expert_tile_efficiency(512, 0.0, 0.0, 128) == 1.0  # dense


@PROPERTY
@given(tokens=st.integers(1, 20_000), more=st.integers(0, 20_000),
       share=st.sampled_from([1 / 128, 4 / 128, 8 / 128, 8 / 256, 2 / 8, 1 / 16]), tile=st.sampled_from([64, 128]))
def test_tile_fill_is_a_share_and_padded_rows_grow_with_the_pass(tokens, more, share, tile):
    from estimator.physics.memory import touched_expert_share

    def padded_rows(n: int) -> float:  # rows the expert matmuls compute for an n-token pass
        return n * share / roofline.expert_tile_efficiency(n, share, touched_expert_share(share, n), tile)

    efficiency = roofline.expert_tile_efficiency(tokens, share, touched_expert_share(share, tokens), tile)
    assert 0.0 < efficiency <= 1.0
    assert padded_rows(tokens + more) >= padded_rows(tokens) * (1 - 1e-12)


def test_llama_cpp_prefill_of_qwen3_30b_a3b_pays_its_partly_empty_tiles(catalog):
    experts = (30.5 - 3.3) / (1 - 1 / 16)
    r = _resolved(catalog, params_b=30.5, model="qwen3-30b-a3b")
    assert r.active_params_b == pytest.approx(3.3)
    assert r.prefill_params_b == pytest.approx(3.3 + experts / 16 * 3, rel=1e-3)  # ≈ 8.74 B


def test_gpt_oss_120b_in_llama_cpp_fills_an_eighth_of_its_tiles(catalog):
    r = _resolved(catalog, params_b=116.8, model="gpt-oss-120b")
    routed = r.active_params_b - (r.params_b - (116.8 - 5.1) / (1 - 4 / 128))  # active − dense
    assert r.prefill_params_b == pytest.approx(r.active_params_b + routed * (8 - 1), rel=1e-3)


def test_a_continuous_engine_fills_the_tiles_of_every_catalog_moe_with_k_over_e_of_at_least_1_32(catalog):
    for model in catalog.models:
        if not (model.is_moe and model.n_experts and model.experts_per_token):
            continue
        if model.experts_per_token / model.n_experts < 1 / 32:
            continue
        r = _resolved(catalog, params_b=model.total_b, model=model.id, backend="vllm", hardware="nvidia-h100-sxm",
                      quant="FP8")
        # Full tiles: the routed experts cost their active share (the engine's fitted expert-layer
        # efficiency, `moe_fit`, comes on top of that: tests/estimator/test_moe_expert_efficiency.py).
        assert r.prefill_dense_b + r.prefill_expert_b == pytest.approx(r.active_params_b, rel=1e-9), model.id


def test_a_dense_model_pays_its_own_parameters(catalog):
    for model in catalog.models:
        if model.is_moe:
            continue
        for backend in ("llama.cpp", "vllm"):
            r = _resolved(catalog, params_b=model.total_b, model=model.id, backend=backend)
            assert r.prefill_params_b == r.active_params_b == r.params_b, model.id


def test_moe_prefill_is_slower_than_its_active_parameters_alone_would_give(catalog):
    # The dense-equivalent of 3.3 B active is an upper bound on prefill speed; the tiles cost ~2.4× here
    # (the routed experts are ~55 % of the active FLOPs and cost 4×; attention over 7,624 tokens is extra).
    moe = estimate(_request(params_b=30.5, model="qwen3-30b-a3b"), catalog)
    r = _resolved(catalog, params_b=30.5, model="qwen3-30b-a3b")
    flops_active = roofline.prefill_flops(r.active_params_b, r.arch.layers, r.arch.hidden_size, 7624)
    flops_tiles = roofline.prefill_flops(r.prefill_params_b, r.arch.layers, r.arch.hidden_size, 7624)
    assert 2.0 < flops_tiles / flops_active < 2.6
    assert moe.prefill_tokens_per_s > 0


@PROPERTY
@given(prompt=st.integers(1, 16_000), more=st.integers(1, 16_000),
       model=st.sampled_from(["qwen3-30b-a3b", "gpt-oss-120b", "gpt-oss-20b", "mixtral-8x7b", "llama-4-maverick"]))
def test_moe_prefill_time_never_falls_with_a_longer_prompt(catalog, prompt, more, model):
    size = next(m.total_b for m in catalog.models if m.id == model)
    short = resolve(_request(params_b=size, model=model, prompt_tokens=prompt), catalog_index(catalog))
    long = resolve(_request(params_b=size, model=model, prompt_tokens=prompt + more), catalog_index(catalog))
    assert prefill_time_ms(long, 1) >= prefill_time_ms(short, 1)


def test_moe_prefill_rows_are_fitted_and_moe_serving_rows_only_judged(catalog):
    # Prefill rows of catalog MoE models are now explained (tile fill) and count in the fit; serving rows
    # are judged by evals.moe_accuracy but kept out of the batched fit shared with every dense model.
    from estimator.fitting.calibration_fit import usable_rows
    from evals.moe_accuracy import is_catalog_moe, moe_rows

    usable = {row.row_id for row in usable_rows(catalog)}
    judged = moe_rows(catalog)
    assert any(row.metric == "pp" for row in judged)
    assert any(row.metric == "total_tps" and row.concurrency for row in judged)
    for row in judged:
        assert is_catalog_moe(row, catalog)
        assert (row.row_id in usable) == (row.metric not in ("total_tps", "decode_tps")), row.row_id
