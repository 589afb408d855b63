"""What `Engine.handle` returns: text plus the structured data renderers need (transport-agnostic)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from estimator.schemas import Recommendation

Language = Literal["en", "zh-Hant", "zh-Hans"]


class Reply(BaseModel):
    """One assistant turn.

    `text` is the plain reply (also the Slack fallback text); `slots` the workload facts known so far
    (DESIGN.md field names); `recommendation` the current recommendation or None while interviewing;
    `done` is True once a recommendation has been given. `changes` lists what changed against the
    previous recommendation (follow-ups).
    """

    text: str
    slots: dict[str, Any] = Field(default_factory=dict)
    recommendation: Recommendation | None = None
    done: bool = False
    lang: Language = "en"
    changes: list[str] = Field(default_factory=list)
    asked_slot: str | None = None
    intent: str | None = None
    suggestions: list[str] = Field(default_factory=list)

    def contract_json(self) -> dict[str, Any]:
        """The `siliconsult chat --json` object: {"text", "slots", "recommendation", "done"} (+ extras)."""
        return {
            "text": self.text,
            "slots": self.slots,
            "recommendation": self.recommendation.model_dump(mode="json") if self.recommendation else None,
            "done": self.done,
            "lang": self.lang,
            "changes": self.changes,
        }


__all__ = ["Language", "Reply"]
