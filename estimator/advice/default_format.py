"""The weight format an option is sized at when the user named none: what an expert would serve it in.

Seed 1's default, Q4_K_M, is a llama.cpp (GGUF) format: the right default where llama.cpp-class engines
serve (Apple and other SoCs, edge boxes, CPUs, one person's card). A GPU with native FP8 tensor cores (Ada,
Hopper, Blackwell, CDNA3/4) behind a batched engine (vLLM, SGLang, TensorRT-LLM: continuous batching) is
served in FP8: vLLM's FP8 page gives "a 2x reduction in model memory requirements and up to a 1.6x
improvement in throughput with minimal impact on accuracy" (https://docs.vllm.ai/en/stable/features/
quantization/fp8/), and FP8 Llama-2-70B meets MLPerf's 99.9 %-of-reference accuracy class
(https://huggingface.co/amd/Llama-2-70b-chat-hf_FP8_MLPerf_V2); a GGUF checkpoint is what those engines run
least well. On an HBM datacenter part FP8 holds whatever the size (tensor parallelism over NVLink / Infinity
Fabric carries a model larger than one device); on a GDDR card only while the FP8 weights take at most half
of one card (the other half is the KV cache a batch needs; tensor parallelism over PCIe is the slow path):
a 32B on a 96 GB card is served at FP8, on a 48 GB card at 4 bits. A batch job (items within a window: throughput,
no one waiting on a stream) is served at FP8 on any such card: its hours are mostly prefill, compute bound, which
FP8 tensor cores run at twice the FP16 rate a 4-bit checkpoint's matmuls dequantize to (RTX PRO 6000 Blackwell:
1,000 vs 500 dense TFLOPS), and the count search buys the cards the FP8 weights and the job's compute need. FP4 (NVFP4, MXFP4) stays a format the
user chooses: its accuracy has to be validated model by model. A part without native FP8 (A100, MI250)
keeps seed 1's 4-bit default rather than doubling the memory at 16 bits.

Where FP8 would not leave a batching engine's GPU the room a batch needs (a 70B on a 96 GB card), the 4-bit
format is the engine's own, not a GGUF: vLLM and TensorRT-LLM serve 4-bit weights as INT4 weight-only checkpoints
(AWQ / GPTQ, W4A16, through their Marlin and INT4 kernels: https://docs.vllm.ai/en/stable/features/quantization/,
https://nvidia.github.io/TensorRT-LLM/features/quantization.html); AWQ keeps a 4-bit model near its 16-bit accuracy
by protecting the salient 1 % of weights (Lin et al., MLSys 2024, https://arxiv.org/abs/2306.00978). Engines
that list no INT4 (vLLM on ROCm here) keep seed 1's GGUF default.

An inference accelerator's engine loads no GGUF at all (Furiosa-LLM, Gaudi vLLM, RBLN vLLM, tt-metal, the
Cloud AI 100 and CANN stacks list BF16 / FP16 / FP8 / INT8 only), so seed 1's Q4_K_M is no format it can be
served in: it is sized in its stack's own, FP8 where the device has FP8 units and the stack loads FP8 on it
(Furiosa publishes RNGD's serving figures in FP8), else 8-bit integer where the stack loads it (half the
bytes a decode step reads at 16 bits), else 16-bit. A stack that documents no format keeps seed 1's default.

Pure and wordless: returns a typed finding (`DefaultFormat`); the wording layer (`bot/wording`) words it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from estimator.advice.candidates import is_datacenter_grade
from estimator.catalog import Hardware, ServingStack

# Why the format was chosen. A chosen FP8 is stated in the reply (`assume.format.fp8_native`); seed 1's
# formats keep seed 1's own assumption line.
FormatBasis = Literal["fp8_native", "stack_native", "int4_batched", "seed1_gguf", "seed1_accuracy_critical", "stack_w8a8"]
# Seed 1's defaults for llama.cpp-class deployments ("企業甜蜜點：Q4_K_M"; Q8_0 for accuracy-critical work).
SEED1_FORMAT = "Q4_K_M"
SEED1_ACCURACY_FORMAT = "Q8_0"
# A GDDR card keeps at least half its memory for the KV cache of a batch (see the module's docstring).
GDDR_FP8_WEIGHT_SHARE = 0.5
# An accelerator's own formats, in the order an expert serves them when the stack loads them on it (FP8 only
# on FP8 units): 8 bits before 16, halving what a bandwidth-bound decode step reads.
_ACCELERATOR_FORMATS = ("FP8", "INT8", "BF16", "FP16")


@dataclass(frozen=True, slots=True)
class DefaultFormat:
    """The format chosen for one device × stack and why (`basis`)."""

    format: str
    basis: FormatBasis

    @property
    def low_precision_float(self) -> bool:
        """FP8 chosen for the user: the reply states its accuracy cost."""
        return self.basis == "fp8_native"


def runs_fp8_natively(hardware: Hardware, stack: ServingStack) -> bool:
    """A GPU with FP8 tensor cores behind a continuous-batching engine (vLLM, SGLang, TensorRT-LLM) that loads
    FP8 on it."""
    return (hardware.kind == "gpu" and bool(hardware.fp8_tflops) and stack.continuous_batching == "yes"
            and runs_format(stack, hardware, "FP8"))


def serves_fp8_batched(hardware: Hardware, stack: ServingStack, fp8_weights_gb: float | None, *,
                       throughput_job: bool = False) -> bool:
    """`runs_fp8_natively`, where FP8 weights leave a batch its KV cache: any size on an HBM datacenter part,
    half a GDDR card at most; any size for a throughput job (module docstring)."""
    if not runs_fp8_natively(hardware, stack):
        return False
    if throughput_job or (is_datacenter_grade(hardware) and "HBM" in (hardware.memory_type or "").upper()):
        return True
    memory = hardware.memory_gb or 0.0
    return fp8_weights_gb is not None and 0 < fp8_weights_gb <= GDDR_FP8_WEIGHT_SHARE * memory


def served_as_w8a8(hardware: Hardware, stack: ServingStack, stated: str | None) -> bool:
    """A stated FP8 checkpoint the stack serves as W8A8 INT8 on this device: the device has no FP8 units and the stack
    lists W8A8 (weights and activations in 8-bit integers on the INT8 units), so both its bytes and its matmuls are
    INT8's. vllm-ascend re-quantizes FP8 checkpoints to W8A8 with msModelSlim (its row in serving_stacks.csv). Not
    every stack without FP8 does: vLLM on an A100 runs FP8 as weight-only W8A16 (Marlin) at the 16-bit rate, and MLX's
    and OpenVINO's 8-bit weights are weight-only too; they list no W8A8 and keep the stated format.

    >>> from estimator.catalog import Hardware, ServingStack
    >>> npu = Hardware(id="a", vendor="v", name="A", kind="accel", memory_gb=64, memory_bandwidth_gbs=1600,
    ...                fp16_tflops=280, int8_tops=560, source_url="u")
    >>> ascend = ServingStack(id="s", name="S", maturity="low", dynamic_shapes="native", continuous_batching="yes",
    ...                       multi_model="process_per_model", quant_formats=("FP16", "INT8", "W8A8"), backend_key="ascend",
    ...                       source_url="u")
    >>> served_as_w8a8(npu, ascend, "FP8"), served_as_w8a8(npu, ascend, "BF16")
    (True, False)
    >>> served_as_w8a8(npu, ascend.model_copy(update={"quant_formats": ("FP16", "INT8")}), "FP8")
    False
    """
    return ((stated or "").upper() == "FP8" and not hardware.fp8_tflops and bool(hardware.int8_tops)
            and runs_format(stack, hardware, "W8A8"))


def runs_format(stack: ServingStack, hardware: Hardware, fmt: str) -> bool:
    """The stack loads `fmt` and, where its documentation lists devices for it, on this device."""
    if fmt.upper() not in {f.upper() for f in stack.quant_formats}:
        return False
    devices = stack.format_device_ids(fmt)
    return devices is None or hardware.id in devices


def default_format(hardware: Hardware, stack: ServingStack, *, accuracy_critical: bool = False,
                   fp8_weights_gb: float | None = None, throughput_job: bool = False) -> DefaultFormat:
    """The format an expert would size `hardware` × `stack` at when the user named none (`fp8_weights_gb`:
    the model's weights at one byte each, which decide whether FP8 leaves a GDDR card room for a chat's batch;
    `throughput_job`: a batch job, served at FP8 wherever it is native).

    >>> from estimator.catalog import Hardware, ServingStack
    >>> vllm = ServingStack(id="v", name="vLLM", maturity="high", dynamic_shapes="native", continuous_batching="yes",
    ...                     multi_model="process_per_model", quant_formats=("BF16", "FP8", "NVFP4"), backend_key="vllm",
    ...                     source_url="s")
    >>> hopper = Hardware(id="h", vendor="NVIDIA", name="H", kind="gpu", memory_type="HBM3", fp16_tflops=989.4,
    ...                   fp8_tflops=1978.9, source_url="s")
    >>> default_format(hopper, vllm), default_format(hopper.model_copy(update={"fp4_tflops": 9000.0}), vllm).format
    (DefaultFormat(format='FP8', basis='fp8_native'), 'FP8')
    >>> default_format(hopper, vllm, accuracy_critical=True).format
    'FP8'
    >>> default_format(hopper.model_copy(update={"fp8_tflops": None}), vllm).format
    'Q4_K_M'
    >>> card = hopper.model_copy(update={"memory_type": "GDDR7", "memory_gb": 96.0})
    >>> default_format(card, vllm, fp8_weights_gb=32.8).format, default_format(card, vllm, fp8_weights_gb=70.6).format
    ('FP8', 'Q4_K_M')
    >>> default_format(card, vllm.model_copy(update={"quant_formats": ("BF16", "FP8", "INT4")}), fp8_weights_gb=70.6)
    DefaultFormat(format='INT4', basis='int4_batched')
    """
    if serves_fp8_batched(hardware, stack, fp8_weights_gb, throughput_job=throughput_job):
        return DefaultFormat("FP8", "fp8_native")
    if hardware.kind == "accel" and (own := _accelerator_format(hardware, stack)) is not None:
        return own
    if accuracy_critical:
        return DefaultFormat(SEED1_ACCURACY_FORMAT, "seed1_accuracy_critical")
    if hardware.kind == "gpu" and stack.continuous_batching == "yes" and runs_format(stack, hardware, "INT4"):
        return DefaultFormat("INT4", "int4_batched")
    return DefaultFormat(SEED1_FORMAT, "seed1_gguf")


def _accelerator_format(hardware: Hardware, stack: ServingStack) -> DefaultFormat | None:
    """The format an accelerator's own stack serves it in (module docstring); None when the stack lists none.

    >>> from estimator.catalog import Hardware, ServingStack
    >>> engine = ServingStack(id="e", name="E", maturity="medium", dynamic_shapes="buckets",
    ...                       continuous_batching="yes", multi_model="yes", quant_formats=("BF16", "FP8"),
    ...                       backend_key="e", source_url="s")
    >>> card = Hardware(id="c", vendor="V", name="C", kind="accel", bf16_tflops=256.0, fp8_tflops=512.0, source_url="s")
    >>> _accelerator_format(card, engine), _accelerator_format(card.model_copy(update={"fp8_tflops": None}), engine).format
    (DefaultFormat(format='FP8', basis='fp8_native'), 'BF16')
    """
    for fmt in _ACCELERATOR_FORMATS:
        if (fmt != "FP8" or hardware.fp8_tflops) and runs_format(stack, hardware, fmt):
            return DefaultFormat(fmt, "fp8_native" if fmt == "FP8" else "stack_native")
    return None


__all__ = [
    "DefaultFormat",
    "FormatBasis",
    "default_format",
    "runs_format",
    "runs_fp8_natively",
    "serves_fp8_batched",
]
