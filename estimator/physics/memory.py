"""Memory fit: weights + KV cache + runtime overhead, per device and across devices.

- Weights: parameters × bits per weight of the quantization format (GGUF sizes include their block
  scales: Q4_K_M ≈ 4.85 bits). The catalog's `quant_formats` win; `DEFAULT_BITS_PER_WEIGHT` covers a
  catalog without them.
- KV cache: 2 (K and V) × layers × KV heads × head dim × bytes per element × tokens × sequences.
  The architecture is the named catalog model when the request names one (`model_by_name`), else
  the closest-sized current (grouped-query attention) catalog model within a factor 1.5, else the
  closest of any kind, else an approximation (`resolve_architecture`).
- Runtime overhead: a fixed allowance per device (runtime context, scratch/activation buffers).
- Across devices: tensor parallelism (and llama.cpp's layer split) shards weights and KV cache over
  the devices of one group; replicas each hold a full copy and serve their share of the sequences.

Pure functions; the per-request hot path uses only floats and the small dataclass `Architecture`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from estimator.catalog import Catalog, ModelArch
from estimator.errors import InvalidRequest
from estimator.physics.roofline import prefill_flops
from estimator.said import joined, said
from estimator.workload import DEFAULT_QUANTIZATION

# Bits per weight, block scales included (llama.cpp's reported file sizes / parameter counts).
DEFAULT_BITS_PER_WEIGHT: dict[str, float] = {
    "FP32": 32.0, "FP16": 16.0, "BF16": 16.0, "FP8": 8.0, "INT8": 8.0, "Q8_0": 8.5, "Q6_K": 6.56,
    "Q5_K_M": 5.69, "Q5_0": 5.5, "Q4_K_M": 4.85, "Q4_0": 4.5, "INT4": 4.25, "NVFP4": 4.5, "FP4": 4.5,
    "MXFP4": 4.25, "Q3_K_M": 3.91, "Q2_K": 3.35, "W4A16": 4.25, "W8A8": 8.0,
}
# Formats served by stacks that also keep the KV cache in 8 bit (TensorRT-LLM/vLLM FP8 setups).
EIGHT_BIT_KV_FORMATS = frozenset({"FP8", "FP4", "NVFP4", "MXFP4"})
# Engines whose FP8 setups keep the KV cache in FP8 without being asked (`kv_bytes_per_element`). Optimum
# Habana's FP8 runs quantize through Intel Neural Compressor's fp8_quant, which patches the model's KVCache
# module (`PatchedKVCache`, intel/neural-compressor neural_compressor/torch/algorithms/fp8_quant/_quant_common/
# helper_modules.py: "force allocation in fp8", a torch.float8_e4m3fn cache), so its KV cache is FP8 with the weights.
FP8_KV_BY_DEFAULT_BACKENDS = frozenset({"trt-llm", "optimum-habana"})

RUNTIME_OVERHEAD_GB: dict[str, float] = {"cpu": 0.5, "gpu": 0.75, "npu": 0.5, "soc": 0.5, "accel": 0.75}

# Anchor of the parameter-count approximation: dense Llama-style models have depth ≈ width / 128 and
# ≈ 12 · layers · width² parameters, with grouped-query attention keeping 8 KV heads of 128.
_WIDTH_PER_LAYER = 128
_APPROX_KV_HEADS = 8
_APPROX_HEAD_DIM = 128
# A catalog model stands in for a bare size only within this ratio of it.
_SIZE_WINDOW = math.log(1.5)

# Model-name matching (kept in step with knowledge.model_key, which estimator must not import):
# letter-digit boundaries and separators split a name into tokens, so "Llama-2-7B", "llama2 7b" and
# "LLaMA 2 7B" all become "llama 2 7b"; a parenthetical ("(LoRA-merged fine-tune)") is a remark, and
# variant suffixes ("instruct", "chat") name the same architecture.
_PARENTHETICAL = re.compile(r"\([^)]*\)")
_NAME_SEPARATORS = re.compile(r"[^a-z0-9.]+|(?<=[a-z])(?=[0-9])")
_VARIANT_WORDS = frozenset({"instruct", "chat", "it", "hf", "base", "gguf"})


# GGUF k-quants (llama.cpp PR 1684): 256-weight super-blocks of 16- or 32-weight blocks whose scales
# (and mins) are themselves quantized to 6 or 4 bits and packed, so a decode kernel unpacks two levels
# of scales per block where the legacy Q4_0 / Q8_0 blocks carry one FP16 scale per 32 weights. That
# ALU work per weight read adds c_k FLOP-equivalents per weight at the device's compute rate to a
# decode step (`Factors.decode_kquant_flops_per_weight`, fitted where a key has rows of both kinds of
# format): it shows on GPUs with little compute per byte (Apple M1-class), not on an RTX 4090.
_K_QUANT = re.compile(r"^Q[2-6]_K(_[SML])?$")


def is_k_quant(quant: str) -> bool:
    """GGUF k-quant format (Q2_K, Q3_K_M, Q4_K_S, Q4_K_M, Q5_K_M, Q6_K …), not the legacy Q4_0 / Q8_0.

    >>> is_k_quant("Q4_K_M"), is_k_quant("q6_k"), is_k_quant("Q4_0"), is_k_quant("Q8_0"), is_k_quant("INT4")
    (True, True, False, False, False)
    """
    return bool(_K_QUANT.match(quant.strip().upper()))


@dataclass(frozen=True, slots=True)
class Architecture:
    """The few architecture numbers the formulas use, and where they came from.

    Beyond a dense transformer (all optional, defaults = dense, every layer full-context):
    - `kv_values_per_layer`: values cached per token in one KV layer: 2 × KV heads × head dim, or for
      MLA the compressed latent plus the decoupled RoPE key (kv_lora_rank + qk_rope_head_dim).
    - `kv_layers`: layers that keep a growing KV cache (hybrid models: the linear-attention layers keep
      a fixed state instead); `sliding_layers` of them keep at most `sliding_window` tokens.
    - `total_params_b` / `active_params_b` / `n_experts` / `experts_per_token`: mixture of experts.
    - `state_layers` × `state_bytes_per_layer`: the fixed state a hybrid's Mamba or linear-attention layers
      keep per sequence (`state_bytes_per_sequence`), whatever the context.
    """

    layers: int
    hidden_size: int
    kv_heads: int
    head_dim: int
    source: str  # catalog model id, or "approximation"
    kv_values_per_layer: float | None = None
    kv_layers: int | None = None
    sliding_window: int | None = None
    sliding_layers: int = 0
    total_params_b: float | None = None
    active_params_b: float | None = None
    n_experts: int | None = None
    experts_per_token: int | None = None
    attention_type: str = "gqa"
    native_format: str | None = None
    vocab_size: int | None = None  # output head = vocab_size × hidden_size weights (None: not on record)
    # What one token's attention scores and values span in one layer (query heads × head dim; MLA: the
    # mean of its QK and V head dims). None: the hidden size, the width of a model without head counts.
    attention_width: int | None = None
    state_layers: int = 0
    state_bytes_per_layer: float = 0.0

    def state_bytes_per_sequence(self) -> float:
        """The fixed recurrent state of one sequence over every Mamba / linear-attention layer: it does not
        grow with the context, every stream holds one, and each decode step reads and rewrites it.

        >>> Architecture(40, 4096, 8, 128, "x", kv_layers=4, state_layers=36, state_bytes_per_layer=2e6).state_bytes_per_sequence()
        72000000.0
        """
        return self.state_layers * self.state_bytes_per_layer

    def prompt_flops(self, params_b: float, prompt_tokens: float) -> float:
        """FLOPs of one prompt of `prompt_tokens` over `params_b` parameters' matmuls (`roofline.prefill_flops`):
        attention over the layers that keep KV (not a hybrid's linear-attention layers), windowed layers
        capped at their window."""
        return prefill_flops(
            params_b, self._kv_layers, self.attention_width or self.hidden_size, prompt_tokens,
            self.sliding_layers, self.sliding_window,
        )

    @property
    def _values(self) -> float:
        if self.kv_values_per_layer is not None:
            return self.kv_values_per_layer
        return 2.0 * self.kv_heads * self.head_dim

    @property
    def _kv_layers(self) -> int:
        return self.kv_layers if self.kv_layers is not None else self.layers

    @property
    def kv_cache_heads(self) -> int:
        """Heads the KV cache has, the most ranks tensor-parallel attention can split it over: the KV heads, and 1
        for MLA, whose cache is one latent per token and layer with no head axis. vLLM's
        `ModelConfig.get_num_kv_heads` ("When using MLA during decode it becomes MQA": `return 1`; else
        `max(1, total_num_kv_heads // tensor_parallel_size)`, replicating the heads when they are fewer than the
        ranks); SGLang's DeepSeek guide: without DP attention "KV cache will be duplicated among all TP ranks".

        >>> Architecture(61, 7168, 128, 128, "deepseek-v3", kv_values_per_layer=576.0, attention_type="mla").kv_cache_heads
        1
        """
        if self.attention_type == "mla" and self.kv_values_per_layer is not None:
            return 1
        return max(1, self.kv_heads)

    def kv_shards(self, tensor_parallel: int) -> int:
        """Ranks of a tensor-parallel group of `tensor_parallel` that hold distinct parts of the KV cache: the
        rest hold replicas (Qwen3-235B's 4 KV heads on TP8: 4; DeepSeek-V3's latent on TP8: 1).

        >>> Architecture(94, 4096, 4, 128, "qwen3-235b").kv_shards(8), Architecture(80, 8192, 8, 128, "x").kv_shards(8)
        (4, 8)
        """
        return max(1, min(tensor_parallel, self.kv_cache_heads))

    @property
    def kv_layer_count(self) -> int:
        """Layers that attend over the context (all of a dense model's; a hybrid's attention layers)."""
        return self._kv_layers

    def kv_bytes_per_token(self, bytes_per_element: float) -> float:
        """KV of one token over every KV layer, before any window cap: 2 × layers × KV heads × head dim ×
        bytes for a dense model; the latent for MLA.

        >>> Architecture(61, 7168, 128, 128, "deepseek-v3", kv_values_per_layer=576.0).kv_bytes_per_token(2)
        70272.0
        """
        if self.kv_values_per_layer is None:  # the dense formula, in its original order (bit-identical)
            return 2.0 * self._kv_layers * self.kv_heads * self.head_dim * bytes_per_element
        return self.kv_values_per_layer * self._kv_layers * bytes_per_element

    def kv_bytes_per_sequence(self, tokens: float, bytes_per_element: float) -> float:
        """KV of one sequence of `tokens`: windowed layers hold at most their window.

        >>> Architecture(36, 2880, 8, 64, "x", sliding_window=128, sliding_layers=18).kv_bytes_per_sequence(1000, 2)
        41582592.0
        """
        per_layer = self._values * bytes_per_element
        window = self.sliding_window
        if not self.sliding_layers or window is None or tokens <= window:
            return per_layer * self._kv_layers * tokens
        full_layers = self._kv_layers - self.sliding_layers
        return per_layer * (full_layers * tokens + self.sliding_layers * window)

    @property
    def moe(self) -> bool:
        return (self.total_params_b is not None and self.active_params_b is not None
                and self.active_params_b < self.total_params_b)

    def expert_split_b(self) -> tuple[float, float, float]:
        """(dense params, routed-expert params, share of the experts one token uses), in billions.

        total = dense + experts and active = dense + experts × k / E, so experts = (total − active) /
        (1 − k / E). Without k and E on record, the experts are sized as if each token used a
        negligible share of them (every parameter beyond the active ones is an expert).
        """
        total = self.total_params_b or 0.0
        active = self.active_params_b if self.active_params_b is not None else total
        if not self.moe:
            return total, 0.0, 1.0
        share = (self.experts_per_token / self.n_experts) if self.n_experts and self.experts_per_token else 0.0
        experts = (total - active) / (1.0 - share) if share < 1.0 else 0.0
        return total - experts, experts, share


def touched_expert_share(share: float, tokens: float) -> float:
    """Expected share of the experts a batch of `tokens` routed top-k of E touches: 1 − (1 − k/E)^tokens
    (E · (1 − (1 − k/E)^B) distinct experts, over E). One token touches k/E; a large batch all of them.

    >>> touched_expert_share(0.25, 1)
    0.25
    >>> round(touched_expert_share(8 / 256, 64), 3)
    0.869
    """
    if share <= 0.0 or tokens <= 0:
        return 0.0
    return 1.0 - float((1.0 - share) ** tokens)


def bits_per_weight(quant: str, catalog: Catalog | None = None) -> float:
    """Bits per weight of a format name (case-insensitive); InvalidRequest(field="quant") if unknown."""
    key = quant.strip().upper()
    if catalog is not None:
        fmt = catalog.quant(key)
        if fmt is not None:
            return fmt.bits_per_weight
    if key in DEFAULT_BITS_PER_WEIGHT:
        return DEFAULT_BITS_PER_WEIGHT[key]
    known = sorted({*DEFAULT_BITS_PER_WEIGHT, *(q.name.upper() for q in (catalog.quant_formats if catalog else ()))})
    raise InvalidRequest(said("error.unknown_quant", quant=quant, known=joined(known, "list_sep")), field="quant")


def kv_bytes_per_element(quant: str, backend: str | None = None) -> float:
    """KV bytes per value an engine keeps by default: 2 (16 bit) unless the weight format implies an FP8
    serving setup on an engine that turns FP8 KV on with the weights.

    vLLM and SGLang default to `--kv-cache-dtype auto` = the model's activation dtype (BF16 for FP8
    checkpoints, docs.vllm.ai engine arguments); TensorRT-LLM's FP8 checkpoints and NVIDIA's published
    runs quantize the KV cache with the weights. `backend=None` keeps the weight-format rule (memory-only
    callers that do not know the engine).

    >>> kv_bytes_per_element("FP8", "trt-llm"), kv_bytes_per_element("FP8", "vllm"), kv_bytes_per_element("FP8")
    (1.0, 2.0, 1.0)
    """
    if quant.upper() not in EIGHT_BIT_KV_FORMATS:
        return 2.0
    return 1.0 if backend is None or backend in FP8_KV_BY_DEFAULT_BACKENDS else 2.0


# Weight-only 4-bit checkpoints for vLLM-family engines (AutoAWQ, GPTQ, llm-compressor's W4A16 scheme)
# quantize the transformer blocks' Linear layers and leave the output head (lm_head: vocab × hidden
# weights) in 16 bits: llm-compressor's W4A16 recipes say `ignore: ['re:.*lm_head']` (Neural Magic's
# Llama-3.2-90B-Vision-Instruct-quantized.w4a16 recipe.yaml; the RedHatAI W4A16 checkpoints the Jetson
# rows ran are made that way). Every decode step reads the head once, so in a small model it is a
# large share of the bytes: Llama 3.1 8B's 128,256 × 4,096 head is 0.53 B weights, 1.05 GB at 16 bits
# against 0.26 GB at 4 (+20 % on a 4.0 GB step); Qwen3-30B-A3B's 151,936 × 2,048 head adds 0.47 GB to a
# 1.65 GB step. GGUF formats already count their output tensor in their whole-file bits per weight
# (Q4_K_M keeps it in Q6_K); MLX and MLC-LLM quantize the head with the rest; TensorRT-LLM's INT4
# checkpoints were not checked, so only the vLLM family is sized this way. 8-bit formats keep a 16-bit
# head too (the W8A8 recipes ignore lm_head as well), not yet sized (a smaller share: 8 of 16 bits).
HEAD_16BIT_FORMATS = frozenset({"INT4"})
HEAD_16BIT_BACKENDS = frozenset({"vllm"})
# NVIDIA's ModelOpt FP8 and NVFP4 checkpoints, the ones TensorRT-LLM's published runs use, quantize
# "only the weights and activations of the linear operators within transformers blocks" (the model
# cards of nvidia/Llama-3.1-405B-Instruct-FP8 and -FP4): the output head stays in 16 bits, read every
# decode step and computed at the 16-bit tensor rate (`head_compute_extra_b`).
MODELOPT_HEAD_16BIT_FORMATS = frozenset({"FP8", "NVFP4", "FP4"})
MODELOPT_BACKENDS = frozenset({"trt-llm"})


def keeps_16bit_head(quant: str, backend: str) -> bool:
    """Whether a checkpoint of this format for this engine leaves the output head in 16 bits."""
    key = quant.upper()
    return (key in HEAD_16BIT_FORMATS and backend in HEAD_16BIT_BACKENDS) or (
        key in MODELOPT_HEAD_16BIT_FORMATS and backend in MODELOPT_BACKENDS)


def unquantized_head_gb(arch: Architecture, quant: str, backend: str, bits: float) -> float:
    """GB the 16-bit output head adds over sizing it at the format's `bits` (0 when not applicable).

    >>> head = Architecture(32, 4096, 8, 128, "llama-3.1-8b", vocab_size=128256)
    >>> round(unquantized_head_gb(head, "INT4", "vllm", 4.0), 3)  # 0.525 B weights x 12 bits / 8
    0.788
    >>> unquantized_head_gb(head, "Q4_K_M", "llama.cpp", 4.84), unquantized_head_gb(head, "INT4", "mlx", 4.0)
    (0.0, 0.0)
    """
    if not keeps_16bit_head(quant, backend) or not arch.vocab_size:
        return 0.0
    return arch.vocab_size * arch.hidden_size / 1e9 * max(0.0, 16.0 - bits) / 8.0


def head_compute_extra_b(arch: Architecture, quant: str, backend: str, peak: float | None,
                         peak_16bit: float | None) -> float:
    """Parameters' worth of decode FLOPs a 16-bit output head adds when the rest of the model's matmuls
    run at the format's faster `peak`: head × (peak / 16-bit peak − 1) (0 when not applicable).

    The head (vocab × hidden) is part of the active parameters; at the 16-bit rate it costs peak /
    peak_16bit times its share. Llama 4 Scout's 202,048 × 5,120 head is 1.03 B weights: on a B200 (FP4
    9,000 vs BF16 2,250 dense TFLOPS) it adds 3 × 1.03 = 3.1 B to 17 B active; at FP8 on an H200, 1.03 B.
    Prefill computes logits for each prompt's last token only, so only decode pays it.

    >>> head = Architecture(48, 5120, 8, 128, "llama-4-scout", vocab_size=202048)
    >>> round(head_compute_extra_b(head, "NVFP4", "trt-llm", 9000.0, 2250.0), 2)
    3.1
    >>> head_compute_extra_b(head, "NVFP4", "vllm", 9000.0, 2250.0), head_compute_extra_b(head, "FP8", "trt-llm", 1979.0, None)
    (0.0, 0.0)
    """
    if not keeps_16bit_head(quant, backend) or not arch.vocab_size or not peak or not peak_16bit:
        return 0.0
    return arch.vocab_size * arch.hidden_size / 1e9 * max(0.0, peak / peak_16bit - 1.0)


def weights_gb(params_b: float, bits: float) -> float:
    """Weight bytes in GB (1e9): 7 B parameters at 16 bits = 14 GB."""
    return params_b * bits / 8.0


def approximate_architecture(params_b: float) -> Architecture:
    """A dense Llama-style architecture for a parameter count alone (documented approximation).

    width = ∛(params × 128 / 12), layers = width / 128, 8 KV heads of 128 (GQA).

    >>> approximate_architecture(6.74).layers
    32
    """
    width = (params_b * 1e9 * _WIDTH_PER_LAYER / 12.0) ** (1.0 / 3.0)
    layers = max(1, round(width / _WIDTH_PER_LAYER))
    head_dim = _APPROX_HEAD_DIM
    kv_heads = max(1, min(_APPROX_KV_HEADS, round(width / head_dim)))
    return Architecture(layers, round(width), kv_heads, head_dim, "approximation")


def closest_model(params_b: float, models: Sequence[ModelArch]) -> ModelArch | None:
    """The catalog model with the closest parameter count (ratio distance), or None if there are none."""
    if not models:
        return None
    return min(models, key=lambda m: abs(math.log(m.params_b / params_b)))


def uses_gqa(model: ModelArch) -> bool:
    """Grouped-query (or multi-query) attention: fewer KV heads than attention heads."""
    return model.kv_heads < model.attention_heads


@lru_cache(maxsize=8192)  # pure, and asked for every catalog name on each sizing of a named model
def name_key(text: str) -> str:
    """Canonical form of a model name: lowercase tokens, no parenthetical, no variant suffixes.

    >>> name_key("Llama-3.1-8B-Instruct (as labelled)")
    'llama 3.1 8b'
    """
    tokens = (token.strip(".") for token in _NAME_SEPARATORS.split(_PARENTHETICAL.sub(" ", text.lower())))
    return " ".join(token for token in tokens if token and token not in _VARIANT_WORDS)


def model_by_name(name: str, models: Sequence[ModelArch]) -> ModelArch | None:
    """The catalog model whose id, name or alias has the same `name_key` as `name` (first listed), else None."""
    wanted = name_key(name)
    if not wanted:
        return None
    return next(
        (m for m in models if any(name_key(known) == wanted for known in (m.id, m.name, *m.aliases))), None
    )


def _within_window(params_b: float, model: ModelArch) -> bool:
    return abs(math.log(model.params_b / params_b)) <= _SIZE_WINDOW


def recurrent_state_values(heads: int, key_dim: int, value_dim: int, groups: int, conv_kernel: int) -> tuple[float, float]:
    """(state values, conv-window values) one recurrent layer keeps per sequence.

    Mamba-2 (Dao & Gu 2024; vLLM's `MambaStateShapeCalculator.mamba2_state_shape`): an SSM state of heads ×
    head dim × d_state, and the causal conv's last (kernel − 1) inputs over its channels, d_inner + 2 ×
    n_groups × d_state (x, B and C pass the conv). Gated DeltaNet / Kimi Delta Attention: a key dim × value
    dim matrix per value head, and the conv over q, k and v (2 × key heads × key dim + value heads × value
    dim). Mamba-1: d_inner × d_state, conv over d_inner (value dim 1, no groups).

    >>> recurrent_state_values(32, 128, 128, 16, 4)  # Qwen3-Next's Gated DeltaNet layer
    (524288.0, 24576.0)
    """
    state = float(heads * key_dim * value_dim)
    conv = float((conv_kernel - 1) * (heads * value_dim + 2 * groups * key_dim))
    return state, conv


def _state_shape(model: ModelArch) -> tuple[int, float]:
    """(recurrent layers, bytes one of them keeps per sequence): the state at its own width (4 bytes where the
    config keeps it in float32, else 16 bits) and the conv window at the activations' 16 bits."""
    if not (model.recurrent_layers and model.recurrent_heads and model.recurrent_key_dim and model.recurrent_value_dim):
        return 0, 0.0
    state, conv = recurrent_state_values(model.recurrent_heads, model.recurrent_key_dim, model.recurrent_value_dim,
                                         model.recurrent_groups or 0, model.recurrent_conv_kernel or 1)
    return model.recurrent_layers, state * (model.recurrent_state_bytes or 2.0) + conv * 2.0


def _architecture_of(model: ModelArch) -> Architecture:
    values: float | None = None
    if model.attention_type == "mla" and model.kv_lora_rank:
        values = float(model.kv_lora_rank + (model.qk_rope_head_dim or 0))
    state_layers, state_bytes_per_layer = _state_shape(model)
    width = model.attention_heads * model.head_dim
    if model.attention_type == "mla" and model.qk_rope_head_dim:
        # MLA prefill runs as multi-head attention: QK over the no-RoPE part plus the RoPE key, V over
        # head_dim (the catalog's head_dim is v_head_dim; DeepSeek-V3 and Kimi K2 have qk_nope = v = 128).
        width = round(model.attention_heads * (model.head_dim + model.qk_rope_head_dim / 2.0))
    return Architecture(
        model.layers, model.hidden_size, model.kv_heads, model.head_dim, model.id,
        kv_values_per_layer=values, kv_layers=model.attention_layers, attention_width=width,
        sliding_window=model.sliding_window, sliding_layers=model.sliding_window_layers or 0,
        total_params_b=model.total_b, active_params_b=model.active_b, n_experts=model.n_experts,
        experts_per_token=model.experts_per_token, attention_type=model.attention_type or "gqa",
        native_format=(model.native_format or "").upper() or None, vocab_size=model.vocab_size,
        state_layers=state_layers, state_bytes_per_layer=state_bytes_per_layer,
    )


def is_hybrid(model: ModelArch) -> bool:
    """A hybrid: linear-attention / Mamba layers beside (or alongside) attention, not a plain transformer."""
    return model.attention_type == "hybrid" or bool(model.recurrent_layers)


def closest_mha_model(params_b: float, models: Sequence[ModelArch]) -> ModelArch | None:
    """The closest-sized multi-head-attention model within a factor 1.5 (what an older model would need)."""
    model = closest_model(params_b, [m for m in models if not uses_gqa(m)])
    return model if model is not None and _within_window(params_b, model) else None


def resolve_architecture(params_b: float, models: Sequence[ModelArch], name: str | None = None) -> Architecture:
    """The architecture a request is sized with.

    1. `name` matches a catalog model (`model_by_name`): that model's own shape, whatever its size.
    2. Only the size is known: the closest-sized grouped-query-attention model within a factor 1.5.
       Current open families (Llama 3, Qwen 2.5/3, Mistral, Gemma, Phi-3 medium, DeepSeek-R1
       distills) all use GQA, and this product's users fine-tune current models: sizing an unnamed
       13B with Llama 2 13B (2023, multi-head attention, 40 KV heads) would ask for ~4× the KV cache
       of any current 13–14B model. Callers that know the model pass its name (the calibration
       fit passes each benchmark row's model; `EstimateRequest.model`), so an old MHA model that is
       actually named still gets its own, larger cache.
    3. No GQA model within the window: the closest model of any kind within it.
    4. Nothing within it: `approximate_architecture` (itself a GQA shape).
    """
    if name:
        named = model_by_name(name, models)
        if named is not None:
            return _architecture_of(named)
    # A bare size stands for a dense transformer: a mixture of experts of that total size is another shape
    # (its active parameters are what decode runs), and so is a hybrid (a quarter of the KV layers of a
    # transformer, or every layer's KV plus a Mamba state as in Falcon-H1), so only a name picks one.
    dense = [m for m in models if not m.is_moe and not is_hybrid(m)]
    for candidates in ([m for m in dense if uses_gqa(m)], dense):
        model = closest_model(params_b, candidates)
        if model is not None and _within_window(params_b, model):
            return _architecture_of(model)
    return approximate_architecture(params_b)


def per_device_memory_gb(
    weights: float, kv_cache: float, group_size: int, overhead_gb: float
) -> float:
    """One device of a group that shards weights and KV cache evenly, plus its runtime overhead."""
    return (weights + kv_cache) / group_size + overhead_gb


def memory_required_gb(
    params_b: float,
    quant: str = DEFAULT_QUANTIZATION,
    *,
    catalog: Catalog | None = None,
    concurrency: int = 1,
    tokens_per_sequence: int = 4096,
    kind: str = "gpu",
) -> float:
    """Memory one copy of a model needs (GB): weights + KV cache for `concurrency` sequences of
    `tokens_per_sequence` tokens + one device's runtime overhead. Convenience for other tools.

    >>> round(memory_required_gb(7.0, "FP16", concurrency=1, tokens_per_sequence=1), 2)
    14.75
    """
    if params_b <= 0:
        raise InvalidRequest(said("error.params_not_positive"), field="params_b")
    arch = resolve_architecture(params_b, catalog.models if catalog else ())
    kv_token_gb = arch.kv_bytes_per_token(kv_bytes_per_element(quant)) / 1e9
    weights = weights_gb(params_b, bits_per_weight(quant, catalog))
    per_sequence = kv_token_gb * tokens_per_sequence + arch.state_bytes_per_sequence() / 1e9
    return weights + per_sequence * concurrency + RUNTIME_OVERHEAD_GB.get(kind, 0.75)


__all__ = [
    "DEFAULT_BITS_PER_WEIGHT",
    "EIGHT_BIT_KV_FORMATS",
    "RUNTIME_OVERHEAD_GB",
    "Architecture",
    "approximate_architecture",
    "unquantized_head_gb",
    "head_compute_extra_b",
    "keeps_16bit_head",
    "bits_per_weight",
    "closest_mha_model",
    "closest_model",
    "is_hybrid",
    "is_k_quant",
    "kv_bytes_per_element",
    "memory_required_gb",
    "model_by_name",
    "name_key",
    "per_device_memory_gb",
    "recurrent_state_values",
    "resolve_architecture",
    "touched_expert_share",
    "uses_gqa",
    "weights_gb",
]
