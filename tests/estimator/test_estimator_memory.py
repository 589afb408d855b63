"""Memory fit: weights, KV cache, overhead, sharding across devices, and what does not fit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estimator.catalog import ModelArch
from estimator.errors import InvalidRequest
from estimator.physics.memory import (
    RUNTIME_OVERHEAD_GB,
    approximate_architecture,
    bits_per_weight,
    kv_bytes_per_element,
    memory_required_gb,
    model_by_name,
    name_key,
    per_device_memory_gb,
    resolve_architecture,
    weights_gb,
)
from estimator.schemas import EstimateRequest
from tests.support.estimator_builders import ARCH_8B, KV_BYTES_PER_TOKEN_8B, URL, catalog, device
from tests.support.worded import estimate


def _model(model_id: str, params_b: float, heads: int, kv_heads: int, layers: int = 40, **extra) -> ModelArch:
    return ModelArch(id=model_id, family="test", name=extra.pop("name", model_id), params_b=params_b, layers=layers,
                     hidden_size=heads * 128, attention_heads=heads, kv_heads=kv_heads, head_dim=128,
                     max_context=4096, source_url=URL, **extra)


# A 2023 multi-head-attention 13B (every head keeps its K and V) and a current grouped-query 14B.
MHA_13B = _model("mha-13b", 13.0, heads=40, kv_heads=40, name="Llama 2 13B", aliases=("llama-2-13b-chat",))
GQA_14B = _model("gqa-14b", 14.7, heads=40, kv_heads=8, layers=48)


def test_weights_are_params_times_bits_per_weight():
    assert weights_gb(7.0, 16) == pytest.approx(14.0)
    assert weights_gb(8.0, 4.85) == pytest.approx(4.85)


def test_bits_per_weight_prefers_the_catalog_and_rejects_unknown_formats():
    assert bits_per_weight("q4_k_m", catalog()) == 4.85
    assert bits_per_weight("Q8_0") == 8.5  # built-in table when the catalog lacks it
    with pytest.raises(InvalidRequest) as raised:
        bits_per_weight("Q7_Z", catalog())
    assert raised.value.field == "quant"


def test_kv_cache_per_token_from_the_architecture():
    arch = resolve_architecture(8.0, [ARCH_8B])
    assert arch.source == "test-8b"
    assert arch.kv_bytes_per_token(2) == KV_BYTES_PER_TOKEN_8B == 131_072
    assert kv_bytes_per_element("FP8") == 1 and kv_bytes_per_element("Q4_K_M") == 2


def test_architecture_falls_back_to_the_documented_approximation():
    # No catalog model within a factor 1.5: depth = width / 128 with width = ∛(params · 128 / 12).
    arch = resolve_architecture(400.0, [ARCH_8B])
    assert arch.source == "approximation"
    assert approximate_architecture(6.74).layers == 32  # Llama-2-7B has 32 layers of width 4096
    assert approximate_architecture(6.74).hidden_size == pytest.approx(4096, rel=0.02)


def test_a_bare_size_is_sized_with_a_current_grouped_query_model():
    # 13 B is closer to the MHA 13B, but current families use GQA: the 14B within 1.5× stands in for it.
    arch = resolve_architecture(13.0, [MHA_13B, GQA_14B])
    assert arch.source == "gqa-14b"
    # Its KV cache per token is 48·8 heads against 40·40: about a quarter (the 4× of the 2023 shape).
    assert arch.kv_bytes_per_token(2) < resolve_architecture(13.0, [MHA_13B]).kv_bytes_per_token(2) / 4


def test_the_closest_model_of_any_kind_when_no_grouped_query_model_is_near():
    # The only GQA model (8B) is beyond 1.5× of 18B, so the MHA 13B within it is used, not the approximation.
    assert resolve_architecture(18.0, [MHA_13B, ARCH_8B]).source == "mha-13b"
    assert resolve_architecture(13.0, [MHA_13B]).kv_heads == 40


def test_a_named_model_keeps_its_own_architecture():
    # Named explicitly (any case, separators, variant suffix or remark), the MHA model wins over the GQA one.
    for name in ("Llama 2 13B", "LLAMA-2-13B", "llama-2-13b-chat", "Llama 2 13B (LoRA-merged fine-tune)",
                 "mha-13b"):
        assert resolve_architecture(13.0, [GQA_14B, MHA_13B], name).source == "mha-13b", name
    # An unknown name falls back to the size rule.
    assert resolve_architecture(13.0, [GQA_14B, MHA_13B], "our in-house model").source == "gqa-14b"


def test_a_request_naming_its_model_is_sized_with_that_model():
    cat = catalog(device(memory=10_000.0)).model_copy(update={"models": (MHA_13B, GQA_14B)})

    def required(model: str | None) -> float:
        # Every request is 10,000 tokens long (9,744 prompt + 256 answer), so the paged cache holds them all.
        request = EstimateRequest(hardware="test-gpu", params_b=13.0, quant="FP16", backend="vllm",
                                  prompt_tokens=9_744, output_tokens=256, concurrency=10, model=model)
        return estimate(request, cat).memory_required_gb

    weights = 26.0  # 13 B at FP16; the rest is KV cache (100,000 tokens) and the runtime allowance
    mha_kv = 100_000 * 2 * 40 * 40 * 128 * 2 / 1e9
    gqa_kv = 100_000 * 2 * 48 * 8 * 128 * 2 / 1e9
    assert required("Llama 2 13B") == pytest.approx(weights + mha_kv + RUNTIME_OVERHEAD_GB["gpu"], rel=0.01)
    assert required(None) == pytest.approx(weights + gqa_kv + RUNTIME_OVERHEAD_GB["gpu"], rel=0.01)


def test_name_key_matches_spellings_of_one_name():
    assert name_key("Llama-3.1-8B-Instruct") == name_key("llama3.1 8b") == "llama 3.1 8b"
    assert name_key("LLaMA 2 7B (LoRA-merged fine-tune)") == "llama 2 7b"
    assert model_by_name("Llama 2 14B", [MHA_13B, GQA_14B]) is None  # no guessing from partial names
    assert model_by_name("", [MHA_13B]) is None


def test_the_catalog_sizes_an_unnamed_13b_model_as_a_current_one(request):
    models = request.getfixturevalue("catalog").models  # the real catalog (conftest), not the builder
    arch = resolve_architecture(13.0, models)
    chosen = next(m for m in models if m.id == arch.source)
    assert chosen.kv_heads < chosen.attention_heads
    llama2 = resolve_architecture(13.0, models, "Llama 2 13B")
    assert llama2.source == "llama-2-13b"
    assert arch.kv_bytes_per_token(2) <= llama2.kv_bytes_per_token(2) / 2


def test_memory_required_by_hand():
    # 8 B at Q4_K_M = 4.85 GB; 4 sequences × 1,000 tokens × 131,072 B = 0.524 GB; GPU runtime 0.75 GB.
    expected = 4.85 + 4 * 1000 * KV_BYTES_PER_TOKEN_8B / 1e9 + RUNTIME_OVERHEAD_GB["gpu"]
    assert memory_required_gb(8.0, "Q4_K_M", catalog=catalog(), concurrency=4, tokens_per_sequence=1000) == (
        pytest.approx(expected)
    )


def test_tensor_parallel_shards_weights_and_kv_cache():
    assert per_device_memory_gb(40.0, 8.0, 4, 0.75) == pytest.approx(12.75)


def test_model_that_does_not_fit_says_so_and_serves_nothing():
    small = catalog(device(memory=24.0))
    # Eight requests of 8,192 tokens each (7,936 prompt + 256 answer): 16 GB + 8 × 8,192 × 128 KiB > 24 GB.
    result = estimate(EstimateRequest(hardware="test-gpu", params_b=8.0, quant="FP16", prompt_tokens=7_936,
                                      concurrency=8), small)
    assert not result.fits
    assert result.decode_tokens_per_s_per_stream == 0 and result.decode_tokens_per_s_total == 0
    assert any(note.startswith("does not fit") for note in result.notes)
    assert result.memory_required_gb > result.memory_available_gb


def test_two_devices_shard_what_one_cannot_hold():
    # 70 B FP16 = 140 GB: one 80 GB device cannot hold it, two in tensor parallel can.
    two = catalog(device(memory=80.0))
    one = estimate(EstimateRequest(hardware="test-gpu", params_b=70.0, quant="FP16", backend="vllm"), two)
    pair = estimate(EstimateRequest(hardware="test-gpu", count=2, params_b=70.0, quant="FP16", backend="vllm"), two)
    assert not one.fits and pair.fits


def test_replicas_hold_a_full_copy_each():
    # 8 B FP16 fits on one device, and llama.cpp gains no speed from splitting layers: two devices serving
    # two users run two replicas of one user each, twice the memory of one.
    cat = catalog()
    one = estimate(EstimateRequest(hardware="test-gpu", params_b=8.0, quant="FP16"), cat)
    two = estimate(EstimateRequest(hardware="test-gpu", count=2, params_b=8.0, quant="FP16", backend="llama.cpp",
                                   concurrency=2), cat)
    assert "2 replicas × 1 device, layer split" in two.notes
    assert two.memory_required_gb == pytest.approx(2 * one.memory_required_gb)
    assert two.decode_tokens_per_s_per_stream == pytest.approx(one.decode_tokens_per_s_per_stream)


@settings(max_examples=60, deadline=None)
@given(
    context=st.integers(min_value=1024, max_value=60_000),
    extra_context=st.integers(min_value=1, max_value=60_000),
    concurrency=st.integers(min_value=1, max_value=64),
    extra_users=st.integers(min_value=1, max_value=64),
)
def test_memory_grows_with_context_and_concurrency(context, extra_context, concurrency, extra_users):
    cat = catalog(device(memory=10_000.0))

    def required(ctx: int, users: int) -> float:
        request = EstimateRequest(hardware="test-gpu", params_b=8.0, quant="Q4_K_M", backend="vllm",
                                  context=ctx, concurrency=users)
        return estimate(request, cat).memory_required_gb

    base = required(context, concurrency)
    assert required(context + extra_context, concurrency) > base
    assert required(context, concurrency + extra_users) > base


@settings(max_examples=60, deadline=None)
@given(params_b=st.floats(min_value=0.5, max_value=400), memory=st.floats(min_value=4, max_value=200),
       quant=st.sampled_from(["FP16", "Q4_K_M", "FP8"]))
def test_fits_exactly_when_weights_kv_and_runtime_fit(params_b, memory, quant):
    cat = catalog(device(memory=memory))
    result = estimate(EstimateRequest(hardware="test-gpu", params_b=params_b, quant=quant), cat)
    needed = memory_required_gb(params_b, quant, catalog=cat, tokens_per_sequence=512 + 256)
    # The estimate also keeps a 16-bit output head where the engine does (FP8 / INT4 on vLLM-class engines:
    # `memory.unquantized_head_gb`), which the convenience sum leaves out: it is a floor, and the fit is exact
    # against the estimate's own requirement (a 3.3B FP8 model on 4.5 GB: 4.10 GB by the sum, 4.14 with the head).
    assert result.memory_required_gb >= needed - 1e-9
    assert result.fits == (result.memory_required_gb <= memory * 0.92)
    assert result.fits or result.decode_tokens_per_s_per_stream == 0
