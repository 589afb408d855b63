"""The weight format an option is sized at when the user named none: what an expert would serve it in.

Seed 1's default, Q4_K_M, is a llama.cpp (GGUF) format: the right default where llama.cpp-class engines
serve (consumer cards, Apple and other SoCs, edge boxes, CPUs). A datacenter GPU behind a batched engine
(vLLM, SGLang, TensorRT-LLM: continuous batching) is served in the lowest-precision float format its
tensor cores run natively and the engine loads on it: FP4 (NVFP4 / MXFP4) where the catalog lists an FP4
rate for the device (Blackwell, CDNA4), else FP8 where it lists an FP8 rate (Hopper, Ada, CDNA3), else the
checkpoint's own 16-bit weights. vLLM's FP8 page: "a 2x reduction in model memory requirements and up to a
1.6x improvement in throughput with minimal impact on accuracy" on "GPUs such as Nvidia H100 and AMD
MI300x" (https://docs.vllm.ai/en/stable/features/quantization/fp8/). An accuracy-critical task never gets
FP4 by default: FP8 Llama-2-70B meets MLPerf's 99.9 %-of-reference accuracy class
(https://huggingface.co/amd/Llama-2-70b-chat-hf_FP8_MLPerf_V2), a 4-bit checkpoint has to be validated.

Pure and wordless: returns a typed finding (`DefaultFormat`); `estimator.messages` words it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from estimator.candidates import is_datacenter_grade
from estimator.catalog import Hardware, ServingStack

# Why the format was chosen (a closed vocabulary: each has an `assume.format.<basis>` sentence).
FormatBasis = Literal["fp4_native", "fp8_native", "bf16_no_low_precision", "seed1_gguf", "seed1_accuracy_critical"]
FORMAT_BASES: tuple[str, ...] = ("fp4_native", "fp8_native", "bf16_no_low_precision", "seed1_gguf",
                                 "seed1_accuracy_critical")
# FP4 formats in order of preference: NVFP4 scales every 16 weights by an FP8 (E4M3) factor, MXFP4 every 32
# by a power of two, so NVFP4 keeps more accuracy where an engine runs both (NVIDIA, "Introducing NVFP4",
# https://developer.nvidia.com/blog/introducing-nvfp4-for-efficient-and-accurate-low-precision-inference/).
FP4_FORMATS: tuple[str, ...] = ("NVFP4", "MXFP4")
SIXTEEN_BIT_FORMATS: tuple[str, ...] = ("BF16", "FP16")
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
        """FP8 or FP4 chosen for the user: the reply states its accuracy cost."""
        return self.basis in ("fp4_native", "fp8_native")


def serves_batched_datacenter(hardware: Hardware, stack: ServingStack) -> bool:
    """A datacenter GPU behind a continuous-batching engine (vLLM, SGLang, TensorRT-LLM), not a llama.cpp-
    class deployment."""
    return hardware.kind == "gpu" and is_datacenter_grade(hardware) and stack.continuous_batching == "yes"


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
    (DefaultFormat(format='FP8', basis='fp8_native'), 'NVFP4')
    >>> default_format(hopper.model_copy(update={"fp4_tflops": 9000.0}), vllm, accuracy_critical=True).format
    'FP8'
    >>> default_format(hopper.model_copy(update={"fp8_tflops": None}), vllm).format
    'BF16'
    >>> default_format(hopper.model_copy(update={"memory_type": "GDDR6X", "form_factor": "triple-slot"}), vllm).format
    'Q4_K_M'
    """
    if not serves_batched_datacenter(hardware, stack):
        if accuracy_critical:
            return DefaultFormat(SEED1_ACCURACY_FORMAT, "seed1_accuracy_critical")
        return DefaultFormat(SEED1_FORMAT, "seed1_gguf")
    if hardware.fp4_tflops and not accuracy_critical:
        fp4 = next((fmt for fmt in FP4_FORMATS if runs_format(stack, hardware, fmt)), None)
        if fp4 is not None:
            return DefaultFormat(fp4, "fp4_native")
    if hardware.fp8_tflops and runs_format(stack, hardware, "FP8"):
        return DefaultFormat("FP8", "fp8_native")
    sixteen = next((fmt for fmt in SIXTEEN_BIT_FORMATS if runs_format(stack, hardware, fmt)), "BF16")
    return DefaultFormat(sixteen, "bf16_no_low_precision")


__all__ = [
    "FORMAT_BASES",
    "FP4_FORMATS",
    "DefaultFormat",
    "FormatBasis",
    "default_format",
    "runs_format",
    "serves_batched_datacenter",
]
