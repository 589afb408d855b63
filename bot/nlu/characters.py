"""Lengths said in the units people read text in: characters ("答 300 字左右", "~2,000 characters", "2 万字"), English
words ("answers ~600 words"), pages ("10-page contracts", "一页 A4") and lines of code ("2,000-line files", "3000 行代码").
Each is converted to tokens at its unit's sourced ratio (estimator/physics/text_tokens.py), with the amount and unit
kept as said so the echo can show the conversion. Shared by the length patterns of `facts`, the per-item lengths of
`batch` and `measured_lengths` below (a measured text with no length word before it: "each request is a 10-page
contract")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.nlu.lexicon import ANSWER_TOKENS_BESIDE, ONE_LINE_ANSWER
from bot.nlu.spans import Fact, _Claims, _int, number_value
from estimator.physics.text_tokens import LENGTH_SAID_FIELDS, TextUnit, tokens_of_length

# The unit right after a length's number; never a rate ("20 字/秒", "chars per second", "lines per minute").
_UNIT_WORDS = (r"(?P<cunit>汉字|漢字|中文字|字(?!节|節)|characters?|chars?|words?|pages?|页|頁|"
               r"lines?(?:\s+of\s+(?:code|[a-z+#]+(?:\s+code)?))?|行(?:代码|代碼|程式码|程式碼|程序|源码)?(?!业|業|情|为|為|动|動|政|李|人))")
CHARACTER_UNIT = (rf"\s*(?:多|来|左右|上下)?\s*(?:个|個)?\s*-?\s*{_UNIT_WORDS}(?![a-z])"
                  r"(?!\s*(?:/|每|per\b|a\s+sec|an?\s+(?:hour|minute|day)))")
_CHARACTERS_AFTER = re.compile(CHARACTER_UNIT)
_HAN = re.compile(r"[\u4e00-\u9fff]")
# Pages of English in a Chinese message ("英文合同，每份 8 页"): English pages, not Chinese ones.
_ENGLISH_TEXT = re.compile(r"英文|english")


def _unit(text: str, m: re.Match[str]) -> re.Match[str] | None:
    """The text unit after the match's number (and its multiplier: "2 万字")."""
    return _CHARACTERS_AFTER.match(text, m.end("mult") if m.group("mult") else m.end("num"))


def said_in_characters(text: str, m: re.Match[str]) -> bool:
    """Whether the length is said in a text unit (characters, words, pages, lines) rather than in tokens."""
    return _unit(text, m) is not None


def text_unit(text: str, said: str) -> TextUnit:
    """The unit a length's unit word names. 字 is a Chinese character; "characters" in a Chinese message are Chinese
    characters too; a page is a Chinese page in a Chinese message unless the text is said to be English."""
    if said.startswith(("word",)):
        return "word"
    if said.startswith(("page", "页", "頁")):
        return "zh_page" if _HAN.search(text) and not _ENGLISH_TEXT.search(text) else "page"
    if said.startswith(("line", "行")):
        return "code_line"
    return "han" if "字" in said or _HAN.search(text) else "latin"


def length_facts(text: str, slot: str, m: re.Match[str]) -> Iterator[Fact]:
    """One length read: in tokens as said, or converted from its text unit with the amount and unit beside it."""
    unit = _unit(text, m) if slot in LENGTH_SAID_FIELDS else None
    if unit is None:
        yield Fact(slot, _int(number_value(m)), m.start(), m.end(), keyed=True)
        return
    kind = text_unit(text, unit.group("cunit"))
    amount = number_value(m)
    amount_field, unit_field = LENGTH_SAID_FIELDS[slot]
    yield Fact(slot, tokens_of_length(amount, kind), m.start(), m.end(), keyed=True)
    yield Fact(amount_field, _int(amount), m.start(), m.end(), keyed=True)
    yield Fact(unit_field, kind, m.start(), m.end(), keyed=True)


_CHARACTER_RATE_UNIT = re.compile(r"字|char")


def speed_facts(text: str, m: re.Match[str]) -> Iterator[Fact]:
    """One speed read: in tokens a second as said, or from characters a second ("每秒出 15 个字", "80 chars/s") at the
    script's sourced ratio, the characters and their unit kept beside it for the echo (`LENGTH_SAID_FIELDS`)."""
    unit = text[m.end("num"):m.end()]
    if not _CHARACTER_RATE_UNIT.search(unit):
        yield Fact("tokens_per_s_target", number_value(m), m.start(), m.end(), keyed=True)
        return
    kind: TextUnit = "han" if "字" in unit or _HAN.search(text) else "latin"
    characters = number_value(m)
    amount_field, unit_field = LENGTH_SAID_FIELDS["tokens_per_s_target"]
    yield Fact("tokens_per_s_target", tokens_of_length(characters, kind), m.start(), m.end(), keyed=True)
    yield Fact(amount_field, _int(characters), m.start(), m.end(), keyed=True)
    yield Fact(unit_field, kind, m.start(), m.end(), keyed=True)


