"""Conversational wording by the SLM behind a grounding guard (issue 6).

Contract for callers (the engine): never raises. Returns model text only when every number and
hardware name in it appears in `grounding` (tool results / the template) and the language matches
`lang`; otherwise returns `template_text` unchanged.
"""

from __future__ import annotations

from bot.llm.base import LanguageModel


def phrase_reply(model: LanguageModel, template_text: str, grounding: str, lang: str, purpose: str) -> str:
    """purpose: "question" (the next interview question) or "summary" (the recommendation summary)."""
    return template_text


__all__ = ["phrase_reply"]
