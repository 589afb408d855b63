"""The conversation's graph state: JSON primitives only, validated with pydantic inside the nodes.

One thread = one state, stored by the checkpointer after every step. Each user message is one graph
invocation whose input is `{"message": text}`; everything else persists between messages. `turn`,
`work`, `candidate` and `reply` are rewritten on every invocation (this turn's reading, tool inputs,
tool output and the answer); the rest is the conversation so far.
"""

from __future__ import annotations

from typing import Any, TypedDict

from pydantic import BaseModel, ConfigDict, Field


class ConversationState(TypedDict, total=False):
    message: str  # this turn's user text (the graph input)
    slots: dict[str, Any]  # facts the user stated, DESIGN.md workload field names (committed by answering nodes)
    lang: str  # "en" | "zh-Hans" | "zh-Hant": the language of the replies
    asked: list[str]  # slots already asked about (never asked twice)
    pending_slot: str | None  # the slot the last question asked about
    recommendation: dict[str, Any] | None  # last Recommendation (JSON)
    rec_slots: dict[str, Any] | None  # the stated facts that recommendation was computed from
    echoed: bool  # "Understood: …" was shown before the first recommendation
    turn: dict[str, Any]  # TurnReading of this message (transient)
    work: dict[str, Any]  # {"workload": {...}, "assumptions": [...], "error": str | None} (transient)
    candidate: dict[str, Any] | None  # the recommendation computed this turn (transient)
    reply: dict[str, Any]  # Reply JSON of this turn (transient)


class HardwareRef(BaseModel):
    """A hardware mention in a message (JSON form of `bot.nlu.HardwareMention`)."""

    model_config = ConfigDict(extra="forbid")

    hardware_ids: list[str] = Field(default_factory=list)
    kind: str | None = None
    count: int | None = None
    alias: str = ""


class ProblemRef(BaseModel):
    model_config = ConfigDict(extra="forbid")

    slot: str
    value: Any = None
    low: float | None = None
    high: float | None = None
    reason: str = "range"


class TurnReading(BaseModel):
    """What the understand node read from this turn's message."""

    model_config = ConfigDict(extra="forbid")

    text: str = ""
    truncated: bool = False
    empty: bool = False  # no letter, digit or CJK character: nothing to read facts or intents from
    blank: bool = False  # only whitespace or invisible characters (emoji-only is empty but not blank)
    facts: dict[str, Any] = Field(default_factory=dict)
    problems: list[ProblemRef] = Field(default_factory=list)
    intents: list[str] = Field(default_factory=list)
    correction: bool = False
    hardware: list[HardwareRef] = Field(default_factory=list)
    gpu_count: int | None = None
    model_name: str | None = None
    unknown_model: str | None = None
    previous_slots: dict[str, Any] = Field(default_factory=dict)
    merged: dict[str, Any] | None = None  # the facts after this turn; None when the turn changes nothing

    @property
    def intent(self) -> str:
        return self.intents[0] if self.intents else "provide"


class Work(BaseModel):
    model_config = ConfigDict(extra="forbid")

    workload: dict[str, Any] | None = None
    assumptions: list[str] = Field(default_factory=list)
    error: str | None = None


def turn_of(state: ConversationState) -> TurnReading:
    return TurnReading.model_validate(state.get("turn") or {})


def facts_of(state: ConversationState) -> dict[str, Any]:
    """The facts as of this turn. They are written to `slots` only by the node that answers, so a turn
    that fails half-way leaves the stored facts as they were."""
    merged = (state.get("turn") or {}).get("merged")
    return dict(merged if merged is not None else state.get("slots") or {})


__all__ = ["ConversationState", "HardwareRef", "ProblemRef", "TurnReading", "Work", "facts_of", "turn_of"]
