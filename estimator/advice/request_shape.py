"""The request a workload class implies when the lead does not state its lengths: a coding agent re-sends tens of
thousands of tokens of session every turn, RAG carries a few retrieved chunks, classification answers a label, a
summary's prompt is the document, a reasoning model's thinking is output. A generic chat request (512 in, 256 out)
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
RequestClass = Literal["coding_agent", "code_completion", "rag", "classification", "summarization", "chat"]
REQUEST_CLASSES: tuple[RequestClass, ...] = get_args(RequestClass)
StatedContext = Literal["typical", "maximum"]


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


def shape_source(request_class: str) -> str:
    """Where a class's figures come from (its row's source_url), "" for an unknown class."""
    found = shape(request_class)
    return found.source_url if found else ""


def shapes() -> dict[str, RequestShape]:
    """Every sourced shape, by class."""
    return dict(_shapes())


__all__ = ["REQUEST_CLASSES", "RequestClass", "RequestShape", "StatedContext", "shape", "shape_source", "shapes"]
