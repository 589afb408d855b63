"""Text normalization before fact extraction: one canonical form for digits, numerals and punctuation.

Users write numbers many ways: full-width digits (７Ｂ), Chinese numerals (七十亿, 兩百人, 八卡),
English number words (two hundred), scientific notation (10^12, 1e12) and thousands separators.
`normalize` rewrites all of them into ASCII digits so that the extractors need one number grammar
only. It must not change meaning: words like 一些/一起 (some/together) keep their 一.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from bot.nlu.fold import fold

_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_SMALL_UNITS = {"十": 10, "百": 100, "千": 1000}
_ZH_BIG_UNITS = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}
_ZH_NUMERAL_RUN = re.compile("[零〇一二两兩三四五六七八九十百千万萬亿億]+")
# 一 in these words is not a number ("some", "together", "usually", ...): leave the word alone. 一齐/一齊 is
# "all together" (Cantonese's 一起: "100 人一齊問", a hundred asking at once).
_YI_WORDS = set("些下起般定样樣直旦切共同致种種边邊点點再次齐齊")
# Big units standing alone are part of words (千万 "by all means", 万一 "in case").
# 几 / 数 before a unit make a vague count ("几十", "數百"): its words are kept for the parser to ask about.
_VAGUE_BEFORE = set("几幾数數")
_NOT_NUMERALS = {"万", "萬", "千", "百", "亿", "億", "千万", "千萬", "万一", "萬一", "百万", "百萬"}

_EN_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
            "eighty": 80, "ninety": 90}
_EN_SCALES = {"hundred": 100, "dozen": 12}
# A count fused with "we" ("我们仨" the three of us, "咱俩" the two of us): the count with its measure word.
_ZH_FUSED_COUNT = re.compile("(我们|咱们|我們|咱們|他们|他們|咱)(仨|俩|倆)")
_ZH_FUSED_VALUE = {"仨": "3个", "俩": "2个", "倆": "2个"}
# "双卡 4090", "雙卡", "双 3090" (two cards; folded later, so both scripts): the pair word before cards or a device is the count. "双路" (dual socket) is the CPU
# reader's, left as said.
_ZH_PAIR_CARDS = re.compile("[双雙](?=\\s*(?:卡|[a-z]+[\\s-]?\\d|\\d{3,}))")
_EN_PAIR_WORDS = {"a couple of": "2", "a pair of": "2", "dual": "2", "quad": "4", "a dozen": "12", "a single": "1"}
# Two devices said as a pair after the device or as twins ("a 3090 pair", "the L40S pair", "twin 4090s", "一对 3090"): two of
# the device named, as "a pair of" is; only beside a name with a model number, so "a pair of eyes", "一对一" stay.
_PAIR_AFTER = re.compile(r"\b(?:(a)|(the|our|my)) ([a-z]*[\s-]?\d[a-z0-9-]*) (?:pair|duo)\b")
_TWIN_BEFORE = re.compile(r"\btwin(?=\s+[a-z]*[\s-]?\d)|(?:一|1)\s*[对對](?=\s*(?:[a-z]+[\s-]?\d|\d{3,}))")
_EN_WORD = "|".join([*_EN_UNITS, *_EN_TENS, *_EN_SCALES])
_EN_RUN = re.compile(rf"\b(?:{_EN_WORD})(?:[\s-]+(?:and[\s-]+)?(?:{_EN_WORD}))*\b")

# Words that make the figure after them (or before them, "30w的预算") an amount of money, in both scripts.
_ZH_MONEY_WORDS = "(?:预算|預算|报价|報價|价格|價格|价位|價位|成本|经费|經費|总价|總價|花费|花費|投入|资金|資金)"
# Quantities said in words (the grammar's other half): "fifteen grand" ($15k), "half a million", "a quarter of
# them" (a share), "a sec or so"; approximate counts ("十几个", "二三十") are ranges (below).
_SPELLED = (
    (re.compile(r"(?<![\d.$])(\d+(?:\.\d+)?)\s*(?:grand|g's)\b"), r"$\1k"),
    (re.compile(r"\bhalf (?:a |an )?(million|billion|thousand|dozen|hundred)\b"), r"0.5 \1"),
    (re.compile(r"\b(?:a |one )?quarter of (?:a )?(million|billion)\b"), r"0.25 \1"),
    (re.compile(r"\b(?:a |one )?quarter of (them|those|us|the|our|all)\b"), r"25% of \1"),
    (re.compile(r"\b(?:a |one )?third of (them|those|us|the|our|all)\b"), r"33% of \1"),
    (re.compile(r"\bhalf (?:of )?(them|those|us|the|our|all)\b"), r"50% of \1"),
    # "about half use it daily", "half will be on it": a share of the people, said before its verb
    (re.compile(r"\bhalf (?=(?:will |would |might |probably )?(?:use|uses|log|logs|are|be)\b)"), "50% "),
    (re.compile(r"\b(?:about |around |within |in |under )?a sec(?:ond)? or so\b"), "1 sec"),
    # "w" for 万 in Chinese money ("预算30w", "報價 1.5w", "30w的预算": the net's shorthand), never watts after a money
    # word; a power budget ("功耗预算 300w", "电源预算") keeps its watts.
    (re.compile(f"((?<!功耗)(?<!功率)(?<!电力)(?<!電力)(?<!电源)(?<!電源)(?<!供电)(?<!供電)(?<!用电)(?<!用電){_ZH_MONEY_WORDS}"
                "[^\\d,.;，。；]{0,6}?\\d+(?:\\.\\d+)?)\\s*w(?![a-z])"), r"\1万"),
    (re.compile(f"(?<![\\d.])(\\d+(?:\\.\\d+)?)\\s*w(?=\\s*(?:左右|以内|以內|上下)?\\s*的?\\s*{_ZH_MONEY_WORDS})"), r"\1万"),
    (re.compile("(?<![\\d.])(?:1|一)半的?(?:人|员工|用户|同事)?"), "50%"),
    # Half a page: "半页摘要", "half a page" (a length in pages, text_tokens).
    (re.compile("(?<![\\d.一1])半\\s*(?=页|頁)|\\bhalf an? (?=page)"), "0.5 "),
    # Half an hour: "半小时内跑完", "1个半小时" (1.5 h), "half an hour": a window or a duration in figures.
    (re.compile("(?<![\\d.])(\\d+)\\s*(?:个|個)?半\\s*(?=(?:个|個)?\\s*(?:小时|小時|钟头|鐘頭))"), r"\1.5 "),
    (re.compile("(?<![\\d.一1])半\\s*(?:个|個)?\\s*(?=小时|小時|钟头|鐘頭)"), "0.5 "),
    (re.compile(r"\bhalf an hour\b"), "30 minutes"),
    # Shares as fractions: "两成" (two tenths; numerals are digits by now), "a fifth", "one in ten" ("1 in 10").
    (re.compile("(?<![\\d.])(\\d(?:\\.\\d)?)\\s*成(?![本功员員熟品为為立长長果])"), lambda m: f"{float(m.group(1)) * 10:g}%"),
    (re.compile(r"\b(?:a|one)[ -](fifth|tenth)s?\b"), lambda m: {"fifth": "20%", "tenth": "10%"}[m.group(1)]),
    (re.compile(r"\b1 (?:in|out of) (\d{1,3})\b"), lambda m: f"{100 / int(m.group(1)):g}%" if int(m.group(1)) >= 2 else m.group(0)),
    # Said after the number words are digits: "half a dozen" is "half 12" by then, "a couple hundred" "a couple 100".
    (re.compile(r"\bhalf (?:a |an )?12\b"), "6"),
    (re.compile(r"\b(?:a )?couple(?: of)? (100|1000|hundred|thousand)\b"),
     lambda m: str(2 * {"hundred": 100, "thousand": 1000}.get(m.group(1), 0) or 2 * int(m.group(1)))),
    # A length said as "a few hundred" tokens or words ("answers are a few hundred tokens"): three hundred, the fewest
    # "a few" names past a couple (two, above). 几百 is wider (几 is any of 2-9): "回答几百字" is read at its middle, five
    # hundred. Only before a unit of text: a vague count of people or items ("几百人", "a few hundred docs") stays vague
    # and is asked about (`lexicon.VAGUE_COUNT`).
    (re.compile(r"\ba few (?:100|hundred)(?= (?:tokens?|toks?|words?|characters?)\b)"), "300"),
    (re.compile("[几幾]百(?=\\s*(?:字|词|詞|(?:个|個)?\\s*tokens?))"), "500"),
    # One person and one other: "for me and a coworker" is two people.
    (re.compile(r"\b(?:me|myself) and (?:a|one|my|1) (?:co-?workers?|colleagues?|teammates?|friends?|partners?|co-?founders?)\b"),
     "2 people"),
    # The speaker and a few others ("me + 2 others", "me and two other folks", "myself plus 3 colleagues", "我跟另外兩個
    # 同事", "我自己加上另外两个同事"): that many people and one more, a head count like any other, never a default team.
    (re.compile(r"\b(?:me|myself)\s*(?:\+|and|plus|&|with)\s*(?:(?:an)?other\s+)?(\d{1,2})\s+(?:(?:other\s+)?(?:folks|people|persons|"
                r"colleagues|co-?workers|teammates|devs|developers|engineers|analysts|researchers|friends|guys|users|members|"
                r"coders|writers|reviewers)\b|others?\b|more\b)"),
     lambda m: f"{int(m.group(1)) + 1} people"),
    (re.compile("我(?:自己)?\\s*(?:和|跟|与|與|加上|加|连同|連同|带上|帶上|外加)\\s*(?:另外|其他|其它)?\\s*(\\d{1,2})\\s*(?:个|個|位|名)"
                "(?:同事|人|朋友|同学|同學|组员|組員|队友|隊友|工程师|工程師|研发|研發|开发|開發|成员|成員)"),
     lambda m: f"{int(m.group(1)) + 1}个人"),
)
# Approximate counts are ranges, written as digits so every reader takes them as it takes "20-30 people" (sized at
# the upper end; a usual load beside a peak at the middle): "十几个" (11-19), "二十几" (21-29), "10几个" the same in
# digits. (幾 too: the text is folded to Simplified only at the end.)
_ZH_TENS_FEW = re.compile("([一二两兩三四五六七八九]?)十[几幾]")
_DIGIT_TENS_FEW = re.compile("(?<![\\d.])([1-9])0\\s*[几幾](?=\\s*[个個人位名])")
# Two adjacent digits before a unit are a range: "二三十" (20-30), "三四百" (300-400), "两三千" (2000-3000), "一两百"
# (100-200), "三五个" (3-5), "七八个人". Before 万/亿 the range keeps its multiplier's upper end only ("三四十万" is 40万):
# the money and volume readers take one number with its multiplier.
_ZH_DIGIT = "[一二两兩三四五六七八九]"
_ZH_ADJACENT = re.compile(f"(?<![一二两兩三四五六七八九十百千万萬])({_ZH_DIGIT})({_ZH_DIGIT})"
                          "(?:(十|百|千)(?![一二两兩三四五六七八九])(?=([万萬亿億])?)"
                          "|(?=\\s*[万萬亿億个個人位名台张張块塊条條份篇次家]))")
# "上百人", "上千个", "百来人", "千把人": about that round number (as "一百多人" is a hundred).
_ZH_ROUND_ABOUT = re.compile("上(百|千|万|萬)(?![万萬亿億])|(?<![一二两兩三四五六七八九\\d])(百|千)(?:来|來|把)(?=\\s*[个個人位名台])")
_ZH_ROUND = {"百": "100", "千": "1000", "万": "10000", "萬": "10000"}
# English approximate counts: "a dozen or two" (12-24: its upper end), "a couple dozen" (24); vague ones ("dozens of", "几十个") stay
# words, asked about by the parser (lexicon.VAGUE_COUNT).
_EN_DOZEN_OR_TWO = re.compile(r"\b(?:a |one )?dozen or (?:two|2)\b")
_EN_COUPLE_DOZEN = re.compile(r"\b(?:a )?couple(?: of)? dozen\b")
_COUPLE_OF_UNIT = re.compile(r"\ba couple of (hundred|thousand)\b")
_SOME_BEFORE_MULTIPLIER = re.compile("(\\d+)\\s*[多来來余餘](?=\\s*[万萬千百亿億])")
# "号人" is a colloquial measure word for people ("100 来号人", "三百多号人": that many people), dropped before the
# approximate counts are read so "来号人" reads as "来人" does; "3 号人员" (staff member no. 3) is no count.
# ("80 来号研发", "三十多号同事": the people named by their role after it)
# Slack shorthand for "with" / "without" ("~2k w/ history", "w/o rag"): a word, never "w" for watts after a number.
_WITH_SHORTHAND = re.compile(r"(?<![a-z0-9])w/(o(?![a-z]))?")
_PEOPLE_MEASURE = re.compile("(?<=[\\d一二两兩三四五六七八九十百千万萬来來多余餘几幾])\\s*[号號]"
                             "(?=人(?![员員])|研发|研發|开发|開發|员工|員工|同事|工程师|工程師)")
# "十来个问题", "二十来次": about that many, read at the round number (as "一百多人" is a hundred), so the
# measure word stays beside its number.
_ABOUT_BEFORE_MEASURE = re.compile("(?<![\\d.])(\\d+0)\\s*[来來](?=\\s*[个個次条條份张張位名人篇封件笔筆])")
_SCI = re.compile(r"(?:(\d+(?:\.\d+)?)\s*[x*]\s*)?(?<![\d.])10\s*\^\s*(\d{1,2})|(?<![\w.])(\d+(?:\.\d+)?)e([+-]?\d{1,4})\b")
_PERCENT_ZH = re.compile("百分之([零〇一二两兩三四五六七八九十百\\d.]+)")
_THOUSANDS = re.compile(r"(?<![\d.])(\d{1,3})((?:,\d{3})+)(?![\d])")

# Variant characters of one word fold to the form the lexicons list: Taiwan writes "concurrent" as 併發 as
# often as 並發 (both Traditional); 併 and 並 are one character in Simplified (并).
_VARIANTS = str.maketrans({"併": "並"})
_PUNCT = str.maketrans({"，": ", ", "、": ", ", "；": "; ", "：": ": ", "。": ". ", "（": " (", "）": ") ",
                        "～": "~", "〜": "~", "“": '"', "”": '"', "‘": "'", "’": "'", "×": "x"})


def zh_numeral_value(run: str) -> int | None:
    """Value of a Chinese numeral string: 七十亿 → 7000000000, 兩百 → 200, 二十五 → 25. A digit right after
    a unit is the next unit down, as said aloud: 一万五 → 15000, 两千五 → 2500, 三百五 → 350.

    >>> zh_numeral_value("七十亿"), zh_numeral_value("兩百"), zh_numeral_value("十五"), zh_numeral_value("一万二千")
    (7000000000, 200, 15, 12000)
    >>> zh_numeral_value("一万五"), zh_numeral_value("两千五"), zh_numeral_value("三百五"), zh_numeral_value("一万零五")
    (15000, 2500, 350, 10005)
    """
    total = section = digit = 0
    seen = False
    last_unit = 0  # the unit just before the current digit (0: none, or a 零 in between)
    for ch in run:
        if ch in _ZH_DIGITS:
            last_unit = last_unit if _ZH_DIGITS[ch] else 0
            digit = _ZH_DIGITS[ch]
            seen = True
        elif ch in _ZH_SMALL_UNITS:
            section += (digit or 1) * _ZH_SMALL_UNITS[ch]
            digit = 0
            seen = True
            last_unit = _ZH_SMALL_UNITS[ch]
        elif ch in _ZH_BIG_UNITS:
            unit = _ZH_BIG_UNITS[ch]
            if unit > 10_000:
                total = (total + section + digit) * unit
            else:
                total += (section + digit) * unit
            section = digit = 0
            last_unit = unit
        else:
            return None
    if digit and last_unit >= 100 and run[-2] in {**_ZH_SMALL_UNITS, **_ZH_BIG_UNITS}:
        digit *= last_unit // 10
    return total + section + digit if seen else None


def _zh_run(match: re.Match[str]) -> str:
    run = match.group(0)
    text, end = match.string, match.end()
    if run in _NOT_NUMERALS:
        return run
    if match.start() > 0 and text[match.start() - 1] in _VAGUE_BEFORE:
        return run  # "几十个", "数百人": a vague count, asked about (lexicon.VAGUE_COUNT), never "几10"
    if run == "一" and end < len(text) and text[end] in _YI_WORDS:
        return run
    # A run ending in 万/亿 right after ASCII digits ("5万") is a multiplier the number grammar reads.
    start = match.start()
    if start > 0 and text[start - 1].isdigit() and all(c in _ZH_BIG_UNITS or c in _ZH_SMALL_UNITS for c in run):
        return run
    value = zh_numeral_value(run)
    return run if value is None else str(value)


def _range(base: int, low: int, high: int) -> str:
    return f"{base + low}-{base + high}"


def _adjacent(m: re.Match[str]) -> str:
    """"二三十" → "20-30", "三四十万" → "40万" (see _ZH_ADJACENT); not a range when the second digit is not larger
    ("二二", a date or a code)."""
    low, high = _ZH_DIGITS[m.group(1)], _ZH_DIGITS[m.group(2)]
    if high <= low:
        return m.group(0)
    unit = _ZH_SMALL_UNITS.get(m.group(3) or "", 1)
    if m.group(4):  # a multiplier follows: its upper end only
        return str(high * unit)
    return f"{low * unit}-{high * unit}"


def en_words_value(words: str) -> int | None:
    """Value of English number words: "two hundred fifty" → 250, "twenty-five" → 25."""
    total = current = 0
    for word in re.split(r"[\s-]+", words.strip()):
        if word == "and":
            continue
        if word in _EN_UNITS:
            current += _EN_UNITS[word]
        elif word in _EN_TENS:
            current += _EN_TENS[word]
        elif word in _EN_SCALES:
            current = (current or 1) * _EN_SCALES[word]
        else:
            return None
    return total + current


def _sci(match: re.Match[str]) -> str:
    if match.group(2) is not None:
        mantissa, exponent = match.group(1) or "1", match.group(2)
    else:
        mantissa, exponent = match.group(3), match.group(4)
    # Read whole, never as the mantissa ("1e308 tokens" is not 1 token): past 10^18 the digits stop
    # at one more than the parser's cap, so the range check refuses the value with its field named.
    if int(exponent) > 18:
        return "1" + "0" * 19
    value = float(mantissa) * 10 ** int(exponent)
    return str(int(value)) if value.is_integer() else format(value, "f").rstrip("0").rstrip(".")


# A digit right after 万 / 千 is the next place ("3万2", "1 萬 2", "6千5": 32,000, 12,000, 6,500), unless it
# counts something of its own ("1万 2个人").
# "1 萬 2 千" (12,000) names the next place itself: read as "1.2万" too.
_DIGIT_AFTER_MULTIPLIER = re.compile(
    r"(?<![\d.])(\d+)\s?(?:([万萬])\s?(\d)\s?千|(千)\s?(\d)\s?百"
    r"|([万萬千])\s?(\d)(?![\d.])(?!\s*(?:个|個|人|位|名|张|張|台|卡|块|塊|元|%|千|百|十|[a-z])))")


def _pair_count(digits: str) -> Callable[[re.Match[str]], str]:
    """The pair word's digits; a hyphen before the device's own digits becomes a space ("quad-3090": "4 3090")."""
    return lambda m: digits + " " if m.group(0).endswith("-") else digits


def normalize(text: str) -> str:
    """Canonical lower-case text with ASCII digits; see the module docstring.

    >>> normalize("兩百位同事，七十億參數，八卡")
    '200位同事, 7000000000参数, 8卡'
    >>> normalize("fifteen grand, half a million docs, a quarter of them at once, 两打, 员工一万五, 十几个人")
    '$15k, 0.5 million docs, 25% of them at once, 2打, 员工15000, 11-19个人'
    >>> normalize("half a dozen analysts, a couple hundred people, me and a coworker")
    '6 analysts, 200 people, 2 people'
    >>> normalize("me + 2 others, me and two other folks, 我跟另外兩個同事, 我自己加上另外两个同事")
    '3 people, 3 people, 3个人, 3个人'
    >>> normalize("预算二十来万, 三十多万, 两百余万")
    '预算20万, 30万, 200万'
    >>> normalize("最长3万2, 平均 1 萬 2, 6千5, 每小时 1 万 2 千个请求, 1万 2个人")
    '最长3.2万, 平均 1.2万, 6.5千, 每小时 1.2万个请求, 1万 2个人'
    >>> normalize("预算30w, 報價 1.5w, 30w的预算, 功耗预算 300w, 功耗 30w")
    '预算30万, 报价 1.5万, 30万的预算, 功耗预算 300w, 功耗 30w'
    >>> normalize("answers are a few hundred tokens, 回答几百字, 几百人")
    'answers are 300 tokens, 回答500字, 几百人'
    >>> normalize("Two hundred users, 10^12 params, 50,000 USD")
    '200 users, 1000000000000 params, 50000 usd'
    """
    text = text.translate(_PUNCT).translate(_VARIANTS)
    text = unicodedata.normalize("NFKC", text).lower()
    text = _WITH_SHORTHAND.sub(lambda m: "without " if m.group(1) else "with ", text)
    text = _PEOPLE_MEASURE.sub("", text)
    text = _ZH_FUSED_COUNT.sub(lambda m: m.group(1) + _ZH_FUSED_VALUE[m.group(2)], text)
    text = _PERCENT_ZH.sub(lambda m: f"{zh_numeral_value(m.group(1)) or m.group(1)}%", text)
    text = _ZH_TENS_FEW.sub(lambda m: _range((zh_numeral_value(m.group(1)) or 1) * 10, 1, 9), text)
    text = _DIGIT_TENS_FEW.sub(lambda m: _range(int(m.group(1)) * 10, 1, 9), text)
    text = _ZH_ADJACENT.sub(_adjacent, text)
    text = _ZH_ROUND_ABOUT.sub(lambda m: _ZH_ROUND[m.group(1) or m.group(2)], text)
    text = _EN_DOZEN_OR_TWO.sub("24", _EN_COUPLE_DOZEN.sub("24", text))  # at the upper end (12-24 reads as hours)
    text = _ZH_NUMERAL_RUN.sub(_zh_run, text)
    # "二十来万", "30多万", "两百余万": the round number and its multiplier ("and some" is read at its floor, as
    # "一百多人" is a hundred people), never the bare 20 that "来" cut off from 万.
    text = _SOME_BEFORE_MULTIPLIER.sub(r"\1", text)
    text = _ABOUT_BEFORE_MEASURE.sub(r"\1", text)
    # "3万2" is 32,000 ("3.2万"), as "三万二" is
    text = _DIGIT_AFTER_MULTIPLIER.sub(
        lambda m: f"{m.group(1)}.{m.group(3) or m.group(5) or m.group(7)}{m.group(2) or m.group(4) or m.group(6)}", text)
    text = _COUPLE_OF_UNIT.sub(r"couple \1", text)  # "a couple of hundred": the unit's couple, below
    for phrase, digits in _EN_PAIR_WORDS.items():
        # "quad-3090": the count of the device named next, as "4 3090" (a hyphen before digits is no range)
        text = re.sub(rf"\b{phrase}\b(?:-(?=\d))?", _pair_count(digits), text)
    text = _ZH_PAIR_CARDS.sub(lambda m: "2" if m.string[m.end():].lstrip().startswith("卡") else "2 ", text)
    text = _PAIR_AFTER.sub(lambda m: f"{m.group(2) + ' ' if m.group(2) else ''}2 {m.group(3)}", text)
    text = _TWIN_BEFORE.sub("2 ", text)
    text = _EN_RUN.sub(lambda m: str(en_words_value(m.group(0)) if en_words_value(m.group(0)) is not None else m.group(0)), text)
    for pattern, spelled in _SPELLED:
        text = pattern.sub(spelled, text)
    text = _SCI.sub(_sci, text)
    text = _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(",", ""), text)
    return fold(re.sub(r"[ \t]+", " ", text).strip())


__all__ = ["en_words_value", "normalize", "zh_numeral_value"]
