"""One device's physical figures as the estimator uses them, with every fallback made explicit.

A catalog `Hardware` row (or a `CustomHardware` given by its specs) becomes a `DeviceSpec`: memory,
bandwidth, peak compute per precision and the link between devices. The catalog leaves cells empty
when no reliable source exists (GeForce and CPU vendors publish no dense FP16 rate, some
laptop chips no bandwidth; Apple's M-series GPU rates are listed: sourced or
derived from cores × ALUs × clock). The estimator still has to answer, so each gap is filled here by a
documented rule and recorded in `assumptions`, which widens the confidence range downstream:

- memory not listed: a per-kind default (`DEFAULT_MEMORY_GB`); a CPU server's memory is whatever
  DIMMs it is bought with, so 256 GB is assumed.
- bandwidth not listed: a per-kind default (`DEFAULT_BANDWIDTH_GBS`).
- no FP16 rate: BF16, then INT8/2 (GPU, NPU, accelerator tensor units; INT8/4 for GeForce cards, whose
  INT8 rate is 4× their FP32-accumulate FP16 rate), else compute is derived from
  bandwidth with a FLOP-per-byte ratio fitted per (backend, kind) (`compute_from_bandwidth`). SoC
  INT8 figures are NPU TOPS, not the GPU a runtime uses, so they are not used for SoCs.
- GeForce FP16 figures are FP32-accumulate rates; FP16 accumulation runs 2x faster on those cards
  (`fp16_accumulate_speedup`), which engines that accumulate in FP16 (llama.cpp) reach in prefill.
- GPU clock not listed: the median of the listed clocks of its kind (`DEFAULT_GPU_CLOCK_MHZ`), used
  only to scale the per-token overhead (`overhead_clock_scale`); not said in the notes, since it moves
  no memory or throughput ceiling.
- Apple M-series GPU figures are the vector ALUs' FP32 rate (= FP16 on them): those GPUs have no matrix
  units, so prompt matmuls reach their own share of it (`vector_alu_rate`, `Factors.alu_compute_efficiency`).

Pure: no I/O. `DeviceSpec` is a slotted dataclass because the ranker builds thousands per request.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from estimator.catalog import Hardware
from estimator.said import Said, said
from estimator.schemas import CustomHardware

LinkKind = Literal["nvlink", "fabric", "pcie", "ethernet", "ethernet mesh", "none"]

DEFAULT_MEMORY_GB: dict[str, float] = {"cpu": 256.0, "gpu": 16.0, "npu": 16.0, "soc": 16.0, "accel": 16.0}
DEFAULT_BANDWIDTH_GBS: dict[str, float] = {"cpu": 200.0, "gpu": 400.0, "npu": 100.0, "soc": 100.0, "accel": 400.0}

# Share of a device's memory a serving process can use. GPUs lose ~8 % to the runtime's reservation
# (vLLM's default gpu_memory_utilization is 0.9); unified-memory SoCs share RAM with the OS (macOS
# caps the GPU working set near 75 % of RAM); CPU servers keep ~10 % for the OS and page cache.
USABLE_MEMORY_FRACTION: dict[str, float] = {"cpu": 0.90, "gpu": 0.92, "npu": 0.75, "soc": 0.75, "accel": 0.92}
# The 75 % on a unified-memory SoC is a default cap, not what the OS needs: macOS's GPU wired limit is a sysctl
# (`iogpu.wired_limit_mb`, raised by every local-LLM guide; https://stencel.io/posts/apple-silicon-limitations-with-usage-on-local-llm%20.html,
# https://sudoall.com/apple-silicon-hidden-vram-local-llms), and Linux SoCs (DGX Spark, Strix Halo GTT, Jetson) map
# nearly all RAM to the GPU. A box dedicated to serving keeps a fixed reserve for the OS instead, so on large-RAM
# parts the usable share is RAM minus that reserve (512 GB Mac Studio: 496 GB, not 384).
SOC_OS_RESERVE_GB = 16.0


def usable_memory(memory_gb: float, kind: str) -> float:
    """The memory a serving process can hold on a device of `kind` with `memory_gb` installed.

    >>> usable_memory(512, "soc"), usable_memory(16, "soc"), round(usable_memory(80, "gpu"), 1)
    (496.0, 12.0, 73.6)
    """
    share = memory_gb * USABLE_MEMORY_FRACTION.get(kind, 0.9)
    return max(share, memory_gb - SOC_OS_RESERVE_GB) if kind == "soc" else share

# GPU clock (MHz) assumed for a device that lists none: the median of the catalog's sourced clocks of its
# kind (hardware.csv `gpu_clock_mhz`; `tests/estimator/test_estimator_clock.py` checks the figures against the
# shipped catalog). Only GPUs and SoC GPUs: the per-token overhead of a CPU, NPU or dataflow accelerator
# is not GPU kernel work, so it is not scaled.
DEFAULT_GPU_CLOCK_MHZ: dict[str, float] = {"gpu": 1927.5, "soc": 1398.0}
# The clock the fitted per-token overhead `o` is expressed at (ms per 32 layers on a GPU at this clock):
# the GPU default, so a GPU without a listed clock keeps the overhead exactly as fitted.
REFERENCE_GPU_CLOCK_MHZ = DEFAULT_GPU_CLOCK_MHZ["gpu"]

# Serving engines whose decode step is one replayed CUDA graph driven by a host-side scheduler loop
# (vLLM: docs.vllm.ai/en/latest/design/cuda_graphs; SGLang: CUDA graphs for decode on by default;
# TensorRT-LLM: `DecodeCudaGraphConfig` under its PyExecutor loop, nvidia.github.io/TensorRT-LLM). The
# graph removes the per-kernel launches, so what a step costs beyond its weight reads is the host's
# scheduling, input preparation, sampling and output processing: CPU time, not GPU cycles. The rows
# say so: the same vLLM build takes 2.2 ms per token of a 0.5B model on an H100 SXM and 5.2 ms on an
# H200 (same clock), and vLLM 0.7.3 pays ~2 ms per token more than 0.20.1 on one A100 (docs/estimator.md,
# AccelMark rows): spreads of host work larger than any clock ratio. Their overhead is not clock-scaled.
HOST_STEP_BACKENDS = frozenset({"vllm", "sglang", "trt-llm", "tgi", "lmdeploy"})

# NVIDIA's block-scaled FP4 matmuls (NVFP4, MXFP4 on the FP4 tensor cores) reach, at serving-sized GEMMs,
# 1.35x what FP8 matmuls reach on the same tensor cores, not the 2x of the listed dense peaks: vLLM's SM100
# (B200) kernel benchmarks at M = 16,384, N = 6,144, K = 4,096 (Llama-3.1-8B's QKV projection) measure NVFP4
# with the per-call activation quantization a serving step pays at 3,039 TFLOP/s (vllm-project/vllm#20646)
# and FP8 (channel-wise weights, token-wise activations, quantization included) at 2,249 TFLOP/s
# (vllm-project/vllm#19566), both against ~1,360-1,510 for BF16: 34 % of the 9,000 FP4 peak, 50 % of the 4,500
# FP8 one. flashinfer-ai/flashinfer#1732 likewise finds B200 FP4 GEMMs far from the hardware limit. So an
# NVIDIA part that lists both rates runs FP4 matmuls at min(FP4, 1.35 x FP8) (`DeviceSpec.fp4_matmul_tflops`);
# the listed rate stays on the spec sheet. Other vendors' FP4 paths are not measured in any source read.
FP4_OVER_FP8_ACHIEVED = round(3039.0 / 2249.0, 2)
FP4_ACHIEVED_VENDORS = frozenset({"NVIDIA"})

# Per-link figures for the tensor-parallel all-reduce: (latency in µs per all-reduce, GB/s per direction).
# Orders of magnitude from NCCL/RCCL measurements; the fit never sees multi-device rows enough to
# calibrate these, so they stay fixed and documented.
LINK_FIGURES: dict[str, tuple[float, float]] = {
    "nvlink": (8.0, 300.0),
    "fabric": (12.0, 150.0),
    "pcie": (25.0, 20.0),
    "ethernet": (40.0, 20.0),
    # Chips linked to each other directly over Ethernet, no host, switch or NIC in between (Tenstorrent's
    # Wormhole and Blackhole: tt-metal tech_reports/EthernetMultichip/BasicEthernetGuide.md): ~1 µs a hop (its
    # ring-ping microbenchmark: ~650 ns for one flit, ~1 µs for a 1 KB packet) and 200 Gb/s per direction
    # between two chips (the n300's pair; 100 Gb/s per link).
    "ethernet mesh": (1.0, 25.0),
    "none": (50.0, 10.0),
}
# Between servers (pipeline stages of one model copy): one 400 Gb/s NIC per server (InfiniBand NDR /
# RoCE class, 50 GB/s) and a few µs per hop. Order of magnitude, like LINK_FIGURES; only used when one
# copy of the model does not fit in one server.
INTER_SERVER_LINK: tuple[float, float] = (10.0, 50.0)


@dataclass(frozen=True, slots=True)
class DeviceSpec:
    """What the formulas need from one device. `compute_tflops` maps precision → dense peak (None = unknown)."""

    id: str
    kind: str
    memory_gb: float
    bandwidth_gbs: float
    fp16_tflops: float | None
    fp8_tflops: float | None
    int8_tops: float | None
    link: LinkKind
    link_gbs: float
    link_latency_us: float
    assumptions: tuple[Said, ...] = ()
    usable_memory_gb: float = 0.0  # filled in __post_init__: memory × the kind's usable fraction
    fp4_tflops: float | None = None  # dense FP4 tensor rate (Blackwell-class parts)
    # The rate FP4 matmuls are costed at (`FP4_OVER_FP8_ACHIEVED`); None: the listed `fp4_tflops`.
    fp4_matmul_tflops: float | None = None
    # Tensor rate of FP16 matmuls that accumulate in FP16, relative to `fp16_tflops` (see
    # `FP16_ACCUMULATE_SPEEDUP`): 2 on GeForce cards, 1 where both accumulations run at one rate.
    fp16_accumulate_speedup: float = 1.0
    gpu_clock_mhz: float | None = None  # boost / maximum GPU clock as listed (None: not sourced)
    # The listed 16-bit rate is the vector ALUs' FMA rate of a GPU without matrix units (`VECTOR_ALU_VENDORS`),
    # not a tensor/matrix-unit rate: prompt matmuls reach a different share of it (fitted apart).
    vector_alu_rate: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "usable_memory_gb", usable_memory(self.memory_gb, self.kind))


def parse_interconnect(text: str | None) -> tuple[LinkKind, float, float]:
    """Classify a free-text interconnect cell into a link kind with its (GB/s, latency µs).

    >>> parse_interconnect("NVLink 4 900 GB/s; PCIe 5.0")
    ('nvlink', 450.0, 8.0)
    >>> parse_interconnect("PCIe 4.0 x16 (no NVLink)")
    ('pcie', 20.0, 25.0)
    >>> parse_interconnect("2x QSFP-DD 400GbE, Warp 100 bridge")
    ('ethernet mesh', 25.0, 1.0)
    >>> parse_interconnect("HCCS, 8 NPUs fully connected per server; PCIe 4.0 x16 to the host")
    ('fabric', 150.0, 12.0)
    >>> parse_interconnect("24x 200GbE RoCE integrated (21 scale-up ports: 525 GB/s per direction)")
    ('fabric', 525.0, 12.0)
    """
    low = (text or "").lower()
    kind: LinkKind
    if "nvlink" in low and "no nvlink" not in low and "optional" not in low and "bridge" not in low:
        kind = "nvlink"
    elif "sxm" in low or "hgx" in low:
        kind = "nvlink"  # SXM modules sit on an NVLink/NVSwitch baseboard
    elif any(k in low for k in ("infinity fabric", "xgmi", "oam", "xe link", "neuronlink", "ici", "realscale", "hccs")):
        # HCCS: Huawei's chip-to-chip link, 8 Ascend NPUs fully connected on the server's board; the PCIe
        # beside it in the cell is the host link, not the one the tensor-parallel all-reduce runs over.
        kind = "fabric"
    elif "roce" in low and "integrated" in low:
        # Gaudi's on-chip RoCE ports are its baseboard's scale-up fabric, wired all-to-all with no host, switch
        # or NIC between: "21 scale-up ports ... connect to seven other accelerators inside a single HLS-3 box in
        # an All2All manner ... 525 GB/s unidirectional" (docs.habana.ai, Network Configuration); HCCL's 8-rank
        # all-reduce demo measures 293 GB/s of algorithm bandwidth (Collectives Performance). Fabric class.
        kind = "fabric"
    elif "no qsfp" in low:
        kind = "none"  # a card sold without the ports its siblings mesh over (Blackhole p100a)
    elif any(k in low for k in ("qsfp-dd", "chip-to-chip", "meshed")):
        kind = "ethernet mesh"  # Tenstorrent's cards link their chips directly over their own QSFP-DD ports
    elif any(k in low for k in ("ethernet", "gbe", "roce", "qsfp")):
        kind = "ethernet"  # a NIC's ports: through a network stack
    elif "pcie" in low:
        kind = "pcie"
    else:
        kind = "none"
    latency_us, per_direction_gbs = LINK_FIGURES[kind]
    if kind == "nvlink":
        # The quoted NVLink figure is bidirectional: half of it flows each way.
        quoted = re.search(r"(\d+(?:\.\d+)?)\s*(tb|gb)/s", low)
        if quoted:
            scale = 1000.0 if quoted.group(2) == "tb" else 1.0
            per_direction_gbs = float(quoted.group(1)) * scale / 2
    elif kind == "fabric":
        # A cell that quotes its scale-up figure ("525 GB/s per direction", "1200 GB/s bidir") is the device's own
        # link: the kind's order of magnitude only stands in where none is quoted.
        quoted = re.search(r"(\d+(?:\.\d+)?)\s*(tb|gb)/s\s*(per direction|unidirectional|bidir)", low)
        if quoted:
            scale = 1000.0 if quoted.group(2) == "tb" else 1.0
            per_direction_gbs = float(quoted.group(1)) * scale / (2.0 if quoted.group(3) == "bidir" else 1.0)
    elif kind == "pcie":
        gen = re.search(r"pcie\s*(?:gen\s*)?(\d)", low)
        if gen:
            # ~25 GB/s per direction achievable on a x16 Gen4 link, doubling per generation.
            per_direction_gbs = 20.0 * 2.0 ** (int(gen.group(1)) - 4)
    return kind, per_direction_gbs, latency_us


# NVIDIA's GeForce whitepapers list dense INT8 tensor TOPS at 4× the FP16 rate with FP32 accumulation
# (RTX 4090: 660.6 vs 165.2; RTX 4060 Ti: 176.5 vs 44.1): GeForce runs FP32-accumulate at half the
# FP16-accumulate rate, and the catalog's listed GeForce FP16 figure (the 4090's 165.2) is that
# FP32-accumulate rate the serving kernels use. Data-center and workstation parts list INT8 at 2×.
GEFORCE_INT8_PER_FP16 = 4.0
INT8_PER_FP16 = 2.0
# The same whitepapers list GeForce FP16 tensor rates twice: with FP16 accumulation at 2x the rate with
# FP32 accumulation (RTX 4090: 330.3 vs 165.2 dense; RTX 3090: 142 vs 71). Data-center and workstation
# parts run both at one rate. Which one applies depends on the engine's GEMMs (`resolve.py`:
# llama.cpp accumulates FP16 matmuls in FP16; PyTorch-based engines accumulate in FP32).
FP16_ACCUMULATE_SPEEDUP_GEFORCE = 2.0
# SoC vendors whose GPUs have no matrix units, so the catalog's 16-bit figure is the vector ALUs' rate.
# Apple M1-M4: 128 FP32 ALUs per core, FP16 at the FP32 rate, and `simdgroup_matrix` multiplies run on
# those ALUs at ~80 % of their peak (github.com/philipturner/metal-benchmarks, "Operations per Second":
# matrix FFMA16 102.5 and FFMA32 101.7 of 128 per core-cycle). Matrix-unit rates (tensor cores, AMD's
# WMMA: the Strix Halo row's 59.4 TFLOPS) are reached at other shares: the measured llama.cpp prompts
# on Apple chips reach ~0.7 of the ALU rate, the Strix Halo's Vulkan ones ~0.25-0.35 of its WMMA rate,
# so one pooled soc efficiency would misjudge both (docs/estimator.md).
VECTOR_ALU_VENDORS = frozenset({"Apple"})


def _is_geforce(name: str) -> bool:
    return "geforce" in name.lower()


def _int8_per_fp16(name: str) -> float:
    return GEFORCE_INT8_PER_FP16 if _is_geforce(name) else INT8_PER_FP16


def _fp16_equivalent(
    kind: str, fp16: float | None, bf16: float | None, int8: float | None, name: str = ""
) -> float | None:
    if fp16:
        return fp16
    if bf16:
        return bf16
    if int8 and kind in ("gpu", "npu", "accel"):
        return int8 / _int8_per_fp16(name)
    return None


def device_from_hardware(hw: Hardware) -> DeviceSpec:
    """The spec of a catalog device, filling empty cells by the module's documented rules."""
    notes: list[Said] = []
    memory = hw.memory_gb
    if not memory or memory <= 0:
        memory = DEFAULT_MEMORY_GB[hw.kind]
        notes.append(said("estimate.memory_assumed", device=hw.id, gb=memory))
    bandwidth = hw.memory_bandwidth_gbs
    if not bandwidth or bandwidth <= 0:
        bandwidth = DEFAULT_BANDWIDTH_GBS[hw.kind]
        notes.append(said("estimate.bandwidth_assumed", device=hw.id, gbs=bandwidth))
    fp16 = _fp16_equivalent(hw.kind, hw.fp16_tflops, hw.bf16_tflops, hw.int8_tops, hw.name)
    if fp16 is not None and not (hw.fp16_tflops or hw.bf16_tflops):
        notes.append(said("estimate.fp16_from_int8", device=hw.id, ratio=_int8_per_fp16(hw.name)))
    link, link_gbs, latency = parse_interconnect(hw.interconnect or hw.form_factor)
    return DeviceSpec(
        id=hw.id, kind=hw.kind, memory_gb=memory, bandwidth_gbs=bandwidth, fp16_tflops=fp16,
        fp8_tflops=hw.fp8_tflops, int8_tops=hw.int8_tops if hw.kind != "soc" else None,
        link=link, link_gbs=link_gbs, link_latency_us=latency, assumptions=tuple(notes), fp4_tflops=hw.fp4_tflops,
        fp4_matmul_tflops=fp4_matmul_tflops(hw),
        fp16_accumulate_speedup=FP16_ACCUMULATE_SPEEDUP_GEFORCE if _is_geforce(hw.name) else 1.0,
        gpu_clock_mhz=hw.gpu_clock_mhz,
        vector_alu_rate=fp16 is not None and hw.kind == "soc" and hw.vendor in VECTOR_ALU_VENDORS,
    )


