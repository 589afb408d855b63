"""The conversation's graph state: typed models, stored by the checkpointer as each turn ends.

One thread = one state. Each user message is one graph invocation whose input is `{"message": text}`;
everything else persists between messages. `turn`, `computed`, `outcome` and `reply` are rewritten
on every invocation (this turn's reading, the compute step's result, what the turn decided and its
wording); the rest is the conversation so far.

The facts the user stated are a `Workload` whose *set* fields are the stated ones (`stated()` gives
them as the `slots` dict of the contract); unset fields keep the model's defaults and are filled by
the estimator (`Recommendation.workload`). The checkpoint serializer (`bot/checkpoint_serde.py`)
stores and loads exactly the model classes named in `STATE_MODELS`; a checkpoint written before the
state was typed (JSON dicts) is upgraded by `upgrade()` when a turn or a reader loads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from pydantic import BaseModel, ConfigDict, Field

from bot.nlu.model_choice import MODEL_FACTS, MODEL_OPTION
from bot.nlu.validate import SlotValues
from bot.outcomes import OUTCOME_MODELS, HardwareRef, Outcome
from bot.wording import worded
from estimator.advice.options import WeighedOption
from estimator.catalog import FxRate
from estimator.schemas import Recommendation
from estimator.workload import Workload


class ProblemRef(BaseModel):
    model_config = ConfigDict(extra="forbid")

    slot: str
    value: Any = None
    low: float | None = None
    high: float | None = None
    reason: str = "range"
    unit: str | None = None


class TurnReading(BaseModel):
    """What the understand node read from this turn's message."""

    model_config = ConfigDict(extra="forbid")

    text: str = ""
    truncated: bool = False
    empty: bool = False  # no letter, digit or CJK character: nothing to read facts or intents from
    blank: bool = False  # only whitespace or invisible characters (emoji-only is empty but not blank)
    # The message's facts as read: not yet a Workload, since a reading may hold a value the contract
    # rejects (the clarify node says which); `merged` is the valid result.
    facts: SlotValues = Field(default_factory=dict)
    problems: list[ProblemRef] = Field(default_factory=list)
    intents: list[str] = Field(default_factory=list)
    correction: bool = False
    hardware: list[HardwareRef] = Field(default_factory=list)
    gpu_count: int | None = None
    more_devices: int | None = None  # "buy two more": devices added to the owned or recommended ones
    model_name: str | None = None
    unknown_model: str | None = None  # a model name the catalog does not know
    previous_slots: Workload = Field(default_factory=Workload)
    merged: Workload | None = None  # the facts after this turn; None when the turn changes nothing
    # Facts the named catalog model settles that the user did not state (gpt-oss ships in MXFP4): the
    # interview does not ask for them, and they stay out of `slots` (`estimator.physics.model_shape.implied_facts`).
    implied: SlotValues = Field(default_factory=dict)

    @property
    def intent(self) -> str:
        return self.intents[0] if self.intents else "provide"


class Computed(BaseModel):
    """The compute step's result this turn: the recommendation, or the user-facing reason there is none."""

    model_config = ConfigDict(extra="forbid")

    recommendation: Recommendation | None = None
    error: str | None = None
    weighed: list[WeighedOption] = []  # "FP8 or INT4?": each value sized side by side, the chosen one marked


class TurnReply(BaseModel):
    """The answer of this turn without the facts and recommendation: the engine adds those from the
    state, so the checkpoint holds the (large) recommendation once."""

    model_config = ConfigDict(extra="forbid")

    text: str
    lang: str = "en"
    intent: str | None = None
    changes: list[str] = Field(default_factory=list)
    asked_slot: str | None = None
    suggestions: list[str] = Field(default_factory=list)
    device_names: dict[str, str] = Field(default_factory=dict)  # catalog names of the devices the facts name
    fx_rates: list[FxRate] = Field(default_factory=list)  # the dated rates of the currencies the facts convert


class ConversationState(TypedDict, total=False):
    message: str  # this turn's user text (the graph input)
    # The delivery this state last answered (Slack's event id, a click's key; None from the terminal): a
    # delivery replayed after a crash finds its answer here instead of applying its message twice.
    turn_key: str | None
    slots: Workload  # facts the user stated (its set fields), committed by answering nodes
    lang: str  # "en" | "zh-Hans" | "zh-Hant": the language of the replies
    asked: list[str]  # slots already asked about (never asked twice)
    pending_slot: str | None  # the slot the last question asked about
    recommendation: Recommendation | None  # the current recommendation
    rec_slots: Workload | None  # the stated facts that recommendation was computed from
    rec_lang: str | None  # the thread's language when it was computed (its findings are worded per reply)
    echoed: bool  # "Understood: …" was shown before the first recommendation
    # Renting or buying was asked before the facts to size it were known ("should we rent GPUs or buy?"):
    # the first recommendation leads with its buy / rent / API comparison, as when asked with the facts.
    rent_asked: bool
    # A model the catalog does not know, named without its size: the interview asks for that size by name
    # before anything is sized (a default size would size another model).
    unsized_model: str | None
    # slot → values a question asked to weigh ("FP8 or INT4?"), until the recommendation answers it
    weighing: dict[str, list[Any]] | None
    turn: TurnReading  # this message's reading (transient)
    computed: Computed | None  # the compute step's result (transient)
    outcome: Outcome | None  # what this turn decided, before wording (transient; `bot/outcomes.py`)
    reply: TurnReply | None  # this turn's answer, worded once from the outcome (transient; `bot/wording/outcomes.py`)


