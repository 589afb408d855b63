"""Workload facts from one normalized message: numbers with units, and categorical words.

Each extractor finds `Fact`s (slot, value, where); a span claimed by one extractor is not read again
by a later one, so "$0.12/kWh" is an electricity price and not a budget, and "30 tok/s" is a speed
and not a latency. Extractors run most specific first. Values are raw readings: range checks are
`validate.py`'s job, conflicts between several readings `parser.py`'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace

from bot.nlu import load_words_en
from bot.nlu.answer_lengths import answer_lengths
from bot.nlu.api_bill import api_bill_facts
from bot.nlu.characters import (
    CHARACTER_UNIT,
    length_facts,
    measured_lengths,
    measured_nouns,
    one_line_answers,
    said_in_characters,
    speed_facts,
)
from bot.nlu.currency import NON_USD_AFTER_AMOUNT, NON_USD_BEFORE_AMOUNT, USD_WORDS
from bot.nlu.lexicon import (
    ACCURACY_CRITICAL,
    ACROSS_TIME_ZONES,
    ACTIVE_NOW,
    AGENTIC_SESSIONS,
    APPROX,
    ARRIVAL_WORDS,
    AVAILABILITY_NOT_REQUIRED,
    AVAILABILITY_REQUIRED,
    CONSERVATIVE,
    CONTEXT_FLOOR_WORDS,
    CONTEXT_HEAVY_WORK,
    CONTEXT_MAX_WORDS,
    DAILY_USE_AFTER,
    DEVICE_EACH,
    DYNAMIC_SHAPES_NO,
    DYNAMIC_SHAPES_YES,
    EXISTING_HARDWARE,
    FEATURE_DENIED_AFTER,
    FEATURE_DENIED_BEFORE,
    FINE_TUNED,
    FLOOR_WORDS,
    FORMAT_FLOOR,
    FORMAT_REJECTED_AFTER,
    FORMAT_REJECTED_BEFORE,
    FORMAT_REPLACED_AFTER,
    FORMAT_REPLACED_BEFORE,
    FREE_SLOTS_COUNT,
    GROUP_NOUNS_EN,
    GROUP_NOUNS_ZH,
    LAPTOP_EACH,
    LENGTH_HEDGES,
    LENGTH_NOUNS,
    LENGTH_REACH_AFTER,
    LENGTH_REACH_WORDS,
    LENGTH_USUAL_AFTER,
    LENGTH_USUAL_WORDS,
    MACHINE_CALLERS,
    MIXED_TRAINING,
    MIXED_TRAINING_DENIED,
    MULTIPLIERS,
    NO_MORE_BUDGET,
    NUM,
    ONE_USER_AT_A_TIME,
    PER_MONTH_AFTER,
    PER_MONTH_BEFORE,
    POWER_BEFORE_BUDGET,
    READ_TEXT_NOUNS,
    REASONING_MODEL_WORDS,
    REASONING_OFF,
    REQUEST_CLASS_WORDS,
    ROUND_THE_CLOCK,
    SCALE_WORDS,
    SEVERAL_MODELS,
    SPACE_LIMITED,
    SPOKEN_NOUNS,
    SPOKEN_RANGE_END,
    SPOKEN_UNIT,
    STABILITY_WORDS,
    TEXT_GENERATED_BEFORE,
    THINKING_WORDS,
    TYPICAL_WORDS,
    WHOLE_INPUT_WORDS,
    batch_words,
)
from bot.nlu.peak_share import peak_share_facts
from bot.nlu.schedule import working_hours_facts
from bot.nlu.serving import serving_facts
from bot.nlu.spans import Fact, _Claims, _int, _matches, inked, number_value


# --- patterns (all over normalize()d text) -------------------------------------------------------
def _any(*sources: str) -> tuple[re.Pattern[str], ...]:
    """Alternatives that each hold a NUM group (re forbids a group name twice in one pattern)."""
    return tuple(re.compile(source) for source in sources)


_PER_KWH = re.compile(rf"\$?\s*{NUM}\s*(?:usd|dollars?|美元|美金)?\s*(?:/|per|每)\s*(?:kwh|度)")
_PRICE_KWH_KEYWORD = _any(
    rf"(?:electricity|power) (?:price|cost|rate)\s*(?:is|of|at|:)?\s*\$?\s*{NUM}",
    rf"(?:电价|電價|电费|電費)\s*(?:是|为|為|:)?\s*\$?\s*{NUM}",
)
_TOKENS_PER_S = re.compile(
    rf"{APPROX}{NUM}\s*\+?\s*(?:tok(?:en)?s?\s*/\s*s(?:ec)?\b|tok(?:en)?s? (?:per|a|/) ?sec(?:ond)?|t/s\b|tps\b|"
    r"(?:个|個)?\s*tokens?\s*(?:/|每)\s*秒|字\s*/\s*秒|字每秒|"
    r"char(?:acter)?s?\s*/\s*s(?:ec)?\b|char(?:acter)?s? (?:per|a|/) ?sec(?:ond)?)"
)
# The rate said per second first, as Chinese puts it ("每秒不低于 25 个 token", "每秒最少要有 20 個 token", "单用户每秒起码
# 50 个 token"), or "35 tokens every second": a floor words ("at least", 至少, 起码 …) may stand between.
_PER_SECOND_FIRST = re.compile(rf"每秒(?:钟|鐘)?\s*(?:{FLOOR_WORDS}|要|能|得|有|出|吐|输出|生成|\s)*{APPROX}{NUM}\s*(?:个|個)?\s*"
                               r"(?:tokens?|toks?|(?:汉|中文)?字)")
_TOKENS_EVERY_SECOND = re.compile(rf"{APPROX}{NUM}\s*tok(?:en)?s?\s+(?:every|each|a|per)\s+second")
_TOKENS_PER_S_KEYED = re.compile(rf"(?:speed|生成速度|速度|tok/s|tokens/s)\s*(?:of|at least|>=|>|≥|:|至少|要|达到|達到)?\s*{NUM}(?!\s*(?:ms|s\b|秒|users?|人))")
# An amount in another currency, with no budget word ("up to €40k", "50万元", "60k CAD"): the parser converts it, or
# asks about a currency with no rate. The words are the one currency table's (`bot.nlu.currency`).
_OTHER_CURRENCY_AMOUNT = _any(
    rf"(?:{NON_USD_BEFORE_AMOUNT})\s*{NUM}",
    rf"{NUM}\s*(?:{NON_USD_AFTER_AMOUNT})(?![a-z])",
)
_USD_PREFIX = re.compile(rf"(?P<negpre>-\s*)?(?:us)?\$\s*{NUM}")
# A minus right before a currency symbol is the amount's sign ("budget -€5k", "预算 -¥5万", as "-$5k"), whichever pattern
# read the number: never dropped.
_SIGN_BEFORE_SYMBOL = re.compile(rf"-\s*(?:{NON_USD_BEFORE_AMOUNT}|(?:us)?\$)\s*$")
_USD_SUFFIX = re.compile(rf"{NUM}\s*(?:{USD_WORDS})(?![a-z])")
# The amount before its budget word: "$40k budget", "30万的预算", "20 萬以內的預算".
_BUDGET_BEFORE = re.compile(rf"{NUM}\s*(?:(?:capex\s*|hardware\s*|total\s*)?budget|"
                            r"(?:块|塊|元)?\s*(?:左右|以内|以內|上下)?\s*的?\s*(?:预算|預算))")
# The words that name money for hardware; "spend" / 花费 key an amount too, but only where it follows them.
_BUDGET_WORDS = r"budget|预算|預算|capex"
_BUDGET_REACH = 24  # characters between a budget word and its amount
# (a figure before a device's name is how many of it, "budget for one H200 or 2x rtx pro 6000", no amount of money)
_BUDGET_KEYED = re.compile(rf"(?:{_BUDGET_WORDS}|spend|花费|花費)[^,;.\d]{{0,{_BUDGET_REACH}}}?{NUM}(?![\d.]|\s*(?:w\b|kw|users?|人(?!民)|%|b\b|ms|s\b|秒)"
                           r"|\s*x?\s*(?:[a-z]{1,3}\d{2,4}s?\b|rtx\b|gpus?\b|cards?\b|servers?\b|nodes?\b|boxe?s?\b|张|張|块卡|台(?![币幣湾灣])))")
_POWER = re.compile(rf"{NUM}\s*(?P<unit>kw|kilowatts?|w|watts?|千瓦|瓦)(?![a-z])")
# An amount per unit of use is a price, never a hardware budget: per million tokens ("2 元/百万", "$0.28 per 1M"),
# per thousand tokens, per kWh, per GPU-hour ("$2.5/hr").
_PRICE_PER_UNIT = re.compile(r"\s*(?:/|per\s+|每)\s*(?:1\s*)?(?:百万|百萬|million|mtok|m\b|千|1k\b|k\b|tokens?|tok\b|"
                             r"kwh|度|gpu[- ]?(?:hour|hr|h)|小时|小時|hour|hr\b|h\b)")
# One device's price ("~16.5k RMB each", "$7k a card", "单张报价大概五万", "每张 1.6 万"): what a unit costs, not the money
# to spend (the text is folded to Simplified before it is read).
_PRICE_OF_ONE_AFTER = re.compile(r"\s*(?:each\b|apiece\b|a (?:card|piece|unit|gpu)\b|per (?:card|unit|gpu|piece|device)\b|"
                                 r"/\s*(?:card|unit|gpu|张|卡)|(?:一|每)\s*张)")
_PRICE_OF_ONE_BEFORE = re.compile(r"(?:单张|单卡|每张|每卡|一张卡?|per card|a card|each)\s*(?:的)?\s*(?:报价|价格|价钱|售价|卖|要|is|costs?)?"
                                  r"\s*(?:大概|大约|约|差不多|~|about|around)?\s*$")
# A budget nobody named under this much is a price or a count beside a currency sign ("命中 0.2 元"), not money
# to buy hardware with; a named one ("budget $5") is kept, and the range check answers it.
_UNNAMED_BUDGET_FLOOR = 10.0
_BUDGET_WORD_BEFORE = re.compile(_BUDGET_WORDS)
# A figure moved to a new value in a follow-up ("并发加到 50", "上下文要支持到 128k", "人数降到 30"): an optional "must",
# a verb of change, then 到 / 成 (the text is folded to Simplified). The value after it is the figure's new value.
_RAISED_TO_ZH = (r"(?:要|需要|得|会|能|可以|可能)?\s*(?:支持|加|增加|提高|提升|涨|升|扩|扩大|扩到|开|开到|放|放大|降|降低|减|减少|缩|缩减|"
                 r"砍|调|调整|改|变|达)?\s*(?:到|成)")
_CONTEXT_AFTER = re.compile(rf"{NUM}\s*(?:tokens?\s*)?-?\s*(?:of\s+)?(?:context|ctx|上下文|窗口|context window)")
_CONTEXT_BEFORE = re.compile(rf"(?:contexts?|ctx|上下文)(?:\s*(?:window|length|size|长度|長度|窗口))?\s*"
                             r"(?:(?:are|is)\s+)?(?:usually|typically|mostly|normally|on average|average|一般|平均|通常|大多|多数|多半|大部分)?\s*"
                             # a floor ("上下文窗口最少要 32k", "ctx at least 16k"): read, and kept as the window (`_typical_context`)
                             rf"(?:{CONTEXT_FLOOR_WORDS}\s*(?:要|得|需要|有)?)?\s*"
                             # "contexts sit around 60k", "context 開 16k" (set to): where the figure is put
                             r"(?:sits?|sitting|hovers?|hovering|runs?|开到|开|设到|设|拉到)?\s*"
                             r"(?:of|is|:|=|up to|at most|within|under|below|no more than|to|为|為|是|要|到|不超过|不超過|改成|改为|改為|换成|換成|变成|變成|设为|設為|设成|設成|"
                             rf"提高到|增加到|加到|扩大到|擴大到|{_RAISED_TO_ZH})?\s*(?:{CONTEXT_FLOOR_WORDS}\s*)?{APPROX}"
                             r"(?:(?:都|也|基本上?|多半|大多)?\s*(?:在|是)\s*)?"  # "上下文大概都在 16k": where they sit
                             rf"{NUM}")
# A length figure said with only how far or how often it goes ("mostly 2k context, longest 16k", "一般输入4k左右，偶尔会到
# 16k", "最长3万2"): thousands of tokens, never followed by another quantity's unit.
_OTHER_UNIT = (r"(?!\s*(?:人|个人|位|名|用户|并发|users?\b|people|ppl|devs?\b|engineers?|concurrent|gb\b|tb\b|ms\b|s\b|秒|"
               r"seconds?|minutes?|hours?|分钟|小时|w\b|瓦|元|块|美元|刀|\$|%|倍|张|卡|台|requests?|请求|次|条|份|篇|"
               r"tok/s|t/s|rpm|qps|b\b|docs\b|documents?|files?|tickets?|emails?|items?|pages?|images?|calls?|"
               r"messages?|records?|prs?\b|pull requests?|rows?|reviews?|articles?|封|个请求))")
_TOKENS_FIGURE = rf"{APPROX}{NUM}{_OTHER_UNIT}"
_BETWEEN = rf"\s*(?:的\s*)?(?:{LENGTH_NOUNS}\s*)?(?:of|is|are|:|=|到|达|是|为|在|都在|at|around|about|maybe)?\s*"


def _length_said(before: str, after: str) -> tuple[re.Pattern[str], ...]:
    """A length figure with its words before it ("longest 16k") or after it ("16k at most")."""
    return (re.compile(rf"(?<![a-z]){before}{_BETWEEN}{_TOKENS_FIGURE}"),
            re.compile(rf"{_TOKENS_FIGURE}\s*(?:tokens?\s*)?{after}{_OTHER_UNIT}"))


_LENGTH_REACH = _length_said(LENGTH_REACH_WORDS, LENGTH_REACH_AFTER)
_LENGTH_USUAL = _length_said(LENGTH_USUAL_WORDS, LENGTH_USUAL_AFTER)
# Where a clause ends: a comma or semicolon, or a sentence's end (a period, never a decimal point).
_CLAUSE_END = re.compile(r"[,;，；。!?！？]|\.(?!\d)")
# A message that talks about lengths at all, and the words that make a clause about something else.
_LENGTH_TALK = re.compile(rf"context|ctx|上下文|prefix cach|window|窗口|tokens?|diffs?|单次|每次|{LENGTH_NOUNS}")
# A reach word just before a length's noun ("longest request maybe 16k", "最长的输入 50k"): that noun's maximum.
_REACH_BEFORE_NOUN = re.compile(rf"(?<![a-z]){LENGTH_REACH_WORDS}\s*(?:的\s*)?$")
_NOT_A_LENGTH_CLAUSE = re.compile(r"budget|预算|\$|usd|元|块|cost|spend|花|speed|速度|latency|延迟|tok/s|"
                                  r"answers?|outputs?|responses?|replies|回答|输出|回复|生成|思考|thinking|reasoning|"
                                  # a volume or a rate over time ("每天最多 10 万个 token", "3k PRs a month")
                                  r"每天|每日|每小时|每月|每秒|的量|per (?:day|hour|month|second|minute)|"
                                  r"an? (?:day|hour|month|night|week)\b|daily|hourly|monthly|nightly|/(?:s|h|day|month)\b")
_RANGE_NUM = r"(?P<{n}>\d+(?:\.\d+)?)\s*(?P<{u}>k|万|萬)?"
# "上下文 6 万到 10 万", "6-10万", "6万~10万": a full stop may end it (a decimal point may not)
_CONTEXT_RANGE = re.compile(r"(?:context|contexts|ctx|上下文)[^\d,;，；]{0,24}?" + _RANGE_NUM.format(n="a", u="u1")
                            + r"\s*(?:-|–|~|～|to|到|至)\s*" + _RANGE_NUM.format(n="b", u="u2") + r"(?!\d|\.\d)")
_THINKING = _any(
    rf"{THINKING_WORDS}[^\d,;，；。]{{0,24}}?{APPROX}{NUM}\s*(?:tokens?|toks?|token)",
    rf"{APPROX}{NUM}\s*(?:tokens?|toks?)\s*(?:of\s+)?{THINKING_WORDS}",
)
# What a user hands the model is its prompt: texts read in ("~30k-token filings", "transcripts ~20k tokens"). Nouns
# that name written output as often as input ("reports") are read by the verb that hands them in (`_HANDED_IN`).
_PROMPT_WORDS = (r"prompts?|inputs?|docs?|questions?|quer(?:y|ies)|documents?|requests?|contracts?|"
                 r"(?<![a-z])(?:files?|pdfs?|transcripts?|filings?|articles?|papers?|codebases?|repos?)(?![a-z])|"
                 r"输入|輸入|提示词|提示詞|提示|提问|提問|问题|問題|文档|文件|长文|合同|资料|資料")
_OUTPUT_WORDS = (r"answers?|outputs?|responses?|replies|replys|reply|completions?|generations?|generated|comes? back|gets? back|"
                 r"suggestions?|"
                 r"summar(?:y|ies)|输出|輸出|回答|回复|回覆|答复|答覆|答案|生成|产出|產出|"
                 # a translation is the answer ("每句翻译 50 个 token 以内", "译文 200 字左右", "translations stay under 80 tokens");
                 # a bare 翻译 is as often the verb handing a text in ("翻译 5000 字的文档")
                 r"每(?:句|条|段)(?:的)?翻译|译文|翻译结果|\btranslations? (?:are|stay|run|come out)|"
                 # what a text is condensed into ("we summarize 5 page reports into ~300 words")
                 r"(?:summari[sz]|condens|shorten|boil)\w*\s+[^,;.]{0,30}?\b(?:into|down to)|"
                 # a bare 答 right before its length ("答 300 字左右"), never 问答 or 解答
                 r"(?<![问問回解])答(?=\s*(?:约|約|大约|大約|大概|~)?\s*\d)")
# A number followed by a unit or by a counted noun is not a length: "requests are 1 prompt each" counts
# prompts ("every request is a single prompt (batch size 1)" gave prompts of 1 token). The noun is the
# slot's own: "prompts 1000 answers 300" gives the prompts 1000, the next clause's word does not count
# it. `(?!\.?\d)`: the whole number, never a prefix of it that a failed lookahead backtracks to (that
# read "prompts 1000 answers 300" as prompts of 100 tokens).
def _not_token_unit(words: str) -> str:
    # "输出 1 个类别" counts categories: a measure word before a noun other than the token unit is a count
    # ("输出 300 个" with the unit said once before stays a length).
    # Pages and documents are counted, not measured in tokens ("文档一般 50 页", "docs ~40 pages").
    # (nor a number's digits without their thousands, "文件 16k 输入": the 16k is the next word's, never 16 tokens)
    return (r"(?!\.?\d)(?!\s*(?:k(?![a-z])|千|万|萬|ms|s\b|sec|seconds?|秒|毫秒|w\b|kw|users?|people|人|%|b\b|billion|gb|个?模型|页|頁|pages?\b|篇|份|"
            r"(?:个|個|条|條|种|種)\s*(?=[\u4e00-\u9fffa-z])(?!tokens?|toks?|token|字|词元)|"
            rf"(?:{words})(?![a-z])))")


_LEN_AFTER_WORD = {
    slot: re.compile(rf"(?:{words})\s*(?:are|is|of|:|=|length|长度|長度)?(?:\s*(?:{LENGTH_HEDGES})){{0,2}}"
                     rf"(?:\s*(?:around|about|roughly|up to|under|to|约|約|大约|大約|大概|~|在|到))?\s*{APPROX}"
                     # a range ("3-4k tokens", "200 to 300"): sized at its top, as "up to" is
                     rf"(?:\d+(?:\.\d+)?\s*(?:-|–|to|到|至)\s*)?{NUM}{_not_token_unit(words)}")
    for slot, words in (("prompt_tokens", _PROMPT_WORDS), ("output_tokens", _OUTPUT_WORDS))
}
# "2000 token 輸入、200 輸出": in Chinese the unit is often said once, and a number right before 输入/输出
# (no measure word: "200 个输出" counts outputs) is that length in tokens.
# A number right after the other length word is that word's ("输入 4k 输出 1k": 4k goes in, 1k comes back), never the
# length of the word after it.
_AFTER_LENGTH_WORD = r"(?<!输入)(?<!输入\s)(?<!输出)(?<!输出\s)(?<!input\s)(?<!output\s)"
_LEN_BEFORE_WORD = {
    slot: re.compile(rf"{_AFTER_LENGTH_WORD}{APPROX}{NUM}\+?\s*-?\s*(?:(?:tokens?|toks?|(?:个|個)\s*token|字)\s*(?:of\s+|的\s*)?"
                     rf"(?:[a-z]+\s+)?(?:{words})(?![a-z])|{bare})")
    for slot, words, bare in (("prompt_tokens", _PROMPT_WORDS, "输入|輸入"), ("output_tokens", _OUTPUT_WORDS, "输出|輸出"))
}
# A length in thousands right before a noun that only names a length ("8k prompts", "8k 的 prompt", "2k outputs"): tokens,
# the unit left unsaid (a count of items is said of documents or requests, and per day: "8k prompts a day" is a load).
_LENGTH_ONLY_WORDS = {"prompt_tokens": r"prompts?|inputs?|输入|提示词",
                      "output_tokens": r"outputs?|answers?|responses?|replies|completions?|输出|回答|回复|答案"}
_PER_TIME_AFTER = re.compile(r"\s*(?:a|an|per|each|every|/)\s*(?:day|night|hour|hr|minute|min|second|sec|week|month)|\s*每|\s*/\s*(?:天|日)")
_LEN_THOUSANDS_BEFORE_WORD = {
    slot: re.compile(rf"{_AFTER_LENGTH_WORD}{APPROX}(?<![a-z0-9_.])(?P<neg>-\s*)?(?P<num>\d+(?:\.\d+)?)\s*(?P<mult>k|千)(?![a-z])(?:-?ish)?\s*(?:的\s*)?"
                     rf"(?:{words})(?![a-z])")
    for slot, words in _LENGTH_ONLY_WORDS.items()
}
# A token count handed in by a verb ("they paste 100k+ tok reports", "上传的文件大概 8 万 token") is the prompt
# whatever the noun: the verb says it goes in.
# Context carried along with each question is handed in too ("每次带入条文约 4k token", "检索带进去 6k token"; text is
# folded to Simplified first: "帶入" reads 带入).
# A job's own verbs of reading say the same ("each review reads ~40k tokens", "ingests ~25k tokens of docs", "每次读进去 6000
# token 的合同"); its verbs of writing say the answer (`_WRITTEN_OUT`).
_HANDED_IN_VERBS = (r"paste[sd]?|upload(?:s|ed)?|feeds?|dump(?:s|ed)?|drops?|throws?|attach(?:es|ed)?|stuff(?:s|ed)?|"
                    r"\breads?\b|ingest(?:s|ed)?|consumes?|takes? in|读进去|读进来|读入|吃进去|吃进|"
                    r"(?:pull|bring|drag)(?:s|ed)? in|贴进来|贴进去|丢进来|丢进去|扔进来|塞进来|塞进去|放进来|放进去|"
                    r"带进去|带进来|带入|带上|带(?!宽)|附上|贴上|贴入|上传|喂进去|喂给它")
# The verb and its figure may stand a few words apart, the figure in brackets ("pastes a full application pack
# (~25k tokens)"): the token unit anchors it, so the gap may be longer than a figure without its unit's.
_HANDED_IN = re.compile(rf"(?:{_HANDED_IN_VERBS})[^\d,;.!?，。；！？]{{0,32}}?{APPROX}{NUM}\+?\s*-?\s*(?:tokens?|toks?|(?:个|個)\s*token)(?![a-z])")
# What the job writes, by its verb ("writes ~800 tokens of comments", "emits ~1.5k tokens of notes", "写出 300 token 左右的
#要点"): the answer's length, the token unit anchoring it.
_WRITTEN_OUT = re.compile(rf"(?:\bwrites?\b|\bwrote\b|\bemits?\b|spits? out|\bproduces?\b|\breturns?\b|写出来?|写回|吐出|产出来)"
                          rf"[^\d,;.!?，。；！？]{{0,16}}?{APPROX}{NUM}\+?\s*-?\s*(?:tokens?|toks?|(?:个|個)\s*token)(?![a-z])")
# Handed in and said in characters or pages ("每次都要带上约 2 万字的合约全文", "pastes ~30 pages"): converted at the unit's
# sourced ratio (`characters.length_facts`).
_HANDED_IN_TEXT = re.compile(rf"(?:{_HANDED_IN_VERBS})[^\d,;.!?，。；！？]{{0,16}}?{APPROX}{NUM}(?={CHARACTER_UNIT})")
# The verb after its figure, Chinese order ("把整份研报（3 万 token 左右）贴进去"): handed in all the same.
# What it is may stand between ("把 1 万 token 的规章一起送进去").
_HANDED_IN_AFTER = re.compile(rf"{APPROX}{NUM}\+?\s*(?:tokens?|toks?|(?:个|個)\s*token)\s*(?:左右|上下)?\s*[)）]?\s*"
                              r"(?:的\s*[\u4e00-\u9fffa-z]{0,6}?\s*)?(?:一起|一并|都)?\s*"
                              r"(?:贴进去|贴进来|丢进去|丢进来|扔进去|扔进来|塞进去|塞进来|放进去|放进来|带进去|带进来|喂进去|送进去|传进去|上传)")
# A text sized by a hyphenated token count ("the whole 20k-token manual", "a 30k token contract"): its length, the prompt
# it becomes.
_TOKEN_SIZED_TEXT = re.compile(rf"{APPROX}{NUM}[- ]?tok(?:en)?s?[- ](?:[a-z]+[ -]){{0,2}}?(?:manuals?|docs?|documents?|contracts?|"
                               r"contexts?|files?|pdfs?|transcripts?|polic(?:y|ies)|specs?|filings?|threads?|packs?|"
                               r"codebases?|repos?)\b")
# Not reports, briefs or memos: nouns written as output as often as read in, left to the verb that hands them in
# (`_PROMPT_WORDS`' note; "we generate 2k-token reports" is their answer, not their prompt).
# Said in thousands without the token unit ("丢进来 30k 的合同", "每次新贴进来的大约 6k", "paste about 20k of logs"): what is
# handed in is measured, so a figure in thousands is its length; a counted noun after it ("upload 20k documents") is a
# count (`_OTHER_UNIT`).
_HANDED_IN_THOUSANDS = re.compile(rf"(?:{_HANDED_IN_VERBS})[^\d,;.!?，。；！？]{{0,16}}?{APPROX}"
                                  rf"(?<![a-z0-9_.])(?P<neg>)(?P<num>\d+(?:\.\d+)?)\s*(?P<mult>k)(?![a-z]){_OTHER_UNIT}")
# A text sized in thousands before its noun, Chinese attributive ("常丢 64k 的长文件", "8k 左右的工单记录"): the text's
# length, the prompt it becomes; a measure word ("64k 份文件") would count texts, and has no 的.
_SIZED_TEXT_NOUNS = (r"长文件|长文档|长文|文件|文档|合同|合约|资料|材料|工单|记录|纪录|论文|报告|代码|程式码|程序码|日志|邮件|卷宗|病历|文章|"
                     r"内容|上下文|对话|prompt")
_SIZED_TEXT = re.compile(rf"{APPROX}(?<![a-z0-9_.])(?P<neg>)(?P<num>\d+(?:\.\d+)?)\s*(?P<mult>k|千|万)\s*(?:tokens?\s*)?"
                         rf"(?:左右|上下)?\s*的\s*(?:长|大)?\s*(?:[\u4e00-\u9fff]{{0,2}})?(?:{_SIZED_TEXT_NOUNS})")
# A length described before it is measured ("answers are short, like a paragraph, ~150 tokens", "输出通常不长，大概
# 200 个 token", "replies tend to run long, around 800 tokens each"): the noun, a few words of description in the
# same sentence (no digit, no full stop, no other length's noun: `_lengths` checks), then a number that carries
# the token unit, which is what makes it a length.
_TOKEN_UNIT = r"\s*(?:tokens?|toks?|(?:个|個)\s*token)(?![a-z])"
_LEN_DESCRIBED = {
    # a range ("prompts are mostly the whole contract, 15-20k tokens") is sized at its top, as everywhere
    slot: re.compile(rf"(?:{words})(?P<gap>[^\d.;:!?。；！？\n]{{1,40}}?){APPROX}(?:\d+(?:\.\d+)?\s*(?:-|–|to|到|至)\s*)?{NUM}"
                     rf"(?:{_TOKEN_UNIT}|(?={CHARACTER_UNIT}))")
    for slot, words in (("prompt_tokens", _PROMPT_WORDS), ("output_tokens", _OUTPUT_WORDS))
}
# "~1000 tokens per answer", "2k tokens each prompt", "每个回答 300 token" is the keyed form above.
_LEN_PER_WORD = {
    slot: re.compile(rf"{APPROX}{NUM}{_TOKEN_UNIT}\s*(?:per|each|an?|every|/)\s*(?:{words})(?![a-z])")
    for slot, words in (("prompt_tokens", _PROMPT_WORDS), ("output_tokens", _OUTPUT_WORDS))
}
# "inputs vary wildly in length, some 200 tokens some 20k", "短的 200 token 长的两万": the ends of a spread, not a
# typical length (the spread itself is dynamic shapes).
_SPREAD = re.compile(r"\bvar(?:y|ies|ying|iable)\b|\bsome\b|\bfrom\b|\bbetween\b|\branges?\b|变化|變化|不一|有的|有些|从|從")
# The other length's noun in a description ("prompts are long, answers ~300 tokens"); the same length named twice
# ("what comes back is mostly a summary, around 400 tokens") is one length.
_OTHER_LENGTH_WORD = {"prompt_tokens": re.compile(rf"(?<![a-z])(?:{_OUTPUT_WORDS})(?![a-z])"),
                      "output_tokens": re.compile(rf"(?<![a-z])(?:{_PROMPT_WORDS})(?![a-z])")}
_DURATION = re.compile(rf"{NUM}\s*(?P<unit>ms|msec|milliseconds?|毫秒|s|secs?|seconds?|秒钟|秒鐘|秒|minutes?|mins?|分钟|分鐘)(?![a-z])")
_SUB_SECOND = re.compile(r"(?:under|within|below|less than|in) (?:a|one) second|sub-?second")
# Durations in words: "half a second", "半秒" (500 ms); "a few seconds (is fine)", "几秒都可以" (3 s, the
# interview's own example answer, which read as no fact at all).
_WORDED_DURATIONS = (
    (re.compile(r"\bhalf (?:a |of a )?(?:second|sec)\b|\bhalf-second\b|半秒"), 500),
    (re.compile(r"\b(?:a )?few seconds?\b|\bseveral seconds\b|几秒|幾秒|数秒|數秒"), 3000),
    # "a bit over a second": a soft target a little past the second (`_a_bit_over`)
    (re.compile(r"\b(?:a (?:bit|little|tad)|slightly|just) (?:over|more than|above|past) (?:a|1) (?:second|sec)\b"), 1500),
)
# A duration said as "a bit over" it ("1 秒多一点", "十秒出头", "a bit over 2 s", "just over 10 seconds"): a soft target past
# the figure, not the figure as a limit: a fifth more, at least half a second (1 秒多 is 1.x s, read 1.5 s; 十秒出头 12 s).
_A_BIT_OVER_AFTER = re.compile(r"\s*(?:多(?:一点|一點|一些|点|點|些)?|出头|出頭)(?![0-9])")
_A_BIT_OVER_BEFORE = re.compile(r"\b(?:a (?:bit|little|tad)|slightly|just) (?:over|more than|above|past)\s*$")
_A_BIT_OVER_MIN_MS = 500
_A_BIT_OVER_SHARE = 0.2


def _a_bit_over(text: str, m: re.Match[str], ms: float) -> float:
    """The duration `m` (in ms) as read: past the figure when it is said as "a bit over" it."""
    if _A_BIT_OVER_AFTER.match(text, m.end()) or _A_BIT_OVER_BEFORE.search(text, max(0, m.start() - 20), m.start()):
        return ms + max(_A_BIT_OVER_MIN_MS, _A_BIT_OVER_SHARE * ms)
    return ms
# A duration counted from an event is a time of day ("开盘前十分钟会冲到 200 人", "in the 10 minutes before the open").
_BEFORE_AN_EVENT = re.compile(r"(?:前|后|之前|之后)\s*$")
_EVENT_AFTER = re.compile(r"\s*(?:before|after|prior to|前|后|之前|之后)(?![a-z])")
# A duration said as the interval between one sender's requests ("each fires it every 3 min", "每 90 秒丢一笔", "每人 1 分钟
# 传一则", "2 分钟问一次") is how often they ask, never how long they wait: a count of one request right after it, or "every"
# right before it with a sender asking in its clause (`load.asking_interval`). Read as a rate (`bot.nlu.load`), so Little's
# law never holds a slot for 3 minutes.
_EVERY_BEFORE = re.compile(r"\bevery\s*(?:(?:about|around|roughly|maybe|like|approx\.?|~)\s*)?$")
_ONCE_AFTER = re.compile(r"\s*(?:左右|多|上下)?\s*(?:就)?\s*[^\d,;.!?，。；内完]{0,6}?(?:[一1]\s*(?:次|则|张|笔|条|份|封)|once\b)")
_LATENCY_KEY = re.compile(r"ttft|first token|first[- ]token|time to first|latency|延迟|延遲|首字|首token|首个token|首個token|响应|響應|回應|回应|p9\d|wait")
_MS_PER_UNIT = {"ms": 1, "msec": 1, "millisecond": 1, "milliseconds": 1, "毫秒": 1, "s": 1000, "sec": 1000,
                "secs": 1000, "second": 1000, "seconds": 1000, "秒": 1000, "秒钟": 1000, "秒鐘": 1000,
                "minute": 60_000, "minutes": 60_000, "min": 60_000, "mins": 60_000, "分钟": 60_000, "分鐘": 60_000}
# "model size 7", "参数量 14": a bare number after a size keyword is in billions.
_PARAMS_KEYED = re.compile(rf"(?:model size|parameter count|params|参数量|參數量|模型大小)\s*(?:is|of|:|=|为|為|是)?\s*{NUM}(?![\d.]|\s*(?:%|gb|w\b|ms|users?|人))")
_PARAMS = re.compile(rf"{NUM}\s*-?\s*(?P<unit>params?|parameters?|参数|參數|参|參|(?:的)?模型|model|llm)?(?![a-z])")
# Staff named by their trade, people in every head-count reading ("~600 adjusters", "40 underwriters"; "800 个销售",
# never the figure 销售额).
_TRADE_NOUNS_EN = (r"adjusters?|underwriters?|recruiters?|accountants?|auditors?|consultants?|brokers?|traders?|bankers?|"
                   r"tutors?|teachers?|translators?|editors?|writers?|reviewers?|technicians?|techs|dispatchers?|clerks?|"
                   r"pharmacists?|radiologists?|planners?|buyers?|adjudicators?|caseworkers?|investigators?")
_TRADE_NOUNS_ZH = "销售(?!额|量|收入|数据|部门?|团队|线索|人员)"
_USER_ADJ = r"(?:concurrent|simultaneous|active|parallel|peak|total|internal|legal|support|daily|regular|named|end|different|potential|real|human)"
_USER_NOUNS = (r"users?|people|ppl|persons?|employees?|staff|members?|seats?|lawyers?|agents?|analysts?|engineers?|"
               r"developers?|devs|colleagues|clients?|customers?|students?|doctors?|nurses?|sessions?|folks|researchers?|"
               r"paralegals?|attorneys?|reps|representatives|workers|operators|clinicians|requests?|streams?|queries|physicians|"
               # office roles; "pm" alone only after a measure word ("5 個 PM"): "10pm", "10 pm" are times of day
               r"pms|product managers?|designers?|copywriters?|marketers?|"
               r"scientists?|(?<=[个個位名] )pm|(?<=[个個位名])pm|" + _TRADE_NOUNS_EN)
# (an English noun after a Chinese measure word counts people too: "30 個 analyst 用")
# A member's field or seniority before the noun ("5 ML engineers", "12 senior devs", "10 个算法工程师"): still those people.
_ROLE_WORDS_EN = r"(?:ml|ai|data|software|backend|frontend|research|platform|devops|sre|qa|junior|senior|staff|product|sales|our)"
_ROLE_WORDS_ZH = r"(?:算法|软件|后端|前端|测试|数据|研发|开发|产品|设计|运维|硬件|ai|ml|资深|初级|高级|中级)"
_USERS_EN = re.compile(rf"{APPROX}{NUM}\s*(?:个|個|位|名)?\s*[-+]?\s*(?P<adj>(?:(?:{_USER_ADJ}|{_ROLE_WORDS_EN})\s+){{0,2}})"
                       rf"(?P<noun>{_USER_NOUNS})\b")
# Words of simultaneity said right after the members (text folded to Simplified): "同时用", "并发", "在线", and "一齐"
# (Cantonese 一齊, "all together": "100 人一齊問"), or 一起 with a verb of using or asking ("一起问", "一起用").
_SIMULTANEOUS_ZH = (r"同时|同時|并发|並發|在线|在線|一齐|一齊|"
                    r"一起(?=\s*在?\s*(?:问|提问|用|上|涌|打|发|冲|查|跑|审|看|写|改|调|测|聊|做|处理))")
# "全部同时在线", "都同时", "会同时": all of them at once (the words between the members and the word of simultaneity).
_ALL_ZH = r"(?:全部都?|全都|都会|都|全|会|在)"
# What runs at once without being people (models, cards, services): never a count of users.
_NOT_PEOPLE_ZH = r"(?!\s*(?:模型|gpu|显卡|卡|服务|任务|进程|实例|节点|机器|服务器|版本|lora|适配器|adapter))"
_USERS_ZH = _any(
    rf"{APPROX}{NUM}\s*(?:多|餘|余|来|來)?\s*(?:个|個)?\s*(?P<adj>同时在线|同時在線|同时|同時|并发|並發|在线|在線|活跃|活躍)?\s*(?:的)?\s*"
    rf"(?P<noun>{_ROLE_WORDS_ZH}?(?:用户|用戶|使用者|人|员工|員工|同事|工程师|开发者|开发人员|研发人员|医护人员|人员|分析师|研究员|律师|律師|客服|并发|並發|路并发|路並發|坐席|医生|醫生|医师|醫師|医护|护士|老师|教师|学生|學生|同学|同學|柜员|店员|营业员|导购|请求|請求|产品经理|设计师|"
    # the R&D staff called by their function ("80 个研发", "30 来开发")
    r"研发(?!任务|项目|环境|费)|开发(?!者|人员|任务|项目|环境|板|机)|" + _TRADE_NOUNS_ZH + "|"
    # any staff named by a role in 员 ("300 个审核员", "50 个质检员", "20 个标注员")
    # (never a numbered one: "3 号人员")
    r"(?![号台张块卡个])[\u4e00-\u9fff]{1,2}员(?!工)))",
    # 位 and 名 count people whatever noun follows ("60 位醫師", "5000 名员工").
    # The noun stops before a word of simultaneity ("20 位分析師同時用": 同時 is the count's, not the noun's).
    rf"{APPROX}{NUM}\s*(?:多|餘|余)?\s*(?:位|名)\s*(?:(?!{_SIMULTANEOUS_ZH})[\u4e00-\u9fff]){{0,4}}",
    # on at once, the people left unsaid ("300 个同时在线的时候", "50个并发在用"): streams
    rf"{APPROX}{NUM}\s*(?:多|餘|余)?\s*个\s*(?:同时在线|同时在用|同时使用|并发在用)"
    r"(?!\s*的?\s*(?:模型|gpu|显卡|卡|服务|任务|请求|进程|实例))",
    # members of any role said with a verb of doing it at once ("5 个审稿人会同时用", "30 个业务一起在问"): whatever the
    # noun, that many streams (the noun ends before the word of simultaneity, which `_AT_ONCE_AFTER` then reads)
    rf"{APPROX}{NUM}\s*(?:多|余)?\s*个{_NOT_PEOPLE_ZH}\s*(?:(?!{_SIMULTANEOUS_ZH})[\u4e00-\u9fff]){{1,4}}?"
    rf"(?=\s*(?:会|都|在|要|能)?\s*(?:{_SIMULTANEOUS_ZH}))",
    # at once said first, the members after ("同时有 15 个在跑", "同时会有 8 个同事在调"): that many streams
    rf"(?:同时|一起)\s*(?:会|可能|大概|最多)?\s*有\s*{APPROX}{NUM}\s*(?:多|余)?\s*个{_NOT_PEOPLE_ZH}",
)
# The team counted as "us": "4 of us in the lab", "all 25 of us", "我们5个共用", "我们仨" (a fused count, normalized
# to "我们3个"): a head count like "5 people" (a "人" after it is `_USERS_ZH`'s).
_WE_COUNTED = _any(
    rf"\b(?:all |just |only )?(?:the )?(?!1\s)(?!0)(?!1\.){NUM}\s+of us\b",  # "one of us" is someone, no count
    rf"(?:我们|咱们|咱)\s*(?:这|就|只有|一共|总共|大概)?\s*{NUM}\s*(?:来|多|几)?\s*个(?!\s*(?:人|月|小时|模型|gpu|卡|节点|请求|token))",
)
_USERS_KEYED = re.compile(
    rf"(?P<key>concurrency|concurrent users|simultaneous users|peak users|peak of|peaks? at|number of users|users|headcount|"
    rf"(?:{GROUP_NOUNS_EN}) (?:of|size)|staff of|并发数|並發數|并发用户数|並發用戶數|并发量|並發量|并发|並發|同时在线人数|同時在線人數|"
    rf"同时在线|同時在線|用户数|用戶數|人数|人數|总人数|總人數|员工|用户|使用者)\s*"
    rf"(?:of|is|are|:|=|~|at|about|around|{_RAISED_TO_ZH}|为|為|是|有|达|達|大概|的|变成|增加到|涨到|到|会有|有大概)?\s*{APPROX}{NUM}"
    # (?!\.?\d): the whole number, never a prefix a failed lookahead backtracks to ("大概10%" is not 1)
    r"(?!\.?\d)(?!\s*(?:ms|s\b|秒|w\b|kw|b\b|%|gb|tokens?|years?|年|小时|小時|hours?))"
)
_USERS_AT_ONCE = _any(
    # "~50 in flight": requests being served together, a concurrency (Little's law's L)
    rf"{APPROX}{NUM}(?![\d.])[^\d,;.]{{0,25}}?(?:at (?:the same time|once)|simultaneously|concurrently|in parallel|in[- ]flight)",
    rf"{APPROX}{NUM}\s*(?:concurrent|simultaneous)\b",
    # "one shopper at a time", "one tech uses it at a time": whoever the noun, that many in flight (never a count of
    # models, devices, jobs or time said "at a time")
    rf"{APPROX}{NUM}(?![\d.])\s+(?!(?:models?|llms?|gpus?|cards?|box(?:es)?|servers?|nodes?|jobs?|batch(?:es)?|tokens?|"
    r"adapters?|loras?|hours?|days?|weeks?|steps?|files?|documents?|docs|pages?|chunks?|items?)\b)(?:[a-z]+\s+){1,3}?at a time\b",
    # the people named, then how many at a time in an aside ("compliance reviewers (8 at a time, tops)", "analysts, ~12
    # at a time"): that many in flight
    rf"(?<=[(,—–-])\s*(?:up to\s+|max\s+|at most\s+)?{APPROX}{NUM}(?![\d.])\s*(?:at a time|at once)\b",
    # an engine's serving slots, each a request decoded at once ("4 devs, so 4 slots", "llama.cpp with 6 parallel slots",
    # "开 5 个 slot"); never slots for cards ("2 free x16 slots", "slots left")
    rf"{APPROX}{NUM}(?![\d.])\s*(?:parallel\s+|concurrent\s+|serving\s+|decode\s+)?slots?\b(?!\s*(?:free|open|left|available|empty|spare))",
    rf"(?:开|设|跑|配)\s*{APPROX}{NUM}\s*个?\s*(?:slot|并发槽|槽位)",
)
_CONCURRENT_CUE = re.compile(r"concurren|simultaneous|at once|at the same time|same time|at peak|peak|in parallel|active|in[- ]flight|"
                             r"同时|同時|并发|並發|高峰|尖峰|在线|在線|在用")
# A peak named right before the number: "高峰大约 400 人", "峰值 500 人", "peak about 400"; or "at once" said
# before it, as Chinese may put it ("同时 25 人", "並發 40 人"): the count beside the words is the peak.
_PEAK_BEFORE = re.compile(r"(?:高峰|尖峰|峰值|最高峰|peak|at peak|同时|同時|并发|並發)[\s\w\u4e00-\u9fff]{0,6}$")
# A head count, whatever the noun that names its members ("400 engineers", "2,000 staff", "60 位工程師"): the
# peak is a stated or sourced share of it, never all of them at once (seed 1 sizes by concurrent users).
_MEMBER_NOUNS = (r"employees?|staff|engineers?|developers?|devs|lawyers?|attorneys?|paralegals?|analysts?|researchers?|"
                 r"scientists?|doctors?|physicians?|nurses?|clinicians|students?|colleagues|members?|workers|"
                 rf"{_TRADE_NOUNS_EN}|"
                 # Chinese role nouns (Traditional is folded to Simplified first): 同仁 is Taiwan's "colleagues",
                 # 人员 any staff ("客服人员", "工作人员"), teachers and agents' seats count people, not streams.
                 r"(?:support|sales|service|customer[- ]service|call[- ]cent(?:er|re)|contact[- ]cent(?:er|re))\s+(?:agents?|reps?|representatives)|"
                 "员工|同事|同仁|工程师|研发|开发者|开发人员|开发(?!者|人员|任务|项目|环境|板|机)|人员|职员|客服|坐席|座席|话务员|接线员|律师|分析师|研究员|医生|医师|医护|护士|学生|同学|师生|老师|教师|成员|"
                 rf"{_TRADE_NOUNS_ZH}|"
                 # any staff named by a role in 员 ("审核员", "质检员", "标注员", "店员", "柜员")
                 "[\u4e00-\u9fff]{1,2}员(?!工)")
_EXPLICIT_TOTAL_CUE = re.compile(r"total|in all|overall|headcount|company of|org of|organi[sz]ation of|firm of|总共|一共|全体|总人数")
_TOTAL_CUE = re.compile(rf"{_EXPLICIT_TOTAL_CUE.pattern}|{_MEMBER_NOUNS}")
# Members said to be on at once are that many streams, whatever the noun: "30 devs at once", "40 engineers
# use it concurrently", "8 developers share a 70B model at the same time" (the same rule as "30 users at once"). Only
# a phrase of simultaneity within a few words of the clause counts, words with a letter (a model's size "70b" is one;
# a bare number is another count: "200 staff and 30 at once" keeps 200 a head count): "2,000 staff, maybe a quarter
# active" stays a head count with its share.
_PRESENT_AT_ONCE = re.compile("|".join(load_words_en.WORDS["at_work"]))
_AT_ONCE_AFTER = re.compile(r"\s*(?:[a-z0-9.'-]*[a-z][a-z0-9.'-]*\s+){0,4}?(?:at once|at the same time|at a time|at any (?:one|given) time|"
                            r"simultaneously|concurrently|in parallel)\b"
                            rf"|\s*{_ALL_ZH}?\s*(?:{_SIMULTANEOUS_ZH})")  # "200 个客服同时在线": the members on at once
# A head count, not a concurrency: "team of 200", "团队两百人", "公司一共 1200 人". (An unqualified
# "200 people" stays both until the user says how many are active at once: DESIGN.md's dept-legal-7b.)
_HEADCOUNT_BEFORE = re.compile(rf"(?:{GROUP_NOUNS_EN}) (?:of|size)|staff of|headcount|{GROUP_NOUNS_ZH}|集团|企业|总部|员工|研发|一共|总共|共有|"
                               # "我们组 12 个人", "组里 8 个人": the group's members
                               r"(?:我们|咱们|我|本|这个|整个|小|课题|项目|研发)组里?|实验室|事务所|工作室")
# Who "we" are, counted ("we're 70 people", "we are about 40 folks"): the organisation's size, the same fact as "a
# team of 70" or "all 70 of us", so its head count (the peak is a sourced share of it), never 70 at once.
_WE_ARE_BEFORE = re.compile(r"\bwe(?:'re| are|re)\s*(?:(?:about|around|roughly|only|just|like|maybe)\s+|~\s*)?$")
# A firm said, then its size in apposition ("small consultancy, 40 people", "a startup of ~30 people"): its head
# count, in the clause before as well.
_ORG_THEN_COUNT = re.compile(r"\b(?:consultancy|agency|startup|start-up|firm|company|shop|studio|practice|lab|nonprofit|"
                             r"non-profit|school|clinic|office)\s*(?:[,:(]|of|with|w/)\s*(?:about|around|roughly|~|like)?\s*$")
# A rollout to a whole organisation: any count of its people is everyone who may use it, not a peak.
_ORG_WIDE = re.compile(r"\b(?:company|org|organi[sz]ation|firm|enterprise|school|hospital|campus)[- ]wide\b|"
                       r"\b(?:the )?(?:whole|entire) (?:company|org|organi[sz]ation|firm|school|hospital|group)\b|"
                       r"\ball (?:our |the )?(?:employees|staff)\b|全公司|全员|全体|全校|全院|全行(?![业業])|全厂|全集团|整个公司|整个集团")
# "2000人的公司": a head count said before the organisation it counts.
# (a few describing words may stand between: "20 人的研发组", "a 20-person platform team")
_HEADCOUNT_AFTER = re.compile(rf"\s*(?:的)?\s*[\u4e00-\u9fff]{{0,4}}?(?:{GROUP_NOUNS_ZH})|"
                              rf"\s*(?:[a-z-]+\s+){{0,2}}?(?:{GROUP_NOUNS_EN})\b")
# A follow-up that is only a count of cards: "那三张呢？", "用四块呢", "what about three of them?" (the whole
# message: "500张工单" elsewhere counts tickets).
_BARE_CARDS = (
    re.compile(rf"^\s*(?:那|那么|那麼|如果是|如果|换成|換成|改成|用|要是)?\s*{NUM}\s*(?:张|張|块|塊)\s*"
               r"(?:呢|的话|的話|够吗|夠嗎|行吗|行嗎|可以吗|可以嗎)?\s*[?!.]?\s*$"),
    re.compile(rf"^\s*(?:(?:and|so)\s+)?(?:what about|how about|what if(?: we (?:use|buy|get|had|have))?|and with|with)\s+"
               rf"{NUM}\s+of them\s*(?:instead)?\s*[?!.]?\s*$"),
)
_GPU_COUNT = re.compile(rf"{NUM}\s*(?:x\s*)?(?:gpus?|cards?|accelerators?|卡|张卡|張卡|块卡|塊卡|张显卡|張顯卡|块显卡|塊顯卡|(?:张|張|块|塊|个|個)\s*gpu)")
_HOURS_PER_DAY = _any(
    rf"{NUM}\s*(?:hours?|hrs?|h)\s*(?:a|per|/|each)\s*day",
    rf"(?:每天|一天|每日)\s*(?:运行|運行|跑|用|使用)?\s*{NUM}\s*(?:个|個)?\s*(?:小时|小時)",
)
_UTILIZATION = _any(
    rf"{NUM}\s*%\s*(?:utili[sz]ation|utili[sz]ed|load|busy|duty)",
    # a few words of estimate between the word and its figure ("utilization around 25 %", "利用率估计三成", "负载率大约五成")
    rf"(?:utili[sz]ation|利用率|使用率|负载率?|負載率?)[^\d,;.!?，。；]{{0,24}}?{NUM}\s*%",
)
_AMORTIZATION = _any(
    rf"(?:amorti[sz]\w*|depreciat\w*)\s*(?:over|across|for|in)?\s*{NUM}\s*(?:years?|yrs?|年)",
    rf"{NUM}\s*(?:years?|yrs?|年)\s*(?:amorti[sz]ation|depreciation|折旧|折舊|攤提|摊提|摊销|攤銷)",
    rf"(?:折旧|折舊|攤提|摊销|攤銷|分摊|分攤)\s*{NUM}\s*年",
    rf"over {NUM}\s*years",
)
# A small count with no multiplier ("3 models", not the "7b" of "7b models").
_COUNT = r"(?<![a-z0-9_.])(?P<neg>)(?P<num>\d{1,3})(?P<mult>)(?![\d.]|\s*(?:b|bn|billion)\b)"
_MODELS_SERVED = _any(
    # Lookaheads keep "7b" out of the span so that the model size is still read.
    rf"{_COUNT}(?=\s*(?:(?:different|separate|distinct|fine[- ]?tuned)\s+)*(?:\d+(?:\.\d+)?b\s+)?(?:models|llms|fine[- ]?tunes)\b)",
    rf"serve\s+{_COUNT}(?=\s+(?:different\s+)?models)",
    rf"{_COUNT}(?=\s*(?:个|個|种|種)\s*(?:不同的?|微[调調]过?的?|[的])*\s*(?:\d+(?:\.\d+)?b\s*)?模型)",
)

_QUANT_TABLE: tuple[tuple[str, str], ...] = (
    (r"\bq4[_-]?k[_-]?m\b|\bq4km\b", "Q4_K_M"), (r"\bq5[_-]?k[_-]?m\b|\bq5km\b", "Q5_K_M"),
    (r"\bq3[_-]?k[_-]?m\b", "Q3_K_M"), (r"\bq6[_-]?k\b", "Q6_K"), (r"\bq2[_-]?k\b", "Q2_K"),
    (r"\bq8[_-]?0\b", "Q8_0"), (r"\bq4[_-]?0\b", "Q4_0"), (r"\bq4(?:[_-]?k)?\b", "Q4_K_M"), (r"\bq5(?:[_-]?k)?\b", "Q5_K_M"),
    (r"\bq8\b", "Q8_0"), (r"\bq3\b", "Q3_K_M"), (r"\bq2\b", "Q2_K"), (r"\bq6\b", "Q6_K"),
    (r"\bint4\b|\bw4a16\b|\bawq\b|\bgptq\b", "INT4"), (r"\bint8\b|\bw8a8\b", "INT8"), (r"\bfp8\b|\bfloat8\b", "FP8"),
    (r"\bbf16\b|\bbfloat16\b", "BF16"),
    (r"(?<![\d.])4[- ]?bits?\b|(?<![\d.])4\s*(?:位元|比特|位量化|位精度)", "Q4_K_M"),
    (r"(?<![\d.])8[- ]?bits?\b|(?<![\d.])8\s*(?:位元|比特|位量化|位精度)", "Q8_0"),
    (r"(?<![\d.])5[- ]?bits?\b", "Q5_K_M"), (r"(?<![\d.])6[- ]?bits?\b", "Q6_K"), (r"(?<![\d.])3[- ]?bits?\b", "Q3_K_M"),
    (r"(?<![\d.])2[- ]?bits?\b", "Q2_K"),
    (r"\bfp16\b|\bfloat16\b|half[- ]precision|半精度|(?<![\d.])16[- ]?bits?\b|full[- ]precision|unquantized|"
     r"no quantization|not quantized|without quantization|不量化|未量化|全精度|不做量化|"
     # quantizing refused in words ("不准量化", "禁止量化", "不允许量化"), not a target refused ("不要量化到 4bit")
     r"(?:不(?:准|许|允许|要|得|能做|能用|能|想|打算|希望|做任何|接受任何|用)|禁止|别)(?:任何)?量化(?!\s*(?:到|成|为|至))|"
     # the weights not to be compressed or made lossy ("模型不能压缩", "不能做有损量化", "no lossy compression")
     r"(?:模型|权重)(?:不能|不可以|不准|不要|不得)(?:压缩|量化|降精度)|不(?:能|要|接受|想)(?:做|用)?有损(?:量化|压缩)|"
     r"\bno lossy (?:compression|quanti[sz]ation)\b|"
     # the checkpoint's own precision ("原始精度", "原生精度", "原精度跑"): no weight format below it
     r"原始精度|原生精度|原精度|"
     r"\b(?:not allowed to|can'?t|cannot|won'?t|don'?t|do not|never|no|(?:don'?t|do not) want to|rather not|prefer not to)"
     r" quanti[sz](?:e|ing)\b(?!\s*(?:it\s+)?(?:to|into|down|below)\b)|\bno quant\b|"
     r"\bquanti[sz]ation (?:is|isn'?t) (?:not allowed|forbidden|banned|off the table)", "FP16"),
)
# A length said to happen only at times: a maximum, not the typical one.
_OCCASIONAL = re.compile(r"sometimes|occasionally|at times|有时候?|偶尔|\bhits?\b|\breach(?:es)?\b|worst[- ]case|peaks? at|longest|biggest")
# A weight format said only as its bit width ("8-bit", "8 bits", "8 位元"), not named.
_BIT_WIDTH = re.compile(r"\d{1,2}\s*-?\s*(?:bits?|位元|比特|位量化|位精度)")
# An ASCII word boundary: Python's \b sees no boundary between a CJK character and a letter, so
# "用Q8_0" / "量化成Q4" would hide the format (a Chinese verb right before it).
_ASCII_BOUNDARY = r"(?:(?<![a-z0-9_])(?=[a-z0-9_])|(?<=[a-z0-9_])(?![a-z0-9_]))"
_QUANTS = tuple((re.compile(rx.replace(r"\b", _ASCII_BOUNDARY)), name) for rx, name in _QUANT_TABLE)
# Anything else written like a weight format ("fp3", "fp4", "int3", "q4_1", "1-bit", "1.58-bit"): read as
# said, so the range check names it with the formats that can be sized instead of ignoring it. (Bare
# "q1".."q4" without a suffix are quarters of a year as often as formats: not read.)
_FORMAT_LIKE = re.compile(
    (r"\b(?:fp|int|bf|mxfp|nvfp|float)\d{1,2}\b|\bq\d[_-](?:k(?:[_-][sml])?|[01])\b|"
     r"(?<![\d.])(?:\d{1,2}(?:\.\d+)?)[- ]?bits?\b(?!\s*(?:cpu|os|windows|linux|system|machine|processor|server)s?\b)")
    .replace(r"\b", _ASCII_BOUNDARY)
)


# --- extractors ---------------------------------------------------------------------------------
Extractor = Callable[[str, _Claims], Iterator[Fact]]


def _electricity(text: str, claims: _Claims) -> Iterator[Fact]:
    for pattern in (_PER_KWH, _PRICE_KWH_KEYWORD):
        for m in _matches(pattern, text, claims):
            yield Fact("electricity_usd_per_kwh", number_value(m), m.start(), m.end(), keyed=True)


def _speed(text: str, claims: _Claims) -> Iterator[Fact]:
    for pattern in (_TOKENS_PER_S, _PER_SECOND_FIRST, _TOKENS_EVERY_SECOND, _TOKENS_PER_S_KEYED):
        for m in _matches(pattern, text, claims):
            yield from speed_facts(text, m)


def _no_more_budget(text: str, claims: _Claims) -> Iterator[Fact]:
    # "不能再加预算", "no more budget": the words are read whole first, so "一分都不能再加" is no amount of 1 分
    for m in _matches(NO_MORE_BUDGET, text, claims):
        yield Fact("no_more_budget", True, m.start(), m.end(), keyed=True)  # zero unless an amount is stated: parser


def _free_slots(text: str, claims: _Claims) -> Iterator[Fact]:
    # "our R750 has two free x16 slots", "还有一个空槽": how many cards the owned host takes (read whole first, so the
    # count is no head count or device count)
    for m in _matches(FREE_SLOTS_COUNT, text, claims):
        said = next(g for g in m.groups() if g is not None)
        yield Fact("free_slots", int(said) if said.isdigit() else 1, m.start(), m.end(), keyed=True)


def _budget(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _BUDGET_KEYED.finditer(text):
        if POWER_BEFORE_BUDGET.search(text, max(0, m.start() - 24), m.start()):
            # "15kW power budget? ~50 concurrent": a budget of watts (its figure said before it); the word is
            # set aside so the figure after it stays free for the count it is
            word = _BUDGET_WORD_BEFORE.match(text, m.start())
            claims.claim(m.start(), word.end() if word else m.start("num"))
    for pattern in (_USD_PREFIX, _USD_SUFFIX, _BUDGET_BEFORE, _BUDGET_KEYED, *_OTHER_CURRENCY_AMOUNT):
        keyed = pattern in (_BUDGET_BEFORE, _BUDGET_KEYED)
        for m in _matches(pattern, text, claims):
            value = number_value(m)
            if ("negpre" in m.groupdict() and m.group("negpre")) or _SIGN_BEFORE_SYMBOL.search(
                    text, max(0, m.start("num") - 16), m.start("num")):
                value = -abs(value)
            named = keyed or _BUDGET_WORD_BEFORE.search(text, max(0, m.start() - _BUDGET_REACH), m.start()) is not None
            if not named and (_PRICE_PER_UNIT.match(text, m.end()) or 0 <= value < _UNNAMED_BUDGET_FLOOR
                              or _PRICE_OF_ONE_AFTER.match(text, m.end())
                              or _PRICE_OF_ONE_BEFORE.search(text, max(0, m.start() - 16), m.start())):
                continue
            if not named and (PER_MONTH_BEFORE.search(text, max(0, m.start() - _BUDGET_REACH), m.start())
                              or PER_MONTH_AFTER.match(text, m.end())):
                # money every month with no API or bill beside it (those are read first as the spend): no capex
                # budget, and which monthly cost it is gets asked (`lexicon.PER_MONTH_BEFORE`)
                yield Fact("monthly_amount", m.group(0).strip(), m.start(), m.end(), keyed=True)
                continue
            yield Fact("budget_usd", value, m.start(), m.end(), keyed=keyed)


def _power(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _matches(_POWER, text, claims):
        factor = 1000 if m.group("unit") in ("kw", "kilowatt", "kilowatts", "千瓦") else 1
        yield Fact("power_budget_w", _int(number_value(m) * factor), m.start(), m.end())


_PER_REQUEST = re.compile(r"\s*(?:of\s+context\s+)?(?:per (?:request|query|prompt|call|question|conversation)|each|every request|"
                          r"(?:in|for) every request|每个请求|每個請求|每次请求|每次請求|每次)")


# "each" said of sessions or conversations (named earlier in the sentence), not of requests.
_EACH_SESSION = re.compile(r"\s*(?:each|every)\s*$")
_EACH_SESSION_BEFORE = re.compile(r"(?:每个|每|each|every|per)\s*(?:会话|对话|聊天|sessions?|conversations?|chats?)\s*(?:的|'s|has|holds)?\s*$")
_SESSIONS_BEFORE = re.compile(r"(?:sessions?|conversations?|chats?|users?|streams?|会话|对话|用户)[^.;!?。；！？]{0,50}$")


# "every request is 128k tokens of context", "每个请求都是128k上下文": the per-request words come first.
_PER_REQUEST_BEFORE = re.compile(r"(?:every request|each request|all requests|every prompt|each prompt|all prompts|"
                                 r"每个请求|每個請求|每次请求|每次請求|每条请求|每條請求|所有请求|所有請求)\s*"
                                 r"(?:都是|都有|都|是|有|is|are|has|have|of|at)?\s*(?:约|約|大约|大約|about|around|~)?\s*$")


# "every request uses the full 128k", "each request fills the whole context", "每个请求都用满上下文": every
# prompt as long as the context (with a number: that context too; without: the context in force, `parser`).
_FULL_CONTEXT = _any(
    rf"(?:every|each|all(?: the)?|all of the) (?:requests?|prompts?|quer(?:y|ies)|conversations?|calls?) (?:will )?"
    rf"(?:uses?|fills?|needs?|takes?|is|are|hits?|maxes out|max out)\s+(?:up\s+)?(?:the\s+)?"
    rf"(?:full|whole|entire|max(?:imum)?)\s*(?:context(?: window| length)?\s*)?(?:(?:of|at)\s+)?(?:{NUM})?",
    rf"(?:每个请求|每個請求|每次请求|每次請求|所有请求|所有請求|每次)\s*都?\s*(?:用满|用滿|占满|佔滿|是满|是滿|跑满|跑滿)\s*"
    rf"(?:了)?\s*(?:{NUM}\s*)?(?:的)?\s*(?:上下文|窗口)?",
)


# A context said as a cap: the maximum words of its clause before the figure, or after it ("8k 以内", "max 16k", "capped at").
_CAPPED = re.compile(rf"(?:{CONTEXT_MAX_WORDS}|capped|cap of|cap at)[^,;，；。]*$")
_CAPPED_AFTER = re.compile(r"\s*(?:tokens?\s*)?(?:以内|以內|之内|之內|内|內|max\b|at most|上限|封顶)")


def _context(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _matches(_FULL_CONTEXT, text, claims):
        if m.group("num") is None:
            yield Fact("full_context", True, m.start(), m.end(), keyed=True)  # the context in force: parser
            continue
        value = _window_tokens(m, number_value(m))
        yield Fact("context_length", _int(value), m.start(), m.end(), keyed=True)
        yield Fact("prompt_tokens", _int(value), m.start(), m.end(), keyed=True)
    for m in _matches(_CONTEXT_RANGE, text, claims):
        # "ctx usually 50-60k", "上下文动不动 6 万到 10 万": the middle of the range is the typical prompt, its top
        # the longest request (seed 2's paged KV: streams × typical plus one request at the maximum). The middle is
        # our estimate, not a figure they said: unkeyed, so a typical said outright beside the range ("8k 到 32k 不等，
        # 平均 12k", "8k to 64k, average around 20k") is the prompt instead of a conflict that drops both.
        low, high = (float(m.group(g)) * MULTIPLIERS[m.group(u) or m.group("u2")] for g, u in (("a", "u1"), ("b", "u2")))
        yield Fact("typical_context", _int((low + high) / 2), m.start(), m.end(), keyed=False)
        yield Fact("context_length", _int(high), m.start(), m.end(), keyed=True)
    for pattern in (_CONTEXT_AFTER, _CONTEXT_BEFORE):
        for m in _matches(pattern, text, claims):
            value = _window_tokens(m, number_value(m))
            per_request = _PER_REQUEST.match(text, m.end()) or _PER_REQUEST_BEFORE.search(text[max(0, m.start() - 30):m.start()])
            each_session = bool((per_request and _EACH_SESSION.match(per_request.group(0))
                                 and _SESSIONS_BEFORE.search(text, max(0, m.start() - 60), m.start()))
                                or _EACH_SESSION_BEFORE.search(text, max(0, m.start() - 16), m.start()))
            if each_session:
                # "64 concurrent sessions, 4k ctx each": the window each session grows toward (each turn re-sends the
                # conversation so far), not a fresh 4k prompt every turn on top of it: the typical prompt is assumed
                # from it, as for agents' sessions (`advice.assume._half_window_prompt`)
                per_request = None
            if not per_request and _typical_context(text, m, claims.window_classes):
                # "coding agents, contexts ~40k", "上下文大概6万": what each request carries (the prompt), not
                # only the longest one it may reach, unless the message states the prompts apart (`parser`).
                yield Fact("typical_context", _int(number_value(m)), m.start(), m.end(), keyed=True)
                continue
            yield Fact("context_length", _int(value), m.start(), m.end(), keyed=True)
            if _CAPPED.search(text[max(0, m.start() - 24):m.start()] + m.group(0)) or _CAPPED_AFTER.match(text, m.end()):
                # "上下文 8k 以内", "conversations capped at 8k context": the most a conversation may grow to, so the
                # conversations run into it (a chat's typical prompt is then assumed from it, `advice.assume`)
                yield Fact("context_capped", True, m.start(), m.end(), keyed=True)
            if each_session or (not per_request and AGENTIC_SESSIONS.search(text)):
                # only the window of sessions that grow toward it: the typical prompt is assumed (`advice.assume`)
                yield Fact("agentic_sessions", True, m.start(), m.end(), keyed=True)
            if per_request:
                # "~120k tokens of context per request": every prompt that long, not only the largest
                yield Fact("prompt_tokens", _int(value), m.start(), m.end(), keyed=True)  # the same "128k"


def _window_sized(m: re.Match[str]) -> bool:
    """"8k", "32k", "8192", "100k", "1m": a size context windows are set to (a power of two in thousands or in tokens,
    or whole hundreds of thousands); "~40k", "2 萬 token", "20000 tokens" are lengths measured of the requests."""
    value, num = number_value(m), float(m.group("num"))
    if m.group("mult") == "k" and num.is_integer() and int(num) & (int(num) - 1) == 0:
        return True
    whole = float(value).is_integer() and value >= 1024
    return whole and (int(value) & (int(value) - 1) == 0 or (value >= 100_000 and value % 100_000 == 0))


def _window_tokens(m: re.Match[str], value: float) -> float:
    """"8k context" means 8,192 tokens: context windows are powers of two in kibi-tokens ("64k" is 65,536)."""
    num = float(m.group("num"))
    if m.group("mult") == "k" and num.is_integer() and int(num) & (int(num) - 1) == 0:
        return num * 1024
    return value


def _subject_clause(text: str, m: re.Match[str]) -> str | None:
    """The words a length figure is about: its own clause when that names a length. A bare figure is a companion
    of the figures before it: back through them to the first that names a length ("最长到 128k，一般 60k" after
    "读整份卷宗"), never past one that names something else ("budget maybe 20k, up to 30k": a budget); with none
    before, the clause after it ("16k typical, 128k max context"). None: no length."""
    def names_length(clause: str) -> bool:
        return bool(_LENGTH_TALK.search(clause) or CONTEXT_HEAVY_WORK.search(clause))

    before = re.split(_CLAUSE_END, text[:m.start("num")])
    own = before[-1] + re.split(_CLAUSE_END, text[m.start("num"):])[0]
    if names_length(own):
        return own
    for previous in reversed(before[:-1]):
        if _NOT_A_LENGTH_CLAUSE.search(previous):
            return None
        if names_length(previous):
            return previous + own
        if not re.search(r"\d", previous):
            break
    following = re.split(_CLAUSE_END, text[m.end():])
    return following[1] + own if len(following) > 1 and names_length(following[1]) else None


def _length_figures(text: str, claims: _Claims) -> Iterator[Fact]:
    """A length said with only how far or how often it goes, beside another ("prompts avg 6k but max context 32k",
    "上下文最长128k，平均20k", "diffs are usually 10k tokens but can reach 60k"): the longest is the maximum context,
    the usual one the typical prompt (seed 2's paged KV holds streams × typical plus one request at the maximum).
    Runs after `_lengths`, so a figure with its own noun ("prompts avg 6k", "提示最长 16k") keeps that noun's reading."""
    if not (_LENGTH_TALK.search(text) or CONTEXT_HEAVY_WORK.search(text)):
        return
    for patterns, slot in ((_LENGTH_REACH, "context_length"), (_LENGTH_USUAL, "typical_context")):
        for m in (m for pattern in patterns for m in pattern.finditer(text)):
            clause = _subject_clause(text, m)
            if clause is None:
                continue
            value = number_value(m)  # a length as said ("最长到 128k" of a document is 128,000 tokens)
            thousands = m.group("mult") in ("k", "千", "万", "萬") or re.match(r"\s*tokens?", text[m.end("num"):])
            if (thousands and 1000 <= value <= 10_000_000 and not _NOT_A_LENGTH_CLAUSE.search(clause)
                    and claims.free(m.start("num"), m.end())):
                claims.claim(m.start("num"), m.end())
                yield Fact(slot, _int(value), m.start(), m.end(), keyed=True)


def _typical_context(text: str, m: re.Match[str], window_classes: frozenset[str]) -> bool:
    """A context figure that is the typical prompt: said as typical ("~40k", "平均", "contexts"), as what every
    request carries ("要128k上下文（读整个仓库）", "~32k ctx so i can paste repo chunks") or for RAG or document work
    ("RAG over policies, 16k context"), and not said as the maximum ("up to"). Said bare for coding agents or
    assistants ("64k ctx for agentic stuff", "代码模型，上下文 16k") it is the window their sessions grow toward,
    and the typical prompt is assumed from it (`agentic_sessions`, `advice.assume`)."""
    # The words of its own clause, before and in it ("平均上下文 2 萬，最長 200k": the 最長 is the next figure's).
    before = re.split(r"[,;，；。]", text[max(0, m.start() - 16):m.start()])[-1] + m.group(0)
    after = re.split(r"[,;，；。]", text[m.end():m.end() + 16])[0]
    if (re.search(CONTEXT_MAX_WORDS, before) or re.search(r"window|length|size|窗口|长度|長度", m.group(0))
            or re.search(CONTEXT_FLOOR_WORDS, before) or re.match(rf"\s*(?:{CONTEXT_FLOOR_WORDS}|{CONTEXT_MAX_WORDS}|window|length|窗口|长度)", after)):
        return False  # the most a request may hold, or the least the window must: the window, not the typical prompt
    # A typical word of its own clause only ("128k ctx, ~15 concurrent": the ~ is the head count's). A figure no window
    # is set to ("大概 2 萬 token", "~40k", "about 20k": windows are powers of two in thousands, 8k … 128k) is a length
    # measured of the requests, so what they carry; a window-sized one ("32k 左右", "~64k ctx") stays the window,
    # whatever qualifier stands beside it.
    typical = bool(TYPICAL_WORDS.search(before + after)) or not _window_sized(m)
    if _chat_window(text, window_classes):
        # A chat's window ("128k context, people sometimes paste long docs", "32k ctx so people can keep long threads")
        # is the longest turn, not every turn's prompt (`estimator.advice.request_shape`: the chat class's stated context
        # is the maximum); only a typical word or a measured figure makes it what each turn carries.
        return typical
    return (typical or bool(WHOLE_INPUT_WORDS.search(text))
            or (bool(CONTEXT_HEAVY_WORK.search(text)) and not AGENTIC_SESSIONS.search(text)))


def _chat_window(text: str, window_classes: frozenset[str]) -> bool:
    """Whether the message's work is chat (no more specific class read, no coding words), whose stated context is the
    maximum (`window_classes`: the request-shape table's `stated_context`)."""
    first = _first(REQUEST_CLASS_WORDS, text)
    return first is not None and first[0] in window_classes and not AGENTIC_SESSIONS.search(text)


# A length word right before the number: "prompts 1000 tokens answers 300" gives the 1000 to the prompts,
# not to the answers that follow "1000 tokens" ("300-token answers" has no such word before it).
_LEN_WORD_BEFORE = re.compile(rf"(?:{_PROMPT_WORDS}|{_OUTPUT_WORDS})\s*(?:are|is|of|:|=|~|around|about|约|約)?\s*$")
# The same slot's word on both sides ("长文件 16k 输入"): the figure is that slot's length either way.
_SAME_WORD_BEFORE = {slot: re.compile(rf"(?:{words})\s*(?:are|is|of|:|=|~|around|about|约|約)?\s*$")
                     for slot, words in (("prompt_tokens", _PROMPT_WORDS), ("output_tokens", _OUTPUT_WORDS))}


# A prompt that accumulates over a conversation's turns ("每轮 prompt 累积到 2k", "the history builds up to ~2.5k tokens"):
# every turn sends the history so far, so the figure it grows to is the prompt a turn prefills (no prefix cache is
# credited unless stated), not only a window nobody fills.
_ACCUMULATED = re.compile(rf"(?:{_PROMPT_WORDS}|history|transcript|对话历史|历史|context|上下文)[^\d,;.!?，。；！？]{{0,16}}?"
                          rf"(?:累积到|累计到|积累到|涨到|增长到|grows? to|builds? up to|accumulates? to)\s*{APPROX}{NUM}"
                          rf"(?!\s*(?:人|users?|people|%|gb|ms|s\b|秒))")


def _accumulated(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _matches(_ACCUMULATED, text, claims):
        yield Fact("prompt_tokens", _int(number_value(m)), m.start(), m.end(), keyed=True)


def _thinking(text: str, claims: _Claims) -> Iterator[Fact]:
    """Thinking tokens of a reasoning model are generated tokens: output, added to a stated answer length."""
    for pattern in _THINKING:
        for m in _matches(pattern, text, claims):
            yield Fact("thinking_tokens", _int(number_value(m)), m.start(), m.end(), keyed=True)


# A text that is read, measured in characters, words or pages after a short description ("transcripts average 3,000
# words", "每份合约约 8 千字"): the prompt (`READ_TEXT_NOUNS`).
_READ_TEXT_MEASURED = re.compile(rf"(?:{READ_TEXT_NOUNS})(?P<gap>[^\d.;:!?。；！？\n]{{0,24}}?){APPROX}{NUM}(?={CHARACTER_UNIT})")


def _read_texts(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _READ_TEXT_MEASURED.finditer(text):
        clause_start = max((b.end() for b in _CLAUSE_BREAK.finditer(text, 0, m.start())), default=0)
        if (not claims.free(m.start("num"), m.end()) or _OTHER_LENGTH_WORD["prompt_tokens"].search(m.group("gap"))
                or TEXT_GENERATED_BEFORE.search(text, clause_start, m.start())):
            continue
        claims.claim(m.start("num"), m.end())
        yield from length_facts(text, "prompt_tokens", m)
        return


def _lengths(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _matches((_HANDED_IN, _HANDED_IN_AFTER, _TOKEN_SIZED_TEXT, _SIZED_TEXT, _HANDED_IN_THOUSANDS), text, claims):
        yield Fact("prompt_tokens", _int(number_value(m)), m.start(), m.end(), keyed=True)
    for m in _matches((_WRITTEN_OUT,), text, claims):
        yield Fact("output_tokens", _int(number_value(m)), m.start(), m.end(), keyed=True)
    for m in _matches((_HANDED_IN_TEXT,), text, claims):
        yield from length_facts(text, "prompt_tokens", m)
    for slot, pattern in _LEN_BEFORE_WORD.items():
        for m in pattern.finditer(text):
            window = max(0, m.start() - 30)
            if claims.free(m.start(), m.end()) and (not _LEN_WORD_BEFORE.search(text, window, m.start())
                                                     or _SAME_WORD_BEFORE[slot].search(text, window, m.start())):
                claims.claim(m.start(), m.end())
                yield from length_facts(text, slot, m)
    for slot, pattern in _LEN_THOUSANDS_BEFORE_WORD.items():
        for m in pattern.finditer(text):
            per_time = _PER_TIME_AFTER.match(text, m.end()) or re.search(r"每[天日]\s*$", text[max(0, m.start() - 4):m.start()])
            # "输入 2k 输出 500": a figure right after a length's word is that word's (as for `_LEN_BEFORE_WORD`), not
            # the next word's.
            after_word = _LEN_WORD_BEFORE.search(text, max(0, m.start() - 30), m.start())
            if not per_time and not after_word and claims.free(m.start(), m.end()):
                claims.claim(m.start(), m.end())
                yield Fact(slot, _int(number_value(m)), m.start(), m.end(), keyed=True)
    for slot, pattern in _LEN_AFTER_WORD.items():
        for m in _matches(pattern, text, claims):
            if said_in_characters(text, m):
                yield from length_facts(text, slot, m)
                continue
            value = _int(number_value(m))
            reaches = _OCCASIONAL.search(m.group(0)) or _REACH_BEFORE_NOUN.search(text, max(0, m.start() - 24), m.start())
            if slot == "prompt_tokens" and reaches and value >= 128:
                # "docs sometimes up to 64k", "输入偶尔会到 40k": the longest a request reaches, not every prompt
                yield Fact("context_length", value, m.start(), m.end(), keyed=True)
                continue
            yield Fact(slot, value, m.start(), m.end(), keyed=True)
    for slot, pattern in _LEN_PER_WORD.items():
        for m in _matches(pattern, text, claims):
            yield Fact(slot, _int(number_value(m)), m.start(), m.end(), keyed=True)
    for slot, pattern in _LEN_DESCRIBED.items():
        for m in pattern.finditer(text):
            # The description may not name another length ("prompts are long, answers ~300 tokens").
            gap = m.group("gap")
            if claims.free(m.start("num"), m.end()) and not _OTHER_LENGTH_WORD[slot].search(gap) and not _SPREAD.search(gap):
                claims.claim(m.start("num"), m.end())
                yield from length_facts(text, slot, m)
    yield from _read_texts(text, claims)


# The whole answer's latency ("p95 end to end 10s", "整体响应时间 5 秒内", "10 秒内出完"), not the first token's: the
# cue before the figure in its clause (no first-token cue nearer to it), or a finish right after it.
_END_TO_END_BEFORE = re.compile(r"end[- ]?to[- ]?end|\be2e\b|(?:full|whole|entire|complete|total) (?:answer|response|reply|generation)s?|"
                                r"端到端|整体(?:的)?(?:响应|回应|延迟|耗时)|完整(?:的)?(?:回答|回复|响应|答案)|全部(?:生成|输出)|"
                                # the whole of one answer said by its extent ("整个回答", "整段回覆", "整句翻译")
                                r"整(?:个|段|句|篇)(?:的)?(?:回答|回复|回覆|回应|答案|响应|翻译|输出)?")
_FIRST_TOKEN_CUE = re.compile(r"ttft|first[- ]token|time to first|首字|首\s*token|首个\s*token|第\s*[一1]\s*个\s*(?:字|token|词)|"
                              r"first (?:word|character)")
# A finish right after the figure, its looseness between ("三秒左右出完", "十秒出头能出完", "1 秒多一点能出来": the answer
# there, as a whole): the whole answer's time. (A first-token cue before it still makes it the first token's.)
_FINISHED_AFTER = re.compile(r"\s*(?:内|以内|之内|左右|上下|出头|多(?:一点|一些|点|些)?)?\s*(?:就)?\s*(?:能|可以|要)?\s*(?:全部)?"
                             # the whole answer named between ("3 秒内整段回完", "5 秒内把整个答案回完")
                             r"(?:(?:把|将)?\s*(?:整(?:个|段|句|篇)|完整(?:的)?|全部)\s*(?:的)?\s*(?:回答|回复|回覆|回应|答案|响应|翻译|输出|内容)?\s*)?"
                             r"(?:出完|答完|生成完|输出完|回完|回答完|出来|出结果|翻完|译完|写完)")


def _end_to_end(text: str, m: re.Match[str]) -> bool:
    # (a cue may stand a few words back in its clause: "the complete reply needs to be done in under 4 s")
    before = _CLAUSE_BREAK.split(text[max(0, m.start() - 64):m.start()])[-1]
    cues = list(_END_TO_END_BEFORE.finditer(before))
    if cues and not _FIRST_TOKEN_CUE.search(before, cues[-1].end()):
        return True
    return bool(_FINISHED_AFTER.match(text, m.end())) and not _FIRST_TOKEN_CUE.search(before)


# A product line's word right before a number ("surface pro 11s", "iphone 15s"): the number is its model's.
_PRODUCT_LINE_BEFORE = re.compile(r"\b(?:pro|max|ultra|plus|air|mini|surface|galaxy|pixel|iphone|ipad|thinkpad|xps|"
                                  r"tab|book|station|jetson|orin|nuc)\s*$")


def _latency(text: str, claims: _Claims) -> Iterator[Fact]:
    from bot.nlu.load import asking_interval  # (load imports this module's readers)

    for m in _matches(_SUB_SECOND, text, claims):
        yield Fact("ttft_target_ms", 1000, m.start(), m.end(), keyed=True)
    for pattern, ms in _WORDED_DURATIONS:
        for m in _matches(pattern, text, claims):
            yield Fact("ttft_target_ms", ms, m.start(), m.end(), keyed=True)
    for m in _DURATION.finditer(text):
        if not claims.free(*inked(m)):
            continue
        value = _a_bit_over(text, m, number_value(m) * _MS_PER_UNIT[m.group("unit")])
        keyed = bool(_LATENCY_KEY.search(text, max(0, m.start() - 40), m.start()))
        if not keyed and (_BEFORE_AN_EVENT.search(text, max(0, m.start() - 2), m.start())
                          or _EVENT_AFTER.match(text, m.end())):
            continue  # "开盘前十分钟", "10 minutes before the open": a time of day, not a wait
        if not keyed and _PRODUCT_LINE_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            continue  # "surface pro 11s", "galaxy tab s9s": a product's model number in the plural, not a wait
        every = _EVERY_BEFORE.search(text, max(0, m.start() - 16), m.start())
        if not keyed and (_ONCE_AFTER.match(text, m.end()) or (every is not None and asking_interval(text, every.start()))):
            continue  # "each fires it every 3 min", "每人 1 分钟传一则": how often a sender asks, not a wait
        claims.claim(*inked(m))
        if _end_to_end(text, m):
            yield Fact("e2e_target_ms", _int(round(value, 3)), m.start(), m.end(), keyed=True)
            continue
        yield Fact("ttft_target_ms", _int(round(value, 3)), m.start(), m.end(), keyed=keyed)


# What a big number may count instead of parameters: people, requests, tokens (after an optional adjective).
_COUNTS_OTHER_THINGS = re.compile(rf"\s*(?:(?:{_USER_ADJ}|more|new|monthly|daily)\s+)*(?:{_USER_NOUNS}|tokens?|calls?|queries|"
                                  r"messages?|docs?|documents?|pages?)\b|\s*(?:个|位|名)?\s*(?:人|用户|用戶|使用者|请求|請求|token|次|条|條)")


def _model_size(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _matches(_PARAMS_KEYED, text, claims):
        raw = number_value(m)
        yield Fact("model_params_b", _int(round(raw / 1e9 if abs(raw) >= 1e6 else raw, 6)), m.start(), m.end(), keyed=True)
    for m in _PARAMS.finditer(text):
        mult, unit = m.group("mult"), m.group("unit")
        if not claims.free(*inked(m)):
            continue
        raw = number_value(m)
        if _COUNTS_OTHER_THINGS.match(text, m.end()):
            continue  # "50 billion concurrent users", "10亿用户", "2 billion tokens a day": a count, never a size
        if mult in ("b", "bn", "billion", "trillion", "亿", "億") or (unit and abs(raw) >= 1e6):
            claims.claim(*inked(m))
            yield Fact("model_params_b", _int(round(raw / 1e9, 6)), m.start(), m.end(), keyed=True)


# A head count said with its noun first ("分析师 50 个", "研發 400 人", "sales team: 120") or in accounts and seats
# ("3000 个账号", "1500 個帳號", "200 seats", "300 个席位"): everyone who may use it, not a peak.
_HEADCOUNT_NOUN_FIRST = _any(
    rf"(?:{_MEMBER_NOUNS}|销售|业务员)\s*[（(]?\s*(?:有|共|一共|总共|大概|约|大约)?\s*{APPROX}{NUM}"
    rf"\s*(?:个|位|名|人)(?!\s*{_ALL_ZH}?\s*(?:在用|同时|在线|并发))",
    # "all 300 of our support agents", "800 of our staff": the members counted before their noun.
    rf"{APPROX}{NUM}\s+of (?:our|the|my|their)\s+(?:[a-z]+\s+){{0,2}}?(?:{_MEMBER_NOUNS})\b"
    r"(?![\s,]*(?:[a-z]+\s+){0,3}(?:at once|at the same time|simultaneously|concurrently))",
    # "every engineer (~600 of them)", "all our analysts, 120 of them": the members counted after their noun.
    rf"(?:{_MEMBER_NOUNS})\b[^\d.;]{{0,6}}?{APPROX}{NUM}\s+of them\b(?![\s,]*(?:[a-z]+\s+){{0,3}}(?:at once|at the same time|simultaneously|concurrently))",
    # "our field techs (~200)", "the support team (35)": the head count in brackets right after the members or the group
    rf"(?:{_MEMBER_NOUNS}|{GROUP_NOUNS_EN})\s*[(（]\s*{APPROX}{NUM}\s*(?:people|ppl|persons?|staff|heads?|of (?:us|them)|人|名|位)?\s*[)）]",
)
# "a 35-strong data science group", "40-strong team": the group's head count.
_GROUP_STRONG = re.compile(rf"{APPROX}{NUM}\s*-?\s*strong\s+(?:[a-z-]+\s+){{0,3}}?(?:{GROUP_NOUNS_EN})\b")
_ACCOUNTS = re.compile(rf"{APPROX}{NUM}\s*(?:个|位|名)?\s*(?:授权)?\s*(?:账号|帐号|账户|帳戶|席位|席次|accounts?|licen[cs]es?|"
                       r"(?:licensed |paid |copilot |user )?seats?\b)")
# A count with no noun of its own ("only 40 are on it", "大约 25 个", "也就 20 个左右"): no unit may follow it.
# (Never the one of "each one", said of every person: "each one hitting it 20 times an hour".)
_BARE_COUNT = re.compile(rf"{APPROX}(?<!each )(?<!every )(?<!per )(?<!每){NUM}(?![\d.])(?!\s*(?:~|-|–|to|到|至)\s*\d)\s*(?:个|位|名|人)?(?!\s*(?:tokens?|toks?|token|ms|s\b|secs?|seconds?|秒|%|gb|"
                         r"b\b|w\b|kw|hours?|hrs?|h\b|小时|年|years?|months?|月|天|days?|weeks?|周|元|块|美元|x\b|×|倍|张|卡|"
                         r"cards?|gpus?|nodes?|servers?|台|k\b|tok/s|t/s|rps|qps|/|per\b|a (?:day|month|second|minute|hour)))")


def _clause(text: str, start: int, end: int) -> str:
    """The clause around text[start:end]: from the last comma, full stop or bracket before it to the next after it."""
    head = re.split(r"[,;.!?，；。！？(（)）]", text[max(0, start - 40):start])[-1]
    tail = re.split(r"[,;.!?，；。！？(（)）]", text[end:end + 40], maxsplit=1)[0]
    return head + text[start:end] + tail


def _active_counts(text: str, claims: _Claims) -> Iterator[Fact]:
    """Beside a head count, a count with no noun of its own that its clause says is in use now is the peak
    ("400 agents in total but realistically 60 hammering it at any moment", "尖峰同時在用的大約 25 個")."""
    for m in _BARE_COUNT.finditer(text):
        if claims.free(m.start("num"), m.end()) and ACTIVE_NOW.search(_clause(text, m.start("num"), m.end())):
            claims.claim(m.start("num"), m.end())
            yield Fact("concurrent_users", _int(number_value(m)), m.start("num"), m.end(), keyed=True)


def _users(text: str, claims: _Claims) -> Iterator[Fact]:
    slots: set[str] = set()
    for pattern in (*_HEADCOUNT_NOUN_FIRST, _GROUP_STRONG, _ACCOUNTS):
        for m in _matches(pattern, text, claims):
            slots.add("total_users")
            yield Fact("total_users", _int(number_value(m)), m.start(), m.end(), keyed=True)
    for fact in _people(text, claims):
        slots.add(fact.slot)
        yield fact
    if slots & {"users", "total_users"}:
        yield from _active_counts(text, claims)


def _people(text: str, claims: _Claims) -> Iterator[Fact]:
    for pattern in (_USERS_KEYED, _USERS_EN, *_USERS_ZH, *_USERS_AT_ONCE, *_WE_COUNTED):
        for m in _matches(pattern, text, claims):
            value = _int(number_value(m))
            here = m.group(0)
            # A bracket opens an aside of its own ("40 个人日常问答（高峰同时 10 个在生成）": the peak is the aside's
            # count, not the head count before it), as it does for a format (`_CLAUSE_BREAK`).
            clause = re.split(r"[,;.!?(（]", text[m.end():m.end() + 30], maxsplit=1)[0]
            # The words just before it, in its own clause: "2000 名員工，高峰 400 人" is a head count, then a peak.
            before = re.split(r"[,;，；。]", text[max(0, m.start() - 10):m.start()])[-1]
            explicit_total = _EXPLICIT_TOTAL_CUE.search(here)
            # A cue later in its clause ("80 人在用类似 claude code 的 agent": are using) makes a bare count concurrent,
            # not one named as a team's or an org's size ("研发 80 人"): that is the head count beside a stated load.
            # Said to use it every day ("約 500 位行員日常使用", "每天都在用"): a day's users, the head count, whatever
            # "在用" says of the moment; only words of simultaneity beside the count still make it a peak.
            daily = m.end("num") >= 0 and DAILY_USE_AFTER.match(text, m.end("num"), m.end() + 30) is not None
            clause_cue = (not daily and not _TOTAL_CUE.search(here) and not _HEADCOUNT_BEFORE.search(before)
                          and _CONCURRENT_CUE.search(clause) is not None)
            if _PRESENT_AT_ONCE.search(here):
                # "~200 logged in at once": people at work together, each sending now and then (a per-person rate
                # times them is the load), not 200 answers streaming
                yield Fact("staff_per_shift", value, m.start(), m.end(), keyed=True)
                continue
            if (_CONCURRENT_CUE.search(here) or clause_cue
                    or (not explicit_total and _AT_ONCE_AFTER.match(text, m.end()))
                    or (not explicit_total and _PEAK_BEFORE.search(before))):
                slot = "concurrent_users"
            elif (_TOTAL_CUE.search(here) or _HEADCOUNT_BEFORE.search(before) or _HEADCOUNT_BEFORE.search(here)
                  or _WE_ARE_BEFORE.search(text, max(0, m.start() - 24), m.start())
                  or _HEADCOUNT_AFTER.match(text, m.end()) or _ORG_THEN_COUNT.search(text, max(0, m.start() - 30), m.start())
                  or daily):
                slot = "total_users"
            elif _ORG_WIDE.search(text):
                slot = "total_users"  # "company-wide, 3,500 people", "全校师生 5000 人": everyone who may use it
            else:
                slot = "users"  # unqualified: the parser decides (concurrent unless a total is also given)
            yield Fact(slot, value, m.start(), m.end(), keyed=slot != "users")


def _misc_numbers(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _matches(_HOURS_PER_DAY, text, claims):
        yield Fact("hours_per_day", number_value(m), m.start(), m.end(), keyed=True)
    for m in _matches(_UTILIZATION, text, claims):
        yield Fact("utilization", round(number_value(m) / 100, 4), m.start(), m.end(), keyed=True)
    for m in _matches(_AMORTIZATION, text, claims):
        yield Fact("amortization_years", _int(number_value(m)), m.start(), m.end(), keyed=True)
    for m in _matches(_MODELS_SERVED, text, claims):
        yield Fact("models_served", _int(number_value(m)), m.start(), m.end(), keyed=True)
    for m in _matches((_GPU_COUNT, *_BARE_CARDS), text, claims):
        yield Fact("gpu_count", _int(number_value(m)), m.start(), m.end(), keyed=True)


# A bracket opens a clause of its own: in "不准量化（要 BF16）" / "no quantization (bf16 only)" the refusal is of
# quantizing, and the format in the brackets is the one chosen.
_CLAUSE_BREAK = re.compile(r"[,;.!?，；。！？\n（(]")
_FOUR_BITS_OR_FEWER = re.compile(r"(?<![0-9.])[1-4](?![0-9])")  # Q4_K_M, INT4, MXFP4, W4A16, "4-bit", "3 bit"


def _ruled_out(text: str, m: re.Match[str]) -> bool:
    """Whether the format at `m` is one the lead rules out ("no int4", "4bit 不行"), not one chosen or a floor."""
    start = max(0, m.start() - 24)
    before = _CLAUSE_BREAK.split(text[start:m.start()])[-1]
    if FORMAT_REJECTED_BEFORE.search(before):
        return not FORMAT_FLOOR.search(before)
    return bool(FORMAT_REJECTED_AFTER.search(text[m.end():m.end() + 30]))


def _replaced(text: str, m: re.Match[str]) -> bool:
    """Whether the format at `m` is the one a follow-up switches away from ("fp8 instead of q4", "INT4 换成 FP8")."""
    before = _CLAUSE_BREAK.split(text[max(0, m.start() - 24):m.start()])[-1]
    return bool(FORMAT_REPLACED_BEFORE.search(before) or FORMAT_REPLACED_AFTER.search(text[m.end():m.end() + 12]))


def _format_fact(text: str, m: re.Match[str], name: str) -> Iterator[Fact]:
    """A format said as chosen; one ruled out is no choice, and ruling out 4 bits or fewer asks for accuracy
    (seed 2, pitfall 2: careless quantization), so an 8-bit format is the default instead."""
    if _replaced(text, m):
        return
    if not _ruled_out(text, m):
        yield Fact("quantization", name, m.start(), m.end(), keyed=True)
    elif _FOUR_BITS_OR_FEWER.search(name):
        yield Fact("accuracy_critical", True, m.start(), m.end(), keyed=True)


_DIGITS = re.compile(r"\d+")


def _named_beside(text: str, width: re.Match[str]) -> bool:
    """Whether a bit width ("4bit") is said right beside a named format of that width ("AWQ 4bit", "4-bit GPTQ",
    "INT8（8 位）"): it describes that format, so it is no second reading to ask about. Only the few characters
    around the width are searched, and only when a width was said."""
    bits = _DIGITS.match(width.group(0).strip())
    if bits is None:
        return False
    for pattern, name in _QUANTS:
        for m in pattern.finditer(text, max(0, width.start() - 24), width.end() + 24):
            if (not _BIT_WIDTH.fullmatch(m.group(0).strip()) and bits.group(0) in _DIGITS.findall(name)
                    and (0 <= width.start() - m.end() <= 3 or 0 <= m.start() - width.end() <= 3)):
                return True
    return False


def _quantization(text: str, claims: _Claims) -> Iterator[Fact]:
    for pattern, name in _QUANTS:
        for m in _matches(pattern, text, claims):
            width_only = bool(_BIT_WIDTH.fullmatch(m.group(0).strip()))  # "8 bit": a width, not a format
            if width_only and _named_beside(text, m):
                continue
            yield from _format_fact(text, m, name)
            if width_only and not _ruled_out(text, m):
                yield Fact("weight_bits_only", True, m.start(), m.end(), keyed=True)
    for m in _matches(_FORMAT_LIKE, text, claims):
        said = m.group(0)
        yield from _format_fact(text, m, said if "bit" in said else said.upper().replace("-", "_"))


def denied(text: str, m: re.Match[str]) -> bool:
    """Whether the feature word matched is denied in its clause ("w/o rag", "不用 RAG", "thinking mode off", "rag-free":
    `FEATURE_DENIED_BEFORE` / `FEATURE_DENIED_AFTER`)."""
    clause_start = max((b.end() for b in _CLAUSE_BREAK.finditer(text, max(0, m.start() - 40), m.start())),
                       default=max(0, m.start() - 40))
    return bool(FEATURE_DENIED_BEFORE.search(text[clause_start:m.start()]) or FEATURE_DENIED_AFTER.search(text[m.end():m.end() + 24]))


def _first(table: dict[str, re.Pattern[str]], text: str) -> tuple[str, re.Match[str]] | None:
    """The first value of `table` a word of the text says, the denied words passed over ("no RAG, plain chat": chat)."""
    for value, pattern in table.items():
        # A batch word that schedules training is no batch job (`lexicon.about_training`).
        found = batch_words(pattern, text) if table is ARRIVAL_WORDS and value == "batch" else pattern.finditer(text)
        if m := next((m for m in found if not denied(text, m)), None):
            return value, m
    return None


def _words(text: str, claims: _Claims) -> Iterator[Fact]:
    # a laptop or another device for each person: personal, whatever group word stands beside it
    if each := LAPTOP_EACH.search(text) or DEVICE_EACH.search(text):
        yield Fact("deployment_scale", "personal", each.start(), each.end(), keyed=True)
    for slot, table in (("deployment_scale", SCALE_WORDS), ("arrival_pattern", ARRIVAL_WORDS),
                        ("model_stability", STABILITY_WORDS), ("request_class", REQUEST_CLASS_WORDS)):
        if slot == "deployment_scale" and each:
            continue
        if first := _first(table, text):
            yield Fact(slot, first[0], first[1].start(), first[1].end(), keyed=True)
    if m := REASONING_OFF.search(text):  # thinking switched off by name: no thinking before the answer
        yield Fact("reasoning_model", False, m.start(), m.end(), keyed=True)
    elif m := REASONING_MODEL_WORDS.search(text):  # its thinking is output (`estimator.advice.request_shape`)
        yield Fact("reasoning_model", not denied(text, m), m.start(), m.end(), keyed=True)
    if (m := ONE_USER_AT_A_TIME.search(text)) and claims.free(m.start(), m.end()):
        # "单用户", "single-user kiosk": one stream at a time whatever the scale (an edge box too); a count said wins
        yield Fact("concurrent_users", 1, m.start(), m.end(), keyed=False)
    # "fixed-length" is checked before "variable-length" so that a denial wins.
    flags = (("dynamic_shapes", DYNAMIC_SHAPES_NO, False), ("dynamic_shapes", DYNAMIC_SHAPES_YES, True),
             ("accuracy_critical", ACCURACY_CRITICAL, True), ("mixed_training", MIXED_TRAINING_DENIED, False),
             ("mixed_training", MIXED_TRAINING, True),
             ("space_limited", SPACE_LIMITED, True), ("conservative", CONSERVATIVE, True), ("fine_tuned", FINE_TUNED, True),
             ("availability_required", AVAILABILITY_NOT_REQUIRED, False), ("availability_required", AVAILABILITY_REQUIRED, True),
             ("machine_callers", MACHINE_CALLERS, True))
    found: set[str] = set()
    for slot, pattern, value in flags:
        if slot not in found and (m := pattern.search(text)):
            found.add(slot)
            yield Fact(slot, value, m.start(), m.end(), keyed=True)
    owned = [(name, m) for name, rx in EXISTING_HARDWARE.items() if (m := rx.search(text))]
    if owned:
        names = [name for name, _ in owned if name != "none"] or ["none"]
        yield Fact("existing_hardware", names, owned[0][1].start(), owned[0][1].end(), keyed=True)
    if (m := SEVERAL_MODELS.search(text)) and claims.free(m.start(), m.end()):
        yield Fact("models_served", 3, m.start(), m.end(), keyed=False)
    if m := ROUND_THE_CLOCK.search(text):
        yield Fact("hours_per_day", 24.0, m.start(), m.end(), keyed=True)
    if m := ACROSS_TIME_ZONES.search(text):
        yield Fact("users_across_time_zones", True, m.start(), m.end(), keyed=True)


# The duration said of the meetings or calls whose transcripts are read: after the noun ("meetings, mostly 30-60 min",
# "每场 1 小时左右") or before it ("45-minute calls", "1 小时的会议"), a range read at its middle.
_SPOKEN_AFTER = re.compile(rf"{SPOKEN_NOUNS}[^.;!?。；！？\n]{{0,48}}?{NUM}{SPOKEN_RANGE_END}\s*-?\s*{SPOKEN_UNIT}")
_SPOKEN_BEFORE = re.compile(rf"{NUM}{SPOKEN_RANGE_END}\s*-?\s*{SPOKEN_UNIT}\s*(?:long\s+|左右\s*|的\s*)?"
                            r"(?:[a-z]+\s+)?(?=(?:meetings?|calls?|recordings?|conversations?|会议|会|通话|电话|录音)(?![a-z]))")


def _spoken_lengths(text: str, claims: _Claims) -> Iterator[Fact]:
    """Minutes of talk in each meeting or call whose transcript is the prompt (`Workload.transcript_minutes`), read only
    in a message about such transcripts (`REQUEST_CLASS_WORDS`): the "30-60 min" of a meeting is its length, never a
    first-token target or a job's window."""
    if not (REQUEST_CLASS_WORDS["meeting_transcript"].search(text) or REQUEST_CLASS_WORDS["call_transcript"].search(text)):
        return
    for pattern in (_SPOKEN_BEFORE, _SPOKEN_AFTER):
        for m in pattern.finditer(text):
            if not claims.free(m.start("num"), m.end("unit")):
                continue
            low = float(m.group("num"))
            value = (low + float(m.group("num2"))) / 2 if m.group("num2") else low
            minutes = value * 60 if m.group("unit").startswith(("h", "小时", "个小时", "个钟头", "钟头")) else value
            if 0 < minutes <= 24 * 60:
                claims.claim(m.start("num"), m.end("unit"))
                yield Fact("transcript_minutes", round(minutes, 1), m.start("num"), m.end("unit"), keyed=True)
            return


def _working_hours(text: str, claims: _Claims) -> Iterator[Fact]:
    """"9 to 5 on weekdays", "24/7", "工作时间", "週一到週五" (`bot.nlu.schedule`)."""
    yield from working_hours_facts(text, claims, Fact)  # type: ignore[misc]


# Graphics-card model numbers ("rtx 4090s", "gtx 1080", "rx 7900xtx"): a device, never a duration or a count.
_CARD_MODEL = re.compile(r"(?<![a-z0-9])(?:rtx|gtx|rx|radeon|geforce|quadro)\s*-?\d{3,4}\s*(?:ti|xtx|xt|super)?s?(?![a-z0-9])")


def _load(text: str, claims: _Claims) -> Iterator[Fact]:
    """Rates, volumes, spend, base and peak, power scope, adapters and constraints (`bot.nlu.load`)."""
    from bot.nlu.load import load_facts

    yield from load_facts(text, claims)


def _prompt_parts(text: str, claims: _Claims) -> Iterator[Fact]:
    """The prompt said through its parts: a session's size, pieces x each, their total (`bot.nlu.prompt_parts`)."""
    from bot.nlu.prompt_parts import one_session_each, prompt_part_facts

    yield from prompt_part_facts(text, claims)
    yield from one_session_each(text, claims)


def _batch(text: str, claims: _Claims) -> Iterator[Fact]:
    """Batch jobs and per-item lengths (`bot.nlu.batch`, which builds on this module's primitives)."""
    from bot.nlu.batch import batch_facts

    yield from batch_facts(text, claims)


def _batch_job(text: str, claims: _Claims) -> Iterator[Fact]:
    from bot.nlu.batch import batch_facts

    yield from batch_facts(text, claims, batch_job=True)


# Most specific first: a span read by one is skipped by the next.
EXTRACTORS: tuple[Extractor, ...] = (
    api_bill_facts, peak_share_facts, _electricity, _spoken_lengths, answer_lengths, one_line_answers, _prompt_parts, _load, serving_facts, _working_hours,
    _speed, measured_nouns,
    _batch, _thinking, _accumulated, _context, _misc_numbers, _no_more_budget, _free_slots, _budget,
    _power, _lengths,
    measured_lengths, _length_figures, _latency, _quantization,
    _model_size, _users, _words,
)


# "1页大约 600 token", "each page is ~600 tokens": the lead's own tokens a page
_TOKENS_A_PAGE = re.compile(rf"(?:(?<![\d.])1|每|each|a|one|per)\s*(?:页|頁|pages?)\s*(?:is|of|has|大约|大概|约|平均|差不多|~)?\s*"
                            rf"{APPROX}{NUM}\s*(?:个)?\s*tokens?")


def extract_facts(normalized: str, reserved: tuple[tuple[int, int], ...] = (), *, batch_job: bool = False,
                  name_parts: tuple[tuple[int, int], ...] = (), window_classes: frozenset[str] = frozenset()) -> list[Fact]:
    """All readings in a normalized message, in text order.

    `reserved` spans (the devices the hardware matcher found: "4090s", "l40s", "h200") are read by no
    extractor, so a model number is never a duration, a size or a head count. `batch_job`: the thread
    is about a batch job, so items and a deadline are the job's without a batch verb in this message.
    `name_parts`: spans inside a model's name (its version: "Llama 3.3"), read by no number reader.
    `window_classes`: the classes of work whose stated context is the longest request, not the typical prompt (the
    request shapes' `stated_context` of "maximum": a chat's window).
    """
    claims = _Claims()
    claims.window_classes = window_classes
    for start, end in reserved:
        claims.claim(start, end)
    claims.name_parts.extend(name_parts)
    for m in _CARD_MODEL.finditer(normalized):
        claims.claim(m.start(), m.end())
    # "1页大约 600 token", "each page is ~600 tokens": the lead's own tokens a page, read before any length reader
    # takes the figure for a prompt
    per_page = [(m, number_value(m)) for m in _TOKENS_A_PAGE.finditer(normalized) if claims.free(m.start(), m.end())]
    for m, _ in per_page:
        claims.claim(m.start(), m.end())
    extractors = tuple(_batch_job if e is _batch and batch_job else e for e in EXTRACTORS)
    facts = [fact for extractor in extractors for fact in extractor(normalized, claims)]
    if per_page:
        facts = _at_pages_tokens(facts, per_page[0])
    return sorted(facts, key=lambda f: f.start)


def _at_pages_tokens(facts: list[Fact], said_per_page: tuple[re.Match[str], float]) -> list[Fact]:
    """A length said in pages at the lead's own tokens a page (25 pages × 600) instead of the sourced ratio; with no
    length in pages, the items are pages ("300 萬頁 … 每頁大概 800 tokens"): a page is the prompt."""
    m, per_page = said_per_page
    said = {f.slot: f for f in facts if f.slot in ("prompt_length_said", "prompt_length_unit")}
    if said.get("prompt_length_unit") is None or said["prompt_length_unit"].value not in ("page", "zh_page"):
        if any(f.slot == "prompt_tokens" for f in facts):
            return facts
        return [*facts, Fact("prompt_tokens", _int(per_page), m.start(), m.end(), keyed=True)]
    pages = said["prompt_length_said"].value
    return [replace(f, value=_int(round(pages * per_page))) if f.slot == "prompt_tokens" and f.start == said["prompt_length_said"].start
            else f for f in facts]


__all__ = ["EXTRACTORS", "Fact", "extract_facts", "number_value"]
