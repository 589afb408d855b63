"""Hybrid and state-space models: KV only in the attention layers, plus a fixed state per stream.

Expectations worked by hand from each model's config (the catalog rows cite them):
- Mamba-2 layer: heads × head dim × d_state of SSM state + (conv kernel − 1) × (heads × head dim + 2 ×
  n_groups × d_state) of conv window, per sequence, whatever its length.
- Gated DeltaNet layer: value heads × key dim × value dim + (kernel − 1) × (2 × key heads × key dim +
  value heads × value dim).
"""

from __future__ import annotations

import pytest

from estimator.physics.memory import resolve_architecture
from estimator.schemas import EstimateRequest
from tests.support.worded import estimate

GB = 1e9


_SIZE = {"granite-4.0-h-small": 32.0, "qwen2.5-32b": 32.8}


def _request(**fields: object) -> EstimateRequest:
    values: dict[str, object] = {"hardware": "nvidia-h200-sxm", "backend": "vllm", "quant": "BF16",
                                 "params_b": _SIZE[str(fields["model"])]}
    values.update(fields)
    return EstimateRequest.model_validate(values)


def test_granite_4_h_small_per_token_kv_and_per_stream_state_by_hand(catalog):
    # Config: 40 layers, 4 attention (8 KV heads × 128) and 36 Mamba-2 (128 heads × 64, d_state 128, 1 group,
    # conv 4). KV per token = 2 × 4 × 8 × 128 × 2 B = 16,384 B. State = 36 × (128·64·128 × 2 B +
    # 3 × (8,192 + 2·128) × 2 B) = 36 × (2,097,152 + 50,688) = 77,322,240 B per stream.
    arch = resolve_architecture(32, catalog.models, "granite-4.0-h-small")
    assert arch.kv_bytes_per_token(2.0) == 16_384
    assert arch.state_bytes_per_sequence() == 36 * (128 * 64 * 128 * 2 + 3 * (8192 + 2 * 128) * 2) == 77_322_240


@pytest.mark.parametrize(("model", "expected"), [
    # Qwen3-Next: 36 Gated DeltaNet layers, 32 value heads × 128 × 128, 16 key heads, kernel 4, 16-bit state.
    ("qwen3-next-80b-a3b", 36 * (32 * 128 * 128 * 2 + 3 * (2 * 16 * 128 + 32 * 128) * 2)),
    # Nemotron Nano 9B v2: 27 Mamba-2 layers, 128 heads × 80, d_state 128, 8 groups, kernel 4.
    ("nemotron-nano-9b-v2", 27 * (128 * 80 * 128 * 2 + 3 * (128 * 80 + 2 * 8 * 128) * 2)),
    # Nemotron 3 Nano: 23 Mamba-2 layers, 64 heads × 64, d_state 128, 8 groups; its config keeps the SSM state float32.
    ("nemotron-3-nano-30b-a3b", 23 * (64 * 64 * 128 * 4 + 3 * (64 * 64 + 2 * 8 * 128) * 2)),
])
def test_a_hybrids_fixed_state_follows_its_config(catalog, model, expected):
    assert resolve_architecture(1, catalog.models, model).state_bytes_per_sequence() == expected


def test_a_dense_model_keeps_no_recurrent_state(catalog):
    assert resolve_architecture(32, catalog.models, "qwen2.5-32b").state_bytes_per_sequence() == 0.0


def test_state_counts_per_stream_not_per_token(catalog):
    # Doubling the context adds only KV; doubling the streams adds one state per stream.
    state = 77_322_240 / GB
    short = estimate(_request(model="granite-4.0-h-small", concurrency=64, prompt_tokens=1000, output_tokens=24), catalog)
    longer = estimate(_request(model="granite-4.0-h-small", concurrency=64, prompt_tokens=2024, output_tokens=24), catalog)
    more = estimate(_request(model="granite-4.0-h-small", concurrency=128, prompt_tokens=1000, output_tokens=24), catalog)
    kv_per_stream = 16_384 * 1024 / GB
    assert longer.memory_required_gb - short.memory_required_gb == pytest.approx(64 * kv_per_stream, abs=0.02)
    assert more.memory_required_gb - short.memory_required_gb == pytest.approx(64 * (kv_per_stream + state), abs=0.02)


def test_128k_for_32_users_needs_far_less_memory_than_a_dense_model_of_the_same_size(catalog):
    # Granite-4.0-H-Small (32B): 64 GB weights + 32 × 131,072 × 16,384 B = 68.7 GB KV + 32 × 77.3 MB = 2.5 GB
    # state ≈ 135 GB. Qwen2.5-32B (dense, 64 layers × 8 KV heads × 128): 262,144 B per token, so
    # 32 × 131,072 tokens = 1,100 GB of KV alone: more than 8x the hybrid's whole footprint.
    hybrid = estimate(_request(model="granite-4.0-h-small", concurrency=32, prompt_tokens=130_000,
                               output_tokens=1072), catalog)
    dense = estimate(_request(model="qwen2.5-32b", concurrency=32, prompt_tokens=130_000, output_tokens=1072), catalog)
    weights = 32 * 2
    assert hybrid.memory_required_gb == pytest.approx(weights + 32 * 131_072 * 16_384 / GB + 32 * 77_322_240 / GB,
                                                      abs=1.0)
    assert dense.memory_required_gb > 8 * hybrid.memory_required_gb


