"""Charts of a recommendation, as PNG bytes: per-user speed against concurrency, and 3-year TCO.

Two layers: `throughput_curves` / `tco_bars` turn a recommendation into plotted numbers — every point
comes from the estimator (`estimator.physics.throughput.estimate`) or from the recommendation's TCO, never
from here — and `throughput_chart_png` / `tco_chart_png` draw them. Drawing uses matplotlib's
object API with the Agg canvas (no pyplot global state), so it is safe from worker threads and needs
no display.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from estimator.advice.sizing import reading_pace
from estimator.catalog import Catalog
from estimator.defaults import COMFORTABLE_TOKENS_PER_S
from estimator.errors import SiliconsultError
from estimator.schemas import Estimate, EstimateRequest, Option, Recommendation
from estimator.workload import Workload

# Seed 1: >= 30 tok/s is comfortable, 15-30 acceptable, < 15 frustrating.
DEFAULT_SLO_TOKENS_PER_S = 15.0
MAX_CURVES = 4


@dataclass(frozen=True)
class ThroughputCurve:
    """Per-user decode speed of one option at several concurrency levels."""

    label: str
    points: tuple[tuple[int, float], ...]  # (concurrent users, tokens/s per user)


@dataclass(frozen=True)
class TcoBar:
    """One option's 3-year cost split into the parts a buyer argues about."""

    label: str
    capex_usd: float
    power_usd: float
    ops_usd: float


EstimateFn = Callable[[EstimateRequest, Catalog], Estimate]


def backend_resolver(catalog: Catalog) -> Callable[[Option], str | None]:
    """Map an option's serving stack ("vLLM") to the estimator's backend key ("vllm"), for re-estimating
    its curve with the engine the option was sized on."""

    def backend_of(option: Option) -> str | None:
        wanted = option.serving_stack.casefold()
        for stack in catalog.stacks:
            if wanted in (stack.id.casefold(), stack.name.casefold(), stack.backend_key.casefold()):
                return stack.backend_key
        return None

    return backend_of


def concurrency_grid(peak_users: int, points: int = 10) -> list[int]:
    """Doubling steps from 1 to twice the peak, always including the peak itself."""
    top = max(2 * peak_users, 2)
    grid = {1, peak_users, top}
    value = 2
    while value < top:
        grid.add(value)
        value *= 2
    ordered = sorted(grid)
    if len(ordered) > points:  # thin evenly, keeping both ends and the peak
        step = len(ordered) / (points - 1)
        kept = {ordered[round(i * step)] for i in range(points - 1)} | {ordered[-1], peak_users}
        ordered = sorted(kept)
    return ordered


def chart_workload(recommendation: Recommendation, slots: Mapping[str, object]) -> Workload:
    """The workload to plot: the filled one the recommendation (and so its card) was computed for.

    The stated slots lack the defaults the estimator filled (users from the deployment scale, Q8_0
    for accuracy-critical work, the speed target), so a chart drawn from them showed another workload
    than the card. They remain the fallback for a recommendation stored without its workload.
    """
    return Workload.model_validate(recommendation.workload or dict(slots))


def _options(recommendation: Recommendation) -> list[Option]:
    primary = [recommendation.primary] if recommendation.primary else []
    return [*primary, *recommendation.alternatives][:MAX_CURVES]


def option_short_label(option: Option) -> str:
    return f"{option.count}× {option.hardware_name or option.hardware_id}"


