"""Typed catalog data the pure core reasons over: devices, models, measured rows, serving stacks.

`knowledge/` builds these from the DuckDB store; `estimator/` never touches the database. The whole
catalog is small (hundreds of rows), so it is passed around as one immutable `Catalog` value.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

HardwareKind = Literal["cpu", "gpu", "npu", "soc", "accel"]
HARDWARE_KINDS: tuple[str, ...] = ("cpu", "gpu", "npu", "soc", "accel")
BenchmarkMetric = Literal["tg", "pp", "total_tps"]
Level = Literal["low", "medium", "high"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Hardware(_Frozen):
    """One device (a card, a chip, a CPU socket or a SoC). Empty spec cells stay None: never guessed."""

    id: str
    vendor: str
    name: str
    kind: HardwareKind
    memory_gb: float | None = None
    memory_type: str | None = None
    memory_bandwidth_gbs: float | None = None
    fp16_tflops: float | None = None
    bf16_tflops: float | None = None
    fp8_tflops: float | None = None
    int8_tops: float | None = None
    int4_tops: float | None = None
    fp4_tflops: float | None = None  # dense FP4 (NVFP4 / MXFP4) tensor rate, Blackwell-class parts
    tdp_w: float | None = None
    launch_year: int | None = None
    price_usd: float | None = None
    price_basis: str | None = None
    price_date: str | None = None
    price_is_estimate: bool = True
    form_factor: str | None = None
    interconnect: str | None = None
    software_stacks: tuple[str, ...] = ()
    source_url: str
    notes: str | None = None


class ModelArch(_Frozen):
    """Architecture facts of an open model family member, enough for KV-cache sizing."""

    id: str
    family: str
    name: str
    params_b: float
    layers: int
    hidden_size: int
    attention_heads: int
    kv_heads: int
    head_dim: int
    max_context: int
    license: str | None = None
    aliases: tuple[str, ...] = ()
    source_url: str
    notes: str | None = None


class Benchmark(_Frozen):
    """One measured figure from a public source.

    `hardware_id` is the catalog id when the device is in the catalog (else None), `device_count`
    how many of them the figure used.
    """

    row_id: int
    hardware_id: str | None
    hardware_label: str
    kind: HardwareKind
    device_count: int = 1
    model: str
    params_b: float
    quant: str
    backend: str = Field(description="normalized backend key: llama.cpp, vllm, trt-llm, mlx, ...")
    backend_label: str | None = Field(default=None, description="backend as the source wrote it")
    concurrency: int | None = None
    prompt_tokens: int | None = None
    gen_tokens: int | None = None
    metric: BenchmarkMetric
    value: float
    source_url: str
    source_note: str | None = None


class ServingStack(_Frozen):
    """A serving stack and what it does well or badly (feeds the risk checklist)."""

    id: str
    name: str
    vendor: str | None = None
    maturity: Level
    dynamic_shapes: Literal["native", "config_limits", "buckets", "static", "unverified"]
    continuous_batching: Literal["yes", "no", "unverified"]
    multi_model: Literal["yes", "process_per_model", "unverified", "no"]
    quant_formats: tuple[str, ...] = ()
    hardware_kinds: tuple[HardwareKind, ...] = ()
    backend_key: str = Field(description="estimator backend name: llama.cpp, vllm, trt-llm, mlx, ...")
    source_url: str
    notes: str | None = None


class QuantFormat(_Frozen):
    """Bits per weight of a weight format (GGUF types include their block scales)."""

    name: str
    bits_per_weight: float
    family: Literal["gguf", "float", "int"]
    source_url: str
    notes: str | None = None


class CalibrationParams(_Frozen):
    """Efficiency factors fitted on measured rows by `scripts/fit_calibration.py`.

    Keys are "<backend>/<kind>" (e.g. "llama.cpp/gpu"); values are fractions of peak. `data_version`
    says which data the fit saw.
    """

    data_version: str = "unfitted"
    decode_bandwidth_efficiency: dict[str, float] = {}
    per_token_overhead_ms: dict[str, float] = {}
    prefill_compute_efficiency: dict[str, float] = {}
    batched_efficiency: dict[str, float] = {}
    # Scheduler cost per running stream per decode step (ms): sampling, detokenization, batch assembly.
    scheduler_ms_per_stream: dict[str, float] = {}
    relative_error: dict[str, float] = {}
    # Likely range of a figure as measured / predicted ratios (10th and 90th percentile of the
    # leave-one-device-out residuals), keyed "<metric>|<backend>/<kind>", "<metric>|*/<kind>", "<metric>|*".
    range_ratio_low: dict[str, float] = {}
    range_ratio_high: dict[str, float] = {}
    # Per metric, the factor both ends are widened by so that ranges cover 80 % of held-out devices' rows.
    range_widening: dict[str, float] = {}
    # Effective FLOP per byte of bandwidth for devices that publish no FP16 rate (Apple, CPUs, ...).
    compute_per_bandwidth: dict[str, float] = {}
    # Share of the float-format prefill rate that weight-quantized formats (GGUF, INT4/8) reach.
    prefill_quantized_factor: dict[str, float] = {}
    # How many measured rows each key's factors were fitted on ("*/<kind>" keys pool all backends).
    rows_used: dict[str, int] = {}


class Catalog(_Frozen):
    """Everything the estimator needs from the store, as one immutable value."""

    data_version: str
    hardware: tuple[Hardware, ...]
    models: tuple[ModelArch, ...] = ()
    benchmarks: tuple[Benchmark, ...] = ()
    stacks: tuple[ServingStack, ...] = ()
    quant_formats: tuple[QuantFormat, ...] = ()
    calibration: CalibrationParams = CalibrationParams()

    def hardware_by_id(self, hardware_id: str) -> Hardware | None:
        return next((h for h in self.hardware if h.id == hardware_id), None)

    def quant(self, name: str) -> QuantFormat | None:
        key = name.upper()
        return next((q for q in self.quant_formats if q.name.upper() == key), None)

    def stack(self, stack_id: str) -> ServingStack | None:
        return next((s for s in self.stacks if s.id == stack_id), None)


__all__ = [
    "HARDWARE_KINDS",
    "Benchmark",
    "BenchmarkMetric",
    "CalibrationParams",
    "Catalog",
    "Hardware",
    "HardwareKind",
    "Level",
    "ModelArch",
    "QuantFormat",
    "ServingStack",
]
