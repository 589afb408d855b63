"""Requests and results of the estimator's tools, in the JSON shapes of DESIGN.md's contracts.

Pure data: the functions that fill them live in `memory.py`, `throughput.py`, `tco.py`, `risks.py`,
`recommend.py`.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, SkipValidation
from pydantic.json_schema import SkipJsonSchema

from estimator.advice.accelerator_findings import AcceleratorVerdict, HeldBackAccelerator
from estimator.advice.load import LoadConversion
from estimator.catalog import HardwareKind, Level
from estimator.costing.tco_findings import TcoFinding
from estimator.said import EMPTY, Text, origin_of
from estimator.workload import DEFAULT_QUANTIZATION

# A power limit that cannot be checked (the device has no TDP on record): a limit, but not one exceeded.
UNVERIFIED_POWER = "violation.power_unverified"
# The violations that are the user's limits rather than the workload's targets.
LIMIT_VIOLATIONS = frozenset({"violation.budget", "violation.power", UNVERIFIED_POWER})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


_M = TypeVar("_M", bound=BaseModel)


def construct_trusted(model: type[_M], values: dict[str, Any]) -> _M:
    """`model(**values)` without validation, for values the estimator computed itself with the right types.

    What `model_construct` does minus its per-field default handling (3 µs instead of 20 µs, which matters
    when the ranker builds thousands of requests and estimates per turn). `values` must name every field
    and becomes the instance's own dict, so it must not be shared.
    """
    built = model.__new__(model)
    object.__setattr__(built, "__dict__", values)
    object.__setattr__(built, "__pydantic_fields_set__", set(values))
    object.__setattr__(built, "__pydantic_extra__", None)
    object.__setattr__(built, "__pydantic_private__", None)
    return built


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
    quant: str = DEFAULT_QUANTIZATION
    backend: str | None = None
    concurrency: int = Field(default=1, ge=1, le=1_000_000)
    prompt_tokens: int = Field(default=512, ge=1, le=2_000_000)
    output_tokens: int = Field(default=256, ge=1, le=200_000)
    context: int | None = Field(default=None, ge=1, le=2_000_000)
    model_only: bool = False
    arrival_pattern: Literal["steady", "bursty", "batch"] = "steady"
    # Beyond the contract: people who read each answer send their next prompt no sooner than it streams at this
    # speed (the target a sizing request is checked at); None: a closed loop at the device's own speed, as a
    # benchmark client runs (`parallel_plans.evaluate`).
    paced_tokens_per_s: float | None = Field(default=None, gt=0, le=10_000)
    # Beyond the contract: the p95 first-token bound the layout is chosen for (`parallel_plans.best_plan`: among the
    # layouts reaching `paced_tokens_per_s`, the smallest group that also meets it); None: none is asked.
    ttft_target_ms: float | None = Field(default=None, gt=0, le=600_000)
    # Beyond the contract: the users are people in sessions who read each answer at this speed before they send
    # their next prompt (`estimator.advice.concurrency.READING_TOKENS_PER_S`), so each sends a prompt once per
    # answer plus its reading, not once per answer; None: streams that send the next prompt when the answer ends
    # (a rate or a volume turned into streams by Little's law, agents, benchmark clients).
    reading_tokens_per_s: float | None = Field(default=None, gt=0, le=10_000)
    # Beyond the contract: the streams come from an arrival rate (Little's law), and prompts arrive at that rate,
    # this many a second per stream sized (the rate ÷ the streams), not one per answer each: a count sized at the
    # rate's busiest moments (its 99th percentile) or at a hold time shorter than the device's answer sends fewer
    # prompts than a closed loop of that many streams (`parallel_plans.prompting_share`); None: a closed loop.
    prompts_per_stream_per_s: float | None = Field(default=None, gt=0, le=10_000)
    # A model name the catalog knows sizes the KV cache with that model's own architecture; without
    # one (or an unknown one) a current grouped-query-attention model of the closest size stands in.
    model: str | None = Field(default=None, max_length=200)
    # Mixture of experts without a catalog name ("a 671B MoE with 37B active"): parameters used per
    # token. A named catalog model brings its own; None = dense (all `params_b` active).
    active_params_b: float | None = Field(default=None, gt=0, le=2000)
    # KV cache element type: FP16/BF16 = 2 bytes, FP8 = 1. None: FP8 with FP8-class weight formats.
    kv_cache_dtype: Literal["FP16", "BF16", "FP8"] | None = None
    # LoRA adapters held beside the weights on each device (`estimator.physics.lora`): memory only.
    adapter_gb: float = Field(default=0.0, ge=0, le=100_000)
    # Beyond the contract: tokens at the start of each prompt that the engine's prefix cache already holds (a shared
    # system prompt, the same repo), so prefill computes only the rest (`parallel_plans.prefill_tokens`). The KV
    # cache is still sized for the whole prompt per stream.
    cached_prefix_tokens: int = Field(default=0, ge=0, le=2_000_000)
    # Beyond the contract: several models served at once with loads of their own (`advice.served_models`): the streams'
    # KV bytes per token against `model`'s architecture, and the parameters a token's matmuls run through when less
    # than the weights held (each token through its own model). 1.0 / None: one model.
    kv_scale: float = Field(default=1.0, gt=0, le=100)
    compute_params_b: float | None = Field(default=None, gt=0, le=2000)


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
    notes: list[Text] = []  # findings (`estimator.said`): the CLI and the library word them
    # Likely ranges [low, high] of the figures above, from the validation residuals of the estimate's
    # (backend, kind) group (leave-one-device-out, 10th–90th percentile); None when nothing fits.
    decode_tokens_per_s_per_stream_range: list[float] | None = None
    decode_tokens_per_s_total_range: list[float] | None = None
    prefill_tokens_per_s_range: list[float] | None = None
    ttft_ms_range: list[float] | None = None
    # The plan behind the figures: devices per model copy (tensor parallel inside a server, pipeline
    # stages across servers) and how many copies serve the users.
    tensor_parallel: int = 1
    pipeline_stages: int = 1
    # A mixture of experts' copy spanning servers expert-parallel (attention data-parallel, one server each; every
    # device a share of the experts: `parallel_plans.expert_parallel_servers`) rather than pipelined across them.
    expert_parallel: bool = False
    replicas: int = 1
    # A copy's attention laid out data-parallel (each device its own users and their KV cache, the experts split
    # over the copy's devices) rather than tensor parallel: `parallel_plans.PlanResult.attention_dp`.
    attention_data_parallel: bool = False
    # When the weights fit but not every user's KV cache: the streams an engine admits at once (the rest
    # wait in its queue) and their aggregate decode speed. None when everything fits or no stream does.
    admitted_concurrency: int | None = None
    admitted_decode_tokens_per_s_total: float | None = None


class TcoResult(_Model):
    """Total cost of ownership of one option (`siliconsult tco --json` contract first)."""

    capex_usd: float
    annual_power_usd: float
    annual_opex_usd: float
    three_year_total_usd: float
    cost_per_million_tokens_usd: float | None
    # The working as sentences, for the contract's readers (`--json`, the library, MCP). The core leaves
    # it empty and `bot.wording.tco.worded` fills it from `findings` where the result is shown.
    assumptions: list[str] = []
    price_is_estimate: bool = True
    price_basis: Text | None = None
    annual_tokens: float | None = None
    power_w: float | None = Field(default=None, description="peak draw: devices at TDP plus host servers")
    lifetime_total_usd: float | None = Field(default=None, description="capex + amortization years × opex + migration")
    migration_usd: float = 0.0
    servers: int | None = None
    # What the working found, line by line, in no language. Not part of the contract: left out of the
    # JSON and its schema, and not re-validated (the core builds it; most results are never shown).
    findings: SkipJsonSchema[SkipValidation[tuple[TcoFinding, ...]]] = Field(default=(), exclude=True, repr=False)


RiskId = Literal[
    "dynamic_shapes", "multi_model", "software_maturity", "quantization_calibration",
    "memory_bandwidth", "power_cooling", "tail_latency", "vendor_lock_in", "capacity_headroom",
    "supply",
]


class Risk(_Model):
    id: RiskId
    severity: Level
    why: Text
    mitigation: Text


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


class Deployment(_Model):
    """How an option's devices are laid out: servers, devices in each, devices per model copy, copies."""

    servers: int
    devices_per_server: int
    tensor_parallel: int
    replicas: int
    pipeline_stages: int = 1  # servers one model copy spans (only when one copy does not fit in a server)
    expert_parallel: bool = False  # those servers run its experts expert-parallel, not as pipeline stages
    attention_data_parallel: bool = False  # each device of a copy attends over its own users (`Estimate`)


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
    rationale: Text | None = None
    existing: bool = Field(default=False, description="already-owned hardware: capex 0, power only")
    violations: list[Text] = Field(default=[], description="constraints this option misses (empty = meets all)")
    tco_assumptions: list[Text] = []
    redundancy: bool = Field(default=False, description="count includes one N+1 spare")
    failover_tokens_per_s_per_user: float | None = Field(
        default=None, description="the N+1 spare is counted at seed 1's acceptable speed: per-user speed at the peak "
                                  "with one device out")
    # Owned / named devices and batch jobs (all optional, defaults keep earlier JSON meanings).
    owned_units: int = Field(default=0, description="of `count`, how many the user already owns (capex: the rest)")
    unpriced: bool = Field(default=False, description="no sourced price: capex and TCO count power only")
    batch_hours: float | None = Field(default=None, description="a batch job: hours to finish it on this option")
    deployment: Deployment | None = None
    # The weight format this option is sized at (options may differ when the user named none), and whether
    # it was chosen for the user (`estimator.advice.default_format`) rather than stated.
    weight_format: str | None = Field(default=None, description="weight format the option is sized at")
    weight_format_default: bool | None = Field(
        default=None, description="the format was chosen for the device and engine, not stated by the user")

    @property
    def verdict(self) -> Literal["meets", "past_limits", "unverified", "misses"]:
        """meets: every target and limit; past_limits: the targets, but over the budget or power cap the
        user set (`sizing.py` finds those violations: `violation.budget`, `violation.power`); unverified: the targets,
        and the only limit in question is a power cap the device's missing TDP leaves unchecked; misses: a
        target."""
        if not self.violations:
            return "meets"
        if all(origin_of(v) == UNVERIFIED_POWER for v in self.violations):
            return "unverified"
        if all(origin_of(v) in LIMIT_VIOLATIONS for v in self.violations):
            return "past_limits"
        return "misses"


