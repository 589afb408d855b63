"""Relative changes a follow-up puts on a figure the thread knows: "what if we triple the headcount?",
"budget got cut in half", "预算砍一半", "如果使用者變成兩倍呢", "traffic doubles", "only half of them use it".

A change is a factor word (the lexicon below, data) said in one clause with the subject it scales. The
subject decides which known figures move (`SCALED`):
- people (users, headcount, staff, 员工, 人数 …): the head count and the load it brings. At the same use per
  person, arrivals scale with the people, and by Little's law (streams = arrival rate × time in the system)
  so do the concurrent streams and any stated request or token rate;
- concurrency ("concurrency doubles", "并发翻倍"): the concurrent streams only;
- load (traffic, requests, demand, 流量, 请求 …): the load in force (a rate, a volume, or the streams);
- budget (budget, capex, 预算): the capex budget.

Text is normalized first (`normalize`): lower case, Simplified Chinese, Chinese numerals as digits ("兩倍"
is "2倍", "一半" is "50%"). The factor's span is returned so that its digits are never read as a count
("变成2倍" names no two users). Pure: a pattern table and one function.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.nlu.lexicon import _rx

# Which known figures each subject scales (DESIGN.md workload field names; the ones the thread knows move).
_LOAD_FORMS = ("requests_per_s", "requests_per_day", "tokens_per_day", "tokens_per_s_total")
SCALED: dict[str, tuple[str, ...]] = {
    "people": ("total_users", "concurrent_users", "base_concurrent_users", *_LOAD_FORMS),
    "concurrency": ("concurrent_users", "base_concurrent_users"),
    "peak": ("concurrent_users",),
    "load": (*_LOAD_FORMS, "concurrent_users", "base_concurrent_users"),
    "budget": ("budget_usd",),
    "prompt": ("prompt_tokens",),
    "answer": ("output_tokens",),
    "context": ("context_length",),
    "power": ("power_budget_w",),
}

# The subjects, most specific first: "concurrent users" is concurrency before it is people.
_SUBJECTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "power budget", "功耗预算": power, never the capex budget (a longer subject hides the one inside it)
    ("power", _rx(r"\bpower(?: budget| cap| limit| envelope)?\b", r"\bwatts?\b", r"\bwattage\b", "功耗预算", "电力预算",
                  "功耗", "电力", "功率", "供电")),
    ("prompt", _rx(r"\bprompts?\b", r"\binputs?\b", r"\bprompt length\b", "提示长度", "提示", "输入长度", "输入")),
    ("answer", _rx(r"\banswers?\b", r"\boutputs?\b", r"\bresponses?\b", r"\bcompletions?\b", "回答长度", "回答", "输出长度",
                   "输出", "回复")),
    ("context", _rx(r"\bcontext(?: window| length)?\b", r"\bctx\b", "上下文长度", "上下文窗口", "上下文", "窗口")),
    ("budget", _rx(r"\bbudget\b", r"\bcapex\b", r"\bspend(?:ing)?\b", r"\bmoney\b", "预算", "经费", "资金")),
    ("concurrency", _rx(r"\bconcurren(?:cy|t(?: users| sessions| streams)?)\b", r"\bsimultaneous(?: users)?\b",
                        "并发", "同时在线", "同时")),
    # "the peak doubles" moves the peak; "peaks 3x (the average)" states a peak factor (`load.py`), no change
    ("peak", _rx(r"\bpeaks?\b", "高峰", "峰值")),
    ("load", _rx(r"\btraffic\b", r"\bload\b", r"\bdemand\b", r"\brequests?\b", r"\breq/s\b", r"\bqps\b", r"\brps\b",
                 r"\bvolume\b", r"\busage\b", r"\bthroughput\b", "流量", "请求", "负载", "调用量", "访问量", "用量", "业务量")),
    ("people", _rx(r"\busers?\b", r"\bpeople\b", r"\bppl\b", r"\bheadcount\b", r"\bhead count\b", r"\bstaff\b",
                   r"\bemployees\b", r"\bseats\b", r"\bteam\b", r"\bengineers\b", r"\bdevs\b", r"\bdevelopers\b",
                   r"\bagents\b", r"\banalysts\b", r"\bcustomers\b", r"\buser ?base\b", r"\bof them\b", r"\bof us\b",
                   r"\bof (?:the|our) (?:team|staff|company|org)\b",
                   "用户", "使用者", "员工", "人数", "同事", "人员", "客户", "团队", "人")),
)

# Factor words: (pattern, factor) or a pattern whose group `n` / `pct` / `less` carries it. Alone in a clause
# with no subject, a factor scales nothing ("double-check", "2x faster" name no figure of the thread).
_FACTORS: tuple[tuple[re.Pattern[str], float | None], ...] = (
    (_rx(r"\bdoubl(?:e|es|ed|ing)\b", r"\btwice\b", "翻倍", "加倍", "双倍", "翻1倍", "增加1倍", "增长1倍"), 2.0),
    (_rx(r"\btripl(?:e|es|ed|ing)\b", r"\bthrice\b"), 3.0),
    (_rx(r"\bquadrupl(?:e|es|ed|ing)\b", "翻2番", "翻两番"), 4.0),
    (_rx(r"\bhalv(?:e|es|ed|ing)\b", r"\bin half\b", r"\bby half\b", r"\bhalf (?:as many|the)\b", "减半", "砍半", "折半",
         "对半"), 0.5),
    # "cut by 30%", "30% less", "砍 30%", "减少30%", "少 20%": a share off; "50% of them" is a share of the figure.
    (re.compile(r"(?:\b(?:cut|drop|reduc\w*|shrink\w*|slash\w*|down|fall\w*|lower\w*)\s+(?:\w+\s+)?(?:by\s+)?"
                r"(?P<less>\d+(?:\.\d+)?)\s*%"
                r"|(?P<less2>\d+(?:\.\d+)?)\s*%\s*(?:less|fewer|lower|smaller|cut|drop)\b"
                r"|(?:砍|减|减少|削减|降|降低|少|缩减|下调)\s*(?:了|掉)?\s*(?P<less3>\d+(?:\.\d+)?)\s*%)"), None),
    (re.compile(r"(?:(?P<pct>\d+(?:\.\d+)?)\s*%\s*(?:more|extra|higher|bigger|larger|up)\b"
                r"|\b(?:grow\w*|increas\w*|ris\w*|up|go(?:es)? up|rais\w*)\s+(?:by\s+)?(?P<pct2>\d+(?:\.\d+)?)\s*%"
                r"|(?:增加|增长|提高|多|涨|上涨|上调|加)\s*(?:了)?\s*(?P<pct3>\d+(?:\.\d+)?)\s*%)"), None),
    # "only half of them use it" (normalized "only 50% of them"): the figure shrinks to that share. Without "only"
    # ("a quarter of them will be on it daily") a share describes the figure (the parser's daily or peak share).
    (re.compile(r"(?:\b(?:only|just)\s+(?P<share>\d+(?:\.\d+)?)\s*%\s*(?=of\b)"
                r"|(?:只有|仅有|仅|只)\s*(?P<share2>\d+(?:\.\d+)?)\s*%)"), None),
    # "3x the users", "×4", "5 times the traffic", "变成3倍", "增加2倍" (Chinese "增加N倍" is N more: N + 1 times).
    (re.compile(r"(?<![a-z0-9.])(?:(?P<n>\d+(?:\.\d+)?)\s*(?:x|×)(?![a-z0-9])|(?:x|×)\s*(?P<n2>\d+(?:\.\d+)?)(?![\d.])"
                r"|(?P<n3>\d+(?:\.\d+)?)\s+times\b|(?P<plus>增加|增长|多)了?\s*(?P<n4>\d+(?:\.\d+)?)\s*倍"
                r"|(?P<n5>\d+(?:\.\d+)?)\s*倍)"), None),
)

# "25% of them at once" is the share active (the parser's concurrency share), no change of the head count.
_AT_ONCE = _rx(r"\bat once\b", r"\bat the same time\b", r"\bsimultaneous", r"\bconcurrent", r"\bonline\b",
               r"\bactive\b", "同时", "在线", "并发")
_CLAUSE = re.compile(r"[,;.!?，；。！？\n]|\b(?:and|but|while)\b|(?:而且|但是|并且|同时也)")
_NEW_VALUE_SAID = re.compile(r"\s*(?:in length\s+)?(?:to|at|到|至|成|为)\s*(?:about |around |~|约)?\d")
_REACH = 24  # characters between a factor and its subject, in one clause
_MULTIPLIER_REACH = 12  # "3x the users", "users x3": a bare multiplier sits next to what it multiplies
MAX_FACTOR = 1000.0  # "1000x the users" is a figure to question, not a what-if (`check_fact` asks)


@dataclass(frozen=True)
class RelativeChange:
    subject: str  # a key of SCALED
    factor: float
    start: int  # the factor's span in the normalized text (its digits are no count)
    end: int


def _factor(m: re.Match[str], fixed: float | None) -> float | None:
    if fixed is not None:
        return fixed
    groups = {k: v for k, v in m.groupdict().items() if v is not None}
    for name in ("less", "less2", "less3"):
        if name in groups:
            return 1 - float(groups[name]) / 100
    for name in ("pct", "pct2", "pct3"):
        if name in groups:
            return 1 + float(groups[name]) / 100
    for name in ("share", "share2"):
        if name in groups:
            return float(groups[name]) / 100
    for name in ("n", "n2", "n3", "n4", "n5"):
        if name in groups:
            return float(groups[name]) + (1 if "plus" in groups and name == "n4" else 0)
    return None


def _clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    before = [m.end() for m in _CLAUSE.finditer(text, 0, start)]
    after = _CLAUSE.search(text, end)
    return (before[-1] if before else 0), (after.start() if after else len(text))


def _subject(text: str, start: int, end: int, reach: int, multiplier: bool) -> str | None:
    """The subject nearest the factor within its clause and reach, most specific first on a tie; a subject
    inside a longer one ("预算" of "功耗预算", "budget" of "power budget") is the longer one's."""
    low, high = _clause_bounds(text, start, end)
    said = [(rank, subject, m) for rank, (subject, pattern) in enumerate(_SUBJECTS) for m in pattern.finditer(text, low, high)
            if not (multiplier and subject == "peak")]
    best: tuple[int, int, str] | None = None
    for rank, subject, m in said:
        if m.start() < end and m.end() > start:
            continue  # inside the factor itself
        if any(o.start() <= m.start() and m.end() <= o.end() and o.end() - o.start() > m.end() - m.start() for _, _, o in said):
            continue
        distance = start - m.end() if m.end() <= start else m.start() - end
        if distance <= reach and (best is None or (distance, rank) < best[:2]):
            best = (distance, rank, subject)
    return best[2] if best else None


