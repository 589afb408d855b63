"""The prompt a request carries, said through its parts rather than as "prompts ~N tokens".

Leads describe what goes into a request, not the request:

- the session it re-sends ("sessions tend to sit around 40-60k tokens", "每个会话一般跑到 6 万 token", "一个 session
  通常累积到 8 万 token"): every turn of a session (a coding agent's, a chat's) sends the session so far, so the size a
  session reaches is what its turns carry and what the memory holds for it. Read as the prompt, with the session's
  history re-sent (`session_history`: the engine's default prefix cache then prefills only a turn's new tokens,
  `estimator.advice.sizing.own_history_tokens`). Sized at the size said, not at half of it: a chat's turns average
  less than the size its conversation reaches, but its memory holds every session there, which errs on capacity.
- the pieces it carries, counted and measured each ("6 chunks of ~1k tokens each", "top 20 snippets, ~400 tokens
  apiece", "每次检索带回 16 段，每段 500 token", "带 10 条条文进去、每条大约 600 token"): the prompt is their count ×
  each, never one piece's length (a retriever puts all of them in front of the question).
- their total ("together roughly 30k tokens", "合计三四万 token", "加起来大概 4 万 token"): the sum is the prompt.
- two parts joined, the text sent with the first ("~1.2k image tokens + 200 prompt"): their sum.
- the text itself, measured in an aside ("deposition transcripts (often 50k+ tokens)", "the whole handbook, which is
  ~35k tokens"): its length is the prompt.

A figure said as a range is sized at its top, as the other length readers do. Text is normalized first (lower case,
Simplified Chinese, Chinese numerals as digits: "三四万" reads "3-4万").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.nlu.characters import CHARACTER_UNIT, length_facts
from bot.nlu.lexicon import APPROX, NUM, READ_TEXT_NOUNS
from bot.nlu.spans import Fact, _Claims, _int, number_value
from estimator.physics.text_tokens import LENGTH_SAID_FIELDS

_RANGE = r"(?:\d+(?:\.\d+)?\s*(?:-|–|to|到|至)\s*)?"
# Tokens as a length, never as a speed ("每个 session 要 25 tok/s 以上", "30 tokens per second").
_TOKENS = r"\s*(?:tokens?|toks?|(?:个|個)\s*token)(?![a-z])(?!\s*(?:/|per\s+(?:sec|s\b|second)|a\s+sec|每秒))"
_FIGURE = rf"{APPROX}{_RANGE}{NUM}{_TOKENS}"

# A session, said by its name: what an agent's or a chat's turns re-send.
_SESSION_NOUNS = r"(?:sessions?|conversations?|convos?|threads?|会话|对话|session)"
# Words that make the figure a ceiling or a setting, not the size a session reaches ("sessions are capped at 128k
# tokens", "configure the conversation window to 32k tokens"): the context readers' window.
_CEILING = re.compile(r"\b(?:cap(?:ped)?|limit(?:ed)?|max(?:imum)?|window|allow(?:ed|s)?|support(?:s|ed)?|configur\w*|"
                      r"set (?:to|at))\b|上限|最长|最多|窗口|支持|以内|不超过|配置|设置")
# Another length's noun between the session and the figure ("12 sessions at once, answers ~300 tokens"): that length's.
_OTHER_LENGTH = re.compile(r"\b(?:answers?|repl(?:y|ies)|outputs?|responses?|completions?|summar(?:y|ies))\b|"
                           r"回答|回复|输出|答案|摘要")
_SESSION_SIZE = re.compile(rf"(?<![a-z]){_SESSION_NOUNS}(?![a-z])(?P<gap>[^\d;.!?。；！？\n]{{0,40}}?){_FIGURE}")
# "a chat" names a session only with a verb of growth ("a chat usually grows to ~18k tokens"): "chat with 128k tokens"
# is the window a chat product offers.
_CHAT_SIZE = re.compile(rf"\bchats?\b(?P<gap>[^\d;.!?\n]{{0,24}}?\b(?:grows?|builds? up|gets?|ends? up|reach(?:es)?|"
                        rf"runs?|accumulates?|hovers?|sits?)\b[^\d;.!?\n]{{0,12}}?){_FIGURE}")

# The pieces a request carries: retrieved pieces by their nouns, or any counted text when the sentence says it goes into
# each request.
_PIECE_NOUNS = (r"(?:chunks?|snippets?|passages?|excerpts?|results?|articles?|sections?|paragraphs?|docs?|documents?|"
                r"files?|reports?|emails?|tickets?|clauses?|records?|messages?)")
_RETRIEVED_PIECES = re.compile(r"\b(?:chunks?|snippets?|passages?|excerpts?|(?:retriev\w+|search) results?|top[- ]?\d+)\b")
_PER_REQUEST = re.compile(r"\b(?:each|every|per)\s+(?:question|query|prompt|request|turn|call|ask)\b|"
                          r"\b(?:into|in front of|along with|with)\s+(?:the |each |every )?(?:context|prompt|question|query)\b|"
                          r"\bretriev\w*|\brag\b")
_PIECES_EN = re.compile(rf"(?<![a-z0-9_.])(?P<n>\d+)\s+(?:[a-z][a-z-]*\s+){{0,3}}?{_PIECE_NOUNS}(?![a-z])"
                        rf"(?P<gap>[^\d;.!?\n]{{0,30}}?)(?P<of>\bof\s+)?{_FIGURE}"
                        r"(?P<each>\s*(?:each|apiece|a piece|per (?:piece|chunk|snippet|passage|article|doc|document|file|"
                        r"report|result|section|email|ticket|clause|record)))?")
# 段/条/篇/份/块/个 counted, then measured each with the same measure word ("16 段，每段 500 token", "2-3份报表，每份约
# 1 万 token"); a range of counts is sized at its top.
# Each may be measured in characters or pages ("5 份合同，每份 4000 字左右"): converted at the unit's sourced ratio.
_PIECES_ZH = re.compile(rf"(?:\d+\s*-\s*)?(?P<n>\d+)\s*(?P<mw>段|条|篇|份|块|个)(?P<gap>[^\d。；！？\n]{{0,16}}?)"
                        rf"每\s*(?P=mw)\s*(?:[\u4e00-\u9fff]{{0,4}}?)\s*{APPROX}{_RANGE}{NUM}(?:{_TOKENS}|(?={CHARACTER_UNIT}))")
# The text each request carries, its length in an aside ("load entire deposition transcripts (often 50k+ tokens)",
# "includes the whole handbook, which is ~35k tokens"): the prompt it becomes.
_TEXT_ASIDE = re.compile(rf"(?:{READ_TEXT_NOUNS}|(?<![a-z])(?:handbooks?|manuals?|polic(?:y|ies)|specs?|codebases?)(?![a-z]))"
                         rf"\s*(?:\(\s*|,?\s*(?:which|that)(?:'s|\s+(?:is|are|runs?))\s+)"
                         rf"(?:(?:often|usually|typically|mostly|normally)\s+)?{APPROX}{_RANGE}{NUM}\+?{_TOKENS}")
# A count of pieces a request carries is small: hundreds of items are a batch's volume, each one its own request.
_MAX_PIECES = 200

# The sum said as one ("together roughly 30k tokens", "合计3-4万 token"); a total per day or month is a volume.
_TOTAL = re.compile(rf"(?:\b(?:together|in total|combined|altogether|all told|total(?:ling)?|all in)\b|合计|加起来|总共|一共|"
                    rf"总计)[^\d,;.!?，。；！？\n]{{0,12}}?{_FIGURE}")
_PER_TIME = re.compile(r"\b(?:a|an|per|each|every)\s+(?:day|night|week|month|year|hour)\b|\b(?:daily|nightly|weekly|monthly)\b|"
                       r"/\s*(?:day|month|天|日|月)|每天|每日|每晚|每月|每周|一天|一个月|每小时")
_CLAUSE_BREAK = re.compile(r"[,;.!?，。；！？\n]")
# A total said of what comes back ("总共输出大概 2 万 token", "generates about 40k tokens in total") is the answer's side.
_OUTPUT_SIDE = re.compile(r"\b(?:outputs?|generat(?:es?|ed|ing)|answers?|completions?|responses?)\b|输出|生成|回答|答案|产出|回复")


def _clause(text: str, start: int, end: int) -> str:
    """The clause a match stands in: from the break before it to the break after it."""
    before = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, start)), default=0)
    after = _CLAUSE_BREAK.search(text, end)
    return text[before:after.start() if after else len(text)]


def _sentence(text: str, start: int, end: int) -> str:
    before = max((m.end() for m in re.finditer(r"[.!?。！？\n]", text[:start])), default=0)
    after = re.search(r"[.!?。！？\n]", text[end:])
    return text[before:end + after.start() if after else len(text)]


# A session's record handed in ("附上客户过去的对话纪录，约 3000 token", "the conversation log, ~5k tokens") is a text each
# request carries, not the session's own turns re-sent: its length is left to the length readers.
_RECORD = re.compile(r"\b(?:records?|logs?|histor(?:y|ies)|transcripts?|exports?)\b|纪录|记录|历史|日志|导出")


def _session_sizes(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in (*_SESSION_SIZE.finditer(text), *_CHAT_SIZE.finditer(text)):
        gap = m.group("gap")
        if (not claims.free(m.start("num"), m.end()) or _CEILING.search(gap) or _OTHER_LENGTH.search(gap)
                or _RECORD.search(gap)):
            continue
        if _CEILING.search(text, max(0, m.start() - 12), m.start()):
            continue
        claims.claim(m.start(), m.end())
        yield Fact("prompt_tokens", _int(number_value(m)), m.start(), m.end(), keyed=True)
        yield Fact("session_history", True, m.start(), m.end(), keyed=True)
        return


def _pieces(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _PIECES_EN.finditer(text):
        count = int(m.group("n"))
        each = m.group("each") or m.group("of")
        sentence = _sentence(text, m.start(), m.end())
        if (not each or not 1 < count <= _MAX_PIECES or _OTHER_LENGTH.search(m.group("gap"))
                or not claims.free(m.start(), m.end()) or _PER_TIME.search(_clause(text, m.start(), m.end()))
                or not (_RETRIEVED_PIECES.search(m.group(0)) or _PER_REQUEST.search(sentence))):
            continue
        claims.claim(m.start(), m.end())
        yield Fact("prompt_tokens", _int(count * number_value(m)), m.start(), m.end(), keyed=True)
        return
    for m in _PIECES_ZH.finditer(text):
        count = int(m.group("n"))
        if (not 1 < count <= _MAX_PIECES or not claims.free(m.start(), m.end()) or _OTHER_LENGTH.search(m.group("gap"))
                or _PER_TIME.search(m.group("gap"))):
            continue
        claims.claim(m.start(), m.end())
        # the tokens and the amount said, each times the count (the unit stays): "5 份 x 4000 字" is 20,000 字
        amount_field = LENGTH_SAID_FIELDS["prompt_tokens"][0]
        for fact in length_facts(text, "prompt_tokens", m):
            scaled = fact.slot in ("prompt_tokens", amount_field)
            yield Fact(fact.slot, _int(count * fact.value) if scaled else fact.value, fact.start, fact.end, keyed=True)
        return


def _text_asides(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _TEXT_ASIDE.finditer(text):
        if claims.free(m.start("num"), m.end()) and not _PER_TIME.match(text[m.end():m.end() + 16].lstrip()):
            claims.claim(m.start("num"), m.end())
            yield Fact("prompt_tokens", _int(number_value(m)), m.start(), m.end(), keyed=True)
            return


def _totals(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _TOTAL.finditer(text):
        clause = _clause(text, m.start(), m.end())
        after = text[m.end():m.end() + 16]
        if (not claims.free(m.start("num"), m.end()) or _PER_TIME.search(clause) or _PER_TIME.match(after.lstrip())
                or _OUTPUT_SIDE.search(clause)):
            continue
        claims.claim(m.start(), m.end())
        yield Fact("prompt_tokens", _int(number_value(m)), m.start(), m.end(), keyed=True)
        return


# Two parts joined, the second the text sent with the first ("~1.2k image tokens + 200 prompt", "1,500 image tokens plus a
# 300 token question", "2k system tokens and 500 tokens of question"): the prompt is their sum.
_PART = r"(?:~\s*)?(?P<{0}>\d+(?:\.\d+)?)\s*(?P<{0}k>k)?"
_JOINED = re.compile(
    rf"(?<![a-z0-9_.]){_PART.format('a')}\s*(?:image|vision|visual|picture|photo|system|context|document|doc)?\s*(?:tokens?|toks?)"
    rf"\s*(?:\+|plus|and)\s*(?:an?\s+)?{_PART.format('b')}\s*(?:(?:tokens?|toks?)\s*)?(?:of\s+)?(?:text\s+|user\s+)?"
    r"(?:prompt|instructions?|text|question|query)\b")


def _part_value(m: re.Match[str], name: str) -> float:
    return float(m.group(name)) * (1000 if m.group(f"{name}k") else 1)


def _joined(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _JOINED.finditer(text):
        if claims.free(m.start(), m.end()):
            claims.claim(m.start(), m.end())
            yield Fact("prompt_tokens", _int(_part_value(m, "a") + _part_value(m, "b")), m.start(), m.end(), keyed=True)
            return


def prompt_part_facts(text: str, claims: _Claims) -> Iterator[Fact]:
    """The prompt read from its parts (module docstring): a total said outright first, then pieces × each, then a
    session's size. One prompt per message: the first reading found is kept."""
    for reader in (_joined, _totals, _pieces, _session_sizes, _text_asides):
        found = list(reader(text, claims))
        if found:
            yield from found
            return


