"""A contract model with its findings worded: what every surface shows and the `--json` contract prints."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from bot.wording.sentences import word
from estimator.errors import SiliconsultError
from estimator.said import LITERAL, Said, Worded

_M = TypeVar("_M", bound=BaseModel)


def worded(model: _M, lang: str = "en") -> _M:
    """`model` with each finding in it (fields, lists, nested models) replaced by its sentence in `lang`: a
    `Worded` string that keeps the key it came from, so it reads, prints and dumps as the text it is.

    >>> from estimator.said import said
    >>> from estimator.schemas import Risk
    >>> risk = Risk(id="power_cooling", severity="high", why=said("risk.power.over", power=1500, budget=1000),
    ...             mitigation=said("severity.low"))
    >>> worded(risk, "zh-Hans").why
    '峰值功耗约 1,500 W，超出 1,000 W 的预算。'
    """
    update = {}
    for name, value in model:
        new = _worded(value, lang)
        if new is not value:
            update[name] = new
    return model.model_copy(update=update) if update else model


def _worded(value: Any, lang: str) -> Any:
    if isinstance(value, Said):
        return Worded(word(value, lang), None if value.key == LITERAL else value.key)
    if isinstance(value, BaseModel):
        return worded(value, lang)
    if isinstance(value, list) and value and isinstance(value[0], (Said, BaseModel)):
        return [_worded(item, lang) for item in value]
    return value


def error_text(exc: SiliconsultError, lang: str = "en") -> str:
    """What an error says to a user: the finding the core raised it with, worded; else its message."""
    return word(exc.finding, lang) if exc.finding is not None else exc.user_message


__all__ = ["error_text", "worded"]
