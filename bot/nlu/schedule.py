"""Working-hours patterns: "9 to 5 on weekdays", "24/7", "工作时间", "週一到週五".

They set `hours_per_day` and `days_per_week`, which the TCO and the buy / rent / API comparison cost
on: a part-time service is the case where renting or an API wins. Runs over `normalize()`d text
(lower case, Chinese numerals as digits: 週一到週五 → 週1到週5, 朝九晚五 → 朝9晚5). An explicit clock
range or day count is keyed; "business hours" / "工作时间" alone stands for the lexicon's office day (10 h) on 5 days, unkeyed,
so that an explicit figure in the same message wins.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Protocol

from bot.nlu.lexicon import OFFICE_DAY_HOURS, OFFICE_HOURS, ROUND_THE_CLOCK_WORDS


class _Claims(Protocol):
    def free(self, start: int, end: int) -> bool: ...
    def claim(self, start: int, end: int) -> None: ...


FactFn = Callable[[str, float, int, int, bool], object]

WORKDAYS_PER_WEEK = 5.0

_TO = r"\s*(?:to|till|until|through|-|–|~|到|至)\s*"
# "9 to 5", "9am-6pm", "9:00-18:00", "早上9点到下午6点", "朝9晚5". Not followed by a unit ("5 to 10 users") or a
# decimal ("8-5.5"); a full stop after it ends the sentence ("mostly 8-5.").
_CLOCK_RANGE = re.compile(
    r"(?<![\d.:$])(?:(?:早上|上午|早)\s*)?(?P<start>\d{1,2})(?::(?:00|30))?\s*(?P<am>am|a\.m\.)?\s*(?:点|點|時|时)?"
    + _TO
    + r"(?:(?P<zpm>晚上|下午|晚)\s*)?(?P<end>\d{1,2})(?::(?:00|30))?\s*(?P<pm>pm|p\.m\.)?\s*(?:点|點|時|时)?"
    r"(?!\d|\.\d|\s*(?:users?|people|ppl|persons?|seats?|concurrent|gpus?|cards?|models?|servers?|nodes?|tokens?|tok|"
    r"ms|s\b|sec|seconds?|minutes?|mins?|gb|tb|b\b|bn|billion|k\b|x\b|w\b|kw|%|\$|个|個|人|位|名|张|張|台|卡|秒|分钟|分鐘|万|萬))"
    r"|朝(?P<zstart>\d{1,2})晚(?P<zend>\d{1,2})"
)
_DAYS_RANGE = re.compile(
    r"\b(?:mon(?:day)?\s*(?:to|through|till|until|-|–)\s*fri(?:day)?|weekdays?|business days|working days|workdays)\b"
    r"|(?:周|週|星期|礼拜|禮拜)\s*1\s*(?:到|至|-|~)\s*(?:周|週|星期|礼拜|禮拜)?\s*5|工作日"
)
_DAYS_COUNT = re.compile(
    r"(?<![\d.])(?P<n>[1-7])\s*days?\s*(?:a|per|/|each)\s*week"
    r"|(?:每周|每週|一周|一週|每星期)\s*(?:运行|運行|用|使用|上班|工作)?\s*(?P<zn>[1-7])\s*天"
)
# The hours a day it runs, said with the day ("白天 8 小时", "每天用 10 个小时", "一天开 12 小时"); never a window to finish
# in ("每天 8 小时内跑完").
_DAY_HOURS = re.compile(r"(?:白天|每天|每日|一天|1天|工作日)\s*(?:大概|大约|约)?\s*(?:用|跑|运行|開|开|在用)?\s*(?:大概|大约|约)?\s*"
                        r"(?P<n>\d{1,2})\s*(?:个|個)?\s*(?:小时|小時|钟头|鐘頭)(?!\s*(?:内|內|以内|以內|之内|完成|跑完|处理完))")
# The words of a service running all day are the lexicon's (`ROUND_THE_CLOCK_WORDS`), less the bare "24小时", which here
# would claim a window's hours ("24小时内跑完").
_ROUND_THE_CLOCK = re.compile("|".join(f"(?:{w})" for w in ROUND_THE_CLOCK_WORDS if w not in ("24小时", "全天运行")))
# A clock range said to be the busiest part of the day ("晚上 8 点到 11 点最多", "9-11am is the peak"): the peak's
# window, not the hours the service runs.
_PEAK_AFTER = re.compile(r"\s*(?:是|为)?\s*(?:最多|最忙|最高|高峰|峰值|尖峰|is (?:the )?(?:peak|busiest)|peaks?\b|busiest)")


def _span_hours(match: re.Match[str]) -> float | None:
    """Hours between the two clock times of a range, or None when it is not a plausible working day."""
    if match.group("zstart"):  # 朝9晚5: the evening hour is afternoon
        start, end = int(match.group("zstart")), int(match.group("zend")) + 12
    else:
        start, end = int(match.group("start")), int(match.group("end"))
        # "6pm", "下午6点", or an end before the start ("9 to 5"): the end is in the afternoon.
        if ((match.group("pm") or match.group("zpm")) and end < 12) or end <= start:
            end += 12
    hours = end - start
    # A working day starts between 5:00 and 13:00 and lasts 3 to 16 hours.
    return float(hours) if 5 <= start <= 13 and end <= 24 and 3 <= hours <= 16 else None


def working_hours_facts(text: str, claims: _Claims, make: FactFn) -> Iterator[object]:
    """Readings of hours_per_day / days_per_week; `make(slot, value, start, end, keyed)` builds a `Fact`."""
    for pattern in (_ROUND_THE_CLOCK,):
        for m in pattern.finditer(text):
            if claims.free(m.start(), m.end()):
                claims.claim(m.start(), m.end())
                yield make("hours_per_day", 24.0, m.start(), m.end(), True)
                yield make("days_per_week", 7.0, m.start(), m.end(), True)
    for m in _CLOCK_RANGE.finditer(text):
        hours = _span_hours(m)
        if _PEAK_AFTER.match(text, m.end()):
            continue
        if hours is not None and claims.free(m.start(), m.end()):
            claims.claim(m.start(), m.end())
            yield make("hours_per_day", hours, m.start(), m.end(), True)
    for m in _DAY_HOURS.finditer(text):
        hours = float(m.group("n"))
        if 1 <= hours <= 24 and claims.free(m.start(), m.end()):
            claims.claim(m.start(), m.end())
            yield make("hours_per_day", hours, m.start(), m.end(), True)
    for m in _DAYS_COUNT.finditer(text):
        if claims.free(m.start(), m.end()):
            claims.claim(m.start(), m.end())
            yield make("days_per_week", float(m.group("n") or m.group("zn")), m.start(), m.end(), True)
    for m in _DAYS_RANGE.finditer(text):
        if claims.free(m.start(), m.end()):
            claims.claim(m.start(), m.end())
            yield make("days_per_week", WORKDAYS_PER_WEEK, m.start(), m.end(), True)
    for m in OFFICE_HOURS.finditer(text):
        if claims.free(m.start(), m.end()):
            claims.claim(m.start(), m.end())
            yield make("hours_per_day", OFFICE_DAY_HOURS, m.start(), m.end(), False)
            yield make("days_per_week", WORKDAYS_PER_WEEK, m.start(), m.end(), False)


__all__ = ["WORKDAYS_PER_WEEK", "working_hours_facts"]