# A measured text with no length word before it: "each request is a 10-page contract", "whole 2,000-line files go in",
# "一页 A4 纸的内容", "生成的报告一般 5 页", "回覆大概 2 頁". Pages and lines only: a bare count of words or characters is
# read by the length words' patterns. Whether it is the prompt or the answer: a word of producing in its clause
# (生成, 回答, 输出, answers, summary...) makes it the answer, else it is what goes in.
_MEASURED = re.compile(r"(?<![a-z0-9_.])(?P<neg>)(?P<num>\d+(?:\.\d+)?)(?P<mult>)\s*-?\s*(?:多|来|左右)?\s*(?=(?:pages?|页|頁|"
                       r"lines?(?:\s+of\s+[a-z+#]+)?|行(?:代码|代碼|程式码|程式碼|程序|源码)?)(?![a-z]))(?!\S*\s*(?:/|per\b|每))")
_ANSWER_WORDS = re.compile(r"回答|回复|回覆|答复|输出|輸出|生成|产出|產出|摘要|总结|總結|写出|寫出|"
                           r"\b(?:answers?|replies|reply|responses?|outputs?|summar(?:y|ies|ize)\s+(?:into|to|of)|generates?|writes?)\b")
_CLAUSE_BREAK = re.compile(r"[,;，；。!?！？]|\b(?:and|but|then)\b|(?<=\d)\s+into\b")
_COUNTED_AFTER = re.compile(r"\s*(?:个|個)?\s*(?:文件|文档|份|篇)")  # "5 页文件": the pages' count is the length, not a file count


# "10-page contracts", "5 page reports", "2,000-line files": the number and its unit describe the noun after them, a
# length, never a count of pages or files (read before the batch readers count items).
_MEASURED_NOUN = re.compile(r"\s*-?\s*(?:page|line)\s+(?!of\b|per\b|an?\b|at\b|in\b|to\b|or\b|and\b)[a-z]")


def measured_nouns(text: str, claims: _Claims) -> Iterator[Fact]:
    """Lengths said as a compound before their noun ("10-page contracts"; see `_MEASURED_NOUN`)."""
    yield from measured_lengths(text, claims, before_noun=True)


def measured_lengths(text: str, claims: _Claims, *, before_noun: bool = False) -> Iterator[Fact]:
    """Lengths in pages or lines said without a length word (see `_MEASURED`)."""
    seen: set[str] = set()
    for m in _MEASURED.finditer(text):
        if before_noun and not _MEASURED_NOUN.match(text, m.end()):
            continue
        unit = _unit(text, m)
        if unit is None or not claims.free(m.start(), unit.end()):
            continue
        start = max((b.end() for b in _CLAUSE_BREAK.finditer(text, 0, m.start())), default=0)
        end = next((b.start() for b in _CLAUSE_BREAK.finditer(text, unit.end())), len(text))
        slot = "output_tokens" if _ANSWER_WORDS.search(text, start, end) else "prompt_tokens"
        if slot in seen:
            continue
        seen.add(slot)
        claims.claim(m.start(), unit.end())
        yield from length_facts(text, slot, m)


def one_line_answers(text: str, claims: _Claims) -> Iterator[Fact]:
    """An answer said to be one line or one sentence (`ONE_LINE_ANSWER`): one sentence's tokens, with the amount and
    unit beside it for the echo; read before the measured lengths, so "a one-line gist" is no line of code."""
    for m in ONE_LINE_ANSWER.finditer(text):
        if not claims.free(m.start(), m.end()):
            continue
        if beside := ANSWER_TOKENS_BESIDE.match(text, m.end()):  # its own count in brackets is what it is
            claims.claim(m.start(), beside.end())
            yield Fact("output_tokens", int(beside.group("num")), m.start(), beside.end(), keyed=True)
            return
        claims.claim(m.start(), m.end())
        amount_field, unit_field = LENGTH_SAID_FIELDS["output_tokens"]
        yield Fact("output_tokens", tokens_of_length(1, "sentence"), m.start(), m.end(), keyed=True)
        yield Fact(amount_field, 1, m.start(), m.end(), keyed=True)
        yield Fact(unit_field, "sentence", m.start(), m.end(), keyed=True)
        return


__all__ = ["CHARACTER_UNIT", "length_facts", "measured_lengths", "measured_nouns", "one_line_answers", "said_in_characters", "speed_facts",
           "text_unit"]
