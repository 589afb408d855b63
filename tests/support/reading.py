"""The parser as the engine calls it, with the shipped catalog's exchange rates and request shapes (`bot.nodes`)."""

from __future__ import annotations

from typing import Any

from bot.nlu.parser import ParseResult, parse_message
from knowledge.testing import memory_catalog


def read_with_tables(text: str, **kwargs: Any) -> ParseResult:
    """`parse_message` handed the catalog's tables: an amount in another currency converted at its dated rate, a class
    of work's sourced request (its answer splits an in/out ratio; a chat's window is its longest request)."""
    catalog = memory_catalog()
    return parse_message(text, rates=catalog.fx_rates, shapes=catalog.request_shapes, **kwargs)


__all__ = ["read_with_tables"]
