"""Answer lengths said the way leads say them: relative to the prompt, or as a mixture of kinds of request.

- An answer "about as long" as its prompt ("each req ~700 in and about as much out", "输出跟输入差不多长", a
  translation or a rewrite): the output is the prompt's length (`output_as_prompt`, set by the parser once the prompt
  is read), or the figure in the bracket right after it ("about as much out (~800, it's translation)").
- A mixture ("half are quick (~400), the other half thinks 4-6k", "most replies are short (~150) but ~20% run ~3k",
  "70% 直接回答 300 token，30% 要长推理 5k"): streams are the arrival rate × the mean time a request holds a slot
  (Little's law), and that time is linear in the answer's length, so the answer that sizes the load is the mean
  length, Σ share × length (a range at its middle); the longest kind still fits in one request's KV.

Text is normalized first (lower case, Simplified Chinese, numerals as digits: 七成 → 70%, 一半 → 50%). Reads no
number another reader has claimed, and claims the ones it reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.nlu.lexicon import APPROX, NUM
from bot.nlu.spans import Fact, _Claims, number_value

# Words (data). An answer said to be as long as the prompt ("about as much out", "output roughly the same length").
_AS_LONG_EN = (r"(?:about |roughly |around |more or less |pretty much |~)?as much (?:out|output|back|comes out)",
               r"(?:outputs?|answers?|responses?|replies|translations?|rewrites?)\s+(?:are |is |run |comes? out )?"
               r"(?:about |roughly |around |more or less |pretty much |~)?(?:the same(?: length| size)?|similar(?: in)? "
               r"(?:length|size)|as (?:long|much))(?: as (?:the )?(?:inputs?|prompts?|sources?|originals?))?")
_AS_LONG_ZH = (r"(?:输出|回答|回复|译文|结果|产出)(?:的)?(?:长度)?\s*(?:跟|和|与|同)\s*(?:输入|原文|提示|prompt)(?:的)?(?:长度)?\s*"
               r"(?:也)?(?:差不多|一样|相当|相近|接近|类似)(?:长|多)?",
               r"(?:输入|原文)(?:跟|和|与)(?:输出|译文)(?:的)?(?:长度)?\s*(?:差不多|一样|相当)(?:长)?")
_AS_LONG = re.compile("|".join((*_AS_LONG_EN, *_AS_LONG_ZH)))
_BRACKET_FIGURE = re.compile(rf"\s*[(（]\s*{APPROX}{NUM}")

# A share of the requests: a percentage, or the part left over ("the rest", "the other half", "most", "其余").
_SHARE = re.compile(r"(?<![\d.])(?P<pct>\d{1,3}(?:\.\d+)?)\s*%"
                    r"|(?P<rest>\bthe other half\b|\bthe rest\b|\bthe others\b|\bmost(?:ly)?\b|其余|其他的?|剩下的?|另外的?|大部分|大多数|多数)")
# A length in the part after a share: a range at its middle ("4-6k tokens"), or one figure, with a token unit or a
# thousands multiplier, or bare where no other unit follows ("the rest answer in ~300").
_RANGE = re.compile(r"(?<![\d.])(?P<a>\d+(?:\.\d+)?)\s*(?P<ua>k|千)?\s*(?:-|–|to|到|至)\s*(?P<b>\d+(?:\.\d+)?)\s*(?P<ub>k|千)")
_FIGURE = re.compile(rf"{APPROX}{NUM}(?!\s*(?:%|/|req|qps|rps|s\b|sec|ms|min|hour|h\b|people|users|人|个人|秒|分钟|小时|倍|次|条|个请求|gb|b\b|x\b))")
_THOUSANDS = {"k": 1000.0, "千": 1000.0, None: 1.0}
_OUTPUT_TALK = re.compile(r"answer|repl|respon|output|think|reason|writeup|write|generat|回答|回复|输出|思考|推理|生成|写|报告|说明")
_PROMPT_BEFORE = re.compile(r"(?:prompts?|inputs?|context|docs?|输入|提示|上下文|文档)\W{0,3}(?:are |is |of |~|约|大概)?\s*$")
# A text the request writes ("写长文档", "generate full reports"): the length after it is the answer's, not a prompt's
_WRITES = re.compile(r"写|生成|撰写|\bwrit|generat|produc|draft")
_PART_END = re.compile(r"\.(?!\d)|[。!?！？\n]")


def _as_long_as_prompt(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _AS_LONG.finditer(text):
        if not claims.free(m.start(), m.end()):
            continue
        claims.claim(m.start(), m.end())
        if (said := _BRACKET_FIGURE.match(text, m.end())) and claims.free(said.start("num"), said.end()):
            claims.claim(said.start("num"), said.end())
            yield Fact("output_tokens", int(number_value(said)), m.start(), said.end(), keyed=True)
        else:
            yield Fact("output_as_prompt", True, m.start(), m.end(), keyed=True)
        return


def _part_length(text: str, start: int, end: int) -> tuple[float, float, int, int] | None:
    """The first length in text[start:end]: (typical, longest, span start, span end), a range at its middle."""
    if (r := _RANGE.search(text, start, end)) is not None:
        low = float(r.group("a")) * _THOUSANDS[r.group("ua") or r.group("ub")]
        high = float(r.group("b")) * _THOUSANDS[r.group("ub")]
        if _WRITES.search(text, start, r.start()) or _PROMPT_BEFORE.search(text, max(start, r.start() - 16), r.start()) is None:
            return (low + high) / 2, high, r.start(), r.end()
    for m in _FIGURE.finditer(text, start, end):
        value = number_value(m)
        if not _WRITES.search(text, start, m.start()) and _PROMPT_BEFORE.search(text, max(start, m.start() - 16), m.start()):
            return None
        if 10 <= value <= 200_000:
            return value, value, m.start("num"), m.end()
    return None


def _mixture(text: str, claims: _Claims) -> Iterator[Fact]:
    marks = [m for m in _SHARE.finditer(text) if claims.free(m.start(), m.end())]
    if len(marks) < 2 or not any(m.group("pct") for m in marks):
        return
    parts: list[tuple[re.Match[str], float, float, int, int]] = []
    for here, after in zip(marks, [*marks[1:], None], strict=True):
        stop = after.start() if after is not None else len(text)
        if (end := _PART_END.search(text, here.end(), stop)) is not None:
            stop = end.start()
        if (length := _part_length(text, here.end(), stop)) is not None and claims.free(length[2], length[3]):
            parts.append((here, *length))
    if len(parts) < 2 or not any(_OUTPUT_TALK.search(text, p[0].end(), p[4] + 12) for p in parts):
        return
    said = sum(float(p[0].group("pct")) / 100 for p in parts if p[0].group("pct"))
    left = [p for p in parts if not p[0].group("pct")]
    if said > 1.05 or (left and said >= 1) or (not left and said < 0.95):
        return
    shares = [float(p[0].group("pct")) / 100 if p[0].group("pct") else (1 - said) / len(left) for p in parts]
    mean = sum(share * p[1] for share, p in zip(shares, parts, strict=True))
    for p in parts:
        claims.claim(p[0].start(), p[0].end())
        claims.claim(p[3], p[4])
    yield Fact("output_tokens", int(round(mean)), parts[0][0].start(), parts[-1][4], keyed=True)


def answer_lengths(text: str, claims: _Claims) -> Iterator[Fact]:
    """An answer said as long as its prompt, and a mixture of answer lengths as its mean (module docstring)."""
    yield from _mixture(text, claims)
    yield from _as_long_as_prompt(text, claims)


__all__ = ["answer_lengths"]
