"""Typed findings of seed 2's accelerator-first rule (`estimator.advice.accelerator_first`), kept apart so the
recommendation schema can carry them without importing the sizer. No text: `bot/wording/accelerators.py`
words them in the user's language."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from estimator.catalog import PriceEvidence


class _Finding(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Seed2Conditions(_Finding):
    """Seed 2's three conditions (2.2) read from the workload, each kept so a reply can say which failed."""

    stable_model: bool
    small_batches: bool
    high_concurrency: bool
    power_or_space_limit: bool

    @property
    def hold(self) -> bool:
        return self.stable_model and self.small_batches and self.high_concurrency and self.power_or_space_limit


class AcceleratorEvaluation(_Finding):
    """One accelerator sized to meet the targets (or the closest it gets), against the user's limits."""

    hardware_id: str
    hardware_name: str
    serving_stack: str
    count: int | None  # None: no count meets the per-user targets
    meets_targets: bool
    power_w: float | None
    power_limit_w: int | None
    within_power: bool
    unit_price_usd: float | None  # None: quote only, no public price
    price_range_usd: tuple[float, float] | None
    price_range_evidence: PriceEvidence | None = None  # what the range rests on
    capex_usd: float | None
    within_budget: bool
    dynamic_shapes: str  # the stack's behaviour: native, buckets, static, config_limits, unverified
    stack_maturity: str
    needs_port: bool
    calibrated: bool = False  # measured serving rows fit its stack on accelerators (else judged at the low end)
    # Its 3-year TCO at `count` (card price, hosts, energy, operations, the one-time migration), the card costed
    # at its listed price or the middle of its quote range; with a range, the TCO at the range's two ends too.
    tco_usd: float | None = None
    tco_range_usd: tuple[float, float] | None = None
    # A quote-only part (no price, no range): its 3-year TCO with the card at $0 (hosts, energy, operations, the
    # migration) and what each dollar of card price adds to it (the TCO is linear in the card price), so a quote
    # can be judged before it is asked for (`accelerator_first.quote_ceiling`).
    tco_at_zero_usd: float | None = None
    tco_per_card_dollar: float | None = None

    @property
    def fits(self) -> bool:
        return self.meets_targets and self.within_power and self.within_budget


ModelReason = Literal["unstated", "changes", "training"]


class HeldBackAccelerator(_Finding):
    """An accelerator that would have led on risk-weighted cost per served token but is an alternative, because
    seed 2's table does not name one here (`estimator.advice.accelerator_rank`): which, and which conditions fail."""

    hardware_id: str
    conditions: Seed2Conditions
    saving: float  # its risk-weighted cost per served token is this share below the primary's
    model: ModelReason = "unstated"  # why 条件一 fails, when it does: not said, said to change, or also trained


class MigrationCost(_Finding):
    """Seed 2's one-time porting cost, as the TCO carries it and as the seed states its range."""

    usd: float
    cny_low: float
    cny_high: float
    usd_low: float
    usd_high: float
    recurs_on_model_change: bool


class AcceleratorVerdict(_Finding):
    """What evaluating accelerators first found (`recommend` attaches it when seed 2's conditions hold)."""

    conditions: Seed2Conditions
    evaluated: list[AcceleratorEvaluation]
    best: AcceleratorEvaluation | None  # the one that fits, priced first; else the closest
    outcome: Literal["primary", "fits_quote_only", "costlier", "closest", "none_meets"]
    gpu_beside: str | None  # hardware id of the GPU option shown beside it
    gpu_tco_usd: float | None = None  # the 3-year TCO of the GPU the ranking would buy, which the accelerator must not exceed
    # The card price at which the accelerator's 3-year TCO meets the GPU's, when that lies inside its quote range:
    # the ranking turns on the quote (`accelerator_first.break_even_unit_price`).
    break_even_unit_usd: float | None = None
    # A quote-only best (`fits_quote_only`) against the GPU answer: the card price under which its 3-year TCO would
    # be lower (`quote_ceiling_unit_usd`), or that even a free card would not be (`quote_cannot_win`).
    quote_ceiling_unit_usd: float | None = None
    quote_cannot_win: bool = False
    migration: MigrationCost | None


__all__ = ["AcceleratorEvaluation", "AcceleratorVerdict", "HeldBackAccelerator", "MigrationCost", "ModelReason", "Seed2Conditions"]
