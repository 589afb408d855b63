"""The busiest hour's share of a day's volume, as leads say it: "a third of the day's traffic lands between 9 and 10",
"the busiest hour is roughly 15% of that", "尖峰那一小时大概占全天五分之一", "下午两点到三点那一小时就占了四分之一".

The share becomes `peak_hour_share`, which the load conversion turns into that hour's rate (the day's volume × the
share ÷ 3600 s, `estimator.advice.load.busy_hour`). A share is read only beside words of one hour (a busiest hour, a
one-hour clock range) in a message that speaks of a day: "20% of them at once" is the concurrent share's, "9 to 11 is
the peak" a window's. Words are data (`load_words_en` / `load_words_zh`: `busy_hour`, `of_the_day`); this module holds
the grammar only. Runs over `normalize()`d text (三成 → 30%, 五分之一 → 5分之1, "a third of the" → 33% of the).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.nlu import load_words_en as en
from bot.nlu import load_words_zh as zh
from bot.nlu.spans import Fact, _Claims

# Each alternative compiled alone: the languages' clock ranges name their hours with the same group names.
_BUSY_HOUR = tuple(re.compile(a) for a in (*en.WORDS["busy_hour"], *zh.WORDS["busy_hour"]))
_OF_THE_DAY = re.compile("|".join(f"(?:{a})" for a in (*en.WORDS["of_the_day"], *zh.WORDS["of_the_day"])))
# A day's volume is spoken of somewhere in the message: the share is the day's.
_A_DAY = re.compile(
    r"\b(?:a|per|each|every|the|that|one) day\b|\bdaily\b|/\s*(?:day|d)\b|day'?s\b|"
    r"每天|每日|1\s*天|日均|全天|当天|一天"
)
_FRACTION_WORDS = {
    "half": 0.5,
    "a third": 1 / 3,
    "one third": 1 / 3,
    "a quarter": 0.25,
    "one quarter": 0.25,
    "a fourth": 0.25,
    "a fifth": 0.2,
    "one fifth": 0.2,
    "a sixth": 1 / 6,
    "an eighth": 0.125,
    "a tenth": 0.1,
    "one tenth": 0.1,
}
_SHARE = re.compile(
    r"(?<![\d.])(?P<pct>\d+(?:\.\d+)?)\s*%"
    r"|(?<![\d.])(?P<den>\d+)\s*分之\s*(?P<num>\d+)"
    r"|\b(?P<word>" + "|".join(sorted(_FRACTION_WORDS, key=len, reverse=True)) + r")\b"
)
_SHARE_VERB_BEFORE = re.compile(
    "(?:"
    + "|".join((*en.WORDS["share_verb"], *zh.WORDS["share_verb"]))
    + r")\s*(?:about|around|roughly|~|大概|大约|约|差不多|将近)?\s*$"
)
_SENTENCE_END = re.compile(r"[.;!?。；！？](?!\d)|\n")
# How far a share may stand from its hour's words, and from what it is a share of (characters, in one sentence).
_NEAR_HOUR = 48
_NEAR_DAY = 24
# A busiest hour carries at least an even day's hour (1/24) of it, and never all of it.
_MIN_SHARE, _MAX_SHARE = 1 / 24, 1.0


def _value(m: re.Match[str]) -> float:
    if m.group("pct"):
        return float(m.group("pct")) / 100
    if m.group("den"):
        return int(m.group("num")) / int(m.group("den")) if int(m.group("den")) else 0.0
    return _FRACTION_WORDS[m.group("word")]


def _one_hour(m: re.Match[str]) -> bool:
    """A busy-hour cue is an hour: a clock range among its alternatives spans exactly one ("between 9 and 10")."""
    hours = [int(h) for h in m.groupdict().values() if h is not None]
    return len(hours) < 2 or (hours[1] - hours[0]) % 12 == 1


def _sentences(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for m in _SENTENCE_END.finditer(text):
        yield start, m.start()
        start = m.end()
    yield start, len(text)


def peak_share_facts(text: str, claims: _Claims) -> Iterator[Fact]:
    """`peak_hour_share` from a share said beside the busiest hour, in a message about a day's volume."""
    if _A_DAY.search(text) is None:
        return
    for start, end in _sentences(text):
        hours = [
            m
            for pattern in _BUSY_HOUR
            for m in pattern.finditer(text, start, end)
            if _one_hour(m) and claims.free(m.start(), m.end())
        ]
        if not hours:
            continue
        for m in _SHARE.finditer(text, start, end):
            if not claims.free(m.start(), m.end()) or not _MIN_SHARE <= (share := _value(m)) <= _MAX_SHARE:
                continue
            hour = min(hours, key=lambda h: abs(h.start() - m.start()))
            if min(abs(hour.start() - m.end()), abs(m.start() - hour.end())) > _NEAR_HOUR:
                continue
            # said of the day ("of the day's traffic", "占全天", "15% of that" after the day's count), not of people
            if (
                _OF_THE_DAY.search(text, max(start, m.start() - _NEAR_DAY), min(end, m.end() + _NEAR_DAY)) is None
                and _SHARE_VERB_BEFORE.search(text, start, m.start()) is None
            ):
                continue
            claims.claim(m.start(), m.end())
            claims.claim(hour.start(), hour.end())
            yield Fact("peak_hour_share", round(share, 4), m.start(), m.end(), keyed=True)
            return


__all__ = ["peak_share_facts"]