class OwnedAnswer(_Model):
    """The hardware the user already owns, evaluated first: does it meet the targets, and if not, what to add."""

    hardware_id: str
    hardware_name: str
    label: str | None = None
    owned_count: int
    meets: bool = Field(description="the owned devices alone (never more than stated) meet every target")
    used_count: int = Field(description="devices the owned option runs on (≤ owned_count)")
    option: Option | None = None
    add_count: int | None = Field(default=None, description="more of the same device that make it meet")
    add_capex_usd: float | None = None
    add_option: Option | None = None
    text: Text = EMPTY
    disputed: bool = Field(default=False, description="the user says these devices fall short at this load, yet the "
                           "estimate says they meet every target: the wording says the two disagree")


# What the answer about a named device says, decided in the core (`estimator.advice.named.named_verdict`):
# fits (the count asked, or the smallest, meets every target and limit); past_limits (meets the targets,
# past the budget or power cap, or a power cap it cannot be checked against); fits_at_more (the count asked
# falls short and a larger one meets the targets); never_fits (no count does); ineligible (a seed rule
# rules the device out); unpriced (no sourced price: it cannot be costed or ranked).
NamedVerdict = Literal["fits", "past_limits", "fits_at_more", "never_fits", "ineligible", "unpriced"]


class NamedAnswer(_Model):
    """A device the user asked about ("would one L40S do?", "how many MI300X?"), answered with its numbers."""

    hardware_id: str
    hardware_name: str
    asked_count: int | None = Field(default=None, description="None: the user asked how many")
    count: int | None = Field(default=None, description="the count evaluated (asked, or the smallest that works)")
    meets: bool
    priced: bool
    is_primary: bool = False
    option: Option | None = None
    reason: Text | None = Field(default=None, description="why it is not eligible (seed rule), when it is not")
    text: Text = EMPTY
    verdict: NamedVerdict | None = Field(default=None, description="the case the answer states (see NamedVerdict)")


