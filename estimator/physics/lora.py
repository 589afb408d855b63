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


# Fine-tuning on the serving hardware (a LoRA on the 16-bit base, the common case for a box that also serves):
# the frozen base in BF16 (2 bytes a parameter, whatever format it is served in), the adapters with their Adam
# state (16 bytes a trainable parameter: BF16 weight and gradient, FP32 master copy and two moments, on
# LORA_PARAMS_SHARE of the parameters: 0.08 bytes a base parameter), and the activations of a few 4k-token
# sequences with gradient checkpointing (~a fifth of the base weights, an estimate). ~2.5 bytes a parameter:
# 2.5x the FP8 serving weights, 4x the Q4_K_M ones, within the ~3-4x of the weights fine-tuning takes (seed 2
# sets full training at "参数量的十几倍"; a LoRA keeps the optimizer off the frozen base).
LORA_BASE_BYTES_PER_PARAM = 2.0
LORA_OPTIMIZER_BYTES_PER_TRAINABLE = 16.0
LORA_ACTIVATION_SHARE = 0.2


def lora_training_gb(params_b: float) -> float:
    """Memory to fine-tune a LoRA on a `params_b`-billion-parameter base held in BF16, in GB (an estimate).

    >>> round(lora_training_gb(32.8), 1), round(lora_training_gb(70.6), 1)
    (81.3, 175.1)
    """
    base = params_b * LORA_BASE_BYTES_PER_PARAM
    optimizer = params_b * LORA_PARAMS_SHARE * LORA_OPTIMIZER_BYTES_PER_TRAINABLE
    return base * (1 + LORA_ACTIVATION_SHARE) + optimizer
