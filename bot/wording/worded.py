"""A contract model with its findings worded: what every surface shows and the `--json` contract prints."""

from __future__ import annotations

from typing import Any, TypeVar, get_args

from pydantic import BaseModel

from bot.identity_cache import IdentityCache
from bot.wording.sentences import word
from estimator.errors import NoFeasibleOption, SiliconsultError
from estimator.said import LITERAL, Said, Worded

_M = TypeVar("_M", bound=BaseModel)

# A turn words its recommendation where the reply is written and again where the engine returns it.
_RECENT: IdentityCache[BaseModel, BaseModel] = IdentityCache(16)


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
    return _RECENT.get(model, lambda: _worded_copy(model, lang), lang)  # type: ignore[return-value]


def _worded_copy(model: _M, lang: str) -> _M:
    update = {}
    for name in _text_fields(type(model)):
        value = getattr(model, name)
        new = _worded(value, lang)
        if new is not value:
            update[name] = new
    return model.model_copy(update=update) if update else model


_TEXT_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {}


def _text_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """The fields of `cls` that can hold a finding: typed with one (`Text`), a model or a list of either
    (numbers and ids are never visited: ~20 fields an option, a handful may need words)."""
    if (names := _TEXT_FIELDS.get(cls)) is None:
        names = tuple(name for name, field in cls.model_fields.items() if _may_hold_text(field.annotation))
        _TEXT_FIELDS[cls] = names
    return names


def _may_hold_text(annotation: Any) -> bool:
    if annotation is Said or (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
        return True
    return any(_may_hold_text(arg) for arg in get_args(annotation))


def _worded(value: Any, lang: str) -> Any:
    if isinstance(value, Said):
        return Worded(word(value, lang), None if value.key == LITERAL else value.key)
    if isinstance(value, BaseModel):
        return _worded_copy(value, lang)
    if isinstance(value, list) and value and isinstance(value[0], (Said, BaseModel)):
        return [_worded(item, lang) for item in value]
    return value


def error_text(exc: SiliconsultError, lang: str = "en") -> str:
    """What an error says to a user: the finding the core raised it with, worded; else its message. Nothing holding
    the model within the user's limits also says what fits them instead (`NoFeasibleOption.fits_limit`)."""
    text = word(exc.finding, lang) if exc.finding is not None else exc.user_message
    if isinstance(exc, NoFeasibleOption) and exc.fits_limit is not None:
        from bot.wording.fits_limit import fits_limit_line  # the sentence module imports this package's `t`

        text += "\n" + fits_limit_line(exc.fits_limit, lang)
    return text


__all__ = ["error_text", "worded"]
