"""A hosted API's bill as a lead describes it: the per-million prices they pay, and how the bill splits.

"~$14k/mo on claude sonnet 4.5 ($3 in / $15 out per M)", "NT$45 萬（價格是輸入 1 美元、輸出 5 美元每百萬 token）",
"¥2/M input": the prices are this lead's (a discount, a fine-tuned model's rate, a provider the price table lacks), so
they override the table's for the volume the spend buys; their figures are never a prompt, an answer or the spend.
"about 70% of that bill is output tokens", "帳單裡輸出大概佔一半": the bill's share of output money, which splits the
spend into input and output tokens at those prices (not a share of tokens: "80 % of the spend is input" at $0.40 /
$1.60 is 16 input tokens per output token, not 4).

Read before every other reader (`facts.EXTRACTORS`), which then skip the spans taken here. Words are data
(`load_words_en` / `load_words_zh`: `bill_nouns`, `per_million`); this module holds the grammar only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.nlu import load_words_en as en
from bot.nlu import load_words_zh as zh
from bot.nlu.currency import AMOUNT_PREFIXES, AMOUNT_SUFFIXES, currency_of
from bot.nlu.spans import Fact, _Claims


def _words(concept: str) -> str:
    return "(?:" + "|".join(f"(?:{a})" for a in (*en.WORDS.get(concept, ()), *zh.WORDS.get(concept, ()))) + ")"


_PER_M = _words("per_million")
_BILL = _words("bill_nouns")
_IN = r"(?:inputs?|in|prompts?|输入|提示)"
_OUT = r"(?:outputs?|out|completions?|输出|回答)"


def _price(name: str) -> str:
    """One price as said: a currency before or after its figure, "per M" after it ("$0.30/1M", "0.8 元/百万 token")."""
    return (rf"(?:(?P<{name}_pre>{AMOUNT_PREFIXES})\s*)?(?<![\d.])(?P<{name}>\d+(?:\.\d+)?)(?![\d.]|\s*(?:%|x\b|倍|k\b|万))"
            rf"\s*(?P<{name}_suf>(?:{AMOUNT_SUFFIXES})(?![a-z]))?\s*(?P<{name}_per>{_PER_M})?")


_BETWEEN = r"\s*(?:/|,|;|&|\+|and|和|跟)?\s*"
_TAIL = rf"(?:\s*(?P<tail>{_PER_M}))?"
# The pairs, input first. "$3 in / $15 out per M", "$0.30/1M in, $1.20/1M out", "€0.40 in / €2 out per M tokens";
# "input $0.15/M, output $0.60/M", "输入 0.8 元/百万 token、输出 8 元/百万 token", "价格是输入 1 美元、输出 5 美元每百万
# token"; "($0.40 / $1.60 per M)", "$3 / $15 每百万 token" (a slash pair needs its per-million words).
_PAIRS = (
    re.compile(rf"{_price('a')}\s*{_IN}(?![a-z])(?:\s*tokens?)?{_BETWEEN}{_price('b')}\s*{_OUT}(?![a-z])(?:\s*tokens?)?{_TAIL}"),
    re.compile(rf"(?<![a-z]){_IN}(?:\s*tokens?)?\s*(?:价格?|price)?\s*(?:是|为|:|=|at)?\s*{_price('a')}{_BETWEEN}"
               rf"{_OUT}(?:\s*tokens?)?\s*(?:价格?|price)?\s*(?:是|为|:|=|at)?\s*{_price('b')}{_TAIL}"),
    re.compile(rf"{_price('a')}\s*/\s*{_price('b')}\s*(?P<tail>{_PER_M})"),
)
# One price said alone ("¥2/M input", "input at $0.30 per M"): the input's or the output's.
_ONE = (re.compile(rf"{_price('a')}\s*(?P<side>{_IN}|{_OUT})(?![a-z])"),
        re.compile(rf"(?<![a-z])(?P<side>{_IN}|{_OUT})(?:\s*tokens?)?\s*(?:价格?|price)?\s*(?:是|为|:|=|at)?\s*{_price('a')}"))

_SIDE = rf"(?P<side>{_IN}|{_OUT})(?:\s*tokens?)?"
_SHARE = r"(?:(?P<p>\d{1,2}(?:\.\d+)?)\s*%|(?P<half>half))"
_HEDGE = r"(?:about|roughly|around|approx\.?|maybe|like|mostly|~|大概|大约|约|差不多|将近|接近)?\s*"
# The bill's share of one side: "about 70% of that bill is output tokens", "the bill is roughly 60% output", "output is
# about half the bill", "帐单里输出大概占50%", "其中输出大约占 60%" (after the bill), "帐单输入输出各占50%".
_SHARES = (
    re.compile(rf"{_HEDGE}{_SHARE}\s*of\s+(?:(?:that|the|our|this|my)\s+)?(?:[a-z]+\s+){{0,2}}?{_BILL}(?![a-z])"
               rf"[^.;!?,]{{0,16}}?\b(?:is|are|goes to|goes on|comes from|is for|on)\s+(?:the\s+)?{_SIDE}"),
    re.compile(rf"{_BILL}(?![a-z])\s*(?:is|was|'s)?\s*{_HEDGE}{_SHARE}\s*(?:是|为|都是)?\s*{_SIDE}"),
    re.compile(rf"(?<![a-z]){_SIDE}\s*(?:is|are|makes up|accounts for|=)\s*{_HEDGE}{_SHARE}\s*(?:of\s+)?"
               rf"(?:(?:that|the|our|this)\s+)?{_BILL}"),
    re.compile(rf"(?:{_BILL}|其中)\s*(?:里面?|中|里头)?\s*(?:的)?\s*{_SIDE}\s*{_HEDGE}(?:占了?|是)\s*{_HEDGE}{_SHARE}"),
    re.compile(rf"{_SIDE}\s*{_HEDGE}占\s*{_BILL}\s*(?:的)?\s*{_HEDGE}{_SHARE}"),
)
_EVEN_SPLIT = re.compile(rf"{_BILL}\s*(?:里面?|中)?\s*(?:的)?\s*{_IN}\s*{_OUT}\s*各占\s*(?:1\s*半|50\s*%)")


def _code(m: re.Match[str], *names: str) -> str | None:
    """The currency said on either price of the pair ("$3 in / 15 out": both dollars); None when neither names one."""
    for name in names:
        for part in (f"{name}_pre", f"{name}_suf"):
            if m.groupdict().get(part):
                return currency_of(m.group(part))
    return None


def _per_million(m: re.Match[str], *names: str) -> bool:
    return any(m.groupdict().get(key) for key in (*(f"{n}_per" for n in names), "tail"))


def _prices(text: str, claims: _Claims) -> Iterator[Fact]:
    for pattern in _PAIRS:
        for m in pattern.finditer(text):
            code = _code(m, "a", "b")
            # figures with neither a currency nor "per M" are lengths ("700 in / 5 out"), not prices
            if code is None and not _per_million(m, "a", "b") or not claims.free(m.start(), m.end(), a_name=True):
                continue
            claims.claim(m.start(), m.end())
            yield Fact("api_price_input", float(m.group("a")), m.start(), m.end(), keyed=True)
            yield Fact("api_price_output", float(m.group("b")), m.start(), m.end(), keyed=True)
            yield Fact("api_price_currency", code or "USD", m.start(), m.end(), keyed=True)
    for pattern in _ONE:
        for m in pattern.finditer(text):
            code = _code(m, "a")
            # one price needs both its currency and its "per M": "$2 in" alone is no price
            if code is None or not _per_million(m, "a") or not claims.free(m.start(), m.end(), a_name=True):
                continue
            claims.claim(m.start(), m.end())
            side = "input" if re.fullmatch(_IN, m.group("side")) else "output"
            yield Fact(f"api_price_{side}", float(m.group("a")), m.start(), m.end(), keyed=True)
            yield Fact("api_price_currency", code, m.start(), m.end(), keyed=True)


def _shares(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _EVEN_SPLIT.finditer(text):
        if claims.free(m.start(), m.end()):
            claims.claim(m.start(), m.end())
            yield Fact("api_output_share", 0.5, m.start(), m.end(), keyed=True)
    for pattern in _SHARES:
        for m in pattern.finditer(text):
            if not claims.free(m.start(), m.end()):
                continue
            if m.group(0).lstrip().startswith("其中") and not re.search(_BILL, text[:m.start()]):
                continue  # "其中" is the bill's only after a bill was named
            share = 0.5 if m.group("half") else float(m.group("p")) / 100
            if not 0 < share < 1:
                continue
            claims.claim(m.start(), m.end())
            output = share if re.fullmatch(_OUT, m.group("side")) else round(1 - share, 4)
            yield Fact("api_output_share", output, m.start(), m.end(), keyed=True)


def api_bill_facts(text: str, claims: _Claims) -> Iterator[Fact]:
    """The prices and the bill's split a normalized message states (spans claimed, so no other reader takes them)."""
    yield from _prices(text, claims)
    yield from _shares(text, claims)


__all__ = ["api_bill_facts"]
