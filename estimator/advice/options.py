"""Questions inside the question: a workload asked with several values of one fact ("FP8 or INT4?") is
sized once per value, side by side, and one of them is recommended.

Pure: the caller runs the recommendation for each value (the same tools, the same catalog) and hands
them here; this module only summarizes each option and picks one by a stated rule. It returns typed
findings (`WeighedOption`, the chosen index); `bot/` words them.

The rule (seed 1, seed 2): an option that meets every target beats one that does not, and one whose p95 first
token is also within the bound that was assumed (not stated: a purchase is sized for the load past it, and the
reply's headline says it is missed) beats one that is not; among those that do, an accuracy-critical workload takes the most precise format (seed 1: "Q8_0 for … tasks where every
bit of accuracy matters"), any other the lowest 3-year cost per served token (seed 1's cost basis),
more bits breaking a tie. When none meets the targets, the one with the most speed per user is kept.

Models weighed ("32B or 70B?") are not chosen on cost: which model is good enough is the user's call, not
the hardware's. A migration's target is recommended ("from a 14B to a 32B"); otherwise the larger model,
whose hardware serves either (`preferred_model`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

from pydantic import BaseModel, ConfigDict

from estimator.physics.memory import bits_per_weight
from estimator.schemas import Recommendation

ChoiceReason: TypeAlias = Literal["cost", "precision", "speed", "target", "largest"]


class WeighedOption(BaseModel):
    """One value of the fact asked about, with the primary option its recommendation found."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    slot: str
    value: str
    hardware_id: str | None = None
    hardware_name: str | None = None
    count: int = 0
    capex_usd: float | None = None
    decode_tokens_per_s_per_user: float | None = None
    ttft_ms: float | None = None
    memory_required_gb: float | None = None
    cost_per_million_tokens_usd: float | None = None
    meets_slo: bool = False
    # its p95 first token within the first-token bound the workload carries, stated or assumed (an assumed one is
    # not judged when sizing, so an option can meet its targets and still miss it: the headline says so)
    first_token_within: bool = True
    chosen: bool = False
    # why the chosen one was chosen: the cheapest per token that meets the targets, the most precise that
    # does (accuracy-critical), the fastest when none does; of models, the migration's target or the larger
    reason: ChoiceReason | None = None


def weighed_option(slot: str, value: str, rec: Recommendation) -> WeighedOption:
    """The summary of one value's recommendation (an empty one when nothing was found for it)."""
    primary = rec.primary
    if primary is None:
        return WeighedOption(slot=slot, value=value)
    return WeighedOption(
        slot=slot, value=value, hardware_id=primary.hardware_id, hardware_name=primary.hardware_name,
        count=primary.count, capex_usd=primary.capex_usd,
        decode_tokens_per_s_per_user=primary.estimate.decode_tokens_per_s_per_user, ttft_ms=primary.estimate.ttft_ms,
        memory_required_gb=primary.estimate.memory_required_gb,
        cost_per_million_tokens_usd=primary.tco.cost_per_million_tokens_usd, meets_slo=primary.meets_slo,
        first_token_within=first_token_within(rec),
    )


def first_token_within(rec: Recommendation) -> bool:
    """Whether the primary's p95 first token (its mean when no p95 is known) is within the workload's bound, stated or
    assumed (an assumed bound is not judged when sizing: the reply's headline and the values weighed say it is missed)."""
    assert rec.primary is not None
    bound = (rec.workload or {}).get("ttft_target_ms")
    ttft = rec.primary.estimate.ttft_p95_ms or rec.primary.estimate.ttft_ms
    return not isinstance(bound, int | float) or ttft is None or ttft <= bound


def _bits(option: WeighedOption) -> float:
    try:
        return bits_per_weight(option.value) if option.slot == "quantization" else 0.0
    except Exception:  # a value that is not a weight format ranks last on precision  # noqa: BLE001
        return 0.0


def chosen_index(options: Sequence[WeighedOption], *, accuracy_critical: bool = False) -> int:
    """Which option to recommend (the rule in the module docstring).

    >>> a = WeighedOption(slot="quantization", value="FP8", hardware_id="h", meets_slo=True, cost_per_million_tokens_usd=0.30)
    >>> b = WeighedOption(slot="quantization", value="INT4", hardware_id="h", meets_slo=True, cost_per_million_tokens_usd=0.20)
    >>> chosen_index([a, b]), chosen_index([a, b], accuracy_critical=True)
    (1, 0)

    INT4 cheaper, but its first token past the bound assumed: FP8, which is within it.
    >>> chosen_index([a, b.model_copy(update={"first_token_within": False})])
    0
    """
    found = [i for i, o in enumerate(options) if o.hardware_id is not None]
    if not found:
        return 0
    meeting = [i for i in found if options[i].meets_slo]
    meeting = [i for i in meeting if options[i].first_token_within] or meeting
    if not meeting:
        return max(found, key=lambda i: options[i].decode_tokens_per_s_per_user or 0.0)
    if accuracy_critical:
        return max(meeting, key=lambda i: (_bits(options[i]), -(options[i].cost_per_million_tokens_usd or 0.0)))
    return min(meeting, key=lambda i: (options[i].cost_per_million_tokens_usd or float("inf"), -_bits(options[i])))


def preferred_model(sizes_b: Sequence[float], target: int | None = None) -> tuple[int, ChoiceReason]:
    """Which of the models weighed the reply is for: a migration's target, else the larger (its hardware serves
    either; the first of equals).

    >>> preferred_model([32, 70]), preferred_model([70, 32]), preferred_model([14, 32], target=1)
    ((1, 'largest'), (0, 'largest'), (1, 'target'))
    """
    if target is not None:
        return target, "target"
    return max(range(len(sizes_b)), key=lambda i: (sizes_b[i], -i)), "largest"


def weigh(slot: str, runs: Sequence[tuple[str, Recommendation]], *, accuracy_critical: bool = False,
          preferred: tuple[int, ChoiceReason] | None = None) -> tuple[list[WeighedOption], int]:
    """Each value's summary, the chosen one marked, and its index in `runs` (`preferred` when given:
    models are not chosen on cost unless the lead said either will do, `preferred_model`)."""
    options = [weighed_option(slot, value, rec) for value, rec in runs]
    if preferred is not None:
        index, reason = preferred
    else:
        index = chosen_index(options, accuracy_critical=accuracy_critical)
        reason = "speed" if not options[index].meets_slo else "precision" if accuracy_critical else "cost"
    options[index] = options[index].model_copy(update={"chosen": True, "reason": reason})
    return options, index


__all__ = ["ChoiceReason", "WeighedOption", "chosen_index", "first_token_within", "preferred_model", "weigh", "weighed_option"]
