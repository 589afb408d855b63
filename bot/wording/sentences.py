"""The product's sentences in the reader's language: `word(said, lang)` and `msg(key, lang, **params)`.

The pure core names what it found (`estimator.said.Said`: a catalog key and its numbers); this module
picks the sentence. Each sentence is a template in the catalog (`bot/wording/catalog/`) in English, Simplified Chinese
(zh-Hans) and Traditional Chinese (zh-Hant), written out per template (no character conversion),
with the same placeholders and format specs in all three, so a number reads identically whatever
the language. Unknown languages fall back to English. Pure: no I/O, no globals that change.
"""

from __future__ import annotations

from collections.abc import Iterable
from string import Formatter
from typing import Any, Literal, get_args

from bot.wording.catalog.advice import ADVICE_MESSAGES
from bot.wording.catalog.answers import ANSWER_MESSAGES
from bot.wording.catalog.cloud import CLOUD_MESSAGES
from bot.wording.catalog.common import COMMON_MESSAGES
from bot.wording.catalog.errors import ERROR_MESSAGES
from bot.wording.catalog.estimates import ESTIMATE_MESSAGES
from bot.wording.catalog.models import MODEL_MESSAGES
from bot.wording.catalog.reasons import REASON_MESSAGES, VIOLATION_MESSAGES
from bot.wording.catalog.replies import TEMPLATES
from bot.wording.catalog.risks import RISK_MESSAGES
from bot.wording.catalog.tco import TCO_MESSAGES
from estimator.plurals import agree_plurals
from estimator.said import CAT, JOIN, LITERAL, Said

Language = Literal["en", "zh-Hans", "zh-Hant"]  # the one definition of what a language is
LANGUAGES: tuple[Language, ...] = get_args(Language)
_INDEX: dict[str, int] = {lang: i for i, lang in enumerate(LANGUAGES)}


# Templates that quote English prose (the catalog's notes) in an English reply only: their Chinese says nothing.
QUOTED_IN_ENGLISH_ONLY = frozenset({"risk.software_maturity.note"})

# Every finding's template, one key space (a key defined in two catalogs fails tests/bot/wording).
MESSAGES: dict[str, tuple[str, str, str]] = {
    **COMMON_MESSAGES, **RISK_MESSAGES, **ADVICE_MESSAGES, **TCO_MESSAGES, **REASON_MESSAGES, **CLOUD_MESSAGES,
    **ANSWER_MESSAGES, **MODEL_MESSAGES, **VIOLATION_MESSAGES, **ESTIMATE_MESSAGES,
    **ERROR_MESSAGES,
}


def msg(key: str, lang: str = "en", **params: Any) -> str:
    """The sentence `key` in `lang` (English when the language is unknown), filled with `params`.

    >>> msg("risk.power.over", "en", power=1234.5, budget=1000)
    'peak draw ~1,234 W exceeds the 1,000 W budget.'
    >>> msg("risk.power.over", "zh-Hans", power=1234.5, budget=1000)
    '峰值功耗约 1,234 W，超出 1,000 W 的预算。'
    """
    text = MESSAGES[key][_INDEX.get(lang, 0)]
    return agree_plurals(text.format(**params)) if params else text


def lang_index(lang: str) -> int:
    """Position of `lang` in every (en, zh-Hans, zh-Hant) text triple; English when unknown."""
    return _INDEX.get(lang, 0)


def t(key: str, lang: str, **fields: Any) -> str:
    """The reply template `key` in `lang` (English when unknown), formatted with `fields`."""
    text = TEMPLATES[key][lang_index(lang)]
    return agree_plurals(text.format(**fields)) if fields else text


def placeholders(template: str) -> set[str]:
    """The placeholder names of one template (for the catalog's consistency test)."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def word(text: Said | str, lang: str = "en") -> str:
    """A finding worded in `lang` (English when the language is unknown); a plain string as it is.

    >>> from estimator.said import joined, said
    >>> word(said("risk.power.over", power=1234.5, budget=1000), "en")
    'peak draw ~1,234 W exceeds the 1,000 W budget.'
    >>> word(joined([said("severity.high"), said("severity.low")], "list_sep"), "zh-Hans")
    '高、低'
    """
    if not isinstance(text, Said):
        return text
    key, params = text.key, text.params
    if key == CAT:
        return "".join([word(part, lang) for part in params["parts"]])
    if key == JOIN:
        return msg(params["sep"], lang).join([word(part, lang) for part in params["parts"]])
    if key == LITERAL:
        return str(params["text"])
    for value in params.values():
        if isinstance(value, (Said, list)):  # a finding inside: its words first
            params = {k: _worded_param(v, lang) for k, v in params.items()}
            break
    return msg(key, lang, **params)


def _worded_param(value: Any, lang: str) -> Any:
    if isinstance(value, Said):
        return word(value, lang)
    if isinstance(value, list) and any(isinstance(v, Said) for v in value):
        return [word(v, lang) for v in value]
    return value


def words(texts: Iterable[Said | str], lang: str = "en") -> list[str]:
    """Each finding worded in `lang`."""
    return [word(text, lang) for text in texts]


def normalize(lang: str | None) -> Language:
    """A supported language code ("en" for anything else), so callers can pass what they have."""
    for known in LANGUAGES:
        if lang == known:
            return known
    return "en"


__all__ = ["LANGUAGES", "MESSAGES", "Language", "agree_plurals", "msg", "normalize", "placeholders", "word", "words", "lang_index", "t"]