# One session each ("6 people, each usually has one agent going", "每人都开着一个 opencode 会话", "每人都挂着一个 codex cli
# 在跑", "one agent per dev"): every person counted runs a session at once, so the head count is the sessions at the
# peak, not 25 % of it (`concurrency.peak_share` is for people who open an assistant now and then). Read as a fact the
# parser applies to the head count (`parser._one_session_each`); the "1" is no concurrency of one.
_SESSION_THINGS = r"(?:agents?|sessions?|instances?|windows?)"
_ONE_EACH_EN = re.compile(
    r"\b(?:each|every ?one|each one|each of (?:them|us|those)|each (?:person|dev|developer|engineer|user|of the [a-z]+))\s+"
    r"(?:[a-z]+\s+){0,2}?(?:has|have|runs?|keeps?|gets?|got|with)\s+(?:1|an?|their own|his own|her own)\s+"
    rf"(?:[\w.-]+\s+){{0,3}}?{_SESSION_THINGS}\b|"
    rf"\b(?:1|an?)\s+(?:[\w.-]+\s+){{0,2}}?{_SESSION_THINGS}\s+(?:per|each|a)\s+(?:person|head|dev|developer|engineer|user|seat)\b")
_ONE_EACH_ZH = re.compile(r"每(?:人|个人|位|名|个)(?:工程师|开发|同事|研发|开发者)?[^\d。；！？,，]{0,10}?"
                          r"(?:开着|挂着|挂著|跑着|开|挂|跑|有|用)\s*(?:1\s*个|自己的)[^。；！？,，]{0,24}?"
                          r"(?:会话|session|agents?|智能体|窗口|实例|在跑|在用)")


def one_session_each(text: str, claims: _Claims) -> Iterator[Fact]:
    """"each has one agent going": the `one_session_each` fact (above)."""
    for m in (*_ONE_EACH_EN.finditer(text), *_ONE_EACH_ZH.finditer(text)):
        if claims.free(m.start(), m.end()):
            claims.claim(m.start(), m.end())
            yield Fact("one_session_each", True, m.start(), m.end(), keyed=True)
            return


__all__ = ["one_session_each", "prompt_part_facts"]
