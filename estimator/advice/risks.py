"""The risk checklist: seed 2's five pitfalls plus the operational risks both seeds name.

Each check is a small pure function of workload × hardware × serving stack × the option's estimate
and TCO. It returns a `Risk` (severity, why with the numbers, mitigation) or None when the risk does
not apply, so a reply lists only what matters for this option. Risk ids are DESIGN.md's contract.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from estimator.advice.default_format import DefaultFormat
from estimator.advice.power_limit import option_power_budget_w
from estimator.catalog import Hardware, Level, ServingStack
from estimator.defaults import DEFAULT_TCO_ASSUMPTIONS, OVERLOAD_FACTOR
from estimator.physics.device import HOST_STEP_BACKENDS
from estimator.said import EMPTY, Said, joined, said
from estimator.schemas import Estimate, Risk, RiskId, TcoResult, construct_trusted
from estimator.workload import Workload

SEVERITY_POINTS: dict[str, int] = {"low": 0, "medium": 1, "high": 3}
_ORDER = {"high": 0, "medium": 1, "low": 2}
_INTEGER_QUANTS = ("INT8", "INT4", "FP8", "W4A16", "W8A8")  # formats whose scales need a calibration pass
_LOW_BIT_GGUF = ("Q3_K_M", "Q2_K")
_BYTES_PER_WEIGHT = {"FP16": 2.0, "BF16": 2.0, "FP8": 1.0, "INT8": 1.0, "Q8_0": 1.06, "Q6_K": 0.82,
                     "Q5_K_M": 0.71, "Q4_K_M": 0.6, "Q4_0": 0.56, "INT4": 0.5, "Q3_K_M": 0.49, "Q2_K": 0.37,
                     "NVFP4": 0.5625, "MXFP4": 0.53}
# Seed 1: "1–4 個 GPU，現有辦公室基礎設施通常能應對…超出這個範圍，你需要…專用機架空間".
_OFFICE_DEVICES = 4
_OFFICE = DEFAULT_TCO_ASSUMPTIONS  # the office circuit and rack feed, in watts
_RANK = {"medium": 1, "high": 2}
# Seed 2's pitfall 5 lists vendors whose stack is the only way to run the chip.
_VENDOR_MANAGED_STACKS = ("groq", "cerebras")


@dataclass(frozen=True)
class RiskContext:
    """Everything a check may look at for one option."""

    workload: Workload
    hardware: Hardware
    count: int
    stack: ServingStack | None
    estimate: Estimate | None
    tco: TcoResult | None
    max_concurrent_users: int | None
    newest_launch_year: int | None
    estimate_covers_all_models: bool = False
    existing: bool = False  # the buyer already owns these devices
    default_format: DefaultFormat | None = None  # the format was chosen for the user (`estimator.advice.default_format`)
    words: bool = True  # False: ids and levels only, for options that compete but are not shown
    # `workload.dynamic_shapes` was filled in, not said (`assume.dynamic`): the pitfall is then judged on the
    # stack alone, never raised on a native one.
    assumed_shapes: bool = False

    def t(self, key: str, **params: object) -> Said:
        """The finding `key` (empty when the risks are not to be shown: ids and levels only)."""
        return said(key, **params) if self.words else EMPTY

    @property
    def peak_users(self) -> int:
        return self.workload.concurrent_users or 1

    @property
    def stack_name(self) -> Said | str:
        return self.stack.name if self.stack else self.t("risk.default_stack")


def _risk(risk_id: RiskId, severity: Level, why: Said, mitigation: Said) -> Risk:
    # Built by this module's checks only, from literal ids and levels: constructed without re-validation
    # (thousands per recommendation), as `schemas.construct_trusted` does for the core's own objects.
    return construct_trusted(Risk, {"id": risk_id, "severity": severity, "why": why, "mitigation": mitigation})


def _lower(severity: Level) -> Level:
    return {"high": "medium", "medium": "low", "low": "low"}[severity]  # type: ignore[return-value]


def dynamic_shapes(ctx: RiskContext) -> Risk | None:
    """Seed 2 pitfall 3: NPUs and graph-compiled accelerators recompile or fall off a cliff on new shapes.

    When the user states variable-length input, the pitfall is always named, as seed 2 asks ("如果你的业务有变长
    序列选型时一定要实测动态shape的性能"): high on a stack that compiles static shapes or shape buckets, low on one
    that takes any length natively, saying what the lengths still cost there (`_native_shapes`)."""
    mode = ctx.stack.dynamic_shapes if ctx.stack else "unverified"
    stated = ctx.workload.dynamic_shapes is True and not ctx.assumed_shapes
    if mode == "native":
        return _native_shapes(ctx) if stated else None
    compiled_kind = ctx.hardware.kind in ("npu", "accel")
    severity: Level
    if ctx.hardware.kind == "npu" or mode == "static" or (stated and mode == "buckets"):
        severity = "high"
    elif mode in ("buckets", "unverified") and compiled_kind:
        severity = "medium" if mode == "buckets" else "high"
    else:
        severity = "low" if mode == "config_limits" else "medium"
    if ctx.workload.dynamic_shapes is False:
        severity = _lower(severity)
    return _risk(
        "dynamic_shapes", severity,
        ctx.t("risk.dynamic_shapes.why", stack=ctx.stack_name, hardware=ctx.hardware.name, mode=mode,
              stated=_stated_lengths(ctx), lengths=_lengths(ctx)),
        ctx.t("risk.dynamic_shapes.fix"),
    )


def _native_shapes(ctx: RiskContext) -> Risk:
    """A stack that takes any length natively (serving_stacks.csv `native`: vLLM, llama.cpp, …): nothing to
    recompile or pad, so the risk is low; what remains is said. An engine that replays a captured CUDA graph per
    decode step (`HOST_STEP_BACKENDS`, vLLM's `cudagraph_capture_sizes`) pads the step's batch up to the nearest
    captured size: idle rows in a step bound by its weight reads. One that builds no graph per shape (llama.cpp
    eager, OpenVINO's dynamic-shape model) pads nothing."""
    graphs = ctx.stack is not None and ctx.stack.backend_key in HOST_STEP_BACKENDS
    return _risk(
        "dynamic_shapes", "low",
        ctx.t("risk.dynamic_shapes.native_graphs" if graphs else "risk.dynamic_shapes.native_any",
              stack=ctx.stack_name, hardware=ctx.hardware.name, mode="native", stated=_stated_lengths(ctx),
              lengths=_lengths(ctx)),
        ctx.t("risk.dynamic_shapes.native_fix"),
    )


def _stated_lengths(ctx: RiskContext) -> Said:
    return ctx.t("risk.dynamic_shapes.variable" if ctx.workload.dynamic_shapes is not False
                 else "risk.dynamic_shapes.fixed")


def _lengths(ctx: RiskContext) -> Said:
    w = ctx.workload
    lengths = ctx.t("risk.dynamic_shapes.lengths", prompt=w.prompt_tokens or 512, output=w.output_tokens or 256)
    if w.context_length:
        lengths += ctx.t("risk.dynamic_shapes.context", context=w.context_length)
    return lengths


def multi_model(ctx: RiskContext) -> Risk | None:
    """Seed 2 pitfall 4: several models at once on hardware or engines built for one."""
    models = ctx.workload.models_served or 1
    if models <= 1:
        return None
    support = ctx.stack.multi_model if ctx.stack else "unverified"
    severity: Level = {"yes": "low", "process_per_model": "medium"}.get(support, "high")  # type: ignore[assignment]
    if support == "unverified" and ctx.hardware.kind in ("gpu", "cpu"):
        severity = "medium"
    memory: Said | str = ""
    est = ctx.estimate
    if est is not None and est.memory_available_gb > 0:
        needed = est.memory_required_gb * (1 if ctx.estimate_covers_all_models else models)
        memory = ctx.t("risk.multi_model.memory", models=models, needed=needed, available=est.memory_available_gb)
        if needed > est.memory_available_gb:
            severity = "high"
            memory += ctx.t("risk.multi_model.no_fit")
    return _risk(
        "multi_model", severity,
        ctx.t("risk.multi_model.why", models=models, stack=ctx.stack_name, support=support, memory=memory),
        ctx.t("risk.multi_model.fix"),
    )


def software_maturity(ctx: RiskContext) -> Risk | None:
    """Seed 2 pitfall 5: stacks that update slowly or leave you waiting on the vendor."""
    stack = ctx.stack
    if stack is None:
        return _risk("software_maturity", "medium",
                     ctx.t("risk.software_maturity.no_stack", hardware=ctx.hardware.name),
                     ctx.t("risk.software_maturity.no_stack_fix"))
    if stack.maturity != "high":
        severity: Level = "high" if stack.maturity == "low" else "medium"
        # The catalog's notes are English prose: quoted in an English reply only (the Chinese templates are empty).
        note = ctx.t("risk.software_maturity.note", note=stack.notes.split(". ")[0].rstrip(".")) if stack.notes else ""
        return _risk(
            "software_maturity", severity,
            ctx.t("risk.software_maturity.why", stack=stack.name, maturity=stack.maturity, note=note),
            ctx.t("risk.software_maturity.fix"),
        )
    if stack.continuous_batching != "yes" and ctx.peak_users > 4:
        return _risk(
            "software_maturity", "medium",
            ctx.t("risk.software_maturity.batching", stack=stack.name, batching=stack.continuous_batching,
                  users=ctx.peak_users),
            ctx.t("risk.software_maturity.batching_fix"),
        )
    return None


# What a stack that does not take a GGUF file runs in its place: the weight-only integer format of the
# same nominal width (a Q4 k-quant's 4 bits as W4A16 AWQ/GPTQ), then the float formats of that width.
_STAND_INS: dict[int, tuple[str, ...]] = {4: ("INT4", "W4A16", "NVFP4", "MXFP4", "INT8", "FP8"), 8: ("INT8", "FP8", "W8A8")}


def stand_in_format(quant: str, formats: tuple[str, ...]) -> str | None:
    """The format a stack listing `formats` would run a `quant` model in, when it does not take `quant`
    itself: the same nominal width (Q2–Q4 → 4 bits, Q5–Q8 → 8) as the stack lists it, or None.

    >>> stand_in_format("Q4_K_M", ("FP16", "FP8", "NVFP4", "INT8", "INT4"))
    'INT4'
    >>> stand_in_format("Q8_0", ("BF16", "FP8")), stand_in_format("Q4_K_M", ("Q4_K_M",)), stand_in_format("Q5_K_M", ("BF16",))
    ('FP8', None, None)
    """
    upper = quant.upper()
    if not formats or format_supported(upper, formats) or not upper.startswith("Q") or len(upper) < 2 or not upper[1].isdigit():
        return None
    width = 4 if int(upper[1]) <= 4 else 8
    listed = {f.upper() for f in formats}
    return next((f for f in _STAND_INS[width] if f in listed), None)


@lru_cache(maxsize=1024)  # asked for every device × engine a recommendation sizes, of a few formats and stacks
def format_supported(quant: str, formats: tuple[str, ...]) -> bool:
    wanted = {quant.upper()}
    if quant.upper().startswith("Q"):
        wanted.add("GGUF")
    if quant.upper() in ("INT4", "W4A16"):
        wanted |= {"AWQ", "GPTQ", "INT4"}  # W4A16 is the AWQ/GPTQ family's name for 4-bit weights
    if quant.upper() == "W8A8":
        wanted |= {"INT8", "FP8"}
    joined = " ".join(formats).upper()
    return any(name in joined for name in wanted)


def quantization_calibration(ctx: RiskContext) -> Risk | None:
    """Seed 2 pitfall 2: INT8/INT4 calibration is real work; seed 1: accuracy-critical tasks want Q8_0."""
    quant = ctx.workload.weight_format.upper()
    critical = bool(ctx.workload.accuracy_critical)
    compiled = ctx.hardware.kind in ("npu", "accel")
    formats = ctx.stack.quant_formats if ctx.stack else ()
    reasons: list[Said] = []
    severity: Level | None = None
    if formats and not format_supported(quant, formats):
        severity = "high" if critical else "medium"
        reasons.append(ctx.t("risk.quantization.format", stack=ctx.stack_name, quant=quant,
                             formats=joined(formats, "list_sep")))
    elif ctx.stack and (devices := ctx.stack.format_device_ids(quant)) and ctx.hardware.id not in devices:
        # The stack takes the format, but its documentation runs it on other GPU generations only
        # (gpt-oss's MXFP4 on TensorRT-LLM: Hopper and datacenter Blackwell, not a GeForce 4090): the
        # checkpoint may not load as shipped. Medium, not high: undocumented is not known to fail, and
        # the documents lag the code (vLLM's recipe names Ada "in progress" beside a working Marlin path).
        severity = "high" if critical else "medium"
        reasons.append(ctx.t("risk.quantization.format_device", stack=ctx.stack_name, quant=quant,
                             hardware=ctx.hardware.name, count=len(devices)))
    chosen = ctx.default_format
    if chosen is not None and chosen.low_precision_float:
        # FP8 chosen for the user: say what it costs in accuracy. Dynamic FP8 (per-token activation scales)
        # needs no calibration data (llm-compressor's FP8_DYNAMIC), so it is a low risk unless the task is
        # accuracy-critical.
        severity = "medium" if critical else (severity or "low")
        reasons.append(ctx.t("risk.quantization.default_fp8", quant=quant, hardware=ctx.hardware.name,
                             stack=ctx.stack_name))
    elif quant in _INTEGER_QUANTS:
        # Seed 2 pitfall 2: "以为INT8量化就是调个API的事" — activation quantization needs calibration anywhere.
        severity = "high" if critical and (compiled or quant == "INT4") else (severity or "medium")
        reasons.append(ctx.t("risk.quantization.calibrate", quant=quant, kind=ctx.hardware.kind))
    if critical and quant in _LOW_BIT_GGUF:
        severity = "high"
        reasons.append(ctx.t("risk.quantization.low_bit", quant=quant))
    elif critical and quant == "Q6_K":
        # Below 8 bits too (~6.6 bits per weight): seed 1 keeps accuracy-critical work at Q8_0.
        severity = severity or "low"
        reasons.append(ctx.t("risk.quantization.critical_6bit", quant=quant))
    elif critical and quant not in ("FP16", "BF16", "Q8_0", "FP8", "INT8"):
        severity = severity or "medium"
        reasons.append(ctx.t("risk.quantization.critical", quant=quant))
    if severity is None:
        return None
    return _risk(
        "quantization_calibration", severity,
        ctx.t("risk.quantization.why", reasons=joined(reasons)),
        ctx.t("risk.quantization.fix"),
    )


def memory_bandwidth(ctx: RiskContext) -> Risk | None:
    """Seed 2 pitfall 1: peak compute bought for a decode that is bound by memory bandwidth."""
    hw = ctx.hardware
    if ctx.estimate is None or ctx.estimate.bound != "memory" or not hw.fp16_tflops or not hw.memory_bandwidth_gbs:
        return None
    ridge = hw.fp16_tflops * 1e12 / (hw.memory_bandwidth_gbs * 1e9)  # FLOP per byte where compute takes over
    bytes_per_weight = _BYTES_PER_WEIGHT.get(ctx.workload.weight_format.upper(), 0.6)
    batch = max(1, ctx.peak_users // max(1, ctx.count))
    intensity = 2 * batch / bytes_per_weight  # decode: 2 FLOP per weight per sequence in the batch
    used = intensity / ridge
    if used >= 0.05 or ridge < 250:
        return None
    return _risk(
        "memory_bandwidth", "medium",
        ctx.t("risk.memory_bandwidth.why", hardware=hw.name, tflops=hw.fp16_tflops, bandwidth=hw.memory_bandwidth_gbs,
              ridge=ridge, batch=batch, intensity=intensity, used=used),
        ctx.t("risk.memory_bandwidth.fix"),
    )


def power_cooling(ctx: RiskContext) -> Risk | None:
    """Seed 1: power and cooling need a rack beyond 4 GPUs, and by watts beyond one office circuit (a 9.6 kW system
    is one device); and any option near the stated power budget."""
    power = ctx.tco.power_w if ctx.tco and ctx.tco.power_w else (ctx.hardware.tdp_w or 0) * ctx.count
    budget = option_power_budget_w(ctx.workload, ctx.hardware, ctx.count)
    if budget and power > budget:
        return _risk("power_cooling", "high", ctx.t("risk.power.over", power=power, budget=budget),
                     ctx.t("risk.power.over_fix"))
    if budget and power > 0.8 * budget:
        return _risk("power_cooling", "medium",
                     ctx.t("risk.power.near", power=power, share=power / budget, budget=budget),
                     ctx.t("risk.power.near_fix"))
    accelerators = ctx.hardware.kind in ("gpu", "accel")
    by_count: Level | None = None
    if accelerators and ctx.count > _OFFICE_DEVICES:
        by_count = "high" if ctx.count > 2 * _OFFICE_DEVICES else "medium"
    by_watts = _beyond_office_watts(power)
    if by_watts is not None and _RANK[by_watts] > _RANK.get(by_count or "", 0):  # the watts say more than the count
        key = "risk.power.rack_density" if by_watts == "high" else "risk.power.circuit"
        return _risk("power_cooling", by_watts,
                     ctx.t(key, power=power, circuit=_OFFICE.office_power_w, rack=_OFFICE.rack_power_w),
                     ctx.t("risk.power.rack_fix"))
    if by_count is None:
        return None
    return _risk("power_cooling", by_count, ctx.t("risk.power.rack", count=ctx.count, power=power),
                 ctx.t("risk.power.rack_fix"))


def _beyond_office_watts(power: float) -> Level | None:
    """By watts, whatever the device count: above one office circuit needs its own circuit and cooling (medium),
    above a typical rack's feed a high-density rack (high) (`TcoAssumptions.office_power_w`, `rack_power_w`)."""
    if power > _OFFICE.rack_power_w:
        return "high"
    if power > _OFFICE.office_power_w:
        return "medium"
    return None


def _load(ctx: RiskContext) -> float | None:
    if not ctx.max_concurrent_users:
        return None
    return ctx.peak_users / ctx.max_concurrent_users


def overload_factor(peak_users: int) -> float:
    """Seed 2's overload test drives 1.5× the peak; one person on their own device cannot be 1.5 people
    (and queues behind nobody), so a single-user deployment is sized and judged at its peak."""
    return OVERLOAD_FACTOR if peak_users > 1 else 1.0


def _error_width(est: Estimate | None) -> float:
    """Relative half-width of an estimate's range (0 when it has none)."""
    if est is None or not est.fits or not est.confidence_high or est.decode_tokens_per_s_per_stream <= 0:
        return 0.0
    return max(0.0, est.confidence_high / est.decode_tokens_per_s_per_stream - 1.0)


def _ttft_margin(ctx: RiskContext) -> Said | None:
    """The p95 TTFT meets its target, but the estimate's own error band reaches past it."""
    est, target = ctx.estimate, ctx.workload.ttft_target_ms
    width = _error_width(est)
    if est is None or not target or width <= 0:
        return None
    ttft = est.ttft_p95_ms or est.ttft_ms
    if ttft > target or ttft * (1.0 + width) <= target:
        return None
    return ctx.t("risk.tail.margin", ttft=ttft, target=target, width=width, high=ttft * (1.0 + width))


def tail_latency(ctx: RiskContext) -> Risk | None:
    """Queueing: P99 grows fast above ~70 % utilization and under bursty arrivals (seed 2's P99/P999); and
    a latency target met by less than the estimate's error. A single user queues behind nobody."""
    margin = _ttft_margin(ctx)
    load = _load(ctx) if ctx.peak_users > 1 else None
    bursty = ctx.workload.arrival_pattern == "bursty" and ctx.peak_users > 1
    if (load is None or load <= 0.7) and not bursty:
        if margin is None:
            return None
        return _risk("tail_latency", "medium", ctx.t("risk.tail.margin_why", margin=margin),
                     ctx.t("risk.tail.margin_fix"))
    severity: Level = "high" if load is not None and load > 0.9 else "medium"
    parts: list[Said] = []
    if load is not None:
        parts.append(ctx.t("risk.tail.load", users=ctx.peak_users, load=load, capacity=ctx.max_concurrent_users))
    if bursty:
        parts.append(ctx.t("risk.tail.bursty"))
    if margin is not None:
        parts.append(margin)
    elif ctx.estimate and ctx.estimate.ttft_p95_ms and ctx.workload.ttft_target_ms:
        parts.append(ctx.t("risk.tail.vs_target", ttft=ctx.estimate.ttft_p95_ms, target=ctx.workload.ttft_target_ms))
    return _risk(
        "tail_latency", severity,
        ctx.t("risk.tail.why", parts=joined(parts)),
        ctx.t("risk.tail.fix"),
    )


def capacity_headroom(ctx: RiskContext) -> Risk | None:
    """Seed 2's overload test: the option should carry 1.5× its nominal peak."""
    if not ctx.max_concurrent_users:
        return None
    ratio = ctx.max_concurrent_users / ctx.peak_users
    overload = overload_factor(ctx.peak_users)
    width = _error_width(ctx.estimate)
    if ratio >= overload and (overload <= 1.0 or ratio / (1.0 + width) >= overload):
        return None
    if ratio >= overload:
        return _risk(
            "capacity_headroom", "medium",
            ctx.t("risk.headroom.thin", capacity=ctx.max_concurrent_users, ratio=ratio, users=ctx.peak_users,
                  overload=OVERLOAD_FACTOR, width=width),
            ctx.t("risk.headroom.thin_fix"),
        )
    # Bursty arrivals are the overload (seed 1's production option: "以突發流量的餘裕"), so failing the 1.5×
    # test is then as serious as running at the edge of capacity.
    bursty = ctx.workload.arrival_pattern == "bursty"
    severity: Level = "high" if ratio < 1.1 or bursty else "medium"
    return _risk(
        "capacity_headroom", severity,
        ctx.t("risk.headroom.short_bursty" if bursty else "risk.headroom.short", capacity=ctx.max_concurrent_users,
              ratio=ratio, users=ctx.peak_users, overload=OVERLOAD_FACTOR,
              overload_users=OVERLOAD_FACTOR * ctx.peak_users),
        ctx.t("risk.headroom.fix"),
    )


def vendor_lock_in(ctx: RiskContext) -> Risk | None:
    """Single-vendor stacks: the model, tooling and support live with one supplier."""
    stack = ctx.stack
    if stack is None or ctx.hardware.kind not in ("accel", "npu"):
        return None
    if stack.id in _VENDOR_MANAGED_STACKS:
        return _risk("vendor_lock_in", "high",
                     ctx.t("risk.lock_in.managed", stack=stack.name), ctx.t("risk.lock_in.managed_fix"))
    return _risk(
        "vendor_lock_in", "medium",
        ctx.t("risk.lock_in.single", hardware=ctx.hardware.name, stack=stack.name),
        ctx.t("risk.lock_in.single_fix"),
    )


def supply(ctx: RiskContext) -> Risk | None:
    """Seed 1: high-end cards are supply-constrained; old consumer cards go out of production."""
    hw = ctx.hardware
    newest = ctx.newest_launch_year
    if ctx.existing:
        return None  # already owned: nothing to buy
    if hw.kind == "gpu" and "HBM" in (hw.memory_type or "").upper() and (hw.price_usd or 0) >= 10_000:
        return _risk("supply", "medium",
                     ctx.t("risk.supply.high_end", hardware=hw.name, count=ctx.count),
                     ctx.t("risk.supply.high_end_fix"))
    if newest and hw.launch_year and newest - hw.launch_year >= 3 and hw.kind in ("gpu", "accel"):
        age = newest - hw.launch_year
        # Two product generations back (≥ 4 years), new units at the listed price are rarely on offer.
        severity: Level = "high" if age >= 4 else "medium"
        return _risk("supply", severity,
                     ctx.t("risk.supply.eol" if severity == "high" else "risk.supply.old", hardware=hw.name,
                           year=hw.launch_year, age=age),
                     ctx.t("risk.supply.old_fix"))
    if hw.kind == "accel" and hw.vendor.lower() in ("groq", "cerebras", "tenstorrent"):
        return _risk("supply", "medium", ctx.t("risk.supply.small_vendor", vendor=hw.vendor),
                     ctx.t("risk.supply.small_vendor_fix"))
    return None


CHECKS: tuple[Callable[[RiskContext], Risk | None], ...] = (
    dynamic_shapes, multi_model, software_maturity, quantization_calibration, memory_bandwidth,
    power_cooling, tail_latency, capacity_headroom, vendor_lock_in, supply,
)
# The checks that read the workload, the device, its engine, the format and whether it is owned, never the option's
# count, estimate, TCO or capacity: without words (ids and levels) they find the same at every count, so a sizer
# runs them once per device × engine (`setup_risks`) instead of at every count it costs. (Worded, `supply` names
# the count.)
SETUP_CHECKS: tuple[Callable[[RiskContext], Risk | None], ...] = (
    dynamic_shapes, software_maturity, quantization_calibration, vendor_lock_in, supply,
)
SetupRisks = dict[Callable[[RiskContext], Risk | None], Risk | None]


def setup_risks(
    workload: Workload,
    hardware: Hardware,
    stack: ServingStack | None,
    *,
    newest_launch_year: int | None = None,
    existing: bool = False,
    default_format: DefaultFormat | None = None,
    assumed_shapes: bool = False,
) -> SetupRisks:
    """What each of `SETUP_CHECKS` finds for this device × engine, without words, for `assess_risks(setup=…)`."""
    ctx = RiskContext(workload, hardware, 1, stack, None, None, None, newest_launch_year, existing=existing,
                      default_format=default_format, words=False, assumed_shapes=assumed_shapes)
    return {check: check(ctx) for check in SETUP_CHECKS}


def assess_risks(
    workload: Workload,
    hardware: Hardware,
    count: int,
    stack: ServingStack | None,
    estimate: Estimate | None,
    tco: TcoResult | None,
    *,
    max_concurrent_users: int | None = None,
    newest_launch_year: int | None = None,
    estimate_covers_all_models: bool = False,
    existing: bool = False,
    default_format: DefaultFormat | None = None,
    words: bool = True,
    assumed_shapes: bool = False,
    setup: SetupRisks | None = None,
) -> list[Risk]:
    """The risks that apply to this option, most severe first.

    `max_concurrent_users` (the option's capacity at the SLO) enables the tail-latency and headroom checks;
    `newest_launch_year` (the catalog's newest device) stands in for "now" in the supply check.
    `estimate_covers_all_models` says the estimate was sized for all `models_served` at once; `existing`
    that the devices are already owned (nothing to source, so no supply risk). `words=False` leaves
    the findings empty (the ids and levels are the same). `assumed_shapes` says `workload.dynamic_shapes` was
    assumed, not stated (`dynamic_shapes`). `setup`: what `setup_risks` found for the same device, engine and
    workload, in place of running those checks again (only without words).
    """
    assert setup is None or not words, "setup risks carry no words"
    ctx = RiskContext(workload, hardware, count, stack, estimate, tco, max_concurrent_users, newest_launch_year,
                      estimate_covers_all_models, existing, default_format, words, assumed_shapes)
    if setup is None:
        found = [risk for check in CHECKS if (risk := check(ctx)) is not None]
    else:
        found = [risk for check in CHECKS if (risk := setup[check] if check in setup else check(ctx)) is not None]
    return sorted(found, key=lambda r: _ORDER[r.severity])


def risk_score(risks: list[Risk]) -> int:
    """A ranking tie-breaker: 3 points per high risk, 1 per medium."""
    return sum(SEVERITY_POINTS[r.severity] for r in risks)


__all__ = [
    "CHECKS", "SETUP_CHECKS", "SEVERITY_POINTS", "RiskContext", "SetupRisks", "assess_risks", "format_supported",
    "overload_factor", "risk_score", "setup_risks", "stand_in_format",
]