def test_decode_reads_and_rewrites_the_state_every_step(catalog):
    # At 256 short streams Granite's state (256 × 77.3 MB = 19.8 GB) outweighs its KV (256 × 2,048 × 16 KiB =
    # 8.6 GB). Each step reads it and writes it back: ≥ 2 × 19.8 GB / 4.8 TB/s = 8.2 ms more per step (at full
    # bandwidth; any efficiency below 1 makes it longer) than the same model with no state on record.
    stateless = tuple(m.model_copy(update={"recurrent_layers": None}) if m.id == "granite-4.0-h-small" else m
                      for m in catalog.models)
    request = _request(model="granite-4.0-h-small", concurrency=256, prompt_tokens=1500, output_tokens=548)
    with_state = estimate(request, catalog)
    without = estimate(request, catalog.model_copy(update={"models": stateless}))
    step_ms = 1000.0 / with_state.decode_tokens_per_s_per_stream
    step_without_ms = 1000.0 / without.decode_tokens_per_s_per_stream
    assert step_ms - step_without_ms >= 2 * 256 * 77_322_240 / GB / 4800 * 1000 * 0.99
    assert with_state.memory_required_gb - without.memory_required_gb == pytest.approx(256 * 77_322_240 / GB, abs=0.02)


def test_jamba_mini_keeps_a_small_mamba_1_state_and_kv_in_four_layers(catalog):
    # Jamba 1.5 Mini's config: attention every 8th layer of 32 (4 layers, 8 KV heads × 128) and 28 Mamba-1
    # layers of d_inner 8,192 (expand 2 × 4,096), d_state 16, conv 4: state 8,192 × 16 + conv 3 × 8,192 values.
    arch = resolve_architecture(52, catalog.models, "jamba-1.5-mini")
    assert arch.kv_bytes_per_token(2.0) == 2 * 4 * 8 * 128 * 2
    assert arch.state_bytes_per_sequence() == 28 * (8192 * 16 + 3 * 8192) * 2


def test_seed_oss_36b_is_a_dense_gqa_model_of_its_readme_shape(catalog):
    # ByteDance Seed's README: 64 layers, 80 query / 8 KV heads of 128: 2 × 64 × 8 × 128 × 2 B per token, no state.
    arch = resolve_architecture(36, catalog.models, "seed-oss-36b")
    assert arch.kv_bytes_per_token(2.0) == 262_144
    assert arch.state_bytes_per_sequence() == 0.0


def test_kimi_linear_caches_the_mla_latent_in_7_layers_and_a_kda_state_in_20(catalog):
    # Config: MLA (kv_lora_rank 512 + RoPE key 64) on 7 of 27 layers; KDA on 20: 32 heads × 128 × 128 state and a
    # conv (kernel 4) over q, k and v of 32 × 128 each.
    arch = resolve_architecture(48, catalog.models, "kimi-linear-48b-a3b")
    assert arch.kv_bytes_per_token(2.0) == 7 * (512 + 64) * 2
    assert arch.state_bytes_per_sequence() == 20 * (32 * 128 * 128 + 3 * (3 * 32 * 128)) * 2


def test_falcon_h1_keeps_kv_and_a_mamba_state_in_every_layer(catalog):
    # Falcon-H1-34B: attention (4 KV heads × 128) and Mamba-2 (32 heads × 128, d_state 256, 1 group) side by side
    # in all 72 layers: the KV grows with every layer, and the state adds 153 MB per stream.
    arch = resolve_architecture(34, catalog.models, "falcon-h1-34b")
    assert arch.kv_bytes_per_token(2.0) == 2 * 72 * 4 * 128 * 2
    assert arch.state_bytes_per_sequence() == 72 * (32 * 128 * 256 + 3 * (32 * 128 + 2 * 256)) * 2


@pytest.mark.parametrize(("model", "total", "active", "kv_per_token"), [
    # Tencent's config copy: 32 layers, 8 KV heads × 128; 80B total / 13B active (README).
    ("hunyuan-a13b", 80, 13, 2 * 32 * 8 * 128 * 2),
    # ERNIE 4.5: 300B-A47B 54 layers × 8 KV heads × 128; 21B-A3B 28 layers × 4 × 128 (transformers' doc, configs).
    ("ernie-4.5-300b-a47b", 300, 47, 2 * 54 * 8 * 128 * 2),
    ("ernie-4.5-21b-a3b", 21, 3, 2 * 28 * 4 * 128 * 2),
])
def test_new_moe_rows_follow_their_configs(catalog, model, total, active, kv_per_token):
    row = next(m for m in catalog.models if m.id == model)
    assert (row.total_b, row.active_b) == (total, active)
    arch = resolve_architecture(total, catalog.models, model)
    assert arch.kv_bytes_per_token(2.0) == kv_per_token
    assert arch.state_bytes_per_sequence() == 0.0
