"""Requests and results of the estimator's tools, in the JSON shapes of DESIGN.md's contracts.

Pure data: the functions that fill them live in `memory.py`, `throughput.py`, `tco.py`, `risks.py`,
`recommend.py`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from estimator.catalog import HardwareKind, Level


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CustomHardware(_Model):
    """A device given by its specs instead of a catalog id (`--kind K --memory-gb G --bandwidth-gbs B`)."""

    kind: HardwareKind
    memory_gb: float = Field(gt=0, le=100_000)
    memory_bandwidth_gbs: float = Field(gt=0, le=1_000_000)
    fp16_tflops: float | None = Field(default=None, gt=0, le=1_000_000)
    tdp_w: float | None = Field(default=None, gt=0, le=1_000_000)


class EstimateRequest(_Model):
    """One estimate: a device (catalog id or custom specs) × count running a model at concurrency C."""

    hardware: str | None = None
    custom: CustomHardware | None = None
    count: int = Field(default=1, ge=1, le=1024)
    params_b: float = Field(gt=0, le=2000)
    quant: str = "Q4_K_M"
    backend: str | None = None
    concurrency: int = Field(default=1, ge=1, le=1_000_000)
    prompt_tokens: int = Field(default=512, ge=1, le=2_000_000)
    output_tokens: int = Field(default=256, ge=1, le=200_000)
    context: int | None = Field(default=None, ge=1, le=2_000_000)
    model_only: bool = False
    arrival_pattern: Literal["steady", "bursty", "batch"] = "steady"
    # A model name the catalog knows sizes the KV cache with that model's own architecture; without
    # one (or an unknown one) a current grouped-query-attention model of the closest size stands in.
    model: str | None = Field(default=None, max_length=200)


class Estimate(_Model):
    """Result of one estimate. The first fields are the `siliconsult estimate --json` contract."""

    decode_tokens_per_s_per_stream: float
    decode_tokens_per_s_total: float
    prefill_tokens_per_s: float
    ttft_ms: float
    fits: bool
    memory_required_gb: float
    memory_available_gb: float
    bound: Literal["memory", "compute"]
    method: Literal["model", "measured"]
    error: str | None = None
    # Beyond the contract: how sure we are and where the figure comes from.
    ttft_p95_ms: float | None = None
    confidence_low: float | None = Field(default=None, description="decode per stream, low end")
    confidence_high: float | None = None
    calibrated: bool = True
    calibration_key: str | None = None
    source_rows: list[int] = []
    source_urls: list[str] = []
    notes: list[str] = []
    # Likely ranges [low, high] of the figures above, from the validation residuals of the estimate's
    # (backend, kind) group (leave-one-device-out, 10th–90th percentile); None when nothing fits.
    decode_tokens_per_s_per_stream_range: list[float] | None = None
    decode_tokens_per_s_total_range: list[float] | None = None
    prefill_tokens_per_s_range: list[float] | None = None
    ttft_ms_range: list[float] | None = None


class TcoResult(_Model):
    """Total cost of ownership of one option (`siliconsult tco --json` contract first)."""

    capex_usd: float
    annual_power_usd: float
    annual_opex_usd: float
    three_year_total_usd: float
    cost_per_million_tokens_usd: float | None
    assumptions: list[str]
    price_is_estimate: bool = True
    price_basis: str | None = None
    annual_tokens: float | None = None
    power_w: float | None = Field(default=None, description="peak draw: devices at TDP plus host servers")
    lifetime_total_usd: float | None = Field(default=None, description="capex + amortization years × opex + migration")
    migration_usd: float = 0.0
    servers: int | None = None


class Risk(_Model):
    id: Literal[
        "dynamic_shapes", "multi_model", "software_maturity", "quantization_calibration",
        "memory_bandwidth", "power_cooling", "tail_latency", "vendor_lock_in", "capacity_headroom",
        "supply",
    ]
    severity: Level
    why: str
    mitigation: str


class OptionEstimate(_Model):
    decode_tokens_per_s_per_user: float
    ttft_ms: float
    max_concurrent_users: int
    ttft_p95_ms: float | None = None
    memory_required_gb: float | None = None
    memory_available_gb: float | None = None
    method: Literal["model", "measured"] = "model"
    confidence_low: float | None = None
    confidence_high: float | None = None
    source_rows: list[int] = []
    decode_tokens_per_s_per_user_range: list[float] | None = None


class OptionTco(_Model):
    three_year_total_usd: float
    cost_per_million_tokens_usd: float | None
    annual_power_usd: float
    price_is_estimate: bool = True


class Option(_Model):
    """One purchasable configuration (device × count × serving stack) with its numbers."""

    hardware_id: str
    kind: HardwareKind
    count: int
    serving_stack: str
    capex_usd: float
    meets_slo: bool
    estimate: OptionEstimate
    tco: OptionTco
    hardware_name: str | None = None
    power_w: float | None = None
    risks: list[Risk] = []
    rationale: str | None = None
    existing: bool = Field(default=False, description="already-owned hardware: capex 0, power only")
    violations: list[str] = Field(default=[], description="constraints this option misses (empty = meets all)")
    tco_assumptions: list[str] = []
    redundancy: bool = Field(default=False, description="count includes one N+1 spare")


class Recommendation(_Model):
    """The Recommendation JSON of DESIGN.md (plus validation plan and calibration provenance)."""

    primary: Option | None
    alternatives: list[Option] = []
    risks: list[Risk] = []
    assumptions: list[str] = []
    rationale: str = ""
    validation_plan: list[str] = []
    calibration_rows: list[int] = []
    relax: list[str] = Field(default=[], description="when nothing fits: which constraint to relax, by how much")
    workload: dict[str, Any] | None = Field(default=None, description="the workload after defaults were filled")


__all__ = [
    "CustomHardware",
    "Estimate",
    "EstimateRequest",
    "Option",
    "OptionEstimate",
    "OptionTco",
    "Recommendation",
    "Risk",
    "TcoResult",
]
