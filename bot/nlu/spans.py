"""The primitives every fact reader shares: a `Fact`, the spans already read, number values.

Kept apart from `facts.py` so that readers in their own modules (`batch.py`) build on them without
importing `facts.py`, which imports those readers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.nlu.lexicon import MULTIPLIERS


@dataclass(frozen=True)
class Fact:
    """One reading of a workload fact. `keyed` = a keyword named the slot (e.g. "first token 1 s")."""

    slot: str
    value: Any
    start: int
    end: int
    keyed: bool = False


class _Claims:
    """Spans of the text already read, so that later extractors skip them."""

    def __init__(self) -> None:
        self.spans: list[tuple[int, int]] = []
        # Parts of a model's name (its version digits): read by no number reader, but a reader of whole model
        # names ("kimi k2", "gpt-4o" as the hosted model) reads through them.
        self.name_parts: list[tuple[int, int]] = []
        # The classes of work whose stated context is the longest request, not every request's prompt (a chat's
        # window: the request shapes' `stated_context`, handed in by the parser from the catalog).
        self.window_classes: frozenset[str] = frozenset()

    def free(self, start: int, end: int, *, a_name: bool = False) -> bool:
        spans = self.spans if a_name else [*self.spans, *self.name_parts]
        return all(end <= s or start >= e for s, e in spans)

    def claim(self, start: int, end: int) -> None:
        self.spans.append((start, end))


# Larger than every workload range, yet finite and within a 64-bit integer: a reading of "9" × 400
# would otherwise be infinity (int() raises) or an int the checkpoint serializer cannot store.
NUMBER_CAP = 1e18


def number_value(match: re.Match[str]) -> float:
    """The value of a `NUM` group: sign × number × multiplier ("5万" → 50000, "-$5k" → -5000).

    Capped at ±`NUMBER_CAP`: a huge number stays out of range (and is reported so), never inf.
    """
    value = min(float(match.group("num")) * MULTIPLIERS[match.group("mult") or None], NUMBER_CAP)
    return -value if match.group("neg") else value


def _int(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def inked(match: re.Match[str]) -> tuple[int, int]:
    """A match's span without the blanks at its ends: a space belongs to no reading, so "70b " claiming its
    trailing space never hides the count right after it ("llama 70b 20 users")."""
    text = match.group(0)
    return match.start() + len(text) - len(text.lstrip()), match.end() - len(text) + len(text.rstrip())


def _matches(
    patterns: re.Pattern[str] | tuple[re.Pattern[str], ...], text: str, claims: _Claims
) -> Iterator[re.Match[str]]:
    for pattern in patterns if isinstance(patterns, tuple) else (patterns,):
        for match in pattern.finditer(text):
            if claims.free(*inked(match)):
                claims.claim(*inked(match))
                yield match


__all__ = ["NUMBER_CAP", "Fact", "_Claims", "_int", "_matches", "inked", "number_value"]
