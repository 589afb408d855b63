"""What a turn decided, before any wording: the typed outcome a deciding node leaves in the state.

The deciding nodes (`bot/nodes.py`, `bot/followups.py`) pick the question, run the estimator, size
the compared options; they write no sentence. The one wording step (`bot/wording/outcomes.py`, the graph's last
node) turns the outcome into the reply's text, changes and suggestions, in the thread's language.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from estimator.advice.k8s_manifest import K8sGap, K8sServing
from estimator.advice.options import WeighedOption
from estimator.schemas import CloudComparison, Option, Recommendation
from estimator.workload import Workload


class HardwareRef(BaseModel):
    """A hardware mention (JSON form of `bot.nlu.HardwareMention`): read in a turn, compared in an outcome."""

    model_config = ConfigDict(extra="forbid")

    hardware_ids: list[str] = Field(default_factory=list)
    kind: str | None = None
    count: int | None = None
    alias: str = ""
    vendor: str | None = None  # a kind word that names its maker ("mac studio": Apple's SoCs only)


class _Outcome(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Question(_Outcome):
    """The interview goes on: ask about `slot` (None: nothing left to ask, the introduction again)."""

    kind: Literal["question"] = "question"
    slot: str | None = None
    model_name: str | None = None  # the unknown model whose size is asked for, named in the question


class Clarification(_Outcome):
    """A value out of range, a conflict, an empty message or nothing understood (details in the reading)."""

    kind: Literal["clarification"] = "clarification"


class Reset(_Outcome):
    kind: Literal["reset"] = "reset"


class NoRecommendation(_Outcome):
    """The estimator found nothing, or refused the workload with a reason written for users."""

    kind: Literal["no_recommendation"] = "no_recommendation"
    error: str | None = None


class ComparedOption(_Outcome):
    """One named device (or kind) for this workload: its best option, or why there is none."""

    target: HardwareRef
    option: Option | None = None
    reason: str = ""  # the estimator's explanation when no option uses the target
    costing_only: bool = False  # every reason is a missing price or power figure: not unfit, just not costable
    sized: int | None = None  # the count the estimator sized, when the user named another one
    # The named count is no whole baseboard ("two H100 SXM": sold on 8-GPU boards): the board size and the
    # capex of the sized purchase, so the answer says what buying it means instead of pricing two.
    board: int | None = None
    sized_capex_usd: float | None = None
    # The named count is no whole unit and nothing sized meets everything to point at ("two Gaudi 3" under a 1 kW
    # limit, sold as 8-accelerator kits): the smallest purchase holding the named count, its capex and peak draw.
    unit: int | None = None
    unit_count: int | None = None
    unit_capex_usd: float | None = None
    unit_power_w: float | None = None
    cloud: CloudComparison | None = None  # "rent H100s instead?": buying, renting or an API for this device


class Comparison(_Outcome):
    """"Compare with two L40S", "why not an NPU?", "what if 8 GPUs?" against the current recommendation."""

    kind: Literal["comparison"] = "comparison"
    why_not: bool = False
    rent: bool = False  # "should we rent H100s instead?": the named devices' rental, against buying the recommendation
    targets: list[HardwareRef] = Field(default_factory=list)  # empty: nothing the catalog knows was named
    primary_named: bool = False  # "why not X" where X is the recommendation itself
    entries: list[ComparedOption] = Field(default_factory=list)
    users: int | None = None


class Recommended(_Outcome):
    """A (new) recommendation, now in the state, with what it replaced for the "what changed" lines."""

    kind: Literal["recommendation"] = "recommendation"
    previous: Recommendation | None = None
    previous_slots: Workload | None = None
    echo: bool = False  # say the understood facts (first recommendation of the thread)
    comparison: Comparison | None = None  # new facts and named hardware in one message
    weighed: list[WeighedOption] = []  # "FP8 or INT4?": the values sized side by side, the chosen one marked


class Explanation(_Outcome):
    """A question about the current recommendation: cost, risks, assumptions, why, cloud, report, thanks."""

    kind: Literal["explanation"] = "explanation"
    intent: str
    # "k8s_manifest": the Deployment + Service the manifest is made of, or why there is none (estimator/advice/k8s_manifest.py)
    k8s: K8sServing | K8sGap | None = None


Outcome = Question | Clarification | Reset | NoRecommendation | Comparison | Recommended | Explanation
OUTCOME_MODELS: tuple[type[BaseModel], ...] = (Question, Clarification, Reset, NoRecommendation, Comparison,
                                               Recommended, Explanation)

__all__ = ["OUTCOME_MODELS", "Clarification", "ComparedOption", "Comparison", "Explanation", "HardwareRef", "NoRecommendation",
           "Outcome", "Question", "Recommended", "Reset"]