def fp4_matmul_tflops(hw: Hardware) -> float | None:
    """The rate FP4 matmuls reach on a part listing FP4 and FP8 rates whose FP4 path is measured
    (`FP4_OVER_FP8_ACHIEVED`): min(FP4, 1.35 x FP8); None elsewhere (the listed FP4 rate stands).

    >>> from estimator.catalog import Hardware
    >>> b200 = Hardware(id="b", vendor="NVIDIA", name="B200", kind="gpu", fp8_tflops=4500, fp4_tflops=9000, source_url="u")
    >>> fp4_matmul_tflops(b200), fp4_matmul_tflops(b200.model_copy(update={"vendor": "AMD"}))
    (6075.0, None)
    """
    if hw.vendor not in FP4_ACHIEVED_VENDORS or not hw.fp4_tflops or not hw.fp8_tflops:
        return None
    return min(float(hw.fp4_tflops), FP4_OVER_FP8_ACHIEVED * hw.fp8_tflops)


def overhead_clock_scale(device: DeviceSpec, backend: str, own_overhead: bool = True) -> float:
    """Factor on the fitted per-token overhead for this device's GPU clock: reference clock / clock.

    The fixed cost of a decode step beyond its weight reads is kernel launches, the latency-bound small
    kernels of every layer (norms, rotary embedding, sampling) and synchronization: a count of GPU cycles,
    so its time is cycles / frequency. A Jetson AGX Orin at 1.3 GHz pays 1.48x the overhead of a GPU at the
    1.93 GHz reference, an RTX 4090 at 2.52 GHz 0.76x. Devices listing no clock take their kind's median
    (`DEFAULT_GPU_CLOCK_MHZ`); kinds whose overhead is not GPU kernel work are not scaled, and neither
    are engines that replay a CUDA graph per step (`HOST_STEP_BACKENDS`: their fixed cost is host work).
    """
    if backend in HOST_STEP_BACKENDS and own_overhead:
        return 1.0
    clock = device.gpu_clock_mhz or DEFAULT_GPU_CLOCK_MHZ.get(device.kind)
    return REFERENCE_GPU_CLOCK_MHZ / clock if clock else 1.0


