"""Typed catalog data the pure core reasons over: devices, models, measured rows, serving stacks.

`knowledge/` builds these from the DuckDB store; `estimator/` never touches the database. The whole
catalog is small (hundreds of rows), so it is passed around as one immutable `Catalog` value.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from estimator.said import Text

HardwareKind = Literal["cpu", "gpu", "npu", "soc", "accel"]
# How a device is cooled (migration 039): its own fans ("active"), a passive heat sink that needs a server chassis's
# forced airflow ("passive"), or sold only on a baseboard / as a rack system ("rack"). None: the sources do not say.
Cooling = Literal["active", "passive", "rack"]
HARDWARE_KINDS: tuple[str, ...] = ("cpu", "gpu", "npu", "soc", "accel")
# tg: single-stream decode; pp: prompt processing; total_tps: aggregate output tokens/s of a serving
# run, prompts' prefill included; decode_tps: aggregate decode rate of a running batch with no prompt
# in between (batch / inter-token latency, as tt-metal's demo tables publish it).
BenchmarkMetric = Literal["tg", "pp", "total_tps", "decode_tps"]
Level = Literal["low", "medium", "high"]
AttentionType = Literal["mha", "gqa", "mla", "sliding", "hybrid"]


# Physical ranges of the data files' columns (seed data must be physically possible: a device with
# zero memory or a negative price would reach a reply as capex -$91,400). Upper bounds are far past
# any device on record (a wafer-scale engine streams 21 PB/s from SRAM) and only catch unit slips.
Positive = Annotated[float, Field(gt=0)]
Bandwidth = Annotated[float, Field(gt=0, le=1e8)]  # GB/s
Memory = Annotated[float, Field(gt=0, le=1e6)]  # GB
Rate = Annotated[float, Field(gt=0, le=1e7)]  # dense TFLOPS / TOPS
Watts = Annotated[float, Field(gt=0, le=1e6)]
Price = Annotated[float, Field(ge=0, le=1e9)]  # US dollars; 0 is a free item, never a negative one
Year = Annotated[int, Field(ge=1990, le=2100)]
Count = Annotated[int, Field(ge=1)]
Tokens = Annotated[int, Field(ge=0, le=100_000_000)]
Params = Annotated[float, Field(gt=0, le=100_000)]  # billions


class _Frozen(BaseModel):
    # NaN and infinity are never a measurement: a cell reading "nan" or "1e400" is refused on load.
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


class Hardware(_Frozen):
    """One device (a card, a chip, a CPU socket or a SoC). Empty spec cells stay None: never guessed."""

    id: str
    vendor: str
    name: str
    kind: HardwareKind
    memory_gb: Memory | None = None
    memory_type: str | None = None
    memory_bandwidth_gbs: Bandwidth | None = None
    fp16_tflops: Rate | None = None
    bf16_tflops: Rate | None = None
    fp8_tflops: Rate | None = None
    int8_tops: Rate | None = None
    int4_tops: Rate | None = None
    fp4_tflops: Rate | None = None  # dense FP4 (NVFP4 / MXFP4) tensor rate, Blackwell-class parts
    tdp_w: Watts | None = None
    launch_year: Year | None = None
    price_usd: Price | None = None
    price_basis: Text | None = None  # the data's own words, or a finding (a quote-only range, `accelerator_first`)
    price_date: str | None = None
    price_is_estimate: bool = True
    form_factor: str | None = None
    interconnect: str | None = None
    software_stacks: tuple[str, ...] = ()
    source_url: str
    notes: str | None = None
    # GPU boost / maximum clock (migration 010): the per-token overhead of a decode step is GPU cycles.
    gpu_clock_mhz: float | None = Field(default=None, gt=0)
    # How it is cooled (migration 039): a desk or an office with no server room takes only what cools itself.
    cooling: Cooling | None = None


class ModelArch(_Frozen):
    """Architecture facts of an open model family member, enough for KV-cache sizing."""

    id: str
    family: str
    name: str
    params_b: Params
    layers: Count
    hidden_size: Count
    attention_heads: Count
    kv_heads: Count
    head_dim: Count
    max_context: Count | None = None  # the config's max_position_embeddings; None when not read from a source
    license: str | None = None
    aliases: tuple[str, ...] = ()
    source_url: str
    notes: str | None = None
    # Mixture of experts and attention shape (2026-12, migration 002). Empty = dense / not on record:
    # `total_params_b` defaults to `params_b` and `active_params_b` to the total (a dense model).
    total_params_b: float | None = Field(default=None, gt=0)
    active_params_b: float | None = Field(default=None, gt=0)
    n_experts: int | None = Field(default=None, ge=1)  # routed experts per MoE layer
    experts_per_token: int | None = Field(default=None, ge=1)  # top-k routing
    shared_experts: int | None = Field(default=None, ge=0)
    attention_type: AttentionType | None = None
    sliding_window: int | None = Field(default=None, ge=1)  # tokens a windowed layer keeps
    sliding_window_layers: int | None = Field(default=None, ge=0)  # how many layers use the window
    attention_layers: int | None = Field(default=None, ge=1)  # layers with a KV cache (hybrid: the rest keep a fixed state)
    kv_lora_rank: int | None = Field(default=None, ge=1)  # MLA: compressed latent per token and layer
    qk_rope_head_dim: int | None = Field(default=None, ge=1)  # MLA: decoupled RoPE key cached beside it
    native_format: str | None = None  # the weight format the checkpoint ships in (MXFP4, FP8, BF16)
    # Tokens in the vocabulary (config.json `vocab_size`, migration 007): the output head is vocab × hidden.
    vocab_size: int | None = Field(default=None, ge=1)
    # A hybrid's fixed per-sequence state (migration 027): layers that keep a recurrent state instead of a
    # KV cache (Mamba, Gated DeltaNet), and its shape per layer (`memory.Architecture.state_bytes_per_sequence`):
    # heads × key dim × value dim of state, (conv kernel − 1) × (heads × value dim + 2 × groups × key dim)
    # of conv window; `recurrent_state_bytes` per state value (4 where the config keeps it in float32).
    recurrent_layers: int | None = Field(default=None, ge=1)
    recurrent_heads: int | None = Field(default=None, ge=1)
    recurrent_key_dim: int | None = Field(default=None, ge=1)
    recurrent_value_dim: int | None = Field(default=None, ge=1)
    recurrent_groups: int | None = Field(default=None, ge=0)
    recurrent_conv_kernel: int | None = Field(default=None, ge=1)
    recurrent_state_bytes: float | None = Field(default=None, gt=0)
    # Released checkpoints of this one shape (migration 034), each "org/repo=name|name": the weights a named variant
    # serves ("DeepSeek R1" is deepseek-ai/DeepSeek-R1 on the DeepSeek-V3 architecture).
    checkpoints: tuple[str, ...] = ()

    @property
    def checkpoint_names(self) -> dict[str, str]:
        """Each name a checkpoint goes by → its Hugging Face repo (the repo's own name included)."""
        named: dict[str, str] = {}
        for entry in self.checkpoints:
            repo, _, names = entry.partition("=")
            for name in (repo.split("/")[-1], *names.split("|")):
                if name.strip():
                    named[name.strip()] = repo.strip()
        return named

    @property
    def total_b(self) -> float:
        return self.total_params_b or self.params_b

    @property
    def active_b(self) -> float:
        return self.active_params_b or self.total_b

    @property
    def is_moe(self) -> bool:
        return self.active_b < self.total_b

    @property
    def kernel_shape(self) -> tuple[object, ...]:
        """What an engine's kernels see of the model: attention type, layers, width, MLA latent and rope
        dims, and whether it routes experts. Two models alike here run the same code paths (Kimi K2 is a
        DeepseekV3ForCausalLM with more experts), so one's measured serving costs stand for the other's."""
        return (self.attention_type, self.layers, self.hidden_size, self.kv_lora_rank, self.qk_rope_head_dim,
                self.is_moe)


class Benchmark(_Frozen):
    """One measured figure from a public source.

    `hardware_id` is the catalog id when the device is in the catalog (else None), `device_count`
    how many of them the figure used.
    """

    row_id: int
    hardware_id: str | None
    hardware_label: str
    kind: HardwareKind
    device_count: Count = 1
    model: str
    params_b: Params
    quant: str
    backend: str = Field(description="normalized backend key: llama.cpp, vllm, trt-llm, mlx, ...")
    backend_label: str | None = Field(default=None, description="backend as the source wrote it")
    concurrency: Count | None = None
    prompt_tokens: Tokens | None = None
    gen_tokens: Tokens | None = None
    metric: BenchmarkMetric
    value: Positive  # tokens per second: a zero or negative rate was never measured
    source_url: str
    source_note: str | None = None


class BenchmarkProvenance(_Frozen):
    """What a benchmark row's source says about the run beyond its figure (migration 011), one per annotated
    row: when it was published (`measured_on`, ISO date; None when the source does not date it) and, when
    the source establishes that the row's stated workload is not what ran, why the row is left out of the
    fit and the accuracy reports (`exclude_reason`). Read by `estimator.measured_rows`."""

    row_id: int
    measured_on: date | None = None
    exclude_reason: str | None = None
    source_url: str
    source_note: str | None = None


class BenchmarkLayout(_Frozen):
    """The parallel layout a benchmark row's source states it ran (migration 009), one per such row:
    `tensor_parallel` devices per model copy (the source's "TP8"); the row's other devices are replicas.
    A row is predicted in this layout, not the one the planner would choose (`row_predict.stated_groups`)."""

    row_id: int
    tensor_parallel: int = Field(ge=1)
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
    # "FORMAT@hardware_id" entries: a format whose support depends on the GPU generation runs on these
    # devices only, per the stack's documentation (MXFP4 on TensorRT-LLM: Hopper and datacenter Blackwell).
    format_devices: tuple[str, ...] = ()
    # Whether the engine keeps a prefix cache across requests by default (vLLM V1, TensorRT-LLM's LLM API, llama-server,
    # vLLM-RBLN: "yes", each sourced in the row): a session's own earlier turns are then served from it, not prefilled
    # again (`advice.sizing.own_history_tokens`). "unverified": not credited.
    prefix_cache_default: Literal["yes", "no", "unverified"] = "unverified"

    def runs_on(self, kind: str) -> bool:
        """Whether the stack serves this kind of device (no kinds listed: any)."""
        return not self.hardware_kinds or kind in self.hardware_kinds

    def format_device_ids(self, quant: str) -> tuple[str, ...] | None:
        """The devices the stack documents `quant` on, or None when its support is not per device."""
        key = quant.upper() + "@"
        ids = tuple(entry[len(key):] for entry in self.format_devices if entry.upper().startswith(key))
        return ids or None


class QuantFormat(_Frozen):
    """Bits per weight of a weight format (GGUF types include their block scales)."""

    name: str
    bits_per_weight: Annotated[float, Field(gt=0, le=64)]
    family: Literal["gguf", "float", "int"]
    source_url: str
    notes: str | None = None


class CloudGpuPrice(_Frozen):
    """A public rental price for one GPU of a catalog device, read by hand from a price page.

    `term`: on_demand, or a 1-/3-year commitment (paid for every hour of the term). `billing`: an
    instance is paid while it runs (`while_running`); a serverless worker only while it serves
    (`active_seconds`). `read_date` is when the page was read; `price_date` the date the page states.
    """

    id: str
    provider: str
    offering: str
    hardware_id: str
    term: Literal["on_demand", "1y", "3y"]
    usd_per_gpu_hour: float = Field(gt=0, le=1000)
    billing: Literal["while_running", "active_seconds"] = "while_running"
    price_date: str | None = None
    read_date: str
    source_url: str
    notes: str | None = None


class ApiPrice(_Frozen):
    """A hosted API's list price for an open model (or a size tier of open models), $ per million tokens.

    A named model gives `params_b`; a size tier (Fireworks prices by parameter count) gives
    `params_min_b`/`params_max_b` instead.
    """

    id: str
    provider: str
    model: str
    params_b: float | None = Field(default=None, gt=0, le=2000)
    params_min_b: float | None = Field(default=None, ge=0, le=2000)
    params_max_b: float | None = Field(default=None, gt=0, le=2000)
    usd_per_m_input: float = Field(ge=0, le=1000)
    usd_per_m_output: float = Field(ge=0, le=1000)
    price_date: str | None = None
    read_date: str
    source_url: str
    notes: str | None = None
    # A closed hosted model priced by the name a team calls it ("gpt-4o-mini", migration 018): it converts a
    # monthly spend into a token volume and never stands in for an open model of a given size.
    api_model: str | None = None
    # Input tokens per output token of the provider's own published traffic (migration 028: DeepSeek's 24-hour
    # statistics, 608B in / 168B out): the split a spend on it buys when no lengths are stated. None: not published.
    input_per_output: float | None = Field(default=None, gt=0, le=1000)
    traffic_source_url: str | None = None


class PowerMode(_Frozen):
    """One configurable power mode of a device (Jetson nvpmodel profiles, laptop power limits): its draw
    and the memory bandwidth / GPU clock it runs at. Empty cells stay None: a mode without a sourced
    speed figure is not modelled."""

    id: str
    hardware_id: str
    mode: str
    watts: float = Field(gt=0)
    memory_bandwidth_gbs: float | None = Field(default=None, gt=0)
    gpu_clock_mhz: float | None = Field(default=None, gt=0)
    source_url: str
    notes: str | None = None
    # Share of the GPU's compute units powered in this mode (migration 020): Jetson nvpmodel profiles power-gate
    # TPCs (the AGX Orin 64 GB's 15 W profile keeps 3 of 8). None: every unit the device row counts.
    active_gpu_share: float | None = Field(default=None, gt=0, le=1)


class HostChassis(_Frozen):
    """A server a lead names as the box bought cards go into (migration 035), with the double-width PCIe GPUs its
    vendor supports in it: "our R760" takes two, whatever else the lead says."""

    id: str
    vendor: str
    name: str
    aliases: tuple[str, ...] = ()
    gpu_slots: int = Field(ge=0, le=64)
    source_url: str
    notes: str | None = None


class LaptopConfig(_Frozen):
    """One laptop sold with a catalog chip (migration 033): the machine, its memory and its price.

    A chip row is priced by one machine and one memory size (a Mac mini, a Framework Desktop); a buyer who
    asks for a laptop buys a laptop, whose price and memory differ. Empty price cells stay None: an unpriced
    laptop is never bought. `memory_bandwidth_gbs` is set only where the machine's chip is a slower bin."""

    id: str
    hardware_id: str
    laptop: str
    memory_gb: float = Field(gt=0)
    memory_bandwidth_gbs: float | None = Field(default=None, gt=0)
    # The machine's draw from the wall, bounded by the adapter it ships with (None: the chip row's figure).
    tdp_w: float | None = Field(default=None, gt=0)
    price_usd: float | None = Field(default=None, gt=0)
    price_basis: str | None = None
    price_date: str | None = None
    price_is_estimate: bool = True
    source_url: str
    notes: str | None = None

    def as_device(self, chip: Hardware) -> Hardware:
        """The chip as sold in this laptop: its memory size, price, draw and source (a slower bin's bandwidth
        if stated); the chip's speed otherwise, since the same silicon runs whatever memory surrounds it."""
        memory = f"{self.memory_gb:g} GB"
        update: dict[str, object] = {
            "id": self.id, "name": f"{self.laptop}, {memory}", "memory_gb": self.memory_gb,
            "price_usd": self.price_usd, "price_basis": self.price_basis or f"laptop: {self.laptop}, {memory} (unpriced)",
            "price_date": self.price_date, "price_is_estimate": self.price_is_estimate,
            "form_factor": f"Laptop ({self.laptop})", "source_url": f"{self.source_url} ; {chip.source_url}",
            "notes": self.notes,
        }
        if self.memory_bandwidth_gbs is not None:
            update["memory_bandwidth_gbs"] = self.memory_bandwidth_gbs
        if self.tdp_w is not None:  # the laptop's adapter, not the desktop machine that priced the chip row
            update["tdp_w"] = self.tdp_w
        return chip.model_copy(update=update)


# What a quote-only accelerator's price range rests on (migration 019), weakest last.
PriceEvidence = Literal["reported_deal", "distributor_listing", "cloud_back_computed", "estimate"]


class AcceleratorSheet(_Frozen):
    """What a buyer of an inference accelerator needs beyond its spec row (migration 015), keyed by hardware
    id: on-chip SRAM, a sourced price range for quote-only parts, how its stack meets new input shapes
    (seed 2 pitfall 3: a bucketed compile pads or recompiles), multi-model support (pitfall 4) and release
    cadence (pitfall 5). Empty cells stay None: never guessed."""

    hardware_id: str
    on_chip_sram_mb: float | None = Field(default=None, gt=0)
    price_low_usd: float | None = Field(default=None, gt=0)
    price_high_usd: float | None = Field(default=None, gt=0)
    price_range_basis: str | None = None
    price_range_date: str | None = None
    # Migration 019: the kind of evidence the range rests on (the loader requires one for a range).
    price_range_evidence: PriceEvidence | None = None
    dynamic_shapes: Literal["native", "bucketed_compile", "static_compile", "unverified"]
    multi_model: str | None = None
    release_cadence: str | None = None
    source_url: str
    notes: str | None = None

    @property
    def price_range(self) -> tuple[float, float] | None:
        """(low, high) when both ends are sourced."""
        if self.price_low_usd is None or self.price_high_usd is None:
            return None
        return self.price_low_usd, self.price_high_usd


class FxRate(_Frozen):
    """Units of `currency` (ISO 4217) per US dollar on `date`, with where the figure comes from (migration 036).

    An amount said in another currency ("50万元", "€40k") is converted once at this rate, and the reply says the
    rate and its date. Refreshing the rates is editing `knowledge/data/fx_rates.csv`, nothing in code.
    """

    currency: str = Field(pattern=r"^[A-Z]{3}$")
    units_per_usd: float = Field(gt=0, le=1e6)
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    source_url: str
    notes: str | None = None


Market = Literal["cn_mainland", "taiwan"]
MarketStatus = Literal["sold", "not_sold"]


class MarketAvailability(_Frozen):
    """Whether a buyer in `market` can buy a device (`hardware_id`) or any part of a maker (`vendor`), as of a date and
    with its source (migration 038): export rules and import bans are data, refreshed in
    `knowledge/data/market_availability.csv`, nothing in code. A device's own row outranks its maker's."""

    id: str
    market: Market
    vendor: str | None = None
    hardware_id: str | None = None
    status: MarketStatus
    as_of: str = Field(pattern=r"^\d{4}-\d{2}(?:-\d{2})?$")
    source_url: str
    notes: str | None = None

    @model_validator(mode="after")
    def _one_subject(self) -> MarketAvailability:
        if (self.vendor is None) == (self.hardware_id is None):
            raise ValueError("name either a vendor or a hardware_id")
        return self


class RequestShape(_Frozen):
    """One class of work's typical request when the lead states no lengths (migration 036): a coding agent re-sends
    its session, RAG carries retrieved chunks, classification answers a label, a reasoning model thinks in output
    tokens. None: the class sets no such figure. `stated_context`: whether a context said for the class is the
    typical prompt or the maximum."""

    request_class: str
    prompt_tokens: int | None = Field(default=None, ge=1, le=10_000_000)
    output_tokens: int | None = Field(default=None, ge=1, le=10_000_000)
    new_tokens_per_turn: int | None = Field(default=None, ge=1, le=10_000_000)
    stated_context: Literal["typical", "maximum"] | None = None
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
    # Host work per running stream per decode step (ms): scheduling, input preparation, output processing,
    # fitted on runs that did it between steps (serial with the device).
    scheduler_ms_per_stream: dict[str, float] = {}
    # The same per-stream host work, fitted on runs of releases that do it beside the device's step
    # (`batching.run_overlaps_host`): it costs a step only where it outlasts the device's work.
    overlapped_host_ms_per_stream: dict[str, float] = {}
    relative_error: dict[str, float] = {}
    # Likely range of a figure as measured / predicted ratios (10th and 90th percentile of the
    # leave-one-device-out residuals), keyed "<metric>|<backend>/<kind>", "<metric>|*/<kind>", "<metric>|*".
    range_ratio_low: dict[str, float] = {}
    range_ratio_high: dict[str, float] = {}
    # Per metric, the factor both ends are widened by so that ranges cover 80 % of held-out devices' rows.
    range_widening: dict[str, float] = {}
    # Effective FLOP per byte of bandwidth for devices that publish no FP16 rate (CPUs, Jetson, ...).
    compute_per_bandwidth: dict[str, float] = {}
    # Share of the listed vector-ALU rate prompt matmuls reach on GPUs without matrix units (Apple M1-M4,
    # `device.VECTOR_ALU_VENDORS`); `prefill_compute_efficiency` is the share of matrix-unit rates.
    prefill_alu_efficiency: dict[str, float] = {}
    # Share of the float-format prefill rate that weight-quantized formats (GGUF, INT4/8) reach.
    prefill_quantized_factor: dict[str, float] = {}
    # ALU work per GGUF k-quant weight (Q2_K … Q6_K) a decode step reads, in FLOP-equivalents at the
    # device's compute rate: unpacking their two levels of scales (`calibration_decode.fit_decode`).
    decode_kquant_flops_per_weight: dict[str, float] = {}
    # How many measured rows each key's factors were fitted on ("*/<kind>" keys pool all backends).
    rows_used: dict[str, int] = {}
    # Per catalog model id: how many times longer its measured serving runs' decode steps are than the
    # general factors predict (median over its serving rows, which the shared fit leaves out), when it
    # has at least `calibration_fit.MIN_MODEL_SERVING_ROWS` of them; with the row count.
    model_step_scale: dict[str, float] = {}
    model_step_rows: dict[str, int] = {}
    # Share of the dense prefill rate a continuous-batching engine's routed-expert layers reach (grouped
    # expert matmuls at a few hundred tokens per expert, token permutation, routing), keyed "*" (every
    # such engine), fitted on mixture-of-experts serving rows (`moe_fit.fit_expert_efficiency`); with
    # the row count. Missing: 1 (the experts' FLOPs at the dense rate).
    expert_prefill_efficiency: dict[str, float] = {}
    expert_prefill_rows: int = 0
    # The ms per layer a mixture of experts' decode step spread over several devices pays once its batch
    # reaches every expert, in a continuous-batching engine, whatever the layout (`parallel_plans._step_terms`;
    # `moe_fit.fit_expert_efficiency`, fitted jointly with the expert efficiency), keyed "*" like it. Missing: 0.
    moe_layer_ms: dict[str, float] = {}


class Catalog(_Frozen):
    """Everything the estimator needs from the store, as one immutable value."""

    data_version: str
    hardware: tuple[Hardware, ...]
    models: tuple[ModelArch, ...] = ()
    benchmarks: tuple[Benchmark, ...] = ()
    stacks: tuple[ServingStack, ...] = ()
    quant_formats: tuple[QuantFormat, ...] = ()
    calibration: CalibrationParams = CalibrationParams()
    cloud_gpu_prices: tuple[CloudGpuPrice, ...] = ()
    api_prices: tuple[ApiPrice, ...] = ()
    power_modes: tuple[PowerMode, ...] = ()  # devices with several power modes
    benchmark_provenance: tuple[BenchmarkProvenance, ...] = ()  # migration 011: run dates, exclusions
    benchmark_layouts: tuple[BenchmarkLayout, ...] = ()  # migration 009: stated parallel layouts
    accelerator_sheets: tuple[AcceleratorSheet, ...] = ()  # migration 015: SRAM, price ranges, stack behaviour
    laptop_configs: tuple[LaptopConfig, ...] = ()  # migration 033: laptops sold with a chip, by memory size
    fx_rates: tuple[FxRate, ...] = ()  # migration 036: dated exchange rates, units per US dollar
    request_shapes: tuple[RequestShape, ...] = ()  # migration 036: a class of work's typical request
    host_chassis: tuple[HostChassis, ...] = ()  # migration 035: servers cards go into, with their GPU slots
    market_availability: tuple[MarketAvailability, ...] = ()  # migration 038: who can buy what where

    def accelerator_sheet(self, hardware_id: str) -> AcceleratorSheet | None:
        return next((s for s in self.accelerator_sheets if s.hardware_id == hardware_id), None)

    def hardware_by_id(self, hardware_id: str) -> Hardware | None:
        """A device by id; a laptop configuration's id gives its laptop (a recommendation made for a laptop names
        one, and its follow-ups look it up here)."""
        found = next((h for h in self.hardware if h.id == hardware_id), None)
        if found is not None or not self.laptop_configs:
            return found
        config = next((c for c in self.laptop_configs if c.id == hardware_id), None)
        chip = None if config is None else next((h for h in self.hardware if h.id == config.hardware_id), None)
        return None if config is None or chip is None else config.as_device(chip)

    def quant(self, name: str) -> QuantFormat | None:
        key = name.upper()
        return next((q for q in self.quant_formats if q.name.upper() == key), None)

    def stack(self, stack_id: str) -> ServingStack | None:
        return next((s for s in self.stacks if s.id == stack_id), None)

    def measured_scale_model(self, model: ModelArch, scales: dict[str, float] | None = None) -> ModelArch | None:
        """The catalog model whose measured serving runs scale `model`'s decode steps (`scales`, by default
        `CalibrationParams.model_step_scale`): itself, or one of the same kernel shape (`ModelArch.kernel_shape`)."""
        scales = self.calibration.model_step_scale if scales is None else scales
        if model.id in scales:
            return model
        return next((m for m in self.models if m.id in scales and m.kernel_shape == model.kernel_shape), None)


__all__ = [
    "HARDWARE_KINDS",
    "AcceleratorSheet",
    "ApiPrice",
    "AttentionType",
    "Benchmark",
    "BenchmarkLayout",
    "BenchmarkProvenance",
    "BenchmarkMetric",
    "CalibrationParams",
    "Catalog",
    "CloudGpuPrice",
    "Cooling",
    "FxRate",
    "Hardware",
    "HardwareKind",
    "Level",
    "ModelArch",
    "HostChassis",
    "LaptopConfig",
    "Market",
    "MarketAvailability",
    "MarketStatus",
    "PowerMode",
    "PriceEvidence",
    "QuantFormat",
    "RequestShape",
    "ServingStack",
]
