"""How the lead serves: the engine named ("we run vLLM", "用 SGLang", "ollama on the box") and prompts that share
their beginning ("the 6k system prompt is identical for everyone", "大部分是同一个 repo", "開了 prefix cache").

The words are data in the lexicons (`load_words_en`, `load_words_zh`: "engine.<name>", "prefix_caching",
"shared_cue", "prefix_nouns", "most"); this module is the grammar that puts them next to numbers. It runs before the
length readers, so the shared part's figure is not read as the whole prompt.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.nlu import load_words_en as en
from bot.nlu import load_words_zh as zh
from bot.nlu.lexicon import APPROX
from bot.nlu.spans import Fact, _Claims, _int, number_value

# "most of it is the same repo", "大部分是同一个 repo": more than half is shared, so half is what may be credited
# for sure (issue 26 B: prefix caching credited only when stated, and no more than stated).
MOST_SHARED_SHARE = 0.5


def _words(concept: str) -> str:
    alternatives = (*en.WORDS.get(concept, ()), *zh.WORDS.get(concept, ()))
    return "(?:" + "|".join(f"(?:{a})" for a in alternatives) + ")"


_ENGINES = tuple(dict.fromkeys(concept.split(".", 1)[1] for words in (en.WORDS, zh.WORDS) for concept in words
                               if concept.startswith("engine.")))
_ENGINE_WORDS = {engine: re.compile(_words(f"engine.{engine}")) for engine in _ENGINES}
_ENGINE_DENIED = re.compile(_words("engine_denied"))
_CACHING_ON = re.compile(_words("prefix_caching"))
_CACHING_OFF = re.compile(_words("no_prefix_caching"))
_SHARED = re.compile(_words("shared_cue"))
_PREFIX_NOUN = re.compile(_words("prefix_nouns"))
_MOST = re.compile(_words("most"))
_CONTEXT_NOUN = re.compile(_words("context_nouns"))
_SESSION_HISTORY = re.compile(_words("session_history"))
_SESSION_NOUN = re.compile(_words("session_nouns"))
_HISTORY_NOUN = re.compile(_words("history_nouns"))
# A length in a shared-prefix clause: a figure with the token unit, one in thousands ("6k", "3 千") that counts no items,
# or any figure right after "first" / 前面 ("the first 10k", "前面 3000"); never a count of people or documents, a
# share, a duration, a memory or a model size ("5,000 documents, all the same template" is a batch, not a prefix).
_LENGTH = re.compile(
    rf"(?P<first>(?:first|前面|开头|前)\s*)?{APPROX}(?<![a-z0-9_.])(?P<neg>-\s*)?(?P<num>\d+(?:\.\d+)?)\s*(?P<mult>k|千|万)?"
    r"(?![a-z0-9.])(?P<unit>\s*tokens?)?"
    r"(?!\s*(?:%|人|个|位|名|份|篇|条|次|users?|people|ppl|ms|s\b|秒|gb|w\b|b\b|billion|并发|concurrent|docs?\b|documents?|"
    r"files?|requests?|items?|tickets?|pages?|records?|rows?))")
_PERCENT_SHARED = re.compile(rf"(?P<pct>\d+(?:\.\d+)?)\s*%[^\d,;.!?，；。！？]{{0,30}}?{_SHARED.pattern}"
                             rf"|(?:cache hit(?: rate)?|hit rate|命中率)\s*(?:is|of|:|约|大概|~)?\s*(?P<pct2>\d+(?:\.\d+)?)\s*%")


def _clauses(text: str) -> Iterator[tuple[int, str]]:
    for m in re.finditer(r"(?:[^,;!?，；。！？\n.]|(?<=\d)\.(?=\d))+", text):
        yield m.start(), m.group(0)


def _engine(text: str) -> Iterator[Fact]:
    """The last engine named and not denied ("moving from ollama to vLLM": vLLM; "not TGI": none)."""
    named = [(m.start(), m.end(), engine) for engine, words in _ENGINE_WORDS.items() for m in words.finditer(text)
             if not _ENGINE_DENIED.search(text[max(0, m.start() - 30):m.start()])]
    if named:
        start, end, engine = max(named)
        yield Fact("serving_engine", engine, start, end, keyed=True)


def _shared_prefix(text: str, claims: _Claims) -> Iterator[Fact]:
    if m := _CACHING_OFF.search(text):
        yield Fact("prefix_caching", False, m.start(), m.end(), keyed=True)
    elif m := _CACHING_ON.search(text):
        yield Fact("prefix_caching", True, m.start(), m.end(), keyed=True)
    for m in _PERCENT_SHARED.finditer(text):
        pct = float(m.group("pct") or m.group("pct2"))
        if 0 < pct <= 100 and claims.free(m.start(), m.end()):
            claims.claim(m.start(), m.end())
            yield Fact("shared_prefix_share", round(pct / 100, 4), m.start(), m.end(), keyed=True)
            return
    for start, clause in _clauses(text):
        cue = _SHARED.search(clause)
        if cue is None or not _PREFIX_NOUN.search(clause):
            continue
        lengths = [m for m in _LENGTH.finditer(clause) if claims.free(start + m.start("num"), start + m.end())
                   and (m.group("mult") or m.group("unit") or m.group("first"))]
        most = _MOST.search(clause)
        if lengths:  # the figure nearest the words that say it is shared ("12k prompts where the first 10k are the same")
            m = min(lengths, key=lambda x: min(abs(x.end() - cue.start()), abs(x.start() - cue.end())))
            if most is None or not m.end() <= most.start() < cue.start():
                claims.claim(start + m.start(), start + m.end())
                yield Fact("shared_prefix_tokens", _int(number_value(m)), start + m.start(), start + m.end(), keyed=True)
                return
        if most is not None and most.start() < cue.start() and _CONTEXT_NOUN.search(clause):
            # "~40k context but most of it is the same repo": the figure is the whole, most of it is shared
            yield Fact("shared_prefix_share", MOST_SHARED_SHARE, start + most.start(), start + cue.end(), keyed=True)
            return


def _session_history(text: str) -> Iterator[Fact]:
    """Requests that are turns of sessions re-sending their history: said so ("multi-turn", "over many turns", "多轮对话",
    "来回二三十轮"), or a context said of sessions ("40 agent sessions, contexts ~60-80k", "16 个会话 … 上下文 5 到 9 万"):
    each turn's prompt is the session so far, its own prefix (`estimator.advice.sizing.own_history_tokens`)."""
    m = _SESSION_HISTORY.search(text)
    if m is None and _HISTORY_NOUN.search(text):
        m = _SESSION_NOUN.search(text)
    if m is not None:
        yield Fact("session_history", True, m.start(), m.end(), keyed=True)


def serving_facts(text: str, claims: _Claims) -> Iterator[Fact]:
    """The serving engine, the shared prompt prefix and whether requests are sessions' turns, of one normalized
    (folded) message."""
    yield from _engine(text)
    yield from _shared_prefix(text, claims)
    yield from _session_history(text)


__all__ = ["MOST_SHARED_SHARE", "serving_facts"]