class BatchPlan(_Model):
    """A batch job sized by aggregate throughput: what it needs, and when the primary finishes it."""

    items: int
    prompt_tokens: int
    output_tokens: int
    window_hours: float
    headroom: float
    required_prefill_tokens_per_s: float
    required_decode_tokens_per_s: float
    finishes_hours: float | None = None
    text: Text = EMPTY


class CloudChoice(_Model):
    """The cheapest sourced way to rent, or the cheapest hosted API, behind a `CloudComparison` total."""

    provider: str
    offering: str
    hardware_id: str | None = None
    count: int | None = None
    term: str | None = None
    usd_per_gpu_hour: float | None = None
    billed_hours_per_year: float | None = None
    usd_per_m_input: float | None = None
    usd_per_m_output: float | None = None
    source_url: str
    read_date: str


class CloudComparison(_Model):
    """Buy, rent or call an API. The first five fields are the DESIGN.md contract."""

    rent_three_year_usd: float | None
    api_three_year_usd: float | None
    break_even_months: float | None = Field(description="months until buying costs less than the cheapest "
                                            "pay-as-you-go option; None: never")
    cheapest: Literal["buy", "rent", "api"]
    sources: list[str] = []
    buy_three_year_usd: float = 0.0
    buy_upfront_usd: float = Field(default=0.0, description="capex plus one-time migration")
    buy_monthly_usd: float = Field(default=0.0, description="running cost of the bought option per month")
    rent_monthly_usd: float | None = None
    api_monthly_usd: float | None = None
    api_tokens_per_year: float | None = None
    current_api_three_year_usd: float | None = Field(default=None, description="today's stated API spend over 3 years")
    air_gapped: bool = False  # rent and API were left out: nothing may reach the cloud
    rent: CloudChoice | None = None
    api: CloudChoice | None = None
    lines: list[Text] = Field(default=[], description="the comparison as sentences in the reply's language")


