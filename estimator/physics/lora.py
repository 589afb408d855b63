"""Memory for LoRA adapters served on one base model ("50 LoRA adapters on one 8B base").

A LoRA adapter adds two low-rank matrices (d_in × r and r × d_out) to each adapted linear layer. For
Llama-3-8B's shapes (hidden 4,096, KV width 1,024, MLP 14,336, 32 layers) at rank 16 on every linear
layer: per layer 16 × [(4,096 + 4,096) × 2 + (4,096 + 1,024) × 2 + 3 × (4,096 + 14,336)] = 1.31 M
parameters, × 32 = 42 M, 0.52 % of 8.03 B; for Llama-3-70B's shapes (8,192 / 1,024 / 28,672, 80 layers)
the same adapter is 207 M, 0.29 %. Adapters are kept in 16 bits whatever the base's format (a quantized
base, QLoRA-style, still serves FP16 adapters). The larger share is used (an estimate, stated as such):
each adapter ≈ 0.5 % of the base's parameters × 2 bytes. A multi-LoRA engine (vLLM `--enable-lora`,
SGLang, LoRAX, TensorRT-LLM) keeps the adapters beside one copy of the base weights and applies each
request's own; the weights read per decode step grow only by the adapters in the batch, so only memory
is added here, held on every device of a replica (conservative under tensor parallelism, which shards it).

Pure: arithmetic only.
"""

from __future__ import annotations

LORA_PARAMS_SHARE = 0.005  # rank-16 adapter on every linear layer, as a share of the base's parameters
ADAPTER_BYTES_PER_PARAM = 2.0  # FP16 / BF16


def adapter_gb(params_b: float) -> float:
    """Memory of one adapter of a `params_b`-billion-parameter base, in GB.

    >>> round(adapter_gb(8), 3), round(adapter_gb(70), 2)
    (0.08, 0.7)
    """
    return params_b * LORA_PARAMS_SHARE * ADAPTER_BYTES_PER_PARAM


def adapters_gb(params_b: float, adapters: int | None) -> float:
    """Memory of `adapters` adapters held at once (0 without any).

    >>> adapters_gb(8, 50)
    4.0
    """
    return adapter_gb(params_b) * (adapters or 0)


__all__ = ["ADAPTER_BYTES_PER_PARAM", "LORA_PARAMS_SHARE", "adapter_gb", "adapters_gb"]
