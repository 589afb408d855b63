"""When a hard limit rules out every option for the stated model: how far past it the closest is, and what fits it.

A power cap, a budget, or "only what we own" is a limit the lead stated; when nothing that meets the targets for the
stated model stays within it, an expert says so plainly and answers the question behind it: what can run under that
limit. Here that is the largest catalog model (the stated model's own family first: same tokenizer and behaviour,
the family the lead chose; then any) that some option serves at seed 1's acceptable band (15 tok/s a user, "可接受
15–30") within every limit, at the lighter formats the sizer's defaults choose (the stated format is for the stated
model). The closest option past the limit is kept as a finding only when it is near enough to be worth a conversation
(`LEAST_OVER_USEFUL`).

Pure: no text (the wording layer words `FitsLimit`), no catalog access beyond the models and candidates passed in.
"""

from __future__ import annotations

from collections.abc import Callable

from estimator.advice.shortfall import past_limits_by
from estimator.advice.sizing import Sized, Sizer
from estimator.catalog import Catalog, ModelArch
from estimator.defaults import ACCEPTABLE_TOKENS_PER_S
from estimator.physics.model_shape import catalog_model
from estimator.schemas import FitsLimit
from estimator.workload import Workload

# How far past a hard limit the closest option may be and still be offered as the answer (with the limit to relax).
# Why 1.5×: a stated limit moves by about that much when it is reconsidered rather than replaced — a 15 A circuit to
# 20 A plus the next socket (×1.33–1.5), the next budget approval tier, a bigger battery pack on the same airframe; the
# same 1.5× the product allows as overload headroom (seed 2) and the trial counts as "close". Past it the option is a
# different installation or purchase (538 W of cards for a 10 W drone is 53.8×): showing it as the answer tells the
# lead nothing, so the reply says nothing fits and shows what does fit the limit instead.
LEAST_OVER_USEFUL = 1.5
# Families no longer offered for new deployments (superseded, short contexts): never proposed as what fits.
_RETIRED_FAMILIES = ("llama-2", "gpt-j")


def far_past_limits(workload: Workload, closest: Sized) -> float | None:
    """The closest option's worst ratio to the limits when it is past them by more than `LEAST_OVER_USEFUL` (None
    when it is near enough to offer, or cannot be measured against them)."""
    unmeasured, ratio = past_limits_by(workload, closest)
    if unmeasured or ratio <= LEAST_OVER_USEFUL:
        return None
    return ratio


def _ladder(workload: Workload, catalog: Catalog) -> list[ModelArch]:
    """Catalog models smaller than the stated one, largest first; of equal sizes the later row (the catalog lists a
    family's releases in order: Llama 3.1 8B after Llama 3 8B)."""
    stated = workload.model_params_b or 7.0
    order = {m.id: i for i, m in enumerate(catalog.models)}
    smaller = [m for m in catalog.models if m.total_b < stated and m.family not in _RETIRED_FAMILIES]
    return sorted(smaller, key=lambda m: (m.total_b, order[m.id]), reverse=True)


def _at_model(sizer: Sizer, model: ModelArch) -> Sizer:
    """The sizer for `model` at seed 1's acceptable band, the first-token bound unjudged when it was assumed, at the
    format the defaults choose per device (a lighter one is allowed: the stated format was the stated model's)."""
    update: dict[str, object] = {
        "model_params_b": model.total_b, "model_id": model.id, "active_params_b": model.active_params_b,
        "quantization": None, "tokens_per_s_target": min(sizer.target, ACCEPTABLE_TOKENS_PER_S),
    }
    return sizer.at_band(sizer.workload.model_copy(update=update), format_stated=False)


def what_fits(sizer: Sizer, catalog: Catalog, size: Callable[[Sizer], list[Sized]]) -> FitsLimit | None:
    """The largest catalog model some option serves within every limit at seed 1's acceptable band, on the option
    with the lowest capex; None when not even the smallest does. `size` sizes the recommendation's candidates with a
    sizer (passed in so this module does not import `recommend`). Bisections: within the stated model's family a
    smaller model needs no more memory nor bandwidth, so fitting is monotone there; over the whole ladder it is
    nearly so (a mixture of experts reads fewer bytes a token than its size says), so both are searched and the
    larger found wins, the family's on a tie (the family the lead chose)."""
    ladder = _ladder(sizer.workload, catalog)
    own = catalog_model(sizer.workload, catalog)
    own_family = own.family if own is not None else None
    # Each model is sized once: the whole ladder's bisection meets models the family's already sized.
    sized: dict[str, FitsLimit | None] = {}

    def fits(model: ModelArch) -> FitsLimit | None:
        if model.id not in sized:
            sized[model.id] = _fits(sizer, model, size)
        return sized[model.id]

    found = [fit for part in ([m for m in ladder if m.family == own_family], ladder)
             if (fit := _largest_fitting(part, fits)) is not None]
    return max(found, key=lambda fit: fit.params_b, default=None)


def _largest_fitting(models: list[ModelArch], fits: Callable[[ModelArch], FitsLimit | None]) -> FitsLimit | None:
    low, high, best = 0, len(models) - 1, None  # models largest first: find the first index that fits
    while low <= high:
        middle = (low + high) // 2
        fit = fits(models[middle])
        if fit is not None:
            best, high = fit, middle - 1
        else:
            low = middle + 1
    return best


def _fits(sizer: Sizer, model: ModelArch, size: Callable[[Sizer], list[Sized]]) -> FitsLimit | None:
    banded = _at_model(sizer, model)
    within = [s for s in size(banded) if s.estimate.fits and not s.violations and s.tco is not None]
    if not within:
        return None
    best = min(within, key=lambda s: (s.tco.capex_usd if s.tco else 0.0, s.cost_per_token))
    assert best.tco is not None
    return FitsLimit(
        model_id=model.id, model_name=model.name, params_b=model.total_b,
        weight_format=banded.workload_for(best.candidate).weight_format,
        hardware_id=best.candidate.hardware.id, hardware_name=best.candidate.hardware.name, count=best.count,
        existing=best.candidate.existing, tokens_per_s_per_user=best.estimate.decode_tokens_per_s_per_stream,
        users=banded.peak, target_tokens_per_s=banded.target, power_w=best.tco.power_w, capex_usd=best.tco.capex_usd,
    )


__all__ = ["LEAST_OVER_USEFUL", "far_past_limits", "what_fits"]
