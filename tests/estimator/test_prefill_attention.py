"""Prefill attention FLOPs span the query heads × head dim, not the hidden size; windowed layers stop at
their window.

First principles, worked out before running (config.json figures in knowledge/data/models.csv):
- causal attention over an n-token prompt costs, per layer, QK^T and AV of 2 · width FLOPs per cached
  token each, over an average context n / 2: 2 · width · n² per layer;
- width = attention heads × head dim: Qwen3-30B-A3B 32 × 128 = 4096 (its hidden size is 2048);
  Llama 3.1 8B 32 × 128 = 4096 = its hidden size (a dense model whose heads span the hidden size
  keeps exactly the FLOPs it had); DeepSeek-V3's MLA prefill runs as 128-head attention with QK over
  128 + 64 (RoPE) and V over 128: mean 160, width 128 × 160 = 20,480;
- gpt-oss-120b's 18 banded layers attend over at most 128 tokens, so a 32k prompt costs well under the
  full-context figure.
"""

from __future__ import annotations

from dataclasses import replace

from estimator.physics.memory import resolve_architecture


def _arch(catalog, model_id: str):
    model = next(m for m in catalog.models if m.id == model_id)
    return resolve_architecture(model.total_b, catalog.models, model.id)


def test_attention_width_is_heads_times_head_dim(catalog):
    assert _arch(catalog, "qwen3-30b-a3b").attention_width == 4096
    assert _arch(catalog, "llama-3.1-8b").attention_width == 4096
    assert _arch(catalog, "deepseek-v3").attention_width == 20_480


def test_attention_flops_over_a_prompt(catalog):
    n = 20_000
    qwen = _arch(catalog, "qwen3-30b-a3b")
    assert qwen.prompt_flops(0.0, n) == 2.0 * 48 * 4096 * n * n
    llama = _arch(catalog, "llama-3.1-8b")
    # Same as the hidden-size formula this replaced, for a model whose heads span its hidden size.
    assert llama.prompt_flops(8.03, n) == n * (2.0 * 8.03e9 + 2.0 * 32 * 4096 * n)


def test_banded_layers_stop_at_their_window(catalog):
    gpt = _arch(catalog, "gpt-oss-120b")
    assert gpt.sliding_layers == 18 and gpt.sliding_window == 128
    n = 32_000
    unbanded = replace(gpt, sliding_layers=0)
    # 18 of 36 layers at ~128 tokens of context instead of ~16,000: about half the attention FLOPs.
    ratio = gpt.prompt_flops(0.0, n) / unbanded.prompt_flops(0.0, n)
    assert 0.49 < ratio < 0.52
    # A prompt inside the window pays full attention on every layer.
    assert gpt.prompt_flops(0.0, 100) == unbanded.prompt_flops(0.0, 100)
