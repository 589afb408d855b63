"""Workload-fact extraction by the SLM, for what the deterministic parser could not read (issue 6).

Contract for callers (the engine): never raises; returns only facts that validate against
`Workload`, are in range, and are grounded in the user's own words. {} when nothing is found or the
model fails.
"""

from __future__ import annotations

from typing import Any

from bot.llm.base import LanguageModel


def extract_workload_facts(
    model: LanguageModel, text: str, known_slots: dict[str, Any], lang: str
) -> dict[str, Any]:
    return {}


__all__ = ["extract_workload_facts"]