def throughput_curves(
    recommendation: Recommendation,
    workload: Workload | Mapping[str, object],
    catalog: Catalog,
    estimate: EstimateFn,
    *,
    backend_of: Callable[[Option], str | None] = lambda option: None,
    people: bool = False,
) -> list[ThroughputCurve]:
    """Ask the estimator for each option's per-user speed across `concurrency_grid`.

    An option whose estimate fails at some concurrency (e.g. the model no longer fits) simply has
    fewer points: the chart shows where the tool has an answer, nothing more.
    """
    if not isinstance(workload, Workload):  # workload facts as a mapping (stated or filled)
        workload = Workload.model_validate(dict(workload))
    params_b = workload.model_params_b
    if not params_b:
        return []
    peak = int(workload.concurrent_users or 1)
    curves: list[ThroughputCurve] = []
    for option in _options(recommendation):
        points: list[tuple[int, float]] = []
        for users in concurrency_grid(peak):
            request = EstimateRequest(
                hardware=option.hardware_id,
                count=option.count,
                params_b=float(params_b),
                quant=option.weight_format or workload.weight_format,  # each option at the format it was sized at
                backend=backend_of(option),
                concurrency=users,
                prompt_tokens=int(workload.prompt_tokens or 512),
                output_tokens=int(workload.output_tokens or 256),
                context=workload.context_length,
                model=workload.model_id,
                active_params_b=workload.active_params_b,
                # the card's own request terms (`estimator.advice.sizing._request_values`): the pace people read
                # at and the first-token bound the layout is chosen for, so the curve passes through the card
                paced_tokens_per_s=workload.tokens_per_s_target or COMFORTABLE_TOKENS_PER_S,
                ttft_target_ms=workload.ttft_target_ms,
                reading_tokens_per_s=reading_pace(workload) if people else None,
            )
            try:
                result = estimate(request, catalog)
            except SiliconsultError:  # the tool has no answer here: leave the point out, never invent it
                continue
            if result.error is None and result.fits:
                points.append((users, result.decode_tokens_per_s_per_stream))
        if points:
            curves.append(ThroughputCurve(option_short_label(option), tuple(points)))
    return curves


def tco_bars(recommendation: Recommendation, years: int = 3) -> list[TcoBar]:
    """Split each option's TCO (from the recommendation) into capex, power over `years`, and the rest."""
    bars = []
    for option in _options(recommendation):
        power = option.tco.annual_power_usd * years
        ops = max(option.tco.three_year_total_usd - option.capex_usd - power, 0.0)
        bars.append(TcoBar(option_short_label(option), option.capex_usd, power, ops))
    return bars


def _png(figure: Figure) -> bytes:
    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


def throughput_chart_png(curves: Sequence[ThroughputCurve], slo_tokens_per_s: float | None) -> bytes:
    """Per-user tokens/s against concurrent users, one line per option, the SLO as a dashed line."""
    figure = Figure(figsize=(7, 4.2))
    axes = figure.add_subplot()
    for curve in curves:
        users = [p[0] for p in curve.points]
        speed = [p[1] for p in curve.points]
        axes.plot(users, speed, marker="o", label=curve.label)
    slo = slo_tokens_per_s if slo_tokens_per_s is not None else DEFAULT_SLO_TOKENS_PER_S
    axes.axhline(slo, color="crimson", linestyle="--", linewidth=1.2, label=f"SLO {slo:g} tok/s per user")
    axes.set_xscale("log", base=2)
    axes.set_xlabel("Concurrent users")
    axes.set_ylabel("Tokens/s per user")
    axes.set_title("Per-user speed vs concurrency (estimator)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize="small")
    return _png(figure)


def tco_chart_png(bars: Sequence[TcoBar], years: int = 3) -> bytes:
    """Stacked bars of capex, power and operations per option over `years` years."""
    figure = Figure(figsize=(7, 4.2))
    axes = figure.add_subplot()
    labels = [b.label for b in bars]
    capex = [b.capex_usd for b in bars]
    power = [b.power_usd for b in bars]
    ops = [b.ops_usd for b in bars]
    axes.bar(labels, capex, label="Capex")
    axes.bar(labels, power, bottom=capex, label=f"Power ({years} y)")
    axes.bar(labels, ops, bottom=[c + p for c, p in zip(capex, power, strict=True)], label=f"Operations ({years} y)")
    axes.set_ylabel("USD")
    axes.set_title(f"{years}-year total cost of ownership")
    axes.yaxis.set_major_formatter(lambda value, _pos: f"${value:,.0f}")
    axes.tick_params(axis="x", labelsize="small")
    axes.legend(fontsize="small")
    return _png(figure)


__all__ = [
    "DEFAULT_SLO_TOKENS_PER_S",
    "EstimateFn",
    "TcoBar",
    "ThroughputCurve",
    "chart_workload",
    "concurrency_grid",
    "option_short_label",
    "tco_bars",
    "tco_chart_png",
    "throughput_chart_png",
    "throughput_curves",
]
