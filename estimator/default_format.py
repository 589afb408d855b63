"""The weight format an option is sized at when the user named none: what an expert would serve it in.

Seed 1's default, Q4_K_M, is a llama.cpp (GGUF) format: the right default where llama.cpp-class engines
serve (consumer and workstation cards, Apple and other SoCs, edge boxes, CPUs). An HBM datacenter GPU with
native FP8 tensor cores (Hopper, Blackwell, CDNA3/4) behind a batched engine (vLLM, SGLang, TensorRT-LLM:
continuous batching) is served in FP8: vLLM's FP8 page gives "a 2x reduction in model memory requirements
and up to a 1.6x improvement in throughput with minimal impact on accuracy" on "GPUs such as Nvidia H100
and AMD MI300x" (https://docs.vllm.ai/en/stable/features/quantization/fp8/), and FP8 Llama-2-70B meets
MLPerf's 99.9 %-of-reference accuracy class (https://huggingface.co/amd/Llama-2-70b-chat-hf_FP8_MLPerf_V2).
FP4 (NVFP4, MXFP4) stays a format the user chooses: its accuracy has to be validated model by model. A part
without native FP8 (A100, MI250) keeps seed 1's 4-bit default rather than doubling the memory at 16 bits.

Pure and wordless: returns a typed finding (`DefaultFormat`); `estimator.messages` words it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from estimator.candidates import is_datacenter_grade
from estimator.catalog import Hardware, ServingStack

# Why the format was chosen (a closed vocabulary: each has an `assume.format.<basis>` sentence).
FormatBasis = Literal["fp8_native", "seed1_gguf", "seed1_accuracy_critical"]
FORMAT_BASES: tuple[str, ...] = ("fp8_native", "seed1_gguf", "seed1_accuracy_critical")
# Seed 1's defaults for llama.cpp-class deployments ("企業甜蜜點：Q4_K_M"; Q8_0 for accuracy-critical work).
SEED1_FORMAT = "Q4_K_M"
SEED1_ACCURACY_FORMAT = "Q8_0"


@dataclass(frozen=True, slots=True)
class DefaultFormat:
    """The format chosen for one device × stack and why (`basis`)."""

    format: str
    basis: FormatBasis

    @property
    def low_precision_float(self) -> bool:
        """FP8 chosen for the user: the reply states its accuracy cost."""
        return self.basis == "fp8_native"


def serves_batched_datacenter(hardware: Hardware, stack: ServingStack) -> bool:
    """An HBM datacenter GPU (H100/H200/B200, MI300X…) behind a continuous-batching engine (vLLM, SGLang,
    TensorRT-LLM), not a llama.cpp-class deployment. GDDR cards (L40S, RTX PRO 6000), even passively cooled,
    keep seed 1's 4-bit default: their memory is the tighter limit, and 4-bit (AWQ/GPTQ or GGUF) checkpoints
    are what is served on them as often as FP8."""
    memory = (hardware.memory_type or "").upper()
    return (hardware.kind == "gpu" and is_datacenter_grade(hardware) and "HBM" in memory
            and stack.continuous_batching == "yes")


def runs_format(stack: ServingStack, hardware: Hardware, fmt: str) -> bool:
    """The stack loads `fmt` and, where its documentation lists devices for it, on this device."""
    if fmt.upper() not in {f.upper() for f in stack.quant_formats}:
        return False
    devices = stack.format_device_ids(fmt)
    return devices is None or hardware.id in devices


def default_format(hardware: Hardware, stack: ServingStack, *, accuracy_critical: bool = False) -> DefaultFormat:
    """The format an expert would size `hardware` × `stack` at when the user named none.

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
    >>> default_format(hopper.model_copy(update={"memory_type": "GDDR6X", "form_factor": "passive"}), vllm).format
    'Q4_K_M'
    """
    if serves_batched_datacenter(hardware, stack) and hardware.fp8_tflops and runs_format(stack, hardware, "FP8"):
        return DefaultFormat("FP8", "fp8_native")
    if accuracy_critical:
        return DefaultFormat(SEED1_ACCURACY_FORMAT, "seed1_accuracy_critical")
    return DefaultFormat(SEED1_FORMAT, "seed1_gguf")


__all__ = [
    "FORMAT_BASES",
    "DefaultFormat",
    "FormatBasis",
    "default_format",
    "runs_format",
    "serves_batched_datacenter",
]