PilotEngine = Literal["vllm", "llama.cpp", "trt-llm", "sglang", "mlx"]


class PilotConfigFile(_Model):
    """A file the command reads, written next to where it runs (TensorRT-LLM takes some settings only from YAML)."""

    name: str  # relative path, as the command names it
    text: str


class PilotCommand(_Model):
    """One engine's command line for one model copy of the option, with the figures it was built from."""

    engine: PilotEngine
    argv: list[str]
    command: str = Field(description="argv as one shell line")
    model: str
    model_is_placeholder: bool  # True: a path to put the model in `weight_format` at, not a download name
    weight_format: str
    kv_cache_dtype: Literal["FP8", "FP16"]
    tensor_parallel: int
    pipeline_parallel: int
    devices_per_copy: int
    attention_data_parallel: bool = False  # the copy's devices attend data-parallel (`Deployment`)
    copies: int  # model copies of the whole deployment (the pilot runs one or two)
    max_context: int
    max_concurrent: int  # sequences one copy runs at once: the peak's share of one copy
    config_file: PilotConfigFile | None = None  # written before the command runs; it names it in `argv`


class FleetPlan(_Model):
    """A fleet of identical boxes, one per site: the primary option is one site's, bought `sites` times (a laptop
    for each of several people is such a fleet, one person per "site", `estimator.advice.personal_fleet`)."""

    sites: int
    hardware_id: str
    count_per_site: int
    capex_per_site_usd: float
    capex_usd: float = Field(description="the whole fleet: capex_per_site_usd × sites")
    three_year_total_usd: float = Field(description="the whole fleet's 3-year TCO")


