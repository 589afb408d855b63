"""Load as infra leads state it: rates, daily counts, token volumes, API spend, base and peak, active shares,
power per rack or per server, LoRA adapters and the constraints that go with them.

"9,000 requests/hour", "每秒15个请求", "QPS 20", "2,000 customers a day", "400M tokens/day", "$22k/month on
gpt-4o-mini", "¥4万/月", "15 most of the day, 150 at 9 am", "a quarter of them at once", "2 × 30 A at 208 V
per rack", "50 LoRA adapters", "air-gapped", "不要随便量化". The words are data, one file per language
(`load_words_en`, `load_words_zh`, Simplified: the text is folded first); this module is the grammar that
puts them next to numbers. It runs before the generic extractors of `facts.py`, so a rate's count is no
head count, a token volume's "2B" no model size, a monthly spend no capex budget, "5-10 adapters" no hours.

Readings are raw: a rate in its own unit becomes requests per second here (a calendar fact); a daily count
stays a daily count (the running hours turn it into a peak rate, `estimator.advice.load`); a spend is read with
its currency and converted by the parser at the dated rate.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from bot.nlu import load_words_en as en
from bot.nlu import load_words_zh as zh
from bot.nlu.batch import TTFT_IRRELEVANT, WINDOW, is_batch_context, said_of_each_person
from bot.nlu.currency import AMOUNT_PREFIXES, AMOUNT_SUFFIXES, currency_of
from bot.nlu.lexicon import APPROX, MIXED_TRAINING_DENIED, NUM, OVERNIGHT, OWNERSHIP
from bot.nlu.spans import Fact, _Claims, _int, _matches, number_value

SECONDS_PER_UNIT = {"second": 1, "minute": 60, "hour": 3600}
DAYS_PER_MONTH = 365 / 12
# The 80 % continuous-load rule: a load running 3 h or more is sized at 125 % on its breaker (US NEC 210.19(A),
# 210.20(A)), i.e. the circuit carries 80 % of its rating continuously; servers are continuous loads, so a
# 30 A circuit at 208 V carries 30 × 208 × 0.8 = 4,992 W (https://loomi.fyi/nec/continuous-load/).
CONTINUOUS_LOAD_SHARE = 0.8
# The rule is a branch circuit's, at mains voltage (100 V in Japan is the lowest anywhere). A rating below it is a
# low-voltage supply's ("12V 1A", "5V 3A USB-C", "19V 6.32A adapter"): its label states the output it delivers
# continuously (IEC 62368-1 rates a power supply by its rated output), so its watts are volts × amps, whole.
MAINS_MIN_VOLTS = 100.0


def _words(concept: str) -> str:
    """The alternatives of one concept in every language, as one non-capturing group."""
    alternatives = (*en.WORDS.get(concept, ()), *zh.WORDS.get(concept, ()))
    return "(?:" + "|".join(f"(?:{a})" for a in alternatives) + ")"


def _rx(source: str) -> re.Pattern[str]:
    return re.compile(source)


_ITEM_NOUN = _words("item_nouns")
_IMAGE_NOUN = re.compile(_words("image_nouns"))
_NOUN = f"(?:{_words('request_nouns')}|{_ITEM_NOUN})"
# Pictures counted in each request: "each request = 3 scanned pages as images", "5 photos per listing", "每个商品 5 张图",
# "每件案子平均上传 8 张照片" (`Workload.images_per_request`; the model's image tokens make them prompt tokens).
_IMAGE_UNIT, _IMAGES = _words("image_request_units"), _words("counted_images")
_IMAGES_EACH = (
    _rx(rf"\b(?:each|every|per|a|one)\s+{_IMAGE_UNIT}\s*(?:=|:|is|has|carries|contains|includes|comes with|with|gets)?"
        rf"\s*(?:up to\s+)?{APPROX}{NUM}\s*{_IMAGES}"),
    _rx(rf"{APPROX}{NUM}\s*(?:\w+\s+)?{_IMAGES}\s*(?:in\s+|for\s+)?(?:each|every|per|a|an)\s+{_IMAGE_UNIT}"),
    _rx(rf"每\s*{_IMAGE_UNIT}[^\d,;.!?，；。]{{0,10}}?{APPROX}{NUM}\s*{_IMAGES}"),
)
_UNIT = {unit: _words(unit) for unit in ("second", "minute", "hour", "day", "month")}
_PER = _words("per")
_GAP = r"[^\d,;.!?]{0,14}?"  # a few words between a unit and its number ("每天大概处理", "each day roughly")

# "9000 requests/hour", "12 req/s", "5 requests a second", "2000 customers a day", "200k requests/day"
_PER_PERSON = _words("per_person")
_RATE_AFTER = {unit: _rx(rf"{APPROX}{NUM}\s*\+?\s*{_NOUN}\s*(?:hit (?:it|us)\s*)?(?:{_PER_PERSON}\s*)?(?:{_PER})\s*{_UNIT[unit]}")
               for unit in _UNIT}
# "a message a minute": one of the noun per unit
_RATE_ONE = {unit: _rx(rf"\b(?:a|an|one)\s+{_NOUN}\s*(?:{_PER})\s*{_UNIT[unit]}") for unit in _UNIT}
# A rate said of each person: the cue in the same clause before it ("each fires off about", "每人每分钟") or right after.
_PER_PERSON_REACH = 48  # "each uses the reply-drafting copilot maybe 20 times an hour"
# ... or after what it is sent to ("4 prompts/hour at it each", "~6 questions an hour to the bot apiece")
_PER_PERSON_AFTER = re.compile(rf"(?:\s+{_words('rate_object')})?\s*(?:{_PER_PERSON})")
# "每小时大约18000个请求", "一天大约3万次请求", "each day roughly 120000 queries"
_UNIT_FIRST = {"second": _words("each_second"), "minute": _words("each_minute"), "hour": _words("each_hour"), "day": _words("daily"),
               "month": _words("monthly")}
_RATE_BEFORE = {unit: _rx(rf"{words}{_GAP}{APPROX}{NUM}\s*{_NOUN}") for unit, words in _UNIT_FIRST.items()}
# "每秒 3 条", "每分钟 60 份": the unit first, then a count with its measure word alone (a day's is left to the batch readers)
_RATE_BARE = {unit: _rx(rf"{_UNIT_FIRST[unit]}{_GAP}{APPROX}{NUM}\s*{_words('bare_request_measure')}")
              for unit in ("second", "minute", "hour")}
# A count, a few words of what happens to it, then its day ("2,000 customers hit the bot every day"): a day's count.
_RATE_DAY_AFTER = _rx(rf"{APPROX}{NUM}\s*\+?\s*{_NOUN}\s*(?:[a-z]+\s+){{0,3}}?{_words('day_after')}")
# "日均对话量约 4 万", "daily request volume is ~20k": the day's volume named first, its figure after (no unit after it).
_RATE_KEYED = (("day", _RATE_DAY_AFTER), ("day", _rx(rf"{_UNIT_FIRST['day']}\s*[\u4e00-\u9fff]{{0,4}}?(?:{_words('request_volume_nouns')})(?:量|数|次数|总量)?"
                          rf"[^\d,;.!?]{{0,8}}?{APPROX}{NUM}(?!\s*(?:tokens?|字|%|人|个|位|名|小时|hours?|h\b|[a-z]))")))
# "QPS is around 20", "峰值qps大概30", "40 rps"
_QPS = _words("per_second_rate")
_QPM = _words("per_minute_rate")
# Number first, then the rate word first ("60 rps but usually 10 rps": each number with its own word).
_RATE_QPS = ((_rx(rf"{APPROX}{NUM}\s*{_QPS}"), 1), (_rx(rf"{APPROX}{NUM}\s*{_QPM}"), 60),
             (_rx(rf"{_QPS}[^\d,;.!?]{{0,16}}?{APPROX}{NUM}(?!\s*(?:%|ms|s\b|gb|b\b|tok|rps|qps))"), 1))
_PEAK_FACTOR = re.compile(_words("peak_factor"))
# A multiple said as a word ("double the average", "triple that")
MULTIPLE_WORDS = {"double": 2.0, "twice": 2.0, "triple": 3.0, "treble": 3.0}

_TOKENS = _words("tokens")
_TOKENS_AFTER = {"day": _rx(rf"{APPROX}{NUM}\s*{_TOKENS}\s*(?:{_PER})\s*{_UNIT['day']}"),
                 "month": _rx(rf"{APPROX}{NUM}\s*{_TOKENS}\s*(?:{_PER})\s*{_UNIT['month']}")}
_TOKENS_BEFORE = {"day": _rx(rf"{_words('daily')}[^\d,;.!?]{{0,20}}?{APPROX}{NUM}\s*{_TOKENS}"),
                  "month": _rx(rf"{_words('monthly')}[^\d,;.!?]{{0,20}}?{APPROX}{NUM}\s*{_TOKENS}")}
# A token rate ("~3M tokens an hour at peak", "每分钟20万token", "12k tok/s across the cluster"): all users' tokens
# a second, a peak like a request rate. An hour's or a minute's count is always a total; a second's only with a
# word that says so ("throughput", "总吞吐"), since "20 tok/s" alone is one user's speed (seed 1's bands).
_ROUGHLY_AFTER = r"(?:\s*(?:多|余|来|左右|上下|\+|plus))?"
_TOKEN_RATE_AFTER = {unit: _rx(rf"{APPROX}{NUM}{_ROUGHLY_AFTER}\s*{_TOKENS}\s*(?:{_PER_PERSON}\s*)?(?:{_PER})\s*{_UNIT[unit]}")
                     for unit in ("second", "minute", "hour")}
_TOKEN_RATE_BEFORE = {unit: _rx(rf"{_UNIT_FIRST[unit]}{_GAP}{APPROX}{NUM}{_ROUGHLY_AFTER}\s*{_TOKENS}")
                      for unit in ("second", "minute", "hour")}
_TOTAL_RATE_BEFORE = re.compile(rf"(?:{_words('total_rate_cue')})[^,;.!?，；。]{{0,40}}$")
_TOTAL_RATE_AFTER = re.compile(rf"[^,;.!?，；。]{{0,20}}?(?:{_words('total_rate_cue')})")
# Text said by its size in bytes ("~5GB of logs a day", "每天大约 3GB 的日志", "1.5 GB/day of tickets"): about four
# bytes of text a token (English: "one token generally corresponds to ~4 characters of text", OpenAI,
# https://help.openai.com/en/articles/4936856; a Chinese character is 3 bytes of UTF-8 and about 0.75 token in
# the Qwen and DeepSeek tokenizers, so ~4 bytes a token too: an estimate, said in the echo as tokens a day).
BYTES_PER_TOKEN = 4.0
_BYTE_UNITS = {"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12}
_BYTES = r"(?P<bunit>kb|mb|gb|tb)\b"
_TEXT = _words("text_nouns")
_TEXT_BYTES = {
    unit: (_rx(rf"{APPROX}{NUM}\s*{_BYTES}\s*(?:of\s+)?(?:[a-z]+[ -]){{0,2}}?{_TEXT}\b[^\d,;.!?]{{0,20}}?(?:{_PER})\s*{_UNIT[unit]}"),
           _rx(rf"{APPROX}{NUM}\s*{_BYTES}\s*/\s*{_UNIT[unit]}\s*(?:of\s+)?(?:[a-z]+[ -]){{0,2}}?{_TEXT}\b"),
           _rx(rf"{words}[^\d,;.!?]{{0,12}}?{APPROX}{NUM}\s*{_BYTES}\s*(?:左右)?\s*(?:的)?\s*[\u4e00-\u9fff]{{0,4}}?{_TEXT}"))
    for unit, words in (("day", _words("daily")), ("month", _words("monthly")))
}
# "每日token用量约8000万", "daily token volume ~50M"
_TOKENS_KEYED = {"day": _rx(rf"{_words('daily')}\s*{_TOKENS}\s*(?:用量|量|volume|usage)?[^\d,;.!?]{{0,6}}?{APPROX}{NUM}"),
                 "month": _rx(rf"{_words('monthly')}\s*{_TOKENS}\s*(?:用量|量|volume|usage)?[^\d,;.!?]{{0,6}}?{APPROX}{NUM}")}


# Said before the amount: any currency's sign or name ("$22k", "HK$80,000", "INR 700,000", "港币20万"), and of
# the bare yuan words only the sign ("¥30万"; "块" before a number is a count word: "三块4090"); after it, any.
_PREFIXES = AMOUNT_PREFIXES
_SUFFIXES = AMOUNT_SUFFIXES
# An amount with its currency said before it ("$22k", "NT$30万") or after it ("2万美元", "3万人民币", "5k usd").
_MONEY = (rf"(?P<negpre>-\s*)?(?P<pre>{_PREFIXES})\s*{NUM}\s*(?P<suf>(?:{_SUFFIXES})(?![a-z]))?",
          rf"(?P<negpre>-\s*)?(?P<pre>){NUM}\s*(?P<suf>(?:{_SUFFIXES})(?![a-z]))")
_MONTHLY = _words("monthly")
# Words between "每月" and the amount may hold a model name's digits ("在 gpt-4.1-mini 上花"), not a clause break.
_WORDS_BETWEEN = r"(?:[^,;.!?]|(?<=\d)\.(?=\d)){0,30}?"
_SPEND_AFTER = tuple(_rx(rf"{money}\s*(?:{_MONTHLY}|a month|per month|monthly|each month|every month)") for money in _MONEY)
_SPEND_BEFORE = tuple(_rx(rf"{_MONTHLY}{_WORDS_BETWEEN}{money}") for money in _MONEY)
_SPEND_BARE = _rx(rf"\b(?:{'|'.join(en.WORDS['spend_word'])})\b[^\d,;.!?]{{0,24}}?(?P<negpre>)(?P<pre>)(?P<suf>){NUM}\s*"
                  rf"(?:/\s*mo(?:nth)?\b|a month|per month|monthly|each month|every month)")
# "we spend 5000 zorkmids a month": after a spend word, an amount in a unit no currency table names, then a
# month: a spend in a currency with no sourced rate (asked about, never read as a capex budget). Units
# counted that are not money ("12k tokens a month") are words as data (`not_money_unit`).
_SPEND_UNNAMED = _rx(rf"\b(?:{'|'.join(en.WORDS['spend_word'])})\b[^\d,;.!?]{{0,24}}?(?P<negpre>)(?P<pre>){NUM}\s*"
                     rf"(?P<suf>(?!(?:{'|'.join(en.WORDS['not_money_unit'])})\b)[a-z]{{3,}})\s+"
                     rf"(?:a month|per month|monthly|each month|every month)")
# "每月API花2万", "每个月账单大概3万": a monthly spend verb right before a bare amount, in Chinese text.
# The month and the spend verb within one clause ("每月在 DeepSeek 官方 API 上花 6 万"): no clause mark between them.
_SPEND_BARE_ZH = _rx(rf"{_MONTHLY}[^\d,;.!?，。；！？]{{0,32}}?(?:{'|'.join(zh.WORDS['spend_word'])})\s*{APPROX}"
                     rf"(?P<negpre>)(?P<pre>)(?P<suf>){NUM}(?!\s*(?:[a-z$€£¥%]|个|次|人|token|美元|美金|欧元|英镑|日元|台币|港))")
# A year's spend, said before or after the amount in its clause ("一年花了 30 万美金", "annual bill ~ $96k", "$180k on
# the openai api last year"): read as a twelfth of it a month, the contract's unit.
_YEARLY = _words("yearly")
_SPEND_YEARLY = tuple(_rx(rf"{_YEARLY}{_WORDS_BETWEEN}{money}") for money in _MONEY) + tuple(
    _rx(rf"{money}(?:[^\d,;.!?，。；！？]{{0,40}}?){_YEARLY}") for money in _MONEY)
MONTHS_A_YEAR = 12
_PURCHASE_CUE = re.compile(_words("purchase_cue"))
_CLAUSE_MARK = re.compile(r"[,;.!?，。；！？]")
_SPEND_CONTEXT = re.compile(_words("spend_context"))
_API_MODELS = tuple((name, re.compile(pattern)) for name, pattern in en.API_MODELS.items())

# base and peak in one message: "15 most of the day, 150 at 9 am", "平时30人同时在用，高峰200人"
_BASE_CUE = re.compile(_words("base_cue"))
_PEAK_CUE = re.compile(_words("peak_cue"))
_AT_ONCE_CUE = re.compile(_words("at_once_cue"))
# Clauses end at punctuation or at a word that turns from one load to the other ("..., but month-end ...").
_CLAUSE_END = re.compile(rf"[,;.!?，；。]|{_words('clause_break')}")
_SENTENCE_END = re.compile(r"[.!?。！？]")
# (a weekday's digit is no count: "每周1早上", "星期3")
_PERSONISH = _rx(r"(?<![\d.:$/])(?<!周)(?<!星期)(?<!礼拜)(?P<num>\d+(?:\.\d+)?)(?P<neg>)(?P<mult>)(?!\s*(?:am|pm|点|点钟|:\d|\d|%|x\b|k\b|b\b|m\b|ms|s\b|sec|"
                 r"tok|gb|w\b|kw|hours?|h\b|个?小时|分钟|min|days?|天|月|号|years?|年|倍|times|\$|元|块|万|千|亿|/|"
                 r"(?:x\s*)?(?:gpus?|cards?|servers?|nodes?|boxes|machines?|racks?|models?|adapters?|loras?|"
                 r"张|台|卡|个?模型|个?机柜|个?节点|页|頁|行|pages?|lines?|words?)))")
# Clauses about lengths, money or devices hold no base or peak of people ("usually 300-token answers, up to 800").
_NOT_PEOPLE_CLAUSE = re.compile(r"tokens?|prompts?|answers?|outputs?|inputs?|context|ctx|budget|回答|输出|输入|提示|上下文|预算|"
                                r"gpus?|显卡|功耗|power|watts?")

# The people noun right after a base or peak figure, read with it ("150 people", "200人"), and nothing further.
_PEOPLE_AFTER = re.compile(r"\s*(?:(?:concurrent|simultaneous|active)\s+)?(?:users?|people|ppl|persons?|sessions?|streams?|"
                           r"seats?|agents?|个人|人|位|名|用户|并发|路)?")
_SHARE = (
    _rx(rf"(?P<pct>\d+(?:\.\d+)?)\s*%\s*(?:of (?:them|those|us|the \w+|our \w+|all)\s*)?(?:are\s*|is\s*|would be\s*|will be\s*|的人\s*)?"
        rf"[^\d,;.!?]{{0,24}}?{_words('share_cue')}"),
    # the cue first: "同时在线大概一成" (一成 is 10% by now), "active at any time: about 15%"
    _rx(rf"{_words('share_cue')}[^\d,;.!?]{{0,12}}?(?P<pct>\d+(?:\.\d+)?)\s*%"),
)
_AMPS = _rx(r"(?:(?P<n>\d+)\s*x\s*)?(?P<amps>\d+(?:\.\d+)?)\s*(?:a|amps?|安培?)\b\s*(?:circuits?\s*)?(?:at|@|,|/|x)?\s*"
            r"(?P<volts>\d+(?:\.\d+)?)\s*(?:v|volts?|伏)(?![a-z])")
# The same circuit said volts first, as a socket or a feed is labelled ("a regular 120V 20A outlet", "一般 110V 15A 插座",
# "2 208v/30a circuits", "1路 220v 16a 的插座"): the count before it is the circuits' (`1路` is one feed, never one stream).
_VOLTS_THEN_AMPS = _rx(r"(?<![\d.])(?:(?P<n>\d+)(?:\s*(?:x|路|条)\s*|\s+))?(?<![\d.])(?P<volts>\d{1,3}(?:\.\d+)?)\s*(?:v|volts?|伏)\s*(?:/|,|x|@)?\s*"
                       r"(?P<amps>\d+(?:\.\d+)?)\s*(?:a|amps?|安培?)(?![a-z])")
# A second load said beside the people's, which is added to theirs (`parser._loads_summed`).
LOAD_ADDED = re.compile(_words("load_added"))
_PER_RACK = re.compile(_words("per_rack"))
_PER_SERVER = re.compile(_words("per_server"))
_RACKS = _rx(rf"(?<!每)(?<!每个)(?<![a-z\d])(?P<neg>)(?P<num>\d{{1,4}})(?P<mult>)\s*{_words('racks')}(?![a-z])")
_LORA = (_rx(rf"(?:(?P<low>\d+)\s*(?:-|to|~|到|至)\s*)?{NUM}\s*{_words('lora')}(?![a-z])"),)
# Only the devices named can be bought: the candidates to buy are those (and the devices read name a choice among them).
NAMED_ONLY = re.compile(_words("named_only"))
PRESENT = re.compile(_words("present"))
_FLAGS = (("air_gapped", re.compile(_words("air_gapped"))), ("accuracy_critical", re.compile(_words("careful_quantization"))),
          ("mixed_training", re.compile(_words("mixed_training"))), ("named_only", NAMED_ONLY),
          ("named_doubted", re.compile(_words("named_doubted"))), ("fanless", re.compile(_words("fanless"))), ("ttft_irrelevant", TTFT_IRRELEVANT),
          ("unhurried", re.compile(_words("unhurried"))))
# The instruction set required ("has to be x86", "一定要 x86", "ARM 的不行"): the lexicons' "cpu_arch.<isa>" entries.
_CPU_ARCH = tuple((isa, re.compile(_words(f"cpu_arch.{isa}"))) for isa in ("x86", "arm"))
# Where the box stands ("under my desk", "没有机房", "放公司机房"): the lexicons' "placement.<place>" entries, in this order.
_PLACEMENT = tuple((place, re.compile(_words(f"placement.{place}"))) for place in ("desk", "office", "datacenter"))
# A vendor the buyer rules out ("no NVIDIA", "不能用英伟达", "anything but nvidia or amd"), kept in the catalog's
# own spelling of the vendor so the candidates' rule compares names, not words.
# The vendors are the lexicons' "vendor.<name>" entries: adding one is data in load_words_*.py only.
_VENDORS = tuple(dict.fromkeys(concept.split(".", 1)[1] for words in (en.WORDS, zh.WORDS) for concept in words
                               if concept.startswith("vendor.")))
_VENDOR_WORDS = {vendor: _words(f"vendor.{vendor}") for vendor in _VENDORS}
_ANY_VENDOR = "(?:" + "|".join(_VENDOR_WORDS.values()) + ")"
# A maker's name or chip brand said before its device ("8 卡海光 K100", "8 卡英伟达 H20", "4 张昇腾 910B"): part of the
# device's words, so a count before the maker is the device's count (the lexicons' "vendor." and "brand." entries).
MAKER_NAME = "(?:" + "|".join([*_VENDOR_WORDS.values(), *(_words(concept) for words in (en.WORDS, zh.WORDS) for concept in words
                                                           if concept.startswith("brand."))]) + ")"
_VENDOR_LIST = rf"{_ANY_VENDOR}(?:\s*(?:,|/|or|nor|and|、|和|或者?|及)\s*{_ANY_VENDOR})*"
_VENDOR_EXCLUSION = _rx(rf"(?<![a-z]){_words('vendor_exclusion_cue')}\s*(?:any\s+|the\s+|用)?(?P<names>{_VENDOR_LIST})(?![a-z0-9-])|"
                        rf"(?<![a-z0-9-])(?P<before>{_VENDOR_LIST}){_words('vendor_exclusion_after')}")
_DOMESTIC_ONLY = re.compile(_words("domestic_only"))
_BUYER_IN_CHINA = re.compile(_words("buyer_in_china") + "|" + _words("buyer_in_china_site"))
_BUYER_IN_TAIWAN = re.compile(_words("buyer_in_taiwan"))
_MAINLAND_RULE = re.compile(_words("mainland_rule") + "|" + _words("china_market_parts"))
_DOMESTIC_PREFERRED = re.compile(_words("domestic_preferred"))
# One maker is the only one allowed ("Huawei hardware only", "领导说必须用华为的卡"): the buy is restricted to it, as the
# domestic-only rule restricts it to the domestic makers (a maker named under that rule narrows it further).
# A maker's chip brand names it there ("only Ascend", "只能上昇腾"), the lexicons' "brand.<name>" entries.
_MAKER_WORDS = {vendor: "(?:" + "|".join(w for w in (words, _words(f"brand.{vendor}")) if w != "(?:)") + ")"
                for vendor, words in _VENDOR_WORDS.items()}
_ANY_MAKER = "(?:" + "|".join(_MAKER_WORDS.values()) + ")"
# One maker preferred, not a rule ("优先考虑昇腾", "Huawei preferred"): its option leads when it meets the targets.
_VENDOR_PREFERRED = _rx(rf"(?<![a-z]){_words('vendor_preferred_cue')}\s*(?P<names>{_ANY_MAKER})(?![a-z0-9-])|"
                        rf"(?<![a-z0-9-])(?P<after>{_ANY_MAKER}){_words('vendor_preferred_after')}(?![a-z])")
_VENDOR_ONLY = _rx(rf"(?<![a-z]){_words('vendor_only_cue')}\s*(?:the\s+|用)?(?P<names>{_ANY_MAKER})(?![a-z0-9-])|"
                   rf"(?<![a-z0-9-])(?P<after>{_ANY_MAKER}){_words('vendor_only_after')}(?![a-z])")
# Seed 1's bands said in words; acceptable first (its words deny the fast ones: "不用特别快", "doesn't need to be fast").
_SPEED_BANDS = (("acceptable", re.compile(_words("speed_acceptable"))), ("comfortable", re.compile(_words("speed_comfortable"))))
_LAPTOP_FORM = re.compile(_words("laptop_form"))
_OWNED_REACH = 24  # characters before a laptop word an ownership cue must stand in to make the laptop theirs
_CHANNELS = _rx(rf"{APPROX}{NUM}\s*{_words('channels')}")
_CALLS_AT_ONCE = (_rx(rf"{_words('at_once_before')}[^\d,;.!?，。；！？]{{0,8}}?{APPROX}{NUM}\s*{_words('calls_counted')}"),
                  _rx(rf"{APPROX}{NUM}\s*{_words('calls_online')}"))
_CONVERSATION = re.compile(_words("conversation_nouns"))
# A conversation's turns, said in the same sentence after its rate (no number between): the turn count
# before or after the conversation's word ("each chat is ~4 turns", "10 messages each", "每次来回 5 轮").
# (The hours a count is spread over may stand between: "3 万通对话，集中在上班 8 小时，每通平均来回 4 轮".)
_REST_OF_SENTENCE = r"(?:[^\d.;!?。；！？]|\d{1,2}\s*(?:个)?\s*(?:小时|hours?\b|hrs?\b|h\b))*?"
_TURNS = (
    _rx(rf"{_REST_OF_SENTENCE}{_words('each_conversation')}\s*(?:{_words('on_average')})?\s*{APPROX}{NUM}\s*"
        rf"{_words('turn_nouns')}"),
    _rx(rf"{_REST_OF_SENTENCE}(?:{_words('on_average')})?\s*{APPROX}{NUM}\s*{_words('turn_nouns')}\s*"
        rf"{_words('per_conversation')}"),
)
MAX_TURNS = 200  # a longer "conversation" is a session of many, not a multiplier anyone means


def _turns(text: str, rate: re.Match[str], claims: _Claims) -> tuple[float, int]:
    """(turns per conversation, where the reading ends) when `rate` counts conversations and the turns
    follow it; (1, the rate's end) otherwise. The turns' span is claimed: its number is no other fact."""
    if not _CONVERSATION.search(rate.group(0)):
        return 1.0, rate.end()
    for pattern in _TURNS:
        found = pattern.match(text, rate.end())
        if found and claims.free(found.start("num"), found.end()) and 1 <= (turns := number_value(found)) <= MAX_TURNS:
            # Only the turns are claimed: the hours a count is spread over may stand in the gap before them.
            claims.claim(found.start("num"), found.end())
            return turns, found.end()
    return 1.0, rate.end()


def _per_person(text: str, rate: re.Match[str]) -> bool:
    """Whether a rate is said of each person ("each fires off 10 queries an hour", "每人每天问 20 次")."""
    return bool(said_of_each_person(text, rate.start(), _PER_PERSON_REACH) or re.search(_PER_PERSON, rate.group(0))
                or _PER_PERSON_AFTER.match(text, rate.end()))


_DAILY_ACTIVE = _words("daily_active_cue")
_PER_PERSON_COUNT = (_rx(rf"(?:{_PER_PERSON})[^\d,;.!?]{{0,24}}?{APPROX}{NUM}\s*{_NOUN}"),
                     # "~5 questions each", "5 q apiece": the count first, each person after it
                     _rx(rf"{APPROX}{NUM}\s*{_NOUN}\s*(?:{_PER_PERSON})"))
# Items of work said per hour, minute or second are arrivals ("200 defect reports an hour"). A day's items in a
# message about batch work ("每天要处理 5000 份合约") are a batch job's, asked for its window, unless they are said to
# be handled as they arrive ("随到随处理", "triaged as soon as it lands"); with a nightly run or a window to finish in
# ("每天夜里 20 万条工单 … 8 小时内跑完") always.
_NIGHTLY_OR_WINDOW = (OVERNIGHT, *WINDOW)
_ITEMS_ONLY = re.compile(rf"{NUM}\s*\+?\s*{_ITEM_NOUN}")
_ONE_BY_ONE = re.compile(_words("arrives_one_by_one"))


def _batch_day(text: str, unit: str, rate: re.Match[str]) -> bool:
    """Whether a day's count of items is a batch job's rather than arrivals (each person's items never are)."""
    if unit != "day" or not _ITEMS_ONLY.search(rate.group(0)) or not is_batch_context(text) or _per_person(text, rate):
        return False
    return any(pattern.search(text) for pattern in _NIGHTLY_OR_WINDOW) or not _ONE_BY_ONE.search(text)


def _rates(text: str, claims: _Claims) -> Iterator[Fact]:
    for unit, pattern, one in (*((u, p, False) for u, p in _RATE_AFTER.items()),
                               *((u, p, False) for u, p in _RATE_BEFORE.items()),
                               *((u, p, False) for u, p in _RATE_BARE.items()),
                               *((u, p, False) for u, p in _RATE_KEYED),
                               *((u, p, True) for u, p in _RATE_ONE.items())):
        for m in pattern.finditer(text):
            if not claims.free(m.start(), m.end()) or _batch_day(text, unit, m):
                continue
            claims.claim(m.start(), m.end())
            turns, end = _turns(text, m, claims)
            value = (1.0 if one else number_value(m)) * turns
            # Per person: the parser multiplies it by the people who send it (`requests_per_*_per_person`). A month's count
            # beside the people active in a month ("5 visits a month, 40k MAU") is each of them's: MAU counts a month's users.
            each_month = unit == "month" and _MONTHLY_ACTIVE_SAID.search(text) is not None
            suffix = "_per_person" if each_month or _per_person(text, m) else ""
            if unit in ("day", "month"):
                per_day = value / DAYS_PER_MONTH if unit == "month" else value
                yield Fact(f"requests_per_day{suffix}", _int(round(per_day, 3)), m.start(), end, keyed=True)
                if unit == "month" and not suffix:
                    yield Fact("volume_said_monthly", True, m.start(), end, keyed=True)
            else:
                yield Fact(f"requests_per_s{suffix}", round(value / SECONDS_PER_UNIT[unit], 6), m.start(), end, keyed=True)
    if re.search(_DAILY_ACTIVE, text):
        # "40% use it on any given day, each asking ~8 questions": with a daily-active share said, a count each
        # person sends with no unit of its own is that day's
        for m in _matches(_PER_PERSON_COUNT, text, claims):
            yield Fact("requests_per_day_per_person", _int(number_value(m)), m.start(), m.end(), keyed=True)
    for pattern, seconds in _RATE_QPS:
        for m in _matches(pattern, text, claims):
            # a cap said of each of the units counted before it ("40 tenants …, each capped at 60 RPM", "每家合同里限流 QPS 2")
            suffix = "_per_person" if _per_person(text, m) and _units_before(text, m.start()) else ""
            yield Fact(f"requests_per_s{suffix}", _int(round(number_value(m) / seconds, 4)), m.start(), m.end(), keyed=True)
    for m in _matches(_REQUESTS_IN_FLIGHT, text, claims):
        yield Fact("concurrent_users", _int(number_value(m)), m.start(), m.end(), keyed=True)
    for m in _matches(_REQUESTS_PER_WHAT, text, claims):
        yield Fact("requests_per_what", _int(number_value(m)), m.start(), m.end(), keyed=True)
    if (said := _PEAK_FACTOR.search(text)) and claims.free(said.start(), said.end()):
        claims.claim(said.start(), said.end())
        factor = next(v for v in said.groupdict().values() if v is not None)
        yield Fact("peak_factor", _int(MULTIPLE_WORDS.get(factor) or float(factor)), said.start(), said.end(), keyed=True)


# A count of requests with no time unit ("we get about 5000 requests"): asked about, never read as users.
# Requests in flight together: a number of streams ("1 request at a time", "同时 3 个请求"), read before a bare
# request count is taken for a rate whose unit is missing.
# A count of things in flight is a plain whole figure: never a model's size ("同时使用微调过的 7b 模型") or an amount.
_PLAIN_NUM = r"(?<![a-z0-9_.])(?P<neg>)(?P<num>\d+)(?P<mult>)(?![\d.a-z%])"
_REQUESTS_IN_FLIGHT = (
    _rx(rf"{APPROX}{NUM}\s*{_NOUN}\s+{_words('in_flight_after')}"),
    _rx(rf"{_NOUN}\s+{_words('in_flight_verbs')}\s+{APPROX}{NUM}\s+{_words('in_flight_after')}"),
    _rx(rf"{_words('in_flight_before')}\s*(?:只|最多|就|大概|大约|约|差不多|也就|顶多|不超过)*\s*"
        rf"(?:处理|跑|来|有|进来|发)?\s*{APPROX}{NUM}\s*{_NOUN}"),
    # "about 4 reviews running at any one time": the count, what is in flight, then the time words in its clause
    _rx(rf"{APPROX}{_PLAIN_NUM}\s+{_words('in_flight_of_them')}"),
    _rx(rf"{APPROX}{_PLAIN_NUM}\s+(?:[a-z-]+\s+){{0,2}}?{_words('in_flight_things')}\b[^,;.!?]{{0,30}}?\b{_words('in_flight_time')}"),
    # "同一时间在跑的审查大概 4 个": the time words, what runs, 的, then the bare count (no unit of its own after it)
    _rx(rf"{_words('in_flight_lead')}[^,;.!?，。；！？\d]{{0,12}}?的[^,;.!?，。；！？\d]{{0,12}}?(?:{_words('in_flight_hedge')}\s*)*"
        rf"{APPROX}{_PLAIN_NUM}(?!\s*(?:~|-|–|到|至)\s*\d)\s*(?:个|条|路|场|件)?(?!\s*(?:[a-z%]|万|千|百|字|秒|分钟|小时|天|张|台|块|卡|元|倍|人))"),
    # "agent 大概 10 个一起跑", "会话 6 路同时在跑": a bare count of things, then running together
    _rx(rf"{APPROX}{_PLAIN_NUM}\s*(?:个|条|路|场|件)\s*(?:一起|同时|并行|一块儿?)\s*(?:在)?\s*(?:跑|运行|执行)"),
)
_REQUESTS_PER_WHAT = _rx(rf"{APPROX}{NUM}\s*(?:(?:api|inference|llm)\s+)?(?:requests?|reqs?|queries|api calls|calls|"
                         r"个请求|次请求|次调用|个调用)(?![a-z])(?!\s*(?:at once|at the same time|in parallel|concurrently|"
                         r"simultaneously|in flight|同时|并发|each|per|every|a |an |/|每))")


# How often each person asks, said as a frequency rather than a count ("once a minute", "twice an hour", "once every 3
# minutes", "a request every 2 min", "query the model every 30 seconds", "每5分钟查一次", "每半小时问一次"): a rate of one
# sender (Little's law turns it, times the people, into streams; `estimator.advice.load`). English says the count
# first and the interval after it, Chinese the interval first and the count (次) after it.
_EN_WORDS = {concept: "(?:" + "|".join(f"(?:{a})" for a in en.WORDS[concept]) + ")" for concept in en.WORDS}
_ZH_WORDS = {concept: "(?:" + "|".join(f"(?:{a})" for a in zh.WORDS[concept]) + ")" for concept in zh.WORDS}
_COUNT_VALUE = {"once": 1, "twice": 2, "thrice": 3, "一": 1, "两": 2, "俩": 2}
_EN_COUNT = rf"\b(?P<count>{_EN_WORDS['frequency_counts']})"
_EN_INTERVAL_NUMBER = (r"(?:(?P<half>half\s+an?\s+)|(?:(?:about|around|roughly|like|maybe|approx\.?)\s+|~\s*)?"
                       r"(?:(?P<num>\d+(?:\.\d+)?)(?:\s*(?:-|–|to|or)\s*(?P<num_to>\d+(?:\.\d+)?))?|(?P<couple>couple(?: of)?|few))\s*)?")


def _counted_every(unit: str) -> re.Pattern[str]:
    """"6 camera snapshots every 5 min", "3 requests every 10 seconds": that many in each interval, the whole source's
    unless the sentence says each person sends them."""
    return _rx(rf"(?<![\d.])(?P<count>\d+)\s+(?:[a-z-]+\s+){{0,2}}?{_NOUN}\s+(?:(?:about|around|roughly|maybe)\s+)?"
               rf"{_EN_WORDS['every']}\s+{_EN_INTERVAL_NUMBER}{_EN_WORDS[unit]}")


_COUNTED_EVERY = frozenset(_counted_every(unit).pattern for unit in ("second", "minute", "hour"))
_FREQUENCY_EN: dict[str, tuple[re.Pattern[str], ...]] = {unit: (
    # "once a minute", "twice an hour", "once per day": the count in each unit
    _rx(rf"{_EN_COUNT}\s+(?:(?:a|an|per|each|every)\s+){_EN_WORDS[unit]}"),
    # "once every 3 minutes", "a request every 2 min", "every 30 seconds" (after a verb of asking): one in each interval
    _rx(rf"(?:{_EN_COUNT}\s+|\b(?P<one>a|an|one|1)\s+{_NOUN}\s+)?(?:(?:about|around|roughly|maybe|like|approx\.?)\s+)?"
        rf"{_EN_WORDS['every']}\s+{_EN_INTERVAL_NUMBER}{_EN_WORDS[unit]}(?:\s+or so)?"),
    _counted_every(unit)) for unit in ("second", "minute", "hour")}
_FREQUENCY_EN["day"] = (_rx(rf"{_EN_COUNT}\s+(?:(?:a|an|per|each|every)\s+){_EN_WORDS['day']}"),
                        # each person, then a bare count a day in the clause, with what it counts or not ("they'd each run
                        # maybe 10 a day", "each one screens ~60 resumes a day"; "we summarize 5,000 reports a day" is no one's)
                        _rx(rf"(?:{_PER_PERSON})\s+[^\d,;.!?]{{0,30}}?(?:~\s*)?(?P<count>\d+)\s+"
                            rf"(?:[a-z]+\s+)?(?:(?:a|an|per|each|every)\s+){_EN_WORDS['day']}"))
_ZH_UNIT_SECONDS = (("interval_seconds", 1), ("interval_minutes", 60), ("interval_hours", 3600))
# (the interval may follow the person with no 每 of its own: "每人大概 2 分钟问一次", "每个人约 30 秒送一次")
_FREQUENCY_ZH = tuple((_rx(rf"(?:{_ZH_WORDS['every']}|{_ZH_WORDS['per_person']}\s*(?:平均|通常|一般)?(?=\s*{APPROX}\d))\s*{APPROX}(?:(?P<half>{_ZH_WORDS['half']})|(?P<num>\d+(?:\.\d+)?))?\s*"
                           rf"{_ZH_WORDS[unit]}\s*(?:左右|多|上下)?[^\d,;.!?，。；]{{0,10}}?(?P<count>{_ZH_WORDS['frequency_counts']})\s*"
                           rf"{_ZH_WORDS['times']}"), seconds) for unit, seconds in _ZH_UNIT_SECONDS)
# The verb may sit a button's name away from its interval ("fires the rag 'draft answer' button maybe every 3 min"); the
# person it is said of ("each one … every 4 minutes") marks an asking interval as well.
# (the person's cue with no count between: "each person needs 25 tokens every second" is a speed, not an interval)
_REQUEST_VERB_BEFORE = re.compile(rf"(?:\b{_EN_WORDS['request_verbs']}\b[^,;.!?]{{0,48}}|{_words('per_person')}[^,;.!?\d]{{0,48}})$")
_ONE_ASK_BEFORE = re.compile(rf"(?:{_EN_COUNT}|\b(?:a|an|one|1)\s+{_NOUN})\s+(?:(?:about|around|roughly|maybe|like|approx\.?)\s+)?$")
_TOTAL_SENDER = re.compile(_words("total_sender_cue"))


def asking_interval(text: str, start: int) -> bool:
    """Whether the English interval whose "every" starts at `start` is how often a sender asks (a verb of asking or the
    person's cue in its clause, or one request counted right before it: "each fires it maybe every 3 min", "one request
    every 2 min"), the reading `_frequencies` takes, so the duration is no wait (`bot.nlu.facts`)."""
    before = text[max(0, start - 80):start]
    return bool(_REQUEST_VERB_BEFORE.search(before) or _ONE_ASK_BEFORE.search(before))
_EACH_PERSON = re.compile(_PER_PERSON)
_SENTENCE_START = re.compile(r"[.!?。！？;；]")


def _interval_s(m: re.Match[str], unit_seconds: float) -> float:
    """The interval a frequency is said over, in seconds ("every 3 minutes" 180, "every half hour" 1,800, "每半小时")."""
    if m.group("half"):
        return unit_seconds / 2
    if (groups := m.groupdict()).get("couple"):
        return unit_seconds * (2 if groups["couple"].startswith("couple") else 3)
    if groups.get("num_to"):  # "every 2-3 min": the middle of the range said
        return unit_seconds * (float(m.group("num")) + float(groups["num_to"])) / 2
    return unit_seconds * (float(m.group("num")) if m.group("num") else 1.0)


def _frequencies(text: str, claims: _Claims) -> Iterator[Fact]:
    """Requests a second from a frequency: each person's unless the sentence says it is the whole system's ("we get a
    request every 2 seconds"). An English interval with no count or request noun ("every 30 seconds") is a frequency
    only after a verb of asking in its clause ("query the model every 30 seconds"), not "the dashboard refreshes …"."""
    said: list[tuple[re.Match[str], float]] = []
    for unit, patterns in _FREQUENCY_EN.items():
        for pattern in patterns:
            said += [(m, 86_400.0 if unit == "day" else float(SECONDS_PER_UNIT[unit])) for m in pattern.finditer(text)]
    for pattern, zh_unit_s in _FREQUENCY_ZH:
        said += [(m, float(zh_unit_s)) for m in pattern.finditer(text)]
    for m, unit_seconds in sorted(said, key=lambda found: found[0].start()):
        if not claims.free(m.start(), m.end()):
            continue
        groups = m.groupdict()
        counted = groups.get("count") is not None or groups.get("one") is not None
        if not counted and not _REQUEST_VERB_BEFORE.search(text[max(0, m.start() - 80):m.start()]):
            continue
        every = "every" in m.group(0) or "每" in m.group(0)
        said_count = groups.get("count") or ""
        count = float(_COUNT_VALUE.get(said_count) or (said_count if said_count.isdigit() else 1))
        seconds = _interval_s(m, unit_seconds) if every else unit_seconds
        if not count > 0 < seconds:
            continue
        claims.claim(m.start(), m.end())
        sentence = text[(starts[-1] if (starts := [b.end() for b in _SENTENCE_START.finditer(text, 0, m.start())]) else 0):m.start()]
        # "一共 80 个分析师，每人大约每隔 1 分钟发一次": a word of each person after the total's word makes it one person's again
        total = [t.end() for t in _TOTAL_SENDER.finditer(sentence)]
        suffix = "" if total and not _EACH_PERSON.search(sentence + m.group(0), total[-1]) else "_per_person"
        if m.re.pattern in _COUNTED_EVERY and not _EACH_PERSON.search(sentence + m.group(0)):
            suffix = ""  # "6 camera snapshots every 5 min": the cameras' rate, no person's
        if unit_seconds >= 86_400:
            yield Fact(f"requests_per_day{suffix}", _int(count), m.start(), m.end(), keyed=True)
        else:
            yield Fact(f"requests_per_s{suffix}", round(count / seconds, 6), m.start(), m.end(), keyed=True)


# The people who send a per-person rate, counted by their own noun in its sentence ("we've got 900 field techs; each asks
# it twice an hour", "traders (about 80 of them) query the model every 30 seconds"): a head count the generic readers
# may not know the noun of. Used only when nothing else counts people (`bot.nlu.parser`).
_SENDERS = (_rx(rf"{APPROX}{NUM}\s+(?:of (?:them|us)\b|(?:[a-z-]+\s+)?(?!{_EN_WORDS['not_senders']}\b)[a-z]+s\b)"),)
_SENTENCE_BEFORE = re.compile(r"[^.!?。！？]*$")
# Machines or places counted by a measure word whose 每 agrees with it before the rate ("30 台 AOI 机台，每台每分钟送 2 张",
# "20 家门店，每家店…每 3 分钟发一次"): each one sends the rate.
_SENDERS_ZH = _rx(rf"{APPROX}{NUM}\s*(?P<measure>{_ZH_WORDS['sender_measures']})(?!\s*{_ZH_WORDS['not_sender_things']})")


# Countable units a rate is said of ("40 tenants", "300 个租户", "120 家企业客户", "200 台机器人"): each sends the rate, and
# the load is their count times it times the share of their summed caps used (`unit_share`); no head count of people.
_UNIT_NOUN_EN = re.compile(rf"\b(?:{'|'.join(en.WORDS['unit_nouns'])})$")
_UNITS_EN = _rx(rf"{APPROX}{NUM}\s+(?:[a-z-]+\s+){{0,2}}?(?:{'|'.join(en.WORDS['unit_nouns'])})\b")
_UNITS_ZH = _rx(rf"{APPROX}{NUM}\s*(?:个|家)?\s*(?:[\u4e00-\u9fff]{{0,2}}?)(?:{_ZH_WORDS['unit_nouns']})")
_UNIT_SHARE = tuple(re.compile(a) for a in (*en.WORDS["unit_share"], *zh.WORDS["unit_share"]))
_UNIT_RATE_REACH = 160  # the units counted before a rate said of each of them, within a couple of sentences


def _units_before(text: str, start: int) -> bool:
    """Whether countable units are counted shortly before `start` ("40 tenants …, each capped at 60 RPM")."""
    before = text[max(0, start - _UNIT_RATE_REACH):start]
    return (_UNITS_EN.search(before) is not None
            or _UNITS_ZH.search(before) is not None
            or any(re.search(rf"每\s*{m.group('measure')}", text[m.end():start + 2]) for m in _SENDERS_ZH.finditer(before)))


def _unit_share(text: str, claims: _Claims) -> Iterator[Fact]:
    """The share of the units' summed caps or quotas used at the peak ("~25% of the sum of caps", "总配额的 15%")."""
    for pattern in _UNIT_SHARE:
        for m in _matches(pattern, text, claims):
            pct = next((m.group(g) for g in ("pct", "pct2", "pct3") if g in m.groupdict() and m.group(g)), None)
            share = 0.5 if "half" in m.groupdict() and m.group("half") else float(pct) / 100 if pct else None
            if share is not None and 0 < share <= 1:
                yield Fact("unit_share", share, m.start(), m.end(), keyed=True)
                return


def _senders(text: str, claims: _Claims, rates: list[Fact]) -> Iterator[Fact]:
    """The senders of the first per-person rate: a count of a plural noun in its sentence, else the nearest before it
    ("ops copilot for ~60 SREs. realistically each sends one every 2-3 min": "each" points back to the last count), or a
    count whose measure word its 每 repeats. Countable units (`unit_nouns`, or a measure word of machines and places) are
    `rate_units`, with the share of their caps used said beside them."""
    first = next((f for f in rates if f.slot.endswith("_per_person")), None)
    if first is None:
        return
    sentence = _SENTENCE_BEFORE.search(text, 0, first.start)
    start = sentence.start() if sentence else 0
    found = {m.start(): m for pattern in (_SENDERS[0], _UNITS_EN) for m in pattern.finditer(text, 0, first.start)}
    counted = [m for _, m in sorted(found.items())
               if claims.free(m.start(), m.end()) and (count := number_value(m)) >= 2 and count.is_integer()]
    if said := [m for m in counted if m.start() >= start] or counted[-1:]:
        unit = _UNIT_NOUN_EN.search(said[0].group(0)) is not None
        yield Fact("rate_units" if unit else "senders", int(number_value(said[0])), said[0].start(), said[0].end(), keyed=True)
        if unit:
            yield from _unit_share(text, claims)
        return
    for m in _matches(_UNITS_ZH, text[:first.start], claims):
        if (count := number_value(m)) >= 2 and count.is_integer():
            yield Fact("rate_units", int(count), m.start(), m.end(), keyed=True)
            yield from _unit_share(text, claims)
            return
    for m in _SENDERS_ZH.finditer(text, 0, first.start):
        agrees = re.search(rf"每\s*{m.group('measure')}", text[m.end():first.start + 2])
        if agrees and claims.free(m.start(), m.end()) and (count := number_value(m)) >= 2 and count.is_integer():
            yield Fact("rate_units", int(count), m.start(), m.end(), keyed=True)
            yield from _unit_share(text, claims)
            return


# The people active in a month ("40k MAU", "monthly actives 200k", "月活 5 万"): a head count, each of whom sends the monthly
# count said of a user. A visit's or session's messages ("~6 msgs a visit", "每次问 5 个问题") multiply a count of visits.
_MONTHLY_ACTIVE = (_rx(rf"{APPROX}{NUM}\s*\+?\s*{_EN_WORDS['monthly_active_after']}"),
                   _rx(rf"{_words('monthly_active_before')}\s*(?:is|are|of|=|:|大概|大约|约|有|是|达到?)?\s*{APPROX}{NUM}"
                       rf"(?!\s*(?:%|次|个问题|tokens?))"))
_MONTHLY_ACTIVE_SAID = re.compile(rf"{_EN_WORDS['monthly_active_after']}|{_words('monthly_active_before')}")
_OCCASION = (_rx(rf"{APPROX}{NUM}\s*{_EN_WORDS['occasion_messages']}"),
             _rx(rf"{_ZH_WORDS['occasion_messages_before']}\s*{APPROX}{NUM}(?:{_ZH_WORDS['occasion_messages_after']})"))
# "the avg user shows up ~5 days a month": each of those days a visit, a count a month of each user
_VISIT_DAYS = _rx(rf"\b{_EN_WORDS['visit_verbs']}\s+(?:on\s+)?{APPROX}{NUM}\s*days?\s*(?:a|per|each|every|/)\s*month\b")
_OCCASION_COUNTED = re.compile(rf"\b{_EN_WORDS['occasion_nouns']}\b|次")
MAX_MESSAGES_PER_OCCASION = 200


def _visit_days(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _matches(_VISIT_DAYS, text, claims):
        if 0 < (days := number_value(m)) <= 31:
            claims.claim(m.start(), m.end())
            yield Fact("requests_per_day_per_person", _int(round(days / DAYS_PER_MONTH, 6)), m.start(), m.end(), keyed=True)
            return


def _monthly_active(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _matches(_MONTHLY_ACTIVE, text, claims):
        if (count := number_value(m)) >= 1 and count.is_integer():
            claims.claim(m.start(), m.end())
            yield Fact("total_users", int(count), m.start(), m.end(), keyed=True)
            return


def _occasions(text: str, claims: _Claims) -> float | None:
    """Messages in each visit or session said apart from the rate of visits ("~6 msgs a visit, 5 visits a month")."""
    for m in _matches(_OCCASION, text, claims):
        if 1 <= (messages := number_value(m)) <= MAX_MESSAGES_PER_OCCASION:
            claims.claim(m.start(), m.end())
            return messages
    return None


def _by_occasion(facts: list[Fact], text: str, messages: float | None) -> list[Fact]:
    """Rates counted in visits or sessions ("5 visits a month", "每月来 4 次"), times each visit's messages."""
    if messages is None:
        return facts
    return [replace(f, value=_int(round(f.value * messages, 6))) if f.slot.startswith("requests_per_")
            and _OCCASION_COUNTED.search(text[f.start:f.end]) else f for f in facts]


def _token_volume(text: str, claims: _Claims) -> Iterator[Fact]:
    said: list[tuple[str, re.Pattern[str] | tuple[re.Pattern[str], ...]]] = [
        *_TOKENS_AFTER.items(), *_TOKENS_BEFORE.items(), *_TOKENS_KEYED.items(), *_TEXT_BYTES.items()]
    for unit, pattern in said:
        for m in _matches(pattern, text, claims):
            value = number_value(m)
            if "bunit" in m.groupdict() and m.group("bunit"):
                value = value * _BYTE_UNITS[m.group("bunit")] / BYTES_PER_TOKEN
            # a quota said of each of the units counted before it ("35 家客户，合约每家每月 100 万 token")
            suffix = "_per_person" if _per_person(text, m) and _units_before(text, m.start()) else ""
            yield Fact(f"tokens_per_day{suffix}", _int(round(value / DAYS_PER_MONTH if unit == "month" else value, 1)),
                       m.start(), m.end(), keyed=True)
            if unit == "month" and not suffix:
                yield Fact("volume_said_monthly", True, m.start(), m.end(), keyed=True)


def _token_rate(text: str, claims: _Claims) -> Iterator[Fact]:
    """Tokens an hour, a minute or (said as a total) a second, as tokens a second over all users."""
    for unit, pattern in (*_TOKEN_RATE_AFTER.items(), *_TOKEN_RATE_BEFORE.items()):
        for m in pattern.finditer(text):
            if not claims.free(m.start(), m.end()):
                continue
            if unit == "second" and not (_TOTAL_RATE_BEFORE.search(text[max(0, m.start() - 40):m.start()])
                                         or _TOTAL_RATE_AFTER.match(text, m.end())):
                continue
            claims.claim(m.start(), m.end())
            suffix = "_per_person" if _per_person(text, m) else ""
            yield Fact(f"tokens_per_s_total{suffix}", _int(round(number_value(m) / SECONDS_PER_UNIT[unit], 6)),
                       m.start(), m.end(), keyed=True)


def _currency(m: re.Match[str]) -> str | None:
    """The code the amount's own prefix or suffix names ("NT$" before "$": the whole word decides)."""
    for said in (m.group("suf"), m.group("pre")):
        if said:
            return currency_of(said)
    return None


def _clause_around(text: str, start: int, end: int) -> str:
    """The words from the clause mark before `start` to the one after `end`."""
    before = max((b.end() for b in _CLAUSE_MARK.finditer(text, 0, start)), default=0)
    after = _CLAUSE_MARK.search(text, end)
    return text[before:after.start() if after else len(text)]


def _spend(text: str, claims: _Claims) -> Iterator[Fact]:
    hosted = False
    for name, pattern in _API_MODELS:
        for m in pattern.finditer(text):
            start, end = m.span("name") if m.groupdict().get("name") is not None else m.span()
            if claims.free(start, end, a_name=True):
                claims.claim(start, end)
                yield Fact("api_model", name, start, end, keyed=True)
                hosted = True
                break
    # A hosted model named ("~$2k/month on claude haiku") is as much a spend's context as "bill" or "API".
    if not (hosted or _SPEND_CONTEXT.search(text)):
        return
    bare = (_SPEND_BARE_ZH,) if re.search(r"[\u4e00-\u9fff]", text) else (_SPEND_BARE, _SPEND_UNNAMED)
    for pattern in (*_SPEND_AFTER, *_SPEND_BEFORE, *bare, *_SPEND_YEARLY):
        for m in pattern.finditer(text):
            code = {_SPEND_BARE: "USD", _SPEND_BARE_ZH: "yuan"}.get(pattern) or _currency(m)
            if code is None or not claims.free(m.start("num"), m.end()):
                continue
            if pattern in _SPEND_YEARLY and _PURCHASE_CUE.search(_clause_around(text, m.start(), m.end())):
                continue
            claims.claim(m.start() if pattern in _SPEND_AFTER else m.start("num"), m.end())
            value = number_value(m) / (MONTHS_A_YEAR if pattern in _SPEND_YEARLY else 1)
            if m.group("negpre"):
                value = -abs(value)
            yield Fact("api_spend_amount", value, m.start(), m.end(), keyed=True)
            yield Fact("api_spend_currency", code, m.start(), m.end(), keyed=True)


def _clauses(text: str) -> Iterator[tuple[int, str, bool]]:
    """Each clause's start, its words, and whether a sentence ends right after it."""
    start = 0
    for brk in _CLAUSE_END.finditer(text):
        if brk.start() > start:
            yield start, text[start:brk.start()], bool(_SENTENCE_END.fullmatch(brk.group(0)))
        start = brk.end()
    if start < len(text):
        yield start, text[start:], True


def _load_side(words: str) -> str | None:
    """Whether a clause speaks of the usual load or the peak: a base cue, a peak cue, or "at once" said without a
    base cue (beside a base, the larger count on at once is the peak)."""
    base, peak = bool(_BASE_CUE.search(words)), bool(_PEAK_CUE.search(words))
    if base and not peak:
        return "base"
    if peak and not base or not base and _AT_ONCE_CUE.search(words):
        return "peak"
    return None


_RANGE_TOP = re.compile(r"\s*-\s*(\d+(?:\.\d+)?)")


def _base_and_peak(text: str, claims: _Claims) -> Iterator[Fact]:
    """A usual and a peak concurrency in one message: the peak is sized for, the base kept for utilization.
    A clause that names the time without a count ("but month-end close is brutal, ~120 people at once",
    "每天下午 2 点出报告那会儿，大概 80 个人一起用") lends its side to the next clause of the sentence."""
    found: dict[str, list[tuple[int, re.Match[str]]]] = {"base": [], "peak": []}
    carried: str | None = None
    for offset, words, sentence_ends in _clauses(text):
        side = None if _NOT_PEOPLE_CLAUSE.search(words) else _load_side(words)
        numbers = [m for m in _PERSONISH.finditer(words) if claims.free(offset + m.start(), offset + m.end())]
        if _NOT_PEOPLE_CLAUSE.search(words):
            numbers = []
        if numbers and (side or carried):
            found[side or carried or "base"].append((offset, numbers[0]))
            carried = None
        elif not numbers and side:
            carried = side
        if sentence_ends:
            carried = None
    if len(found["base"]) != 1 or len(found["peak"]) != 1:
        return
    (base_offset, base), (peak_offset, peak) = found["base"][0], found["peak"][0]
    low, high = number_value(base), number_value(peak)
    base_range = _RANGE_TOP.match(text, base_offset + base.end())
    if base_range is not None:  # a usual load said as a range ("十几个", 11-19): its middle, the peak's top is sized
        low = (low + float(base_range.group(1))) / 2
    if not low < high:
        return
    for m, offset, slot, value in ((base, base_offset, "base_concurrent_users", low),
                                   (peak, peak_offset, "concurrent_users", high)):
        said_end = base_range.end() if m is base and base_range is not None else offset + m.end()
        noun = _PEOPLE_AFTER.match(text, said_end)
        claims.claim(offset + m.start(), noun.end() if noun else said_end)  # the number and its noun ("150 people")
        yield Fact(slot, _int(value), offset + m.start(), offset + m.end(), keyed=True)


_DAILY_SHARE = (
    _rx(rf"(?P<pct>\d+(?:\.\d+)?)\s*%\s*(?:of (?:them|those|us|the \w+|our \w+|all)\s*)?[^\d,;.!?]{{0,30}}?{_DAILY_ACTIVE}"),
    _rx(rf"{_DAILY_ACTIVE}[^\d,;.!?]{{0,14}}?(?P<pct>\d+(?:\.\d+)?)\s*%"),
)


# The people active on a given day counted rather than as a share ("DAU maybe 800", "日活大概 300 人", "每日大約 100 人會用",
# "about 300 of them use it daily"): the parser turns the count into a share of the head count beside it.
_DAILY_COUNT = (
    # (never a length of time: "每天用 10 个小时" is how long it runs)
    _rx(rf"{_DAILY_ACTIVE}[^\d,;.!?]{{0,14}}?{APPROX}{NUM}(?![\d.]|\s*(?:%|x\b|倍|次|个问题|條|条|(?:个|個)?\s*(?:小时|小時|钟头|鐘頭|hours?|hrs?|h\b)))"
        r"\s*(?:个|個)?\s*(?:人|people|users)?"),
    _rx(rf"{_words('daily_word')}[^\d,;.!?]{{0,6}}?{APPROX}{NUM}\s*(?:个|位|名)?\s*(?:人|people|users|of them)\s*{_words('daily_use_verb')}"),
    _rx(rf"{APPROX}{NUM}\s*(?:people|users|of them|of us)\s*{_DAILY_ACTIVE}"),
)


def _daily_shares(text: str, claims: _Claims) -> Iterator[Fact]:
    """The share of a head count active on a given day ("日活三成", "DAU ~25%"): read before the concurrent share,
    so it is never taken for the people in flight at once; or those people counted ("DAU ~800"), kept as a count."""
    for pattern in _DAILY_SHARE:
        for m in _matches(pattern, text, claims):
            if 0 < (share := float(m.group("pct")) / 100) <= 1:
                yield Fact("daily_active_share", round(share, 4), m.start(), m.end(), keyed=True)
    for pattern in _DAILY_COUNT:
        for m in _matches(pattern, text, claims):
            if (count := number_value(m)) >= 1 and count.is_integer():
                yield Fact("daily_active_users", int(count), m.start(), m.end(), keyed=True)


_ONE_USER_PER_DEVICE = re.compile(_words("one_user_per_device").replace("{person}", _words("device_user_nouns")))


def _one_user_per_device(text: str, claims: _Claims) -> Iterator[Fact]:
    """"一部机对一个客人", "one driver per unit": each device serves one person, so one at once on each."""
    for m in _matches((_ONE_USER_PER_DEVICE,), text, claims):
        yield Fact("concurrent_users", 1, m.start(), m.end(), keyed=True)
        return


def _site_words(concept: str) -> str:
    """A concept whose alternatives name "{site}": with the site nouns in place."""
    return _words(concept).replace("{site}", _words("site_nouns"))


_SITES = _rx(rf"{APPROX}{NUM}\s*(?:个|家|间|座|所|台|辆|处)?\s*(?:[a-z]+[ -])?{_words('site_nouns')}(?![a-z])")
_PER_SITE = re.compile(_site_words("per_site"))
_PER_SITE_BUDGET = re.compile(_site_words("per_site_budget"))
MAX_SITES = 100_000


def _sites(text: str, claims: _Claims) -> Iterator[Fact]:
    """A fleet of identical boxes, one per site ("rolling out to ~300 kiosks", "每家门店一台，40家店", "one box per
    factory across 12 factories"): the sites counted, when the message says each gets its own. The load stated
    beside it is one site's."""
    if not _PER_SITE.search(text):
        return
    for m in _SITES.finditer(text):
        if claims.free(m.start(), m.end()) and 2 <= (count := number_value(m)) <= MAX_SITES and count.is_integer():
            claims.claim(m.start(), m.end())
            yield Fact("sites", int(count), m.start(), m.end(), keyed=True)
            if said := _PER_SITE_BUDGET.search(text):  # "$400 per kiosk": each box's budget, not the fleet's
                yield Fact("budget_per_site", True, said.start(), said.end(), keyed=True)
            return


def _shares(text: str, claims: _Claims) -> Iterator[Fact]:
    for pattern in _SHARE:
        for m in _matches(pattern, text, claims):
            yield Fact("active_share", round(float(m.group("pct")) / 100, 4), m.start(), m.end(), keyed=True)


def _power(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in (m for pattern in (_AMPS, _VOLTS_THEN_AMPS) for m in _matches(pattern, text, claims)):
        volts = float(m.group("volts"))
        circuit = volts >= MAINS_MIN_VOLTS
        watts = int(m.group("n") or 1) * float(m.group("amps")) * volts * (CONTINUOUS_LOAD_SHARE if circuit else 1.0)
        yield Fact("power_budget_w", _int(round(watts)), m.start(), m.end(), keyed=True)
        if circuit:
            yield Fact("power_circuit", True, m.start(), m.end(), keyed=True)
    for slot, pattern in (("per_rack", _PER_RACK), ("per_server", _PER_SERVER)):
        if scope := pattern.search(text):
            yield Fact("power_budget_scope", slot, scope.start(), scope.end(), keyed=True)
            break
    for m in _matches(_RACKS, text, claims):
        yield Fact("racks", int(m.group("num")), m.start(), m.end(), keyed=True)


def _chinese_maker_asked(text: str) -> re.Match[str] | None:
    """A Chinese maker preferred or required ("优先考虑昇腾", "has to be Huawei"): a buyer in mainland China, where
    those makers sell."""
    for pattern in (_VENDOR_PREFERRED, _VENDOR_ONLY):
        if (m := pattern.search(text)) is not None:
            maker = m.group("names") or m.group("after")
            if any(re.search(_MAKER_WORDS[vendor], maker) for vendor in zh.DOMESTIC_VENDORS if vendor in _MAKER_WORDS):
                return m
    return None


def _market(text: str) -> Iterator[Fact]:
    """Where the buyer buys: a mainland site ("大陆公司", "Shenzhen team", "国内机房") outranks a Taiwanese one ("我們在
    新竹"); with neither, China's domestic-IT rules (信创, 国产优先) and the China-market parts (H20, 4090 D) are said by a
    mainland buyer. US export rules decide
    what is sold on the mainland, and Chinese makers' parts are not sold in Taiwan (`estimator.advice.markets`)."""
    mainland = _BUYER_IN_CHINA.search(text)
    taiwan = _BUYER_IN_TAIWAN.search(text)
    if mainland is None and taiwan is None:
        mainland = _MAINLAND_RULE.search(text) or _chinese_maker_asked(text)
    if mainland is not None:
        yield Fact("buyer_in_china", True, mainland.start(), mainland.end(), keyed=True)
    elif taiwan is not None:
        yield Fact("buyer_in_taiwan", True, taiwan.start(), taiwan.end(), keyed=True)


def _adapters_and_flags(text: str, claims: _Claims) -> Iterator[Fact]:
    for m in _matches(_LORA, text, claims):  # "5-10 adapters": sized for the upper end
        yield Fact("lora_adapters", _int(number_value(m)), m.start(), m.end(), keyed=True)
    for slot, pattern in _FLAGS:
        # training denied ("not fine-tuning on this box") is read as such (`facts._words`), not as training on it
        if (flag := pattern.search(text)) and not (slot == "mixed_training" and MIXED_TRAINING_DENIED.search(text)):
            yield Fact(slot, True, flag.start(), flag.end(), keyed=True)
    for isa, words in _CPU_ARCH:
        if said := words.search(text):
            yield Fact("cpu_arch", isa, said.start(), said.end(), keyed=True)
            break
    for place, words in _PLACEMENT:
        if said := words.search(text):
            yield Fact("placement", place, said.start(), said.end(), keyed=True)
            break
    for m in _VENDOR_EXCLUSION.finditer(text):
        listed = m.group("names") or m.group("before")
        names = [vendor for vendor, words in _VENDOR_WORDS.items() if re.search(words, listed)]
        yield Fact("excluded_vendors", names, m.start(), m.end(), keyed=True)
    for band, words in _SPEED_BANDS:  # the first band said is the one meant
        if said := words.search(text):
            yield Fact("speed_band", band, said.start(), said.end(), keyed=True)
            break
    yield from _market(text)
    if only := _VENDOR_ONLY.search(text):  # "Huawei only": that maker, whatever else is said
        maker = only.group("names") or only.group("after")
        names = [vendor for vendor, words in _MAKER_WORDS.items() if re.search(words, maker)]
        yield Fact("allowed_vendors", names, only.start(), only.end(), keyed=True)
    elif rule := _DOMESTIC_ONLY.search(text):  # "信创": the domestic makers only, whatever else is said
        yield Fact("allowed_vendors", list(zh.DOMESTIC_VENDORS), rule.start(), rule.end(), keyed=True)
    if prefer := _VENDOR_PREFERRED.search(text):  # "优先考虑昇腾": that maker first, the others still offered
        maker = prefer.group("names") or prefer.group("after")
        names = [vendor for vendor, words in _MAKER_WORDS.items() if re.search(words, maker)]
        yield Fact("preferred_vendors", names, prefer.start(), prefer.end(), keyed=True)
    elif prefer := _DOMESTIC_PREFERRED.search(text):  # "国产优先": the domestic makers first
        yield Fact("preferred_vendors", list(zh.DOMESTIC_VENDORS), prefer.start(), prefer.end(), keyed=True)
    for laptop in _LAPTOP_FORM.finditer(text):  # "IT will buy one laptop": the device bought is a laptop
        if OWNERSHIP.search(text[max(0, laptop.start() - _OWNED_REACH):laptop.start()]):
            continue  # "I've got a MacBook Pro M3 Max": the laptop they own, not the form of a purchase
        yield Fact("device_form", "laptop", laptop.start(), laptop.end(), keyed=True)
        break
    for m in _matches((_CHANNELS, *_CALLS_AT_ONCE), text, claims):  # "200 路通话", "同时 100 通电话": calls at once
        yield Fact("concurrent_users", _int(number_value(m)), m.start(), m.end(), keyed=True)


# Staff in shifts (each alternative compiled alone: their group names repeat across the languages).
_SHIFT_PATTERNS = {concept: tuple(re.compile(a) for a in (*en.WORDS.get(concept, ()), *zh.WORDS.get(concept, ())))
                   for concept in ("shifts_total", "shift_size", "shift_each")}


def _count(said: str) -> int:
    return int(said.replace(",", ""))


def _shifts(text: str, claims: _Claims) -> Iterator[Fact]:
    """Staff who work in shifts: the largest shift's head count (`Workload.staff_per_shift`) and the roster's.
    "300 agents across 2 shifts": 150 on a shift of 300; "3 shifts of ~120": 120 of 360; "早班 60 人、晚班 40 人": 60 of 100."""
    for m in (m for pattern in _SHIFT_PATTERNS["shifts_total"] for m in pattern.finditer(text)):
        if claims.free(m.start(), m.end()) and (roster := _count(m.group("n"))) >= 2:
            claims.claim(m.start(), m.end())
            yield Fact("total_users", roster, m.start(), m.end(), keyed=True)
            yield Fact("staff_per_shift", -(-roster // int(m.group("k"))), m.start(), m.end(), keyed=True)
            return
    for m in (m for pattern in _SHIFT_PATTERNS["shift_size"] for m in pattern.finditer(text)):
        if claims.free(m.start(), m.end()) and (size := _count(m.group("m"))) >= 2:
            claims.claim(m.start(), m.end())
            yield Fact("total_users", size * int(m.group("k")), m.start(), m.end(), keyed=True)
            yield Fact("staff_per_shift", size, m.start(), m.end(), keyed=True)
            return
    each = [m for pattern in _SHIFT_PATTERNS["shift_each"] for m in pattern.finditer(text) if claims.free(m.start(), m.end())]
    if len(each) >= 2:
        for m in each:
            claims.claim(m.start(), m.end())
        sizes = [_count(m.group("s")) for m in each]
        yield Fact("total_users", sum(sizes), each[0].start(), each[-1].end(), keyed=True)
        yield Fact("staff_per_shift", max(sizes), each[0].start(), each[-1].end(), keyed=True)


_SPREAD_HOURS = re.compile(_words("spread_hours"))


def _spread_hours(text: str, claims: _Claims) -> Iterator[Fact]:
    """The running hours a daily count is spread over ("50k calls a day, spread over 24h")."""
    if (m := _SPREAD_HOURS.search(text)) and claims.free(m.start(), m.end()):
        hours = float(next(v for v in m.groupdict().values() if v is not None))
        if 0 < hours <= 24:
            claims.claim(m.start(), m.end())
            yield Fact("hours_per_day", _int(hours), m.start(), m.end(), keyed=True)


# A week's count ("~1,500 a week", "meetings (~1,500 a week company-wide)", "每周大概 1500 场会议"): meetings, calls and
# office work fall on the five days of a working week, so a day carries a fifth of it (the larger reading of a day:
# sized hardware errs on the side of capacity).
WORKING_DAYS_PER_WEEK = 5
_WEEK_NOUN = rf"(?:{_NOUN}|meetings?|recordings?)"
_WEEKLY = (_rx(rf"{_WEEK_NOUN}\s*\(?\s*{APPROX}{NUM}\s*(?:a|per|each|every|/)\s*week\b"),
           _rx(rf"{APPROX}{NUM}\s*\+?\s*{_WEEK_NOUN}\s*(?:a|per|each|every|/)\s*week\b"),
           _rx(rf"(?:每周|每週|一周|一週|每个星期|每個星期|每星期)[^\d,;.!?]{{0,10}}?{APPROX}{NUM}\s*(?:多|余)?\s*"
               r"(?:场|場|次|个|個|通|份|条|條|篇|封)"))


def _weekly(text: str, claims: _Claims) -> Iterator[Fact]:
    """A week's count of requests or items as a day's (`WORKING_DAYS_PER_WEEK`)."""
    for pattern in _WEEKLY:
        for m in _matches(pattern, text, claims):
            yield Fact("requests_per_day", _int(round(number_value(m) / WORKING_DAYS_PER_WEEK, 3)), m.start(), m.end(),
                       keyed=True)


def load_facts(text: str, claims: _Claims) -> Iterator[Fact]:
    """Every load, spend, power-scope and constraint reading of one normalized (folded) message."""
    messages = _occasions(text, claims)
    volume = [*_token_volume(text, claims), *_token_rate(text, claims), *_spend(text, claims), *_rates(text, claims),
              *_frequencies(text, claims), *_visit_days(text, claims), *_monthly_active(text, claims),
              *_weekly(text, claims)]
    volume = _by_occasion(volume, text, messages)
    volume += _senders(text, claims, volume)
    yield from volume
    counted = next((m for pattern in _IMAGES_EACH for m in _matches(pattern, text, claims)
                    if 1 <= number_value(m) <= 100), None)
    if counted is not None:
        yield Fact("images_per_request", _int(number_value(counted)), counted.start(), counted.end(), keyed=True)
    elif (picture := _IMAGE_NOUN.search(text)) and any(f.slot.startswith("requests_per_") for f in volume):
        # pictures arriving at a rate ("~40 photos a minute", "看瑕疵照片…一分鐘 6 張"): each request carries one
        yield Fact("images_per_request", 1, picture.start(), picture.end(), keyed=False)
    if any(f.slot in ("requests_per_day", "tokens_per_day") for f in volume):
        yield from _spread_hours(text, claims)
    yield from _shifts(text, claims)
    yield from _power(text, claims)
    yield from _adapters_and_flags(text, claims)
    yield from _sites(text, claims)
    yield from _daily_shares(text, claims)
    yield from _one_user_per_device(text, claims)
    yield from _shares(text, claims)
    yield from _base_and_peak(text, claims)


__all__ = ["CONTINUOUS_LOAD_SHARE", "LOAD_ADDED", "NAMED_ONLY", "PRESENT", "asking_interval", "load_facts"]