# The classes a checkpoint may hold (nested models are stored inside these as plain data).
STATE_MODELS: tuple[type[BaseModel], ...] = (Workload, Recommendation, TurnReading, Computed, TurnReply,
                                             *OUTCOME_MODELS)

# Keys of a state written before it was typed; they carry nothing a later turn needs.
_OBSOLETE_KEYS = ("work", "candidate")


class StateJSON(TypedDict, total=False):
    """`Engine.state`: the persistent keys of `ConversationState` as JSON-shaped values."""

    message: str
    slots: SlotValues  # the stated facts (DESIGN.md workload field names)
    lang: str
    asked: list[str]
    pending_slot: str | None
    recommendation: dict[str, object] | None  # the recommendation's DESIGN.md JSON
    rec_slots: SlotValues | None
    rec_lang: str | None
    echoed: bool
    rent_asked: bool
    unsized_model: str | None
    weighing: dict[str, list[Any]] | None


def stated(facts: Workload | None) -> SlotValues:
    """The stated facts as the contract's `slots` dict (DESIGN.md workload field names)."""
    return facts.model_dump(exclude_unset=True) if facts is not None else {}


def interview_facts(state: ConversationState) -> SlotValues:
    """What the interview counts as known: the stated facts, what the named catalog model implies, and a
    fact asked as a choice ("FP8 or INT4?", "32B or 70B?": each value is sized, so it is not asked about)."""
    weighing: SlotValues = {}
    for slot, values in (state.get("weighing") or {}).items():
        if values and slot == MODEL_OPTION:
            weighing.update({k: v for k, v in values[0].items() if k in MODEL_FACTS})
        elif values:
            weighing[slot] = values[0]
    return {**turn_of(state).implied, **weighing, **stated(facts_of(state))}


def facts_from(slots: Mapping[str, object]) -> Workload:
    """Stated facts as a `Workload` whose set fields are exactly the given ones."""
    return Workload.model_validate(dict(slots))


def _model(cls: type[BaseModel], value: object) -> object:
    if value is None or isinstance(value, cls):
        return value
    return cls.model_validate(value)


def upgrade(values: Mapping[str, object]) -> ConversationState:
    """The state with its persistent keys as models: a checkpoint from before the typed state (JSON
    dicts), or a value the serializer could not revive, is validated here once, on load."""
    state: dict[str, object] = {k: v for k, v in values.items() if k not in _OBSOLETE_KEYS}
    if "slots" in state:
        state["slots"] = _model(Workload, state["slots"] or {})
    for key, cls in (("recommendation", Recommendation), ("rec_slots", Workload), ("turn", TurnReading),
                     ("computed", Computed)):
        if key in state:
            state[key] = _model(cls, state[key])
    if isinstance(state.get("outcome"), dict):  # transient, and only a later version writes it: drop it
        state["outcome"] = None
    if "reply" in state:  # an old checkpoint's reply was `{}` between turns
        state["reply"] = _model(TurnReply, state["reply"]) if state["reply"] else None
    return state  # type: ignore[return-value]


def state_json(state: ConversationState) -> StateJSON:
    """The state as JSON-shaped values (what `Engine.state` shows): `slots` the stated facts, the
    recommendation its DESIGN.md JSON, the transient keys left out."""
    out: StateJSON = {}
    if "message" in state:
        out["message"] = state["message"]
    if "slots" in state:
        out["slots"] = stated(state["slots"])
    if "lang" in state:
        out["lang"] = state["lang"]
    if "asked" in state:
        out["asked"] = state["asked"]
    if "pending_slot" in state:
        out["pending_slot"] = state["pending_slot"]
    if "recommendation" in state:
        rec = state["recommendation"]
        # The DESIGN.md JSON: its findings worded in the thread's language.
        out["recommendation"] = worded(rec, state.get("lang") or "en").model_dump(mode="json") if rec is not None else None
    if "rec_slots" in state:
        out["rec_slots"] = stated(state["rec_slots"]) if state["rec_slots"] is not None else None
    if "echoed" in state:
        out["echoed"] = state["echoed"]
    if "rec_lang" in state:
        out["rec_lang"] = state["rec_lang"]
    if "rent_asked" in state:
        out["rent_asked"] = state["rent_asked"]
    if state.get("unsized_model"):
        out["unsized_model"] = state["unsized_model"]
    if state.get("weighing"):
        out["weighing"] = state["weighing"]
    return out


def turn_of(state: ConversationState) -> TurnReading:
    return state.get("turn") or TurnReading()


def rent_asked(state: ConversationState) -> bool:
    """Renting or buying was asked in this message or before the facts to size it were known."""
    return "explain_cloud" in turn_of(state).intents or bool(state.get("rent_asked"))


def unsized_model(state: ConversationState) -> str | None:
    """The unknown model named without a size, while no size is known for it."""
    name = state.get("unsized_model")
    return name if name and "model_params_b" not in turn_of(state).facts else None


def facts_of(state: ConversationState) -> Workload:
    """The facts as of this turn. They are written to `slots` only by the node that answers, so a turn
    that fails half-way leaves the stored facts as they were."""
    turn = state.get("turn")
    if turn is not None and turn.merged is not None:
        return turn.merged
    return state.get("slots") or Workload()


__all__ = ["MODEL_FACTS", "MODEL_OPTION", "STATE_MODELS", "Computed", "ConversationState", "HardwareRef", "ProblemRef", "StateJSON", "TurnReading", "TurnReply",
           "facts_from", "facts_of", "interview_facts", "stated", "state_json", "turn_of", "upgrade"]
