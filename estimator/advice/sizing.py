"""Size one candidate: the fewest devices that carry the peak at the SLO, then its estimate, TCO and risks.

The count search calls `estimate` at the peak concurrency: from how far one count falls short of the
per-user speed and p95 TTFT targets it jumps to the next (replicas split the users), usually landing
in one or two steps, then checks the counts below it from the first at which any layout could meet
(meeting is not monotone in the count: the layout chosen changes from one count to the next). The count that also carries seed 2's 1.5× overload is a
second variant, and the ranking decides which serves tokens cheaper. The expensive capacity probe
(`max_concurrent_streams`) runs only for options the reply shows or that compete for the lead
(`Sizer.finalize`); estimates and TCO figures are memoized per device, stack and count.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from estimator.advice.candidates import Candidate, is_organization
from estimator.advice.concurrency import READING_TOKENS_PER_S, read_share, reading_pace_tokens_per_s
from estimator.advice.default_format import DefaultFormat, default_format, runs_fp8_natively, served_as_w8a8
from estimator.advice.load import is_ultra_low_ttft, load_conversion
from estimator.advice.power_limit import option_power_budget_w, racks_unstated_per_rack
from estimator.advice.request_shape import shape
from estimator.advice.risks import SetupRisks, assess_risks, overload_factor, risk_score, setup_risks
from estimator.advice.served_models import LoadShares, load_shares
from estimator.catalog import Catalog, Hardware, RequestShape, ServingStack
from estimator.costing.tco import annual_tokens, per_million_finding, tco
from estimator.costing.tco_findings import TcoFinding
from estimator.defaults import (
    ACCEPTABLE_TOKENS_PER_S,
    COMFORTABLE_TOKENS_PER_S,
    ESTIMATE_TYPICAL_ERROR,
    MIGRATION_USD_PER_PORT,
    MODEL_CHANGES_PER_YEAR_WHEN_FREQUENT,
)
from estimator.physics.lora import adapters_gb, lora_training_gb
from estimator.physics.memory import bits_per_weight, weights_gb
from estimator.physics.servers import needs_host_server
from estimator.physics.throughput import ByCount, Figures
from estimator.said import EMPTY, Said, cat, said
from estimator.schemas import UNVERIFIED_POWER, Estimate, EstimateRequest, Risk, TcoResult, construct_trusted
from estimator.workload import Workload

EstimateFn = Callable[[EstimateRequest, Catalog], Estimate]
CapacityFn = Callable[..., int]
# What a target check reads of an estimate: the estimate, or its figures alone (`throughput.figures`).
Checked = Estimate | Figures


class Purchase(NamedTuple):
    """What to buy for a needed count (`Sizer._purchase`): whole units, whether they include an N+1 spare, and
    when that spare is counted at seed 1's acceptable speed (the count serves the peak at the targets with all
    devices, within the usable band with one out), the per-user speed at the peak with one device out."""

    devices: int
    spare: bool
    failover_tokens_per_s: float | None


class Shortcuts(NamedTuple):
    """Cheaper views of the estimate function a `Sizer` is given, for its count search: the figures and the
    estimate of one request at any count and bounds on every count's (`throughput.best_case`), sharing its
    lookups and plans (`throughput.ByCount`). They hold only for the estimator they were written for, so a sizer
    with an injected estimate function has none."""

    by_count: Callable[[EstimateRequest, Catalog], ByCount]
    # The capacity probe (`throughput.max_concurrent_streams`) sharing those plans; None: the sizer's own.
    capacity: CapacityFn | None = None
# A re-port of a retrained model on an already-ported stack re-quantizes and re-validates, but reuses
# the tooling: about a third of a first port (estimate).
REPORT_SHARE = 1 / 3
# Risks that come from running near the option's capacity (`risks.tail_latency`, `risks.capacity_headroom`): more of
# the same devices cure them.
CAPACITY_RISKS = frozenset({"tail_latency", "capacity_headroom"})


@dataclass
class Sized:
    """A candidate at its chosen count, with every figure the ranking and the reply need."""

    candidate: Candidate
    count: int
    estimate: Estimate
    capacity_users: int
    meets_slo: bool
    tco: TcoResult | None = None
    risks: list[Risk] = field(default_factory=list)
    violations: list[Said] = field(default_factory=list)
    shortfall: float = 1.0  # worst ratio of need to limit over the violated constraints (1 = meets all)
    redundancy: bool = False
    # N+1 counted at seed 1's acceptable speed (`Sizer._purchase`): the per-user speed at the peak, one device out.
    failover_tokens_per_s: float | None = None
    probed: bool = False  # capacity_users comes from the capacity probe (else: peak or 1.5× peak)
    weight_format: str = ""  # the format this option is sized at (`Sizer.workload_for`)
    format_default: bool = False  # chosen for the device and engine (`estimator.advice.default_format`), not stated
    # The same device at the count that carries seed 2's 1.5× overload, when this count carries the peak with thin
    # headroom (`Sizer.headroom_bought`): what curing its tail-latency and headroom risks costs, so the ranking never
    # weighs those risks above that price (`recommend.adjusted_cost`).
    headroom: Sized | None = None
    headroom_bought: bool = False  # this option is such a count, bought for headroom (it has no cure of its own)
    # The risks `risk_points` last scored and their score: the ranking reads it thousands of times a recommendation,
    # and re-costing replaces the list (`Sizer._cost`), never changes it in place.
    _scored: tuple[list[Risk], int] | None = field(default=None, repr=False, compare=False)

    @property
    def cost_per_token(self) -> float:
        value = self.tco.cost_per_million_tokens_usd if self.tco else None
        return math.inf if value is None else value

    @property
    def risk_points(self) -> int:
        if self._scored is None or self._scored[0] is not self.risks:
            self._scored = (self.risks, risk_score(self.risks))
        return self._scored[1]


def needs_port(stack: ServingStack) -> bool:
    """Graph-compiled or immature stacks, and any stack that serves only accelerators or NPUs, need the model
    converted, re-quantized and tuned (seed 2, 3.3: "把模型从GPU迁移到NPU或专用加速器可能需要重写算子、重新量化、
    重新调优")."""
    dedicated = bool(stack.hardware_kinds) and set(stack.hardware_kinds) <= {"accel", "npu"}
    return stack.dynamic_shapes in ("static", "buckets") or stack.maturity == "low" or dedicated


def migration_cost(workload: Workload, stack: ServingStack) -> float:
    """Seed 2: "迁移成本…人力成本可能几万到几十万不等…如果模型迭代频繁这个成本会反复发生"."""
    if not needs_port(stack):
        return 0.0
    ports = 1.0
    if workload.model_stability == "frequent_changes":
        ports += MODEL_CHANGES_PER_YEAR_WHEN_FREQUENT * workload.amortization_years * REPORT_SHARE
    return MIGRATION_USD_PER_PORT * ports * (workload.models_served or 1)


# Formats a said "8 bit" reads as (`bot.nlu`): the width, whichever of its formats an option runs.
_EIGHT_BIT = ("Q8_0", "INT8")


def served_params_b(workload: Workload) -> float:
    """Parameters resident at once. Several models served together are sized as one deployment holding
    all of them: memory and per-step weight reads for every copy (what bandwidth-bound decode pays), and
    compute as for one model of the combined size (conservative for prefill)."""
    if workload.co_served_params_b is not None:  # models of different sizes: each one's own weights
        return (workload.model_params_b or 7.0) + workload.co_served_params_b
    return (workload.model_params_b or 7.0) * (workload.models_served or 1)


def served_active_params_b(workload: Workload) -> float | None:
    """Parameters read per token across the models served at once (`served_params_b`'s count of them), None when no
    active size is stated: a co-served model of another size adds its own; copies of one model multiply."""
    if workload.active_params_b is None:
        return None
    if workload.co_served_params_b is not None:
        return workload.active_params_b + workload.co_served_params_b
    return workload.active_params_b * (workload.models_served or 1)


def cached_prefix_tokens(workload: Workload, shapes: Iterable[RequestShape] = (), stack: ServingStack | None = None) -> int:
    """Tokens of each prompt a prefix cache serves. Stated (issue 26 B: a prefix shared across users is credited only when
    stated): the shared prefix's length, or its share of the typical prompt, on engines that batch continuously (vLLM's
    automatic prefix caching, SGLang's RadixAttention, TensorRT-LLM's KV cache reuse; `stack` None: the caller checks).
    A session's own history is the engine's default wherever `stack` keeps a prefix cache by default
    (`own_history_tokens`). Caching said off credits nothing. Only prefill is credited: the memory fit holds the KV
    whatever is cached.

    >>> cached_prefix_tokens(Workload(prompt_tokens=8000, shared_prefix_tokens=6000))
    6000
    >>> cached_prefix_tokens(Workload(prompt_tokens=30000, shared_prefix_share=0.5)), cached_prefix_tokens(Workload())
    (15000, 0)
    >>> cached_prefix_tokens(Workload(prompt_tokens=8000, shared_prefix_tokens=6000, prefix_caching=False))
    0

    Sessions (a coding agent's turns, a chat's) re-send their history every turn: with the cache said on, the history
    is served from it and only the turn's new tokens are prefilled (the class's sourced new tokens a turn,
    `advice.request_shape`); without it said, on a stack whose engine keeps no prefix cache by default, every turn
    is prefilled whole.

    >>> agent = [RequestShape(request_class="coding_agent", new_tokens_per_turn=2000, source_url="https://example.com")]
    >>> cached_prefix_tokens(Workload(prompt_tokens=32000, request_class="coding_agent", prefix_caching=True), agent)
    30000
    >>> cached_prefix_tokens(Workload(prompt_tokens=32000, agentic_sessions=True, prefix_caching=True), agent)
    30000
    >>> cached_prefix_tokens(Workload(prompt_tokens=32000, request_class="coding_agent"), agent)
    0
    """
    if workload.prefix_caching is False:
        return 0
    prompt = workload.prompt_tokens or 512
    batching = stack is None or stack.continuous_batching == "yes"
    if workload.shared_prefix_tokens is not None and batching:
        return min(workload.shared_prefix_tokens, prompt - 1)
    if workload.shared_prefix_share is not None and batching:
        return min(round(prompt * workload.shared_prefix_share), prompt - 1)
    if workload.prefix_caching and batching and (new := _new_tokens_per_turn(workload, shapes)) is not None:
        return max(0, prompt - new)
    return own_history_tokens(workload, shapes, stack) if stack is not None else 0


def own_history_tokens(workload: Workload, shapes: Iterable[RequestShape], stack: ServingStack) -> int:
    """Tokens of each prompt that are the session's own earlier turns, served by the engine's default prefix cache: the
    same session sends the same prefix on consecutive turns, and vLLM V1 (`CacheConfig.enable_prefix_caching = True`),
    TensorRT-LLM's LLM API (`KvCacheConfig.enable_block_reuse = True`), llama-server (`cache_prompt`, default true) and
    SGLang (RadixAttention, on unless `--disable-radix-cache`) keep it (each sourced in serving_stacks.csv,
    `ServingStack.prefix_cache_default`). Only the turn's new tokens are prefilled (the class's sourced new tokens a
    turn: a coding agent's tool result and last answer, a chat's message and last answer).

    The history is reused only while it stays resident: the sessions sized hold it (the memory fit keeps every session's
    KV at its typical context, sessions × context × KV/token, beside the weights; an option that cannot hold it is not
    offered). A load said as a rate, a volume or a spend names no sessions: the open conversations behind it may be
    many more than the streams the memory holds (thousands of chats left open), so nothing is credited there. Caching
    said off, or an engine with no default prefix cache on record, credits nothing: every turn prefills its whole
    context.

    >>> agent = [RequestShape(request_class="coding_agent", new_tokens_per_turn=2000, source_url="https://example.com")]
    >>> vllm = ServingStack(id="v", name="vLLM", maturity="high", dynamic_shapes="native", continuous_batching="yes",
    ...                     multi_model="yes", backend_key="vllm", source_url="https://example.com", prefix_cache_default="yes")
    >>> own_history_tokens(Workload(prompt_tokens=60000, concurrent_users=40, request_class="coding_agent"), agent, vllm)
    58000
    >>> own_history_tokens(Workload(prompt_tokens=60000, requests_per_s=2.0, request_class="coding_agent"), agent, vllm)
    0
    >>> own_history_tokens(Workload(prompt_tokens=60000, concurrent_users=40, request_class="coding_agent",
    ...                             prefix_caching=False), agent, vllm)
    0
    >>> own_history_tokens(Workload(prompt_tokens=60000, concurrent_users=40, request_class="coding_agent"), agent,
    ...                    vllm.model_copy(update={"prefix_cache_default": "unverified"}))
    0
    """
    if (workload.prefix_caching is False or stack.prefix_cache_default != "yes" or not resends_history(workload)
            or not sessions_counted(workload)):
        return 0
    new = _new_tokens_per_turn(workload, shapes)
    return max(0, (workload.prompt_tokens or 512) - new) if new is not None else 0


def resends_history(workload: Workload) -> bool:
    """Whether each request is a turn of a session that re-sends its history: coding agents (`request_class`), sessions said
    by their window (`agentic_sessions`), or said in so many words (`session_history`: "multi-turn", a context said of
    sessions).

    >>> resends_history(Workload(request_class="coding_agent")), resends_history(Workload(session_history=True))
    (True, True)
    >>> resends_history(Workload(request_class="rag")), resends_history(Workload(request_class="rag", session_history=True))
    (False, False)
    """
    if workload.request_class not in (None, "coding_agent", "chat"):
        return False  # retrieved chunks, an item, a document, a transcript: each request's own, not a session's history
    return workload.request_class == "coding_agent" or bool(workload.agentic_sessions or workload.session_history)


def sessions_counted(workload: Workload) -> bool:
    """Whether the load names its sessions (a concurrency of people, agents or sessions), not a rate, a volume or a spend
    that converts to streams (`load.load_conversion`): only named sessions are known to be the ones the memory holds.

    >>> sessions_counted(Workload(concurrent_users=40)), sessions_counted(Workload(requests_per_s=2.0))
    (True, False)
    """
    return workload.api_spend_usd_per_month is None and load_conversion(workload) is None


def _new_tokens_per_turn(workload: Workload, shapes: Iterable[RequestShape]) -> int | None:
    """The tokens a session's turn adds to its history (None: no session class): agents' sessions said by their
    window (`agentic_sessions`) are coding agents'; sessions said otherwise (`session_history`), a chat's."""
    name = workload.request_class
    if name is None:
        name = "coding_agent" if workload.agentic_sessions else "chat" if workload.session_history else None
    found = shape(name, shapes)
    return found.new_tokens_per_turn if found is not None else None


def people_at_once(stated: Workload) -> bool:
    """Whether the concurrent users of a workload, as the user stated it (before defaults), are people in sessions
    who read each answer before their next prompt: a concurrency said as people ("~20 concurrent users", "同時大概
    6 個人在用"), not streams worked out from a rate, a volume or a head count (those count only the time a request
    is generated: Little's law), nor agents or a batch job (machines send the next prompt at once).

    >>> people_at_once(Workload(concurrent_users=20)), people_at_once(Workload(requests_per_s=12.0))
    (True, False)
    >>> people_at_once(Workload(concurrent_users=10, agentic_sessions=True))
    False

    Coding agents loop without a person reading between turns (prompt, tool call, tool result, next prompt), however
    their concurrency is said ("20 devs running agents at once"): their sessions are machines (`agents_generate`).

    >>> people_at_once(Workload(concurrent_users=20, request_class="coding_agent"))
    False

    Programs' calls in flight ("a pool of 64 workers", "都是程式呼叫的", `machine_callers`) are machines too: no one reads.

    >>> people_at_once(Workload(concurrent_users=64, machine_callers=True))
    False
    """
    return (stated.concurrent_users is not None and not stated.agentic_sessions and not agents_generate(stated)
            and stated.arrival_pattern != "batch" and stated.batch_items is None and not stated.machine_callers)


def agents_generate(workload: Workload) -> bool:
    """Whether the sessions are coding agents' (`request_class`): an agent sends its next turn as soon as its tool
    returns, so every session at the peak generates; none spends the ~85 % of its time a person spends reading
    (`concurrency.generating_share`). A code assistant people chat with (sessions said by their window alone,
    `agentic_sessions`) still has a reader.

    >>> agents_generate(Workload(request_class="coding_agent")), agents_generate(Workload(agentic_sessions=True))
    (True, False)
    """
    return workload.request_class == "coding_agent"


def reading_pace(workload: Workload) -> float:
    """Generated tokens a person gets through a second reading this workload's answers: the reading speed, or more
    for a reasoning model, whose thinking is generated and never read (`concurrency.read_share`).

    >>> round(reading_pace(Workload(output_tokens=256)), 2), round(reading_pace(Workload(output_tokens=7000, reasoning_model=True)), 1)
    (5.29, 52.9)
    """
    return reading_pace_tokens_per_s(read_share(workload.output_tokens, reasoning=bool(workload.reasoning_model)))


def _request(workload: Workload, candidate: Candidate, count: int, shapes: Iterable[RequestShape], users: int | None = None,
             people: bool = False, prompt_rate: float | None = None, shares: LoadShares | None = None) -> EstimateRequest:
    # Built without re-validation: every value comes from a validated Workload or the catalog, and the
    # ranker builds hundreds of these per recommendation.
    return construct_trusted(EstimateRequest, _request_values(workload, candidate, count, shapes, users, people,
                                                              prompt_rate, shares))


def _request_values(workload: Workload, candidate: Candidate, count: int, shapes: Iterable[RequestShape],
                    users: int | None, people: bool = False, prompt_rate: float | None = None,
                    shares: LoadShares | None = None) -> dict[str, object]:
    return {
        # Several models with loads of their own: each stream's KV and compute are its own model's (`served_models`).
        "kv_scale": shares.kv_scale if shares is not None else 1.0,
        "compute_params_b": shares.compute_params_b if shares is not None else None,
        "hardware": candidate.hardware.id, "custom": None, "count": count, "params_b": served_params_b(workload),
        "quant": workload.weight_format, "backend": candidate.stack.backend_key,
        "concurrency": users or workload.concurrent_users or 1,
        "prompt_tokens": (shares.prompt_tokens if shares is not None and shares.prompt_tokens else None)
        or workload.prompt_tokens or 512,
        "output_tokens": workload.output_tokens or 256, "model_only": False,
        "context": max(workload.context_length or 0, shares.context_tokens or 0) or None if shares is not None
        else workload.context_length,
        "arrival_pattern": workload.arrival_pattern or "steady", "model": workload.model_id,
        "active_params_b": served_active_params_b(workload),
        "kv_cache_dtype": workload.kv_cache_dtype, "adapter_gb": adapters_gb(workload.model_params_b or 7.0, workload.lora_adapters),
        "cached_prefix_tokens": cached_prefix_tokens(workload, shapes, candidate.stack),
        # People read each answer: they send the next prompt no sooner than it streams at their speed target
        # (estimator/advice/concurrency.py counts streams at that speed), whatever the device's own speed.
        "paced_tokens_per_s": workload.tokens_per_s_target or COMFORTABLE_TOKENS_PER_S,
        # The layout is chosen for the first-token bound too (`parallel_plans.best_plan`), stated or assumed.
        "ttft_target_ms": workload.ttft_target_ms,
        # People at once read each answer before they send the next prompt (`people_at_once`): their prompts
        # arrive once per answer and its reading, not once per answer (`parallel_plans.prompting_share`).
        "reading_tokens_per_s": reading_pace(workload) if people else None,
        # Streams counted from an arrival rate send their prompts at that rate (`load.prompts_per_stream_per_s`).
        "prompts_per_stream_per_s": prompt_rate,
    }


def _ttft_checked(est: Checked, cautious: bool) -> float:
    """`Sizer.ttft_checked` of an estimate judged cautiously or not."""
    ttft = est.ttft_p95_ms if est.ttft_p95_ms is not None else est.ttft_ms
    span = est.ttft_ms_range
    if cautious and span and est.ttft_ms > 0:
        ttft *= span[1] / est.ttft_ms
    return ttft


class Sizer:
    """Counts, estimates and costs candidates for one workload (memoizes estimates and capacity probes)."""

    def __init__(self, workload: Workload, catalog: Catalog, estimate_fn: EstimateFn, capacity_fn: CapacityFn, *,
                 assumed_targets: tuple[bool, bool] = (False, False), format_stated: bool = True,
                 shortcuts: Shortcuts | None = None, assumed_shapes: bool = False, people: bool = False,
                 prompt_rate: float | None = None) -> None:
        self.workload = workload
        # The concurrent users are people who read between prompts (`people_at_once` of the stated workload).
        self.people = people
        # The streams were counted from an arrival rate: prompts a second per stream (`load.prompts_per_stream_per_s`).
        self.prompt_rate = prompt_rate
        # The user (or the catalog model's native checkpoint) chose the weight format: every option is sized
        # at it. Otherwise each device × engine gets the format an expert would serve it in
        # (`estimator.advice.default_format`): FP8 where a batched engine runs it natively and the weights leave the
        # batch its KV cache, seed 1's Q4_K_M elsewhere (llama.cpp-class engines, parts without FP8).
        self.format_stated = format_stated
        # A batch job (`batch_jobs.BatchSizer`) is throughput, not a person waiting: FP8 wherever it is native.
        self.throughput_job = False
        self._workloads: dict[tuple[str, str], tuple[Workload, DefaultFormat | None]] = {}
        self.catalog = catalog
        self.estimate_fn = estimate_fn
        self.capacity_fn = capacity_fn
        self.shortcuts = shortcuts
        self.peak = workload.concurrent_users or 1
        self.overload = overload_factor(self.peak)
        self.organization = is_organization(workload)
        # One margin, applied once: the count serves the stated (or estimated) peak at the targets; an N+1 spare
        # is bought only when the lead asks for availability (`_purchase`), else offered with its price.
        self.availability = bool(workload.availability_required)
        self.target = workload.tokens_per_s_target or 30.0
        self.ttft = workload.ttft_target_ms
        # (speed, first token) targets the user did not set: hardware they own is judged by seed 1's bands
        # instead ("≥30 tok/s comfortable, 15–30 acceptable"), never failed on an assumed target.
        self.assumed_speed, self.assumed_ttft = assumed_targets
        # Variable-length input filled in, not said: seed 2's pitfall 3 is then not raised on native stacks.
        self.assumed_shapes = assumed_shapes
        self.conservative = bool(workload.conservative)
        # Hardware the user owns, with no speed target of theirs: a purchase is only worth making if it surely
        # does better, so it must meet the assumed target at the low end of its likely range (an owned M3 Max
        # at 13 tok/s was replaced by a card at 16.6, likely 8.4–30: no sure gain for the money).
        self.sure_purchases = bool(workload.owned_devices or workload.existing_hardware_ids) and self.assumed_speed
        # A first-token bound the user set in the ultra-low class (seed 2's "超低延迟" row) is a hard limit with no
        # slack for the estimate's error: a purchase must meet it, and the stream speed its class holds
        # (`load.tokens_per_s_for_ttft`), at the slow end of its likely range, not only at its central figure.
        self.hard_latency = not self.assumed_ttft and is_ultra_low_ttft(workload.ttft_target_ms)
        # A first-token bound the user did not set never multiplies the purchase (seed 1: "從滿足你當前需求的最小配置開始"):
        # where meeting it takes more devices than the load needs at the speed target, the option is sized for the
        # load and its first token is reported, not judged. Per candidate: the count the assumed bound would take
        # (None: no count meets it), for the reply's note.
        self.ttft_waived: dict[tuple[str, str], int | None] = {}
        years = [hw.launch_year for hw in catalog.hardware if hw.launch_year]
        self.newest_year = max(years) if years else None
        # Keyed by the first-token bound the layout is chosen for too (`_bound`): a bound waived for the load's count
        # (`load_count`) must not pick the layouts that count is searched over.
        self._estimates: dict[tuple[str, str, int, int, int | None], Estimate] = {}
        self._figures: dict[tuple[str, str, int, int, int | None], Checked] = {}
        self._requests: dict[tuple[str, str, int], dict[str, object]] = {}
        self._by_count: dict[tuple[str, str, int, int | None], ByCount] = {}
        self._weights: dict[tuple[str, str], float] = {}  # per candidate sized at a format of its own
        self._costs: dict[tuple[str, int, bool, int, float, Said | None], TcoResult] = {}
        self._setups: dict[tuple[str, str, bool], SetupRisks] = {}
        self.weights_gb = weights_gb(served_params_b(workload),
                                     bits_per_weight(workload.weight_format, catalog))
        self.shares = load_shares(workload, catalog, served_params_b(workload)) if workload.served_models else None

    def _format_for(self, candidate: Candidate) -> tuple[Workload, DefaultFormat | None]:
        key = (candidate.hardware.id, candidate.stack.id)
        if key not in self._workloads:
            chosen = None if self.format_stated else default_format(
                candidate.hardware, candidate.stack, accuracy_critical=bool(self.workload.accuracy_critical),
                fp8_weights_gb=served_params_b(self.workload),  # one byte per weight, every copy served
                throughput_job=self.throughput_job)
            if (self.format_stated and self.workload.weight_bits_only and self.workload.quantization in _EIGHT_BIT
                    and runs_fp8_natively(candidate.hardware, candidate.stack)):
                # "8 bit" said, no format named: where a batched engine runs FP8 natively, FP8 is that width
                # (the same memory as Q8_0, so no share of the card to weigh).
                chosen = DefaultFormat("FP8", "fp8_native")
            if self.format_stated and served_as_w8a8(candidate.hardware, candidate.stack, self.workload.quantization):
                # FP8 named for a device without FP8 units whose stack re-quantizes it to W8A8: the bytes and the
                # prefill rate are the stack's INT8, not a 16-bit fallback (`default_format.served_as_w8a8`).
                chosen = DefaultFormat("INT8", "stack_w8a8")
            workload = self.workload if chosen is None or chosen.format == self.workload.quantization else \
                self.workload.model_copy(update={"quantization": chosen.format})
            self._workloads[key] = (workload, chosen)
        return self._workloads[key]

    def at_band(self, workload: Workload, *, format_stated: bool | None = None) -> Sizer:
        """A plain sizer with this one's setup for `workload`, judging as seed 1's bands judge where a target was not
        said: the first-token bound unjudged when it was assumed (the wait is shown, not judged); the caller lowers
        an assumed speed in `workload`. `format_stated` defaults to this sizer's."""
        judge = Sizer(workload, self.catalog, self.estimate_fn, self.capacity_fn,
                      format_stated=self.format_stated if format_stated is None else format_stated,
                      shortcuts=self.shortcuts, assumed_shapes=self.assumed_shapes, people=self.people,
                      prompt_rate=self.prompt_rate)
        if self.assumed_ttft:
            judge.ttft = None
        return judge

    def workload_for(self, candidate: Candidate) -> Workload:
        """The workload as `candidate` is sized: its weight format is the one stated, else the candidate's default."""
        return self._format_for(candidate)[0]

    def default_for(self, candidate: Candidate) -> DefaultFormat | None:
        """The format chosen for `candidate` and why, when the user named none (None: a stated format)."""
        return self._format_for(candidate)[1]

    def weights_for(self, candidate: Candidate) -> float:
        """GB of weights resident for `candidate`, at the format it is sized in."""
        workload = self.workload_for(candidate)
        if workload is self.workload:
            return self.weights_gb
        key = (candidate.hardware.id, candidate.stack.id)
        if key not in self._weights:
            self._weights[key] = weights_gb(served_params_b(workload), bits_per_weight(workload.weight_format,
                                                                                      self.catalog))
        return self._weights[key]

    def request(self, candidate: Candidate, count: int, users: int) -> EstimateRequest:
        """The estimate request for `count` of `candidate` serving `users`: only the count changes along a
        count search, so the rest is worked out once per candidate and users (whatever first-token bound it is
        searched with: the load's count is searched with an assumed bound waived, then with it)."""
        key = (candidate.hardware.id, candidate.stack.id, users)
        values = self._requests.get(key)
        if values is None:
            values = self._requests[key] = _request_values(self.workload_for(candidate), candidate, 1,
                                                           self.catalog.request_shapes, users, self.people,
                                                           self.prompt_rate_for(candidate), self.shares)
        return construct_trusted(EstimateRequest, {**values, "ttft_target_ms": self._bound(candidate), "count": count})


    def estimate(self, candidate: Candidate, count: int, users: int | None = None) -> Estimate:
        users = users or self.peak
        key = (candidate.hardware.id, candidate.stack.id, count, users, self._bound(candidate))
        if key not in self._estimates:
            self._estimates[key] = (self._counted(candidate, users).estimate(count) if self.shortcuts is not None
                                    else self.estimate_fn(self.request(candidate, count, users), self.catalog))
        return self._estimates[key]

    def _counted(self, candidate: Candidate, users: int) -> ByCount:
        """`candidate` serving `users` at any count (`throughput.ByCount`), for a sizer with shortcuts."""
        return self._counted_at(candidate, users, self._bound(candidate))

    def _counted_at(self, candidate: Candidate, users: int, bound: int | None) -> ByCount:
        """`_counted` with the candidate's first-token bound (`_bound`) already worked out."""
        assert self.shortcuts is not None
        key = (candidate.hardware.id, candidate.stack.id, users, bound)
        counted = self._by_count.get(key)
        if counted is None:
            counted = self._by_count[key] = self.shortcuts.by_count(self.request(candidate, 1, users), self.catalog)
        return counted

    def figures(self, candidate: Candidate, count: int, users: int | None = None) -> Checked:
        """What `meets` checks of `estimate(candidate, count, users)`: the estimate when it is already made or
        there is no cheaper view of it, else its figures alone (memoized like estimates)."""
        return self._figures_at(candidate, count, users or self.peak, self._bound(candidate))

    def _figures_at(self, candidate: Candidate, count: int, users: int, bound: int | None) -> Checked:
        """`figures` with the candidate's first-token bound (`_bound`) already worked out."""
        key = (candidate.hardware.id, candidate.stack.id, count, users, bound)
        found: Checked | None = self._estimates.get(key)
        if found is None:
            found = self._figures.get(key)
        if found is None:
            if self.shortcuts is None:  # the base estimate: a subclass's `estimate` may be built on `figures`
                return Sizer.estimate(self, candidate, count, users)
            found = self._figures[key] = self._counted_at(candidate, users, bound).figures(count)
        return found

    def cautious(self, est: Checked, candidate: Candidate | None = None) -> bool:
        """Check this estimate at the low end of its likely range: the user asked for a safe answer, or
        no measured row calibrates its engine on its kind of device (its factors are borrowed) and it
        would be bought, so an uncalibrated device cannot win a purchase on a borrowed central figure.
        Hardware already owned is judged on the central figure: nothing is bought on it, and the
        validation plan measures it first."""
        return self._cautious(est.calibrated, candidate)

    def _cautious(self, calibrated: bool, candidate: Candidate | None) -> bool:
        owned = candidate is not None and candidate.existing
        return self.conservative or (not owned and (not calibrated or self.sure_purchases or self.hard_latency))

    def speed(self, est: Checked, candidate: Candidate | None = None) -> float:
        """Per-user speed the targets are checked against: the central figure, or when `cautious` the
        low end of its likely range (`ranges.py`)."""
        span = est.decode_tokens_per_s_per_stream_range
        return span[0] if self.cautious(est, candidate) and span else est.decode_tokens_per_s_per_stream

    def ttft_checked(self, est: Checked, candidate: Candidate | None = None) -> float:
        """p95 TTFT the target is checked against, scaled to the slow end of its range when cautious."""
        return _ttft_checked(est, self.cautious(est, candidate))

    @staticmethod
    def _banded(candidate: Candidate) -> bool:
        """Judged by seed 1's bands when no target was set: hardware they own by name (or an unpriced device
        they named, costed like owned). A device they only asked about is still judged by the targets."""
        return candidate.existing and not candidate.class_owned

    def target_for(self, candidate: Candidate) -> float:
        """The speed per user `candidate` is judged by: seed 1's acceptable band for hardware they own when
        no speed was set (seed 1: 15–30 tok/s acceptable); seed 1's comfortable speed, assumed because none was
        said, within the estimator's typical error (an estimate of 26 tok/s is not told from 30, and demanding
        the point estimate reach a figure nobody set bought the next device up: 4 × H200 instead of 4 RTX PRO
        6000 for a 70B in BF16 and 5 users); else the target."""
        if self.assumed_speed and candidate.existing and not candidate.class_owned:  # `_banded`, inline: asked per count
            return min(self.target, ACCEPTABLE_TOKENS_PER_S)
        if self._unhurried_owned(candidate):
            return min(self.target, READING_TOKENS_PER_S)
        if self.assumed_speed and self.workload.speed_basis == "comfortable" and candidate.hardware.kind == "gpu":
            # the error is the GPU groups' (calibration relative_error); SoCs, NPUs and accelerators keep the bar
            return self.target / (1 + ESTIMATE_TYPICAL_ERROR)
        return self.target

    def _unhurried_owned(self, candidate: Candidate) -> bool:
        """Hardware they own, judged for a lead who said there is no rush and set no speed figure ("不赶时间"): speed is
        not what they would buy, so the owned box is enough once it streams faster than people read (5.3 tok/s,
        Brysbaert 2019, `concurrency.READING_TOKENS_PER_S`): past that, a reader never waits on the text, and a purchase
        buys only the speed they said they do not need. Not when they say what they own falls short."""
        return (bool(self.workload.unhurried) and self.workload.speed_basis == "said_acceptable"
                and not self.workload.owned_falls_short and candidate.existing and not candidate.class_owned)

    def prompts_unjudged(self, candidate: Candidate) -> bool:
        """Hardware they own, judged by seed 1's bands with no target set, for streams counted from a head count (or
        assumed): those are the 99th-percentile moment of people who mostly read (`concurrency.peak_generating_streams`),
        and the closed loop the estimate otherwise runs them in (each stream prompting again as its answer ends, others'
        prompts prefilled within every answer) sends prompts no one sends; the prompts people do send are prompt
        processing, a wait of the first token's kind (shown, not judged), so the speed judged is the streams' decode
        speed, as seed 1's bands rate a stream. People said to be at once (`people`, their reading in the estimate) and
        streams from a rate (`prompt_rate`) keep the prompts they send. Judged so only while the box keeps up with the
        prompts (`keeps_up`)."""
        return (self.assumed_ttft and self.assumed_speed and self._banded(candidate) and not self.throughput_job
                and not self.people and self.prompt_rate is None and not self.workload.batch_items)

    def prompt_rate_for(self, candidate: Candidate) -> float | None:
        """Prompts a second per stream `candidate` is estimated with: none landing within an answer where they are not
        judged (`prompts_unjudged`: the physics' `_paced_answer_ms` then prefills no other prompt between its tokens),
        else the streams' own rate (`prompt_rate`), or one per answer (None)."""
        return 0.0 if self.prompts_unjudged(candidate) else self.prompt_rate

    def keeps_up(self, est: Estimate, users: int) -> bool:
        """Whether the peak's prompts leave the box time to decode: each of `users` people sends a prompt once per
        cycle of its prefill, its answer streamed and its reading (people wait for the answer before the next
        question, so a slow prefill lengthens the cycle rather than queueing without bound), and each model copy
        prefills one prompt at a time: the share of a copy's time spent prefilling, its users x prefill / cycle, must
        stay below one.
        Five coders on a Mac with 20k-token prompts (53 s each, 2 at the peak, 8 s answers, 48 s read): 0.97, kept;
        fifteen at 12k tokens on an M3 Ultra (48 s each): 6.8, not."""
        prefill_s = (self.workload.prompt_tokens or 512) / max(est.prefill_tokens_per_s, 1e-9)
        output = self.workload.output_tokens or 256
        cycle_s = prefill_s + output / max(est.decode_tokens_per_s_per_stream, 1e-9) + output / reading_pace(self.workload)
        return math.ceil(users / max(est.replicas, 1)) * prefill_s / cycle_s < 1.0

    def ttft_for(self, candidate: Candidate) -> int | None:
        """The p95 first-token target `candidate` is judged by: none for hardware they own when none was set."""
        if self.assumed_ttft and candidate.existing and not candidate.class_owned:  # `_banded`, inline: asked per count
            return None
        if (candidate.hardware.id, candidate.stack.id) in self.ttft_waived:
            return None
        return self.ttft

    # The first-token bound `candidate`'s layouts are chosen for (`parallel_plans.best_plan`): the one it is judged by
    # (`ttft_for`), none where that is waived or not judged.
    _bound = ttft_for

    def band_note(self, sized: Sized) -> Said:
        """Which of seed 1's bands an owned or named option lands in, when no target was set to judge it by."""
        notes: list[Said] = []
        if not self._banded(sized.candidate):
            return EMPTY
        speed = self.speed(sized.estimate, sized.candidate)
        if self.assumed_speed:
            band = "comfortable" if speed >= COMFORTABLE_TOKENS_PER_S else "acceptable"
            notes.append(said("answer.owned.band", tps=speed, band=said(f"answer.owned.band.{band}")))
        elif self._unhurried_owned(sized.candidate) and speed < ACCEPTABLE_TOKENS_PER_S:
            notes.append(said("answer.owned.unhurried", tps=speed, reading=READING_TOKENS_PER_S,
                              acceptable=ACCEPTABLE_TOKENS_PER_S))
        if self.assumed_ttft:
            notes.append(said("answer.owned.no_ttft"))
        return cat(*notes)

    def meets(self, candidate: Candidate, count: int, users: int | None = None) -> bool:
        """Fits, and every one of `users` (default: the peak) gets the target speed and p95 TTFT (`speed` and
        `ttft_checked`, judged cautiously or not once: the count search asks this at every count it tries)."""
        ttft = self.ttft_for(candidate)  # the bound it is judged by is the one its layouts are chosen for (`_bound`)
        est = self._figures_at(candidate, count, users or self.peak, ttft)
        if not est.fits:
            return False
        cautious = self._cautious(est.calibrated, candidate)
        span = est.decode_tokens_per_s_per_stream_range
        if (span[0] if cautious and span else est.decode_tokens_per_s_per_stream) < self.target_for(candidate):
            return False
        if self.prompts_unjudged(candidate) and not self.keeps_up(self.estimate(candidate, count, users), users or self.peak):
            return False
        return ttft is None or _ttft_checked(est, cautious) <= ttft

    def capacity(self, candidate: Candidate, count: int) -> int:
        """Concurrent users the option carries at the SLO (the expensive probe: only for shown options)."""
        target, ttft = self.target_for(candidate), self.ttft_for(candidate)
        est = self.estimate(candidate, count)
        if self.cautious(est, candidate):
            # The capacity probe searches central figures: ask it for the margin the low end needs.
            if est.fits and self.speed(est, candidate) > 0:
                target *= est.decode_tokens_per_s_per_stream / self.speed(est, candidate)
            if ttft is not None and est.fits and est.ttft_p95_ms:
                ttft = int(ttft * est.ttft_p95_ms / max(self.ttft_checked(est, candidate), 1e-9))
        probe = self.capacity_fn if self.shortcuts is None or self.shortcuts.capacity is None else self.shortcuts.capacity
        return probe(_request(self.workload_for(candidate), candidate, count, self.catalog.request_shapes, people=self.people,
                              prompt_rate=self.prompt_rate_for(candidate), shares=self.shares),
                     self.catalog,
                     min_tokens_per_s=target, ttft_target_ms=ttft)

    def min_devices(self, candidate: Candidate) -> int:
        """Memory lower bound on the count: the weights alone must fit, and with fine-tuning on the same box
        (`mixed_training`) the LoRA training memory across the devices (`lora.lora_training_gb`: BF16 base,
        adapters' optimizer state, activations)."""
        memory = candidate.hardware.memory_gb
        if not memory:
            return 1
        need = self.weights_for(candidate)
        if self.workload.mixed_training:
            need = max(need, lora_training_gb(self.workload.model_params_b or 7.0))
        return max(1, math.ceil(need / (memory * 0.92)))

    def _guess(self, candidate: Candidate, count: int, users: int) -> int:
        """Next count to try from how far `count` falls short (replicas split the users)."""
        est = self.figures(candidate, count, users)
        if not est.fits or self.speed(est, candidate) <= 0:
            return count * 2
        ttft, bar = self.ttft_checked(est, candidate), self.ttft_for(candidate)
        short = max(self.target_for(candidate) / self.speed(est, candidate), (ttft / bar) if bar else 1.0)
        return max(count + 1, math.ceil(count * short))

    def cannot_meet(self, candidate: Candidate, users: int) -> bool:
        """Whether no count up to the candidate's maximum can carry `users` at the targets, by the best case
        any count reaches (`throughput.best_case`): the count search would otherwise step through every
        count up to the maximum (hundreds of estimates for a device a hair too slow at any count, where
        each step is the shortfall's few per cent) to the same None. `meets`'s checks, against the bounds:
        the speed checked (central, or the low end when cautious) and the p95 first token; a cautious
        first token is scaled by its range, which no bound here covers, so it is never ruled out."""
        if self.shortcuts is None:
            return False
        best = self._counted(candidate, users).best_case(candidate.max_count)
        if best is None:
            return False
        cautious = self._cautious(best.calibrated, candidate)
        low = best.tokens_per_s_per_stream_low
        speed = low if cautious and low is not None else best.tokens_per_s_per_stream
        if speed < self.target_for(candidate):
            return True
        ttft = self.ttft_for(candidate)
        return ttft is not None and not cautious and best.ttft_ms > ttft

    def _fewest_fitting(self, candidate: Candidate, users: int) -> int:
        """Devices the weights and `users`' KV cache need at the least (`throughput.ByCount.fewest_fitting`): no count
        below meets, as none fits. 1 without the shipped estimator's shortcuts (nothing is known of another's memory)."""
        return 1 if self.shortcuts is None else self._counted(candidate, users).fewest_fitting()

    def smallest_count(self, candidate: Candidate, users: int | None = None, start: int = 1) -> int | None:
        """Fewest devices (from `start`) that carry `users` (default: the peak) at the SLO; None if even
        the maximum count does not. Jumps up by how far each count falls short (usually one step lands),
        then checks the counts below the one found, smallest first: the first that meets, whatever the
        shape of the targets in the count."""
        users = users or self.peak
        if self.cannot_meet(candidate, users):
            return None
        top = candidate.max_count
        low = count = min(max(start, self.min_devices(candidate)), top)
        # No count below the weights and KV cache's floor fits (`_fewest_fitting`), so none below it is checked. The
        # search doubles through counts that do not fit (`_guess`): take those steps unchecked, so the jumps land where
        # they would from `start`. Jumping from the floor instead moves every later step, and meeting is not monotone in
        # the count: 800 streams of a 13B in Q4_K_M on Ascend 910Bs (10 tok/s, 200 ms), at the prompt share one serving
        # row gave, met at 8 and 9 cards and missed the slow end of the first token from 10 up; doubling from 1 landed
        # on 8, jumping from the floor (5) on 11, finding nothing up to 1,024.
        first = self._fewest_fitting(candidate, users)
        if first > top:
            return None
        while count < first:
            count = min(top, count * 2)
        first = max(first, low)
        checked = {count}
        while not self.meets(candidate, count, users):
            if count >= top:
                return None
            count = min(top, self._guess(candidate, count, users))
            checked.add(count)
        # The jumps found a count that meets; the first one may lie below it, even below a count that failed on the
        # way: meeting is not monotone in the count. The layout is chosen per count (`parallel_plans.best_plan`) for
        # the central figures, and checked at the slow end of their range here: 477 streams of an 8B on Arc Pro B60s
        # meet at 52 cards in tensor-parallel pairs, miss the first token from 56 to 116 on single cards (chosen as
        # they reach the speed), and meet again at 120, where stepping up and bisecting landed. So the counts below
        # are checked one by one, smallest first, from the first at which any layout could meet (`_possible_below`).
        for below in self._possible_below(candidate, users, first, count, checked):
            if self.meets(candidate, below, users):
                return below
        return count

    def _possible_below(self, candidate: Candidate, users: int, first: int, found: int, checked: set[int]) -> list[int]:
        """The counts in [`first`, `found`) not yet checked at which `candidate` may meet, smallest first: from the
        fewest devices at which some layout passes the check (`_could_meet`, found by bisection where each layout only
        improves with the count), and each count below that at which a measured row answers instead of the model."""
        if self.shortcuts is None:
            start, measured = first, frozenset[int]()
        else:
            counted = self._counted(candidate, users)
            measured = counted.measured_counts()
            start = first
            if counted.layouts_improve_with_count():
                # Some layout passes at `found` (the one chosen there); with every layout improving as devices are
                # added, the counts at which some layout passes are all those from the first such count up. The jumps
                # usually land on or next to it: step down 1, 2, 4, … counts until one fails, then bisect that gap.
                high, step = found, 1
                low = first - 1
                while high - step > low:
                    if not self._could_meet(candidate, high - step, users):
                        low = high - step
                        break
                    high, step = high - step, step * 2
                while high - low > 1:
                    middle = (low + high) // 2
                    if self._could_meet(candidate, middle, users):
                        high = middle
                    else:
                        low = middle
                start = high
        counts = {*range(start, found), *(c for c in measured if first <= c < start)}
        return sorted(counts - checked)

    def _could_meet(self, candidate: Candidate, count: int, users: int) -> bool:
        """Whether any layout of `count` devices passes `meets`'s check by the model's figures, whichever
        `best_plan` would choose (`throughput.ByCount.some_layout_reaches`)."""
        counted = self._counted(candidate, users)
        cautious = self._cautious(counted.calibrated(), candidate)
        return counted.some_layout_reaches(count, self.target_for(candidate), self.ttft_for(candidate), slow_end=cautious)

    def tco(self, candidate: Candidate, count: int, served_tokens_per_s: float | None) -> TcoResult:
        """The option's TCO. Only $/M tokens depends on the served tokens, so the rest is computed once.
        Findings only: `bot.wording.tco` words them for the few options that are shown."""
        base = self._base_cost(candidate, count)
        per_million = self._per_million(base, served_tokens_per_s)
        if per_million is None or not served_tokens_per_s:
            return base
        # The base was costed without served tokens, so its last finding is `per_m_unknown`: replace it.
        served = per_million_finding("per_m_served", base.lifetime_total_usd or 0.0, served_tokens_per_s,
                                     self.workload)
        return construct_trusted(TcoResult, {**base.__dict__, "cost_per_million_tokens_usd": per_million,
                                             "annual_tokens": annual_tokens(served_tokens_per_s, self.workload),
                                             "findings": (*base.findings[:-1], served)})

    def _base_cost(self, candidate: Candidate, count: int) -> TcoResult:
        """The option's TCO without served tokens, memoized. The stack enters only through its migration cost,
        so the engines of one device share their costs (each device's counts are costed once, not per engine)."""
        migration = migration_cost(self.workload, candidate.stack)
        key = (candidate.hardware.id, count, candidate.existing, candidate.owned_units, migration,
               candidate.power_note)
        base = self._costs.get(key)
        if base is None:
            base = tco(candidate.hardware, count, self.workload, served_tokens_per_s=None,
                       existing=candidate.existing, migration_usd=migration, owned_units=candidate.owned_units)
            if candidate.power_note:
                note = TcoFinding("power_note", {"note": candidate.power_note})
                base = base.model_copy(update={"findings": (note, *base.findings)})
            self._costs[key] = base
        return base

    def _per_million(self, base: TcoResult, served_tokens_per_s: float | None) -> float | None:
        """$/M tokens of a base cost serving `served_tokens_per_s` (the base's own when nothing is served)."""
        if not served_tokens_per_s or base.lifetime_total_usd is None:
            return base.cost_per_million_tokens_usd
        tokens = annual_tokens(served_tokens_per_s, self.workload)
        return round(base.lifetime_total_usd / (tokens * self.workload.amortization_years) * 1e6, 4)

    def cost_lower_bound(self, candidate: Candidate) -> float:
        """A floor under the option's cost per served token: fewest devices memory allows, full 1.5× credit."""
        count = min(self.min_devices(candidate), candidate.max_count)
        count = -(-count // candidate.board) * candidate.board
        served = self.overload * self.peak * self.target
        return self._per_million(self._base_cost(candidate, count), served) or 0.0

    def size(self, candidate: Candidate) -> list[Sized]:
        """The candidate at its smallest count that carries the peak and, when different and the peak was not
        stated as people at once, at the smallest that carries seed 2's 1.5× overload (the ranking decides which
        serves tokens cheaper); when availability is asked, also with a full-speed N+1 spare when the first holds
        N+1 only at a lower speed (`_purchase`); at its maximum count when nothing meets."""
        peak_count = self.load_count(candidate)
        if peak_count is None:
            return [self.build(candidate, candidate.max_count, meets=False)]
        counts = [self._purchase(candidate, peak_count)]
        if counts[0].failover_tokens_per_s is not None:
            # N+1 held by running slower with one device out: a spare beyond the targets' count is a variant too,
            # and the ranking weighs the two (that spare is also headroom the risk checks value).
            counts.append(Purchase(-(-(peak_count + 1) // candidate.board) * candidate.board, True, None))
        # A peak the user stated as people at once ("maybe 3 of them at once") is the busiest moment: no count is
        # bought for 1.5× it (seed 2's 1.5× is the pilot's overload test, "把负载打到标称峰值的1.5倍"; stacked on a
        # stated peak it bought one model copy per user and a half, outside review r9). Streams worked out from a
        # head count, a rate, a volume or a spend estimate a load that varies around them: the count that carries
        # 1.5× competes there, and the ranking decides.
        overload_count = (None if self.people else
                          self.smallest_count(candidate, math.ceil(self.overload * self.peak), start=peak_count))
        if overload_count is not None:
            overload = self._purchase(candidate, overload_count)
            if all(overload.devices != bought.devices for bought in counts):
                counts.append(overload)
        # Unworded: most sized options only compete on cost and risk levels; `finalize` words those that are shown.
        return [self.build(candidate, bought.devices, meets=True, redundancy=bought.spare, words=False,
                           failover=bought.failover_tokens_per_s) for bought in counts]

    def load_count(self, candidate: Candidate, start: int = 1) -> int | None:
        """The count to buy, the smallest that meets every target: when the first-token bound was assumed and
        the load alone (memory, the speed target) needs fewer devices, or no count meets the bound, the load's
        count, and the candidate's first token is then reported, not judged (`ttft_waived`).

        The load's count is searched first with the bound waived; the bound's count can only be as many or more,
        so its search starts there (the same counts as two searches from the memory floor, half the estimates).
        `start`: the fewest to consider (a top-up of owned devices starts past the units owned)."""
        if not self.assumed_ttft or self.ttft is None or self.ttft_for(candidate) is None:
            return self.smallest_count(candidate, start=start)
        key = (candidate.hardware.id, candidate.stack.id)
        self.ttft_waived[key] = None
        load = self.smallest_count(candidate, start=start)
        del self.ttft_waived[key]
        if load is None:
            return self.smallest_count(candidate, start=start)
        with_ttft = self.smallest_count(candidate, start=load)
        if with_ttft is not None and (with_ttft <= load or
                                      self._purchase(candidate, with_ttft).devices <= self._purchase(candidate, load).devices):
            # The bound buys nothing more: devices come in whole purchase units (an 8-GPU baseboard holds the 2 the
            # load needs and the 4 the bound needs alike, N+1 spare included), so it is met, not waived.
            return with_ttft
        self.ttft_waived[key] = with_ttft
        return load

    def assumed_ttft_count(self, candidate: Candidate) -> tuple[bool, int | None]:
        """Whether `candidate` was sized for the load with the assumed first-token bound waived, and the count
        that bound would have taken (None: no count meets it)."""
        key = (candidate.hardware.id, candidate.stack.id)
        return key in self.ttft_waived, self.ttft_waived.get(key)

    def fewest_as_close(self, sized: Sized) -> Sized:
        """`sized`, which meets no target, at the fewest devices (whole baseboards) that get as close to
        them. When more devices stop helping (replicas never split one prompt's prefill, so a first-token
        target missed on one copy is missed on all), the count the search stopped at, often the
        maximum, is no answer: 1,024 CPUs at $16M that miss the target as one does. Assumes the shortfall
        does not grow with the count, as replicas only add capacity."""
        if sized.meets_slo or not sized.estimate.fits:
            return sized
        # Within 5 % of the shortfall at the top count: queueing still trims the p95 a little with every
        # device added, long after the devices stopped mattering to the answer.
        cand, goal, board = sized.candidate, sized.shortfall * 1.05, max(1, sized.candidate.board)
        low, high = max(1, -(-self.min_devices(cand) // board)), sized.count // board
        best = sized
        while low < high:
            mid = (low + high) // 2
            trial = self.build(cand, mid * board, meets=False)
            if trial.estimate.fits and trial.shortfall <= goal:
                high, best = mid, trial
            else:
                low = mid + 1
        return best

    def _purchase(self, candidate: Candidate, needed: int) -> Purchase:
        """Devices to buy for `needed`, in whole purchase units (baseboards), N+1 when availability is asked.

        Seed 1: "考慮冗餘：N+1 GPU 配置用於故障轉移" (consider it, at organization scale). A spare on top of a count that
        already serves the peak is a second margin that doubles a one-card bill, so it is bought only when the lead
        asks for failover, HA or an uptime SLA; otherwise the reply offers it with its price (`spare_price`). The failure unit is one GPU and failover keeps the service up: the
        option must carry the peak with one device out, within seed 1's usable band (≥ `ACCEPTABLE_TOKENS_PER_S`,
        "15–30 可接受") and the first-token target, until the card is replaced: N is the count that serves the peak at
        that speed, so when the units bought for the targets already hold N + 1, they hold the spare (slack inside
        the last unit, or the last device itself, `failover_tokens_per_s` then saying the speed left); a spare device
        (a whole unit where they come in baseboards) is added only when the devices left would fall below that. A spare server against a whole-server failure is not seed 1's N+1 (`note.organization`
        says so)."""
        board = candidate.board
        count = -(-needed // board) * board
        if not (self.availability and needs_host_server(candidate.hardware)):
            return Purchase(count, False, None)
        if count - 1 >= needed:
            return Purchase(count, True, None)
        left = self._failover_speed(candidate, count - 1)
        if left is not None:  # N counted at seed 1's acceptable speed: the last device is the "+1"
            return Purchase(count, True, left)
        return Purchase(-(-(needed + 1) // board) * board, True, None)

    def spare_price(self, sized: Sized) -> float | None:
        """What one spare purchase unit (a device, or a whole baseboard) adds to `sized`'s capex, hosts included;
        None when no spare applies (already N+1, owned or unpriced devices, devices that need no host server)."""
        cand = sized.candidate
        if sized.redundancy or cand.existing or not needs_host_server(cand.hardware) or sized.tco is None:
            return None
        extra = self._base_cost(cand, sized.count + cand.board).capex_usd - sized.tco.capex_usd
        return extra if extra > 0 else None  # an unpriced device adds nothing to say

    def _failover_speed(self, candidate: Candidate, left: int) -> float | None:
        """Per-user speed with `left` devices carrying the peak, when that stays in seed 1's usable band and meets
        the first-token target (else None)."""
        if left < 1:
            return None
        est = self.figures(candidate, left)
        speed = self.speed(est, candidate) if est.fits else 0.0
        ttft = self.ttft_for(candidate)
        if speed < ACCEPTABLE_TOKENS_PER_S or (ttft is not None and self.ttft_checked(est, candidate) > ttft):
            return None
        return speed

    def build(self, candidate: Candidate, count: int, *, meets: bool, redundancy: bool = False,
              words: bool = True, failover: float | None = None) -> Sized:
        """The candidate at exactly `count` devices, costed and risk-checked (capacity not yet probed); with
        `words=False` its risks carry ids and levels only (`risks.assess_risks`), worded by `finalize`."""
        est = self.estimate(candidate, count)
        overload = math.ceil(self.overload * self.peak)
        # Until the capacity probe runs: the peak, or 1.5× it when the option carries the overload.
        carried = overload if meets and self.meets(candidate, count, overload) else (self.peak if meets else 0)
        sized = Sized(candidate, count, est, carried, meets, redundancy=redundancy, failover_tokens_per_s=failover,
                      weight_format=self.workload_for(candidate).weight_format,
                      format_default=self.default_for(candidate) is not None)
        self._cost(sized, words=words)
        return sized

    def finalize(self, sized: Sized) -> Sized:
        """Probe the real capacity, then recompute cost and risks with it (options that are shown or compete)."""
        if sized.probed:
            return sized
        sized.capacity_users = self.capacity(sized.candidate, sized.count)
        sized.probed = True
        sized.violations.clear()
        self._cost(sized)
        sized.headroom = self.headroom_bought(sized)
        return sized

    def headroom_bought(self, sized: Sized) -> Sized | None:
        """`sized`'s device at the count that carries seed 2's 1.5× overload, probed, when `sized` carries the peak with
        a capacity risk (tail latency under load, thin headroom): the remedy those risks name is more of the same
        device, so the ranking prices the risk at most at that purchase. Without it a tight count of small cards
        (five 96 GB cards at the edge of 40 users) lost to a whole baseboard whose slack holds 2× the load
        (4 × H100 SXM at 2.3× the capex), the risk weight crediting capacity the load does not need. None when
        `sized` misses, is owned, is itself such a count, or no count of its device carries 1.5× within the limits; and
        when the peak was worked out from a head count, a rate or a volume (not `people`): that count already competes
        in the ranking as its own option (`size`)."""
        cand = sized.candidate
        if (not self.people or sized.headroom_bought or sized.violations or not sized.meets_slo or cand.existing
                or cand.owned_units or self.peak <= 1 or not any(risk.id in CAPACITY_RISKS for risk in sized.risks)):
            return None
        needed = self.smallest_count(cand, math.ceil(self.overload * self.peak), start=sized.count + 1)
        if needed is None:
            return None
        devices = self._purchase(cand, needed).devices
        if devices <= sized.count:
            return None
        cure = self.build(cand, devices, meets=True, words=False)
        cure.headroom_bought = True
        self.finalize(cure)
        return None if cure.violations or not cure.meets_slo else cure

    def _cost(self, sized: Sized, *, words: bool = True) -> None:
        cand = sized.candidate
        served_users = min(sized.capacity_users, self.overload * self.peak)
        served = served_users * self.target_for(cand) if served_users > 0 else None
        sized.tco = self.tco(cand, sized.count, served)
        sized.risks = assess_risks(
            self.workload_for(cand), cand.hardware, sized.count, cand.stack, sized.estimate, sized.tco,
            max_concurrent_users=sized.capacity_users if sized.probed else None,
            newest_launch_year=self.newest_year, estimate_covers_all_models=True, existing=cand.existing,
            default_format=self.default_for(cand), words=words, assumed_shapes=self.assumed_shapes,
            setup=None if words else self._setup_risks(cand),
        )
        self._constraints(sized)

    def _setup_risks(self, candidate: Candidate) -> SetupRisks:
        """The risks that do not depend on the count (`risks.setup_risks`), once per device × engine: every count
        this sizer costs of the candidate shares them."""
        key = (candidate.hardware.id, candidate.stack.id, candidate.existing)
        found = self._setups.get(key)
        if found is None:
            found = self._setups[key] = setup_risks(
                self.workload_for(candidate), candidate.hardware, candidate.stack, newest_launch_year=self.newest_year,
                existing=candidate.existing, default_format=self.default_for(candidate),
                assumed_shapes=self.assumed_shapes)
        return found

    def _constraints(self, sized: Sized) -> None:
        """Record each violated constraint with how far off it is (ratio of need to limit)."""
        w = self.workload
        ratios: list[float] = []
        if not sized.meets_slo:
            est = sized.estimate
            if not est.fits:
                sized.violations.append(said("violation.memory", need=est.memory_required_gb, count=sized.count,
                                             hold=est.memory_available_gb))
                ratios.append(max(2.0, est.memory_required_gb / max(est.memory_available_gb, 1e-9)))
            else:
                speed = self.speed(est, sized.candidate)
                ttft = self.ttft_checked(est, sized.candidate)
                target, bar = self.target_for(sized.candidate), self.ttft_for(sized.candidate)
                ratio = max(target / max(speed, 1e-9), (ttft / bar) if bar else 1.0)
                sized.violations.append(said("violation.slo", speed=speed, ttft=ttft, users=self.peak, target=target,
                                             bar=bar or 0))
                ratios.append(ratio)
        assert sized.tco is not None
        if self.over_budget(sized.tco) and w.budget_usd is not None:
            sized.violations.append(said("violation.budget", capex=sized.tco.capex_usd, budget=w.budget_usd))
            ratios.append(sized.tco.capex_usd / max(w.budget_usd, 1.0))
        power = sized.tco.power_w or 0.0
        limit = option_power_budget_w(w, sized.candidate.hardware, sized.count)
        if limit is not None and not sized.candidate.hardware.tdp_w:
            sized.violations.append(said(UNVERIFIED_POWER, budget=w.power_budget_w))
            ratios.append(1.5)
        elif self.over_power(sized.tco, sized.candidate.hardware, sized.count) and limit is not None:
            sized.violations.append(said("violation.power", power=power, budget=limit))
            ratios.append(power / limit)
        sized.shortfall = max(ratios, default=1.0)

    def over_budget(self, cost: TcoResult) -> bool:
        """Whether the capex passes the user's budget (no budget: never)."""
        return self.workload.budget_usd is not None and cost.capex_usd > self.workload.budget_usd

    def over_power(self, cost: TcoResult, hardware: Hardware, count: int) -> bool:
        """Whether the peak draw of `count` devices passes the user's power limit (by its scope,
        `power_limit.option_power_budget_w`); a device with no TDP on record cannot be checked (`_constraints` flags
        it as unverified instead)."""
        limit = option_power_budget_w(self.workload, hardware, count)
        return limit is not None and bool(hardware.tdp_w) and (cost.power_w or 0.0) > limit

    def surely_over_power(self, candidate: Candidate) -> bool:
        """Whether every count `size` could cost of `candidate` passes the power limit (`over_power`), found before
        sizing it: its fewest devices (the weights' floor, `cost_lower_bound`'s count) already draw more at their TDP
        alone (a count's peak draw adds its hosts, `tco.peak_power_w`). A limit per rack with the racks unstated
        grows with the boxes, so it is never sure; a device with no TDP on record is flagged, not over."""
        limit, hardware = self.workload.power_budget_w, candidate.hardware
        if limit is None or not hardware.tdp_w or racks_unstated_per_rack(self.workload):
            return False
        fewest = min(self.min_devices(candidate), candidate.max_count)
        # Less a tenth of a watt: the draw is rounded to 0.1 W before it is compared.
        return hardware.tdp_w * fewest > limit + 0.1


__all__ = ["REPORT_SHARE", "Checked", "Purchase", "Shortcuts", "Sized", "Sizer", "migration_cost", "needs_port", "reading_pace"]