def device_from_custom(custom: CustomHardware) -> DeviceSpec:
    """A device given by its specs on the command line; devices in a custom set talk over PCIe."""
    link, link_gbs, latency = parse_interconnect("PCIe 4.0")
    return DeviceSpec(
        id=f"custom-{custom.kind}", kind=custom.kind, memory_gb=custom.memory_gb,
        bandwidth_gbs=custom.memory_bandwidth_gbs, fp16_tflops=custom.fp16_tflops, fp8_tflops=None,
        int8_tops=None, link=link, link_gbs=link_gbs, link_latency_us=latency,
        assumptions=(said("estimate.custom_link"),),
    )


def peak_tflops(device: DeviceSpec, quant_upper: str, fp4_matmuls: bool = True) -> float | None:
    """Dense peak for the matmuls of a weight format: FP4 weights run on FP4 units when the device lists
    them, FP8 on FP8 units, INT8 (W8A8) on INT8 units; weight-only formats (GGUF, INT4) dequantize to
    16 bit. A device that lists only its FP4 rate (GeForce and workstation Blackwell, DGX Spark) still
    runs FP4 at it. FP4 weights on a device without FP4 units are weight-only too: TensorRT-LLM's
    gpt-oss guide runs MXFP4 experts with BF16 activations on H200 (MXFP8 only on Blackwell), and
    vLLM's Hopper and Ampere paths are W4A16 kernels (Marlin, Triton). They once ran at the FP8 rate,
    and gpt-oss-120b's prompts on one H100 came out ~4x faster than GPUStack measured.

    `fp4_matmuls` False: the engine's FP4 kernels do not reach the FP4 units' rate, so FP4 weights are
    costed like its other quantized weights (the 16-bit rate, or compute derived from bandwidth).
    llama.cpp's CUDA MMQ multiplied MXFP4 weights against q8_1 activations on the INT8 tensor cores;
    its native Blackwell W4A4 path measured 1.27x over that (gpt-oss 20B pp512 10,561 -> 13,305 tok/s,
    https://github.com/ggml-org/llama.cpp/pull/17906), and an RTX 5090 prefills gpt-oss-20b at ~9,400
    tok/s (https://smeltcore.com/recipes/gpt-oss-20b-on-rtx-5090-mxfp4-chat-at-298-tok-s-via-ollama-or-vllm/).
    At the 5090's 1,676 dense FP4 TFLOPS the estimate was ~71,000 tok/s, and ~6x the same model
    labelled Q4_K_M (whose GGUF keeps the same MXFP4 experts)."""
    if quant_upper in ("FP4", "NVFP4", "MXFP4") and device.fp4_tflops and fp4_matmuls:
        return device.fp4_matmul_tflops or device.fp4_tflops
    if quant_upper == "FP8" and device.fp8_tflops:
        return device.fp8_tflops
    if quant_upper == "INT8" and device.int8_tops:
        return device.int8_tops
    return device.fp16_tflops


__all__ = [
    "DEFAULT_BANDWIDTH_GBS",
    "DEFAULT_GPU_CLOCK_MHZ",
    "DEFAULT_MEMORY_GB",
    "FP16_ACCUMULATE_SPEEDUP_GEFORCE",
    "HOST_STEP_BACKENDS",
    "LINK_FIGURES",
    "REFERENCE_GPU_CLOCK_MHZ",
    "USABLE_MEMORY_FRACTION",
    "VECTOR_ALU_VENDORS",
    "DeviceSpec",
    "FP4_ACHIEVED_VENDORS",
    "FP4_OVER_FP8_ACHIEVED",
    "LinkKind",
    "device_from_custom",
    "device_from_hardware",
    "fp4_matmul_tflops",
    "overhead_clock_scale",
    "peak_tflops",
    "parse_interconnect",
]