def relative_changes(normalized: str, reserved: tuple[tuple[int, int], ...] = ()) -> list[RelativeChange]:
    """Every factor said with a subject it scales (the first per subject), in text order. A factor touching a
    `reserved` span (a device's name: "2x h100", "8×H200") counts devices, not a change."""
    found: dict[str, RelativeChange] = {}
    taken: list[tuple[int, int]] = [(s - 2, e + 2) for s, e in reserved]
    for pattern, fixed in _FACTORS:
        for m in pattern.finditer(normalized):
            if any(m.start() < e and m.end() > s for s, e in taken):
                continue
            if _NEW_VALUE_SAID.match(normalized, m.end()):
                continue  # "the prompts double to 6k", "翻倍到 600": the new value is said, read as such
            factor = _factor(m, fixed)
            groups = {k for k, v in m.groupdict().items() if v is not None}
            if groups & {"share", "share2"} and _AT_ONCE.search(normalized, *_clause_bounds(normalized, m.start(), m.end())):
                continue
            multiplier = bool(groups & {"n", "n2", "n3", "n4", "n5"})
            subject = _subject(normalized, m.start(), m.end(), _MULTIPLIER_REACH if multiplier else _REACH, multiplier)
            if subject is None and groups & {"share", "share2"}:
                subject = "people"  # "只有一半会用" (normalized "只有50%会用"): a share of the people, said or not
            if factor is None or subject is None or not 0 < factor <= MAX_FACTOR or factor == 1:
                continue
            taken.append((m.start(), m.end()))
            found.setdefault(subject, RelativeChange(subject, factor, m.start(), m.end()))
    return sorted(found.values(), key=lambda c: c.start)


__all__ = ["MAX_FACTOR", "SCALED", "RelativeChange", "relative_changes"]
