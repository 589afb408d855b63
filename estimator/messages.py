"""The estimator's sentences in the user's language: `msg(key, lang, **params)`.

The pure core writes risks, assumptions, the rationale, relax hints and the validation plan as
sentences with numbers in them. Each sentence is a template here in English, Simplified Chinese
(zh-Hans) and Traditional Chinese (zh-Hant), written out per template (no character conversion),
with the same placeholders and format specs in all three, so a number reads identically whatever
the language. Unknown languages fall back to English. Pure: no I/O, no globals that change.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from string import Formatter
from typing import Any

from estimator.messages_advice import ADVICE_MESSAGES
from estimator.messages_answers import ANSWER_MESSAGES
from estimator.messages_cloud import CLOUD_MESSAGES
from estimator.messages_models import MODEL_MESSAGES
from estimator.messages_reasons import REASON_MESSAGES
from estimator.messages_risks import RISK_MESSAGES
from estimator.messages_tco import TCO_MESSAGES

LANGUAGES: tuple[str, ...] = ("en", "zh-Hans", "zh-Hant")
_INDEX = {lang: i for i, lang in enumerate(LANGUAGES)}

_COMMON: dict[str, tuple[str, str, str]] = {
    "sep": ("; ", "；", "；"),  # joins clauses of one sentence
    "list_sep": (", ", "、", "、"),  # joins names in a list
    "period": (".", "。", "。"),
    "severity.high": ("high", "高", "高"),
    "severity.medium": ("medium", "中", "中"),
    "severity.low": ("low", "低", "低"),
    "scale.personal": ("personal", "个人", "個人"),
    "scale.edge": ("edge", "边缘", "邊緣"),
    "scale.team": ("team", "团队", "團隊"),
    "scale.department": ("department", "部门", "部門"),
    "scale.organization": ("organization", "全组织", "全組織"),
}

MESSAGES: dict[str, tuple[str, str, str]] = {
    **_COMMON, **RISK_MESSAGES, **ADVICE_MESSAGES, **TCO_MESSAGES, **REASON_MESSAGES, **CLOUD_MESSAGES, **ANSWER_MESSAGES, **MODEL_MESSAGES,
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


# "3 user(s)", "1 model cop(ies)": a count, at most one word between, then a noun with a plural ending in
# brackets. Only English templates write them (Chinese nouns do not inflect).
_PLURAL_SLOT = re.compile(r"(?P<count>(?<![\w.])\d[\d,]*(?:\.\d+)?)(?P<between>\s+(?:[A-Za-z-]+\s+)?)"
                          r"(?P<stem>[A-Za-z]+)\((?P<ending>s|es|ies)\)")


def agree_plurals(text: str) -> str:
    """Each "N noun(s)" written as the number asks: "1 user", "3 users", "1 model copy", "5 model copies".

    >>> agree_plurals("For 1 concurrent user(s): 3 server(s) × 2, 1 model cop(ies) of 1 device(s) each")
    'For 1 concurrent user: 3 servers × 2, 1 model copy of 1 device each'
    """
    def one(match: re.Match[str]) -> str:
        single = float(match["count"].replace(",", "")) == 1
        ending = match["ending"]
        noun = match["stem"] + (("y" if ending == "ies" else "") if single else ending)
        return match["count"] + match["between"] + noun

    if "(s)" not in text and "(es)" not in text and "(ies)" not in text:  # most sentences: skip the regex
        return text
    return _PLURAL_SLOT.sub(one, text)


def join(parts: Iterable[str], lang: str = "en", sep: str = "sep") -> str:
    """Clauses joined with the language's separator (`sep` is a separator key: "sep" or "list_sep")."""
    return msg(sep, lang).join(parts)


def placeholders(template: str) -> set[str]:
    """The placeholder names of one template (for the catalog's consistency test)."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


class Reason(str):
    """A sentence the core writes in English that keeps its catalog key and parameters, so that it is
    worded in another language from the catalog (`reason_text`), never parsed back out of the English.

    It is the English text as a `str` (dictionaries of reasons, option violations and logs keep working).

    >>> reason = Reason("reason.no_batching", stack="llama.cpp", users=8)
    >>> reason
    'llama.cpp has no continuous batching, so it cannot share one device among 8 users'
    >>> reason_text(reason, "zh-Hans")
    'llama.cpp 没有连续批处理，无法让 8 位用户共享一台设备'
    """

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> Reason:
        reason = super().__new__(cls, msg(key, "en", **params))
        reason.key, reason.params = key, params
        return reason


def reason_text(reason: str, lang: str = "en") -> str:
    """An eligibility reason or owned-power note in `lang`: a `Reason` from the catalog; any other
    sentence (not written by the core's rules) comes back as written rather than guessed at."""
    if isinstance(reason, Reason) and _INDEX.get(lang, 0) != 0:
        return msg(reason.key, lang, **reason.params)
    return reason


def normalize(lang: str | None) -> str:
    """A supported language code ("en" for anything else), so callers can pass what they have."""
    return lang if lang in _INDEX else "en"


__all__ = ["LANGUAGES", "MESSAGES", "Reason", "join", "msg", "normalize", "placeholders", "reason_text"]