class FitsLimit(_Model):
    """What fits a hard limit that rules out every option for the stated model (`advice.fits_limit.what_fits`): the
    largest catalog model served within every limit at seed 1's acceptable band, on its lowest-capex option."""

    model_id: str
    model_name: str
    params_b: float
    weight_format: str = Field(description="the format it is sized at (a lighter one than stated is allowed)")
    hardware_id: str
    hardware_name: str
    count: int
    existing: bool = Field(default=False, description="owned: nothing to buy")
    tokens_per_s_per_user: float
    users: int
    target_tokens_per_s: float = Field(description="seed 1's acceptable band it was judged at")
    power_w: float | None = None
    capex_usd: float


class SpareOffer(_Model):
    """An N+1 spare offered, not bought: the lead did not ask for availability, so the count serves the peak at the
    targets once (one margin) and the spare is an option with its price (seed 1: "考慮冗餘：N+1 GPU 配置用於故障轉移")."""

    hardware_id: str
    add_count: int = Field(description="devices the spare adds (a whole baseboard where they come in boards)")
    add_capex_usd: float = Field(description="what the spare adds to the primary's capex, hosts included")


class Recommendation(_Model):
    """The Recommendation JSON of DESIGN.md (plus validation plan and calibration provenance)."""

    primary: Option | None
    alternatives: list[Option] = []
    risks: list[Risk] = []
    assumptions: list[Text] = []
    rationale: Text = EMPTY
    validation_plan: list[Text] = []
    pilot_commands: list[PilotCommand] = Field(default=[], description="the commands that start the pilot of the "
                                               "primary option (its own engine first), built from its layout")
    calibration_rows: list[int] = []
    relax: list[Text] = Field(default=[], description="when nothing fits: which constraint to relax, by how much")
    # A stated rate, volume or spend and how it became the concurrency sized for (Little's law, estimator/advice/load.py).
    load_conversion: LoadConversion | None = None
    workload: dict[str, Any] | None = Field(default=None, description="the workload after defaults were filled")
    cloud: CloudComparison | None = Field(default=None, description="buy vs rent vs hosted API")
    owned: list[OwnedAnswer] = Field(default=[], description="owned hardware, evaluated first")
    named: list[NamedAnswer] = Field(default=[], description="the devices the user asked about")
    batch: BatchPlan | None = None
    within_limits: bool = Field(default=True, description="False: nothing meets the targets within the budget/"
                                "power limits; the primary is the option that meets the targets least past them")
    accelerator_first: AcceleratorVerdict | None = Field(
        default=None, description="seed 2's conditions held: what evaluating the accelerators first found")
    fleet: FleetPlan | None = Field(default=None, description="one box per site: the primary is one site's, and this "
                                    "is the whole fleet's capex")
    accelerator_held_back: HeldBackAccelerator | None = Field(
        default=None, description="seed 2's table kept an accelerator that would lead on cost out of the lead "
        "(it is the first alternative)")
    spare_offer: SpareOffer | None = Field(default=None, description="an N+1 spare offered with its price, not bought")
    far_past_limits: float | None = Field(default=None, description="when nothing fits the limits: the closest "
                                          "option's worst ratio to them, set only past `fits_limit.LEAST_OVER_USEFUL` "
                                          "(it is then shown as the closest, not as a purchase)")
    fits_limit: FitsLimit | None = Field(default=None, description="when nothing fits the limits for the stated model: "
                                         "the largest model that fits them, on which option")


__all__ = [
    "FitsLimit",
    "LIMIT_VIOLATIONS",
    "SpareOffer",
    "NamedVerdict",
    "UNVERIFIED_POWER",
    "BatchPlan",
    "CloudChoice",
    "CloudComparison",
    "CustomHardware",
    "FleetPlan",
    "Deployment",
    "Estimate",
    "EstimateRequest",
    "NamedAnswer",
    "Option",
    "PilotCommand",
    "PilotConfigFile",
    "PilotEngine",
    "OptionEstimate",
    "OptionTco",
    "OwnedAnswer",
    "Recommendation",
    "Risk",
    "TcoResult",
    "RiskId",
    "construct_trusted",
]
