"""The request a workload class implies when the lead does not state its lengths: a coding agent re-sends tens of
thousands of tokens of session every turn, RAG carries a few retrieved chunks, classification answers a label, a
summary's prompt is the document, a meeting's or call's summary reads its transcript, a reasoning model's thinking is
output. A generic chat request (512 in, 256 out)
misstates each of them several times over.

The shapes are data, ONE sourced file: `knowledge/data/request_shapes.csv` (class, typical prompt, answer, new
tokens a turn a prefix cache cannot serve, whether a context said for the class is the typical prompt or the
maximum, source_url, notes). Refreshing a figure is editing that file. Pure apart from reading that static,
versioned table once (no network, no clock), as `estimator.costing.fx` reads its rates.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal, get_args

SHAPES_FILE = Path(__file__).resolve().parents[2] / "knowledge" / "data" / "request_shapes.csv"

# The classes of work whose requests differ from a chat turn (the lexicon reads them from the message's words:
# `bot.nlu.lexicon.REQUEST_CLASS_WORDS`). `reasoning` is read apart (`Workload.reasoning_model`): a reasoning model
# can do any of the others, and only its answer changes.
RequestClass = Literal["coding_agent", "code_completion", "rag", "classification", "summarization", "meeting_transcript",
                       "call_transcript", "chat"]
REQUEST_CLASSES: tuple[RequestClass, ...] = get_args(RequestClass)
StatedContext = Literal["typical", "maximum"]

# A transcript's length from the duration said of its meeting or call ("mostly 30-60 min", "每场 1 小时左右"): speech
# runs ~150 words a minute (the National Center for Voice and Speech's average for US English conversation, as cited by
# speaking-rate guides, e.g. tfcs.baruch.cuny.edu/speaking-rate) and an English token is ~0.75 words (OpenAI, "What
# are tokens"), so ~200 tokens a minute of talk.
SPOKEN_WORDS_PER_MINUTE = 150.0
WORDS_PER_TOKEN = 0.75
TOKENS_PER_SPOKEN_MINUTE = SPOKEN_WORDS_PER_MINUTE / WORDS_PER_TOKEN
SPOKEN_RATE_SOURCE_URL = "https://tfcs.baruch.cuny.edu/speaking-rate/"


@dataclass(frozen=True)
class RequestShape:
    """One class's typical request, with where the figures come from. None: the class sets no such figure."""

    request_class: str
    prompt_tokens: int | None
    output_tokens: int | None
    new_tokens_per_turn: int | None
    stated_context: StatedContext | None
    source_url: str


def _int_or_none(text: str) -> int | None:
    return int(text) if text.strip() else None


@cache
def _shapes() -> dict[str, RequestShape]:
    with SHAPES_FILE.open(encoding="utf-8", newline="") as handle:
        return {row["request_class"]: RequestShape(
            row["request_class"], _int_or_none(row["prompt_tokens"]), _int_or_none(row["output_tokens"]),
            _int_or_none(row["new_tokens_per_turn"]),
            row["stated_context"] if row["stated_context"] in ("typical", "maximum") else None,  # type: ignore[arg-type]
            row["source_url"]) for row in csv.DictReader(handle)}


def shape(request_class: str | None) -> RequestShape | None:
    """The sourced shape of a class ("coding_agent", "rag", …, or "reasoning"), None for none or an unknown one.

    >>> s = shape("coding_agent"); (s.prompt_tokens, s.output_tokens, s.stated_context)
    (32000, 400, 'typical')
    >>> shape("reasoning").output_tokens, shape("chat").stated_context, shape(None)
    (4000, 'maximum', None)
    """
    return _shapes().get(request_class) if request_class else None


def transcript_tokens(minutes: float) -> int:
    """The tokens of a transcript of `minutes` of talk (~200 a minute: `TOKENS_PER_SPOKEN_MINUTE`).

    >>> transcript_tokens(45), transcript_tokens(5)
    (9000, 1000)
    """
    return round(minutes * TOKENS_PER_SPOKEN_MINUTE)


def shape_source(request_class: str) -> str:
    """Where a class's figures come from (its row's source_url), "" for an unknown class."""
    found = shape(request_class)
    return found.source_url if found else ""


def shapes() -> dict[str, RequestShape]:
    """Every sourced shape, by class."""
    return dict(_shapes())


__all__ = ["REQUEST_CLASSES", "SPOKEN_RATE_SOURCE_URL", "TOKENS_PER_SPOKEN_MINUTE", "RequestClass", "RequestShape", "StatedContext",
           "shape", "shape_source", "shapes", "transcript_tokens"]
