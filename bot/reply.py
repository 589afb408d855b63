"""What `Engine.handle` returns: text plus the structured data renderers need (transport-agnostic)."""

from __future__ import annotations

from typing import TypedDict

from pydantic import BaseModel, Field

from bot.wording.sentences import Language
from estimator.catalog import FxRate
from estimator.schemas import Recommendation

# Workload facts as stated or read: DESIGN.md workload field name → value. A reading may hold a value
# the Workload contract rejects until `bot.nlu.validate.check_fact` has checked it; the values differ
# by slot (numbers, names, lists of device readings), so a reader narrows them (`isinstance`).
SlotValues = dict[str, object]


class ChatJSON(TypedDict):
    """One `siliconsult chat --json` line (DESIGN.md): the contract's four keys, then `lang` and `changes`."""

    text: str
    slots: SlotValues
    recommendation: dict[str, object] | None  # `Recommendation.model_dump(mode="json")`
    done: bool
    lang: Language
    changes: list[str]


class Reply(BaseModel):
    """One assistant turn.

    `text` is the plain reply (also the Slack fallback text); `slots` the workload facts known so far
    (DESIGN.md field names); `recommendation` the current recommendation or None while interviewing;
    `done` is True once a recommendation has been given. `changes` lists what changed against the
    previous recommendation (follow-ups).
    """

    text: str
    slots: SlotValues = Field(default_factory=dict)
    recommendation: Recommendation | None = None
    done: bool = False
    lang: Language = "en"
    changes: list[str] = Field(default_factory=list)
    asked_slot: str | None = None
    intent: str | None = None
    suggestions: list[str] = Field(default_factory=list)
    # Catalog names of the devices `slots` mentions by id, for transports that word the facts themselves
    # (Slack's "Understood:" line): "6× NVIDIA L40S", not "6× nvidia-l40s".
    device_names: dict[str, str] = Field(default_factory=dict)
    # The dated exchange rates of the currencies `slots` converts, for the same transports ("budget 500,000 CNY ≈
    # $71,574 (6.9858 CNY/USD, 2026-01-27)").
    fx_rates: list[FxRate] = Field(default_factory=list)

    def contract_json(self) -> ChatJSON:
        """The `siliconsult chat --json` object: {"text", "slots", "recommendation", "done"} (+ extras)."""
        return {
            "text": self.text,
            "slots": self.slots,
            "recommendation": self.recommendation.model_dump(mode="json") if self.recommendation else None,
            "done": self.done,
            "lang": self.lang,
            "changes": self.changes,
        }


__all__ = ["ChatJSON", "Language", "Reply", "SlotValues"]
