"""Batch jobs and request lengths in every common phrasing (English, Simplified and Traditional Chinese).

"Classify 150k tickets overnight, ~700 tokens each, 5-token label, done in 6 hours" is a batch job:
150,000 items (`batch_items`), 700 prompt tokens and 5 output tokens per item, a 6-hour window
(`batch_window_hours`). "每晚处理两万篇文档，每篇大约3000 token" is one too (items, prompt length, and
"每晚" = overnight). Lengths are also read as "700 tokens in / 5 out", "in/out 700/5" and "每篇3000 token"
("~120k tokens of context per request", both the context and the prompt, is `facts._context`'s).

These extractors run before the generic ones in `facts.py` (a span read here is not read again):
the window's "6 hours" is no latency, the "150k" no user count, the "5" of "5-token label" no size.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from bot.nlu import load_words_en, load_words_zh
from bot.nlu.characters import length_facts
from bot.nlu.lexicon import (
    APPROX,
    ARRIVAL_WORDS,
    LABEL_ONLY_OUTPUT,
    LABEL_OUTPUT_TOKENS,
    NUM,
    OFFLINE_JOB_ZH,
    OVERNIGHT,
    OVERNIGHT_WINDOW_HOURS,
    WEEKEND,
    WEEKEND_WINDOW_HOURS,
    batch_words,
)
from bot.nlu.spans import Fact, _Claims, _int, _matches, inked, number_value

# Words that make a count of things a batch of items: a batch verb, a nightly run, or "batch". (A rate
# alone, "1000 tickets a day from 50 agents", is chat traffic, not a job.)
_BATCH_CONTEXT = re.compile(
    r"\b(?:classif\w*|process\w*|summari[sz]\w*|label\w*|tag\w*|extract\w*|translat\w*|embed\w*|score\w*|"
    r"categori[sz]\w*|triag\w*|transcrib\w*|redact\w*|review(?:ing)?|run (?:through|over)|go through|chew through)\b|"
    r"\bsummar(?:y|ies)\b|\bper night\b|\bevery night\b|\beach night\b|\bnightly\b|\bovernight\b|\bbacklog\b|"
    # "nights 10pm-6am llama runs quality checks over ~100k transcripts": a pass over items, said at night
    r"\bnights\b|\bquality[- ]checks?\b|"
    # "batch" names a job, but not the per-request batch size of live traffic ("batch size 1 per request", seed 2's
    # 条件二 "每个请求的batch很小甚至为1"), which says the opposite
    r"\bbatch(?!\s*(?:sizes?\b|(?:of|=|:|is)?\s*(?:1|one)\b))|"
    r"处理|處理|分类|分類|摘要|总结|總結|标注|標註|翻译|翻譯|抽取|提取|审核|審核|打标签|打標籤|批量|批处理|批處理|每晚|每夜|"
    # a pass over the day's items ("把当天工单归类", "过一遍抽条款", "质检")
    r"归类|歸類|(?:过|過|跑)\s*[一1]\s*遍|质检|質檢|"
    # a translation said short ("把 8 萬則客訴翻成英文", "译成中文")
    r"(?:翻|译|譯)(?:成|为|為)|"
    # a label said with its kind ("打情感标签") and a job run to completion ("周末跑完就好", "一晚上处理完")
    r"打[\u4e00-\u9fff]{1,4}(?:标签|標籤)|(?:跑|处理|處理|做|弄)完|" + OFFLINE_JOB_ZH
)
_ITEM_NOUNS = (r"tickets?|documents?|docs|pdfs?|files?|records?|items?|e-?mails?|pages?|articles?|reviews?|messages?|contracts?|"
               r"reports?|transcripts?|rows?|samples?|images?|invoices?|claims?|chunks?|passages?|papers?|cases?|"
               r"calls?|conversations?|chats?|forms?|receipts?|resumes?|cvs?|entries|products?|listings?|comments?|posts?|"
               r"diffs?|prs?|pull requests?|commits?")
# An item noun that modifies a model ("our 8B chat model") names the model, not items; one that modifies people ("~12 chat
# users") names who they are.
# Up to three words describing the items ("~80k insurance claim docs", "45k customer support chat transcripts"):
# never a word that links the count to something else (a preposition, a pronoun, people, time, tokens).
_DESCRIBING_EN = (r"(?!(?:on|for|with|to|in|into|of|at|per|by|from|an?|the|and|or|that|which|who|we|they|it|is|are|was|"
                  r"were|be|each|every|users?|people|ppl|persons?|staff|employees?|engineers?|developers?|devs|analysts?|"
                  r"agents?|reps?|seconds?|minutes?|hours?|days?|nights?|weeks?|months?|tokens?|toks?|gb|tb|times?)\b)"
                  r"[a-z][a-z-]*\s+")
# (a model's size in its name is no count of items: "qwen3-8b tags support tickets", "a 14b summarises reports")
_ITEMS_EN = re.compile(rf"{APPROX}(?<![a-z0-9]-)(?![\d.]+b\b){NUM}\s*\+?\s*(?:{_DESCRIBING_EN}){{0,3}}?"
                       rf"(?:{_ITEM_NOUNS})\b(?![- ](?:models?|llms?|bots?|assistants?|users?|people|ppl|staff|agents?|"
                       # the people who handle the items ("80 claims adjusters", "12 invoice clerks")
                       r"adjusters?|handlers?|processors?|reviewers?|clerks?|examiners?|specialists?|officers?|reps?)\b)")
_ITEMS_ZH = re.compile(
    rf"{APPROX}{NUM}\s*(?:多|余|餘)?\s*(?:篇|份|条|條|则|則|封|张|張|页|頁|个|個|件|笔|筆|通|段|支)\s*"
    # up to four characters saying what kind ("2 万封客服邮件", "5000 份销售合同") before the noun, after a phrase
    # of its own ending in 的 ("3 万份扫描后的保险理赔单据"): none of them a person, who would do the work, nor a card
    # ("8 张卡跑图" is cards)
    r"(?:的)?\s*(?:(?:(?!人|员工|同事|卡)[\u4e00-\u9fff]){1,4}的\s*)?(?:(?!人|员工|同事|卡)[\u4e00-\u9fff]){0,4}?"
    r"(?:文档|文檔|文件|工单|工單|邮件|郵件|合同|合約|合约|报告|報告|记录|纪录|記錄|评论|評論|文章|论文|論文|病历|病歷|对话|對話|发票|發票|简历|簡歷|数据|數據|样本|樣本|"
    r"单据|單據|票据|票據|保单|保單|订单|訂單|报表|報表|表单|表單|评价|評價|卷宗|财报|財報|年报|年報|票|"
    # calls counted by 通 ("4 万通客服电话"), their recordings and transcripts
    r"电话|電話|通话|通話|来电|來電|录音|錄音|转写稿|轉寫稿|"
    # pictures and clips for a vision or video model ("80 万张商品图", "3 万张 X 光片", "5 萬支短影片"): the pictures'
    # nouns are the load reader's (text is folded to Simplified first)
    rf"{load_words_zh.WORDS['image_nouns'][0]}|光片|扫描件|视频|影片|短片|字幕"
    # The file's type said in Latin letters after the measure word: "2 万份 PDF", "1 万份 docx".
    rf"|(?:{_ITEM_NOUNS}|docx?|xlsx?|pptx?|html|json|csv)\b)"
)
# "五十万篇", "大概 3 万条" with the noun left out: items once the message or its thread is about a batch job (a measure word of documents).
# (never "一份平均 4 万 token", "每份约 6k token", "一份平均 25 页": one item's length, not a count of items)
_ITEMS_ZH_BARE = re.compile(rf"{APPROX}{NUM}\s*(?:多|余|餘)?\s*(?:篇|份|条|條|则|則|封|笔|筆)(?![\u4e00-\u9fff]{{0,2}}(?:人|用户|用戶|token))"
                            r"(?!\s*(?:的)?\s*(?:平均|大约|大概|约|差不多|都)?\s*\d[\d.]*\s*(?:k|万|千)?\s*(?:个)?\s*(?:tokens?|字|页|頁|pages?))")
# "What if 5 million?", "and 800k?", "如果是两百万张呢？" as a whole follow-up in a thread about a batch job: the
# job's item count is the one count in force. 张/張 also counts cards, so only beyond any card count.
_ITEMS_WHAT_IF = re.compile(
    rf"^\s*(?:(?:and|so|ok|okay)[\s,]+)?(?:what if(?: (?:it(?:'s| is| were)|we have|there are|we get))?|how about|what about|and|"
    rf"如果是|如果有|如果|要是|假如|那|换成|換成|改成)\s*{APPROX}{NUM}\s*(?P<zhang>张|張)?\s*"
    r"(?:instead|then|呢|的话|的話|怎么样|怎麼樣)?\s*[?!.]?\s*$"
)
# The count said after its items, pointing back at them ("the day's support tickets (~2M of them)").
_ITEMS_OF_THEM = re.compile(rf"\b(?:{_ITEM_NOUNS})\b[^.;!?\d]{{0,30}}?{APPROX}{NUM}\s*of them\b")
# A window said by the clock ("window is 1am-6am", "10pm to 6am", "晚上 10 点到早上 6 点", "晚上8点到早上8点跑完"): the
# hours between the two, across midnight when the end is the smaller (Chinese 晚上/夜里 put a bare hour after noon).
_CLOCK_WINDOW_EN = re.compile(r"(?<![\d:])(?P<a>\d{1,2})(?::00)?\s*(?P<ap>am|pm)\s*(?:-|–|to|until|till|and)\s*"
                              r"(?P<b>\d{1,2})(?::00)?\s*(?P<bp>am|pm)\b")
_CLOCK_WINDOW_ZH = re.compile(r"(?P<ap>晚上|夜里|夜裡|夜间|夜間|半夜|下午|凌晨|早上|上午|早)?\s*(?P<a>\d{1,2})\s*(?:点|點)\s*(?:钟|鐘)?\s*"
                              r"(?:到|至|-|–|~)\s*(?:第二天|次日|隔天)?\s*(?P<bp>晚上|夜里|夜裡|下午|凌晨|早上|上午|早|晚)?\s*"
                              r"(?P<b>\d{1,2})\s*(?:点|點)")
_PM_ZH = ("晚上", "夜里", "夜裡", "夜间", "夜間", "下午", "晚")
_NIGHT_ZH = ("晚上", "夜里", "夜裡", "夜间", "夜間", "半夜", "晚")


def _clock_hour(hour: int, part: str | None) -> int:
    """A clock hour on 0-23: "pm" / 晚上 / 下午 add twelve to an hour before noon; "12am" is midnight."""
    if part in ("am",) and hour == 12:
        return 0
    if part in _NIGHT_ZH:
        # 夜里 / 晚上 name the evening and the small hours alike: "夜里 10 点" is 22:00, "夜里 12 点" and "夜里 0 点"
        # midnight, "晚上 2 点" 2 am (nobody's night starts before six in the evening)
        return 0 if hour in (0, 12, 24) else hour + 12 if 6 <= hour < 12 else hour
    if part in ("pm", *_PM_ZH) and 0 < hour < 12:
        return hour + 12
    return hour


def clock_window_hours(m: re.Match[str]) -> float | None:
    """The hours from one clock time to the next, across midnight when it ends earlier (None: not two hours of a day).

    >>> clock_window_hours(_CLOCK_WINDOW_EN.search("window is 1am-6am")), clock_window_hours(_CLOCK_WINDOW_EN.search("10pm to 6am"))
    (5.0, 8.0)
    >>> clock_window_hours(_CLOCK_WINDOW_ZH.search("晚上 10 点到早上 6 点")), clock_window_hours(_CLOCK_WINDOW_ZH.search("早 9 点到晚 9 点"))
    (8.0, 12.0)
    """
    a, b = int(m.group("a")), int(m.group("b"))
    if a > 24 or b > 24:
        return None
    start, end = _clock_hour(a, m.group("ap")), _clock_hour(b, m.group("bp"))
    hours = (end - start) % 24
    return float(hours) if hours else None


def night_window(text: str) -> bool:
    """Whether a job is said to run at night: a night word ("overnight", "每晚", "夜里") or a clock window that starts in
    the evening or runs across midnight ("11pm-7am", "晚上 9 點到隔天 7 點", "0 点到 6 点"), when people have gone home.

    >>> night_window("tag 30k tickets between 1am and 5am"), night_window("晚上 9 點到隔天 7 點翻成英文")
    (True, True)
    >>> night_window("上班 9 点到 18 点内处理完")
    False
    """
    if OVERNIGHT.search(text) is not None:
        return True
    for pattern in (_CLOCK_WINDOW_EN, _CLOCK_WINDOW_ZH):
        for m in pattern.finditer(text):
            a, b = int(m.group("a")), int(m.group("b"))
            if a > 24 or b > 24:
                continue
            start, end = _clock_hour(a, m.group("ap")), _clock_hour(b, m.group("bp"))
            if start >= _EVENING or end < start or start < _MORNING:
                return True
    return False


_EVENING, _MORNING = 18, 6  # a window starting at 18:00 or later, or before 6:00, is a night's

# Items said to be done within their day ("当天处理完就好", "same day is fine", "by end of day"): a 24-hour window.
_WITHIN_THE_DAY = re.compile(r"(?:当天|當天|当日|當日)\s*(?:内|內)?\s*(?:处理完|處理完|跑完|做完|完成|出来|出來)|"
                             r"\b(?:same[- ]day|by (?:the )?end of (?:the )?day|within the day)\b")
_MAX_CARDS = 1024
_PER_ITEM = (
    r"(?:each|apiece|a piece|per (?:item|ticket|doc(?:ument)?|file|record|e-?mail|page|article|review|message|contract"
    r"|report|row|sample|case|call|chat|request|prompt|input|query|conversation))"
)
_ITEM_LENGTH = re.compile(rf"{APPROX}{NUM}\s*-?\s*(?:tok(?:en)?s?|words?)\s*{_PER_ITEM}\b")
_EACH_LENGTH = re.compile(rf"\b(?:each|every one|per item|each one)\s*(?:is|of|at|about|around|roughly|~|averag\w*)?\s*{APPROX}{NUM}\s*-?\s*(?:tok(?:en)?s?)\b")
_ITEM_LENGTH_OF = re.compile(rf"(?:{_ITEM_NOUNS})\s+(?:of|with|averag\w*|are|at|around)\s+{APPROX}{NUM}\s*-?\s*(?:tok(?:en)?s?)\b")
# One item's length said with 每 ("每份 2 万 token") or with the numeral one ("一份大概 8000 token", "一篇平均 9000
# token": one of the items, i.e. each, the numeral folded to 1 by `normalize`; a measure word, never 一个人 or 一张卡
# since what follows must be a length).
# (通 counts calls, 场 meetings: "每通平均 1,500 字左右" is each call's transcript)
_ONE_ITEM = r"(?:每|单|單|平均每|一|(?<![\d.])1\s*)(?:篇|份|条|條|则|則|封|张|張|页|頁|个|個|件|笔|筆|段|支|通|场|場)"
_ITEM_LENGTH_ZH = re.compile(
    rf"{_ONE_ITEM}\s*"
    r"(?:文档|文檔|文件|工单|工單|邮件|郵件|合同|合約|报告|報告|记录|纪录|記錄|文章|请求|請求|输入|輸入)?\s*(?:的)?\s*"
    rf"(?:长度|長度)?\s*(?:大约|大約|约|約|平均|大概|差不多|在)?\s*{NUM}\s*(?:个|個)?\s*(?:tokens?|词元|詞元|字)"
)
# An item, alone or with what comes with it, said to be a length ("ticket + thread is maybe 6k tokens", "email +
# attachments is roughly 4k tokens", "工单加聊天记录大概 5k tokens", "一份病歷加上檢驗報告大約 3k tokens"): what one
# request reads, its prompt. (Never a context: "上下文" / "窗口" are no items, and "增加到" is a change, not a joining.)
_ITEM_PARTS = rf"(?:{_ITEM_NOUNS}|threads?|attachments?|history|replies|notes|metadata)"
_ITEM_JOINED_LENGTH = re.compile(
    rf"\b(?:{_ITEM_NOUNS})(?:\s*(?:\+|&|\band\b|\bplus\b|\bwith\b|w/)\s*(?:its |the |their |all )?(?:[a-z-]+\s+)?{_ITEM_PARTS}\b){{0,2}}"
    rf"\s+(?:is|are|'s|comes? to|runs?|totals?)\s+(?:probably|usually|typically|generally|often)?\s*{APPROX}{NUM}\s*-?\s*tok(?:en)?s?\b")
# (Chinese: the first part names an item; the part joined to it is no answer, reasoning or window: "思考加输出大概 3k
# token" is the output's length, "模型加上下文" no item at all.)
_ITEM_NOUNS_ZH = (r"工单|合同|合约|邮件|病历|报告|文档|文件|文章|记录|纪录|论文|简历|发票|单据|帖子|评论|卷宗|票据|对话|会话|"
                  r"通话|录音|转写|笔录|网页|说明书|手册|条款|案例")
_JOINED_PART_ZH = r"(?:(?!输出|回答|答案|回复|思考|推理|摘要|生成|总结|上下文|下文|窗口|模型)[\u4e00-\u9fff])"
_ITEM_JOINED_LENGTH_ZH = re.compile(
    rf"(?:{_ONE_ITEM})?\s*(?:(?!增|追|再|添|更)[\u4e00-\u9fff]){{0,4}}?(?:{_ITEM_NOUNS_ZH})\s*(?:加上|加|连同|带上|和|\+)\s*"
    rf"{_JOINED_PART_ZH}{{1,6}}?\s*(?:的)?\s*(?:长度)?\s*"
    rf"(?:一共|总共|合计|加起来)?\s*(?:大约|约|大概|差不多|平均|在|有)?\s*{NUM}\s*(?:个)?\s*(?:tokens?|词元)")
# "20k PDFs (avg 10k tokens)", "2 万份 PDF（平均 1 万 token）", "30k tickets, average 600 tokens": an average
# length with no other cue, in a batch job, is each item's prompt. Beside an output word it is the output's
# (`_OUTPUT_BEFORE`), read by the output patterns instead.
_AVERAGE_LENGTH = re.compile(
    rf"(?:平均|avg\.?|average|averaging|on average)\s*(?:{_ONE_ITEM})?\s*(?:of|at|about|around|~|约|大约|大概|是|为)?\s*"
    rf"{APPROX}{NUM}\s*-?\s*(?:tok(?:en)?s?|词元)"
)
_OUTPUT_BEFORE = re.compile(r"(?:output|out|answer|reply|response|summary|label|输出|回答|回复|摘要|标签)\W{0,3}$")
_LABEL_WORDS = (r"labels?|tags?|class(?:es)?|categor(?:y|ies)|verdicts?|scores?|summar(?:y|ies)|ratings?|decisions?|"
                r"标签|標籤|类别|類別|分类结果|分類結果|摘要|结论|結論")
_LABEL_LENGTH = re.compile(rf"{APPROX}{NUM}\s*-?\s*(?:tok(?:en)?s?|个\s*token|個\s*token)\s*(?:of\s+|的\s*)?(?:{_LABEL_WORDS})")
_LABEL_LENGTH_AFTER = re.compile(rf"(?:{_LABEL_WORDS})\s*(?:of|is|are|:|=|约|約|大约|大約|只有|大概)?\s*{APPROX}{NUM}\s*-?\s*(?:tok(?:en)?s?|个\s*token|個\s*token)")
# "700 tokens in / 5 out", "700 in, 5 out", "in/out 700/5", "700/5 tokens in/out".
_N = r"(?P<{0}>\d+(?:\.\d+)?)\s*(?P<{0}m>k)?"
_IN_OUT = (
    re.compile(rf"(?<![a-z0-9.]){_N.format('a')}\s*(?:tok(?:en)?s?\s*)?(?:in|input|prompt)\s*(?:/|,|and|;|\+|&)?\s*"
               rf"{APPROX}{_N.format('b')}\s*(?:tok(?:en)?s?\s*)?(?:out|output)\b(?!\s+of)"),
    re.compile(rf"(?:in\s*/\s*out|input\s*/\s*output|输入\s*/\s*输出|輸入\s*/\s*輸出)\s*(?:tokens?\s*)?(?:of|:|=|~|about|around|is)?\s*"
               rf"{_N.format('a')}\s*%?\s*/\s*{_N.format('b')}\s*%?"),
    re.compile(rf"(?<![a-z0-9.]){_N.format('a')}\s*%?\s*/\s*{_N.format('b')}\s*%?\s*(?:tokens?\s*)?(?:in\s*/\s*out|input\s*/\s*output)"),
    # "in 4k out 1k", "input 1.5k, output 20": each word before its own figure
    re.compile(rf"\b(?:in|input)\s*[:=]?\s*{APPROX}{_N.format('a')}\s*(?:tok(?:en)?s?)?\s*(?:,|;|/|and)?\s*"
               rf"(?:out|output)\s*[:=]?\s*{APPROX}{_N.format('b')}(?![\d.])"),
)
# How the tokens split between prompts and answers, said as a ratio ("输入输出大概 4:1", "in:out ~10:1", "4:1 in/out"):
# a proportion, not two lengths (the parser keeps the proportion with the lengths it has, `_apply_in_out_ratio`).
_RATIO_WORDS = r"(?:in\s*[:/]\s*out|input\s*[:/]\s*output|input to output|in to out|输入\s*[:/：]?\s*输出)"
_IN_OUT_RATIO = (
    re.compile(rf"{_RATIO_WORDS}\s*(?:tokens?\s*)?(?:ratio|比例?)?\s*(?:(?:of|is|:|=|~|about|around|roughly|大概|约|大约|是|为|差不多)\s*)*"
               r"(?:~|≈)?\s*(?P<a>\d+(?:\.\d+)?)\s*[:：]\s*(?P<b>\d+(?:\.\d+)?)(?![\d:]|\.\d)"),  # a full stop may end it ("4:1。")
    re.compile(rf"(?<![\d.:])(?P<a>\d+(?:\.\d+)?)\s*[:：]\s*(?P<b>\d+(?:\.\d+)?)\s*(?:tokens?\s*)?(?:ratio\s*)?(?:of\s*)?{_RATIO_WORDS}"),
)
# One side a multiple of the other ("输入 token 大概是输出的 6 倍", "prompts run ~5x the outputs", "输出是输入的 2 倍"):
# the prompt side's multiple (`group("side")` names the side said first).
_TIMES_HEDGE = r"(?:(?:~|about|around|roughly|like|maybe|大概|大约|约|差不多|将近)\s*)*"
_IN_WORD = r"(?:inputs?|prompts?|input tokens?|输入|提示)"
_OUT_WORD = r"(?:outputs?|answers?|completions?|responses?|output tokens?|输出|回答)"
_TIMES_RATIO = (
    re.compile(rf"(?<![a-z])(?P<side>{_IN_WORD}|{_OUT_WORD})\s*(?:tokens?\s*)?{_TIMES_HEDGE}(?:是|为|run|are|is)\s*{_TIMES_HEDGE}"
               rf"(?:{_IN_WORD}|{_OUT_WORD})?\s*的?\s*{_TIMES_HEDGE}(?P<a>\d+(?:\.\d+)?)\s*(?:倍|x\b|times\b)"
               rf"(?:\s*(?:the\s+)?(?:{_IN_WORD}|{_OUT_WORD}))?"),
)


def in_out_multiple_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where one side is said as a multiple of the other ("输入是输出的 6 倍"): a proportion, never a change to the answers
    (`relative.relative_changes` skips them)."""
    return tuple(m.span() for pattern in _TIMES_RATIO for m in pattern.finditer(text))


# Prompt and answer said to be as long as each other ("輸入輸出差不多一樣長", "input and output about the same length",
# translation's usual shape): a ratio of 1.
_EQUAL_IN_OUT = re.compile(rf"(?:{_RATIO_WORDS}|输入和输出|输入跟输出|输入与输出|input and output|inputs and outputs|in and out)\s*"
                           r"(?:的?长度)?\s*(?:are\s+|is\s+)?(?:差不多|基本|大概|几乎|大致|roughly|about|around|basically|pretty much)?\s*"
                           r"(?:一样长|一样多|等长|相当|the same length|the same size|equal(?: in length)?)")
# One side's share of the tokens ("90% of that is input", "九成是输入" (normalized to "90%是输入"), "输入占了 95%",
# "about 80% of our tokens are prompts"): the same proportion as "90/10 in/out", said from one side.
_SIDE = r"(?P<side>inputs?|prompts?|outputs?|completions?|输入|输出|提示)"
_SHARE = r"(?P<p>\d{1,2}(?:\.\d+)?)\s*%"
_SIDE_SHARE = (
    re.compile(rf"(?<![\d.]){_SHARE}\s*(?:of\s+(?:[a-z]+\s+){{0,3}}?(?:is|are)\s+)?(?:是|为|都是)?\s*(?:the\s+)?{_SIDE}(?![a-z])"),
    re.compile(rf"(?<![a-z]){_SIDE}\s*(?:tokens?\s*)?(?:(?:is|are|makes? up|accounts? for|占了?|约|大概|大约|差不多|about|around|"
               rf"roughly|~)\s*)+{_SHARE}"),
    # "outputs are tiny json (maybe 3% of the tokens)": the side named, a few words, then its share of the tokens
    re.compile(rf"(?<![a-z]){_SIDE}[^.;!?%\d]{{0,40}}?{_SHARE}\s*of\s+(?:the\s+|all\s+|our\s+)?(?:tokens?|traffic|volume)"),
)


def _side_share_ratio(match: re.Match[str]) -> float | None:
    """Prompt tokens per answer token from one side's percentage (input 90 % → 9; output 20 % → 4)."""
    share = float(match.group("p")) / 100
    if not 0 < share < 1:
        return None
    prompt_side = match.group("side").startswith(("input", "prompt", "输入", "提示"))
    return round(share / (1 - share) if prompt_side else (1 - share) / share, 4)


_TOKENS_IN = re.compile(rf"{APPROX}{NUM}\s*(?:tok(?:en)?s?)\s*(?:in|input)\b")
_TOKENS_OUT = re.compile(rf"{APPROX}{NUM}\s*(?:tok(?:en)?s?\s*)?(?:out|output)\b(?!\s+of)")
# The other length's word right before the figure: in "input 4k output 1k" / "in 1.5k out 20" the 4k is the input's
# (its word comes first), not the output's that follows it; likewise "output 500 input 2k".
_WORD_BEFORE = {"output_tokens": re.compile(r"(?:\b(?:in|input|inputs|prompts?|context)|输入|輸入)\s*[:=]?\s*~?\s*$"),
                "prompt_tokens": re.compile(r"(?:\b(?:out|output|outputs|answers?|responses?|completions?)|输出|輸出)\s*[:=]?\s*~?\s*$")}
# A window for the whole job: "done in 6 hours", "within 6 h", "a 6-hour window", "6小时内完成".
_HOURS = r"(?P<unit>hours?|hrs?|h|minutes?|mins?|days?|小时|小時|分钟|分鐘|天)"
# Hours only, for the windows read from a loose phrase (a ceiling after the figure, a finish said before it): days there
# are as often how long results are kept ("处理完的结果保留 30 天", "30 days max retention") as a job's window.
_HOURS_ONLY = r"(?P<unit>hours?|hrs?|h|minutes?|mins?|小时|小時|分钟|分鐘)"
# The finish said after the time it is given ("两天必须跑完", "給 3 天時間跑完", "2 天内做完")
_FINISH_ZH = r"(?:跑完|做完|处理完|處理完|完成|搞定|弄完|过完|過完)"
# Windows that can only be a deadline ("within 6 hours", "6 小时内", "a 12 hour window", "48 hours of machine time",
# "一共 10 个小时"): a count of items said with one is a job to finish in it, whatever verb names the work
# (`is_batch_context`: "8 万份简历筛一遍，总共只有 6 个小时").
_DEADLINES: list[re.Pattern[str]] = []


def _deadline(pattern: re.Pattern[str]) -> re.Pattern[str]:
    _DEADLINES.append(pattern)
    return pattern


WINDOW = (
    _deadline(re.compile(rf"(?:done|finish(?:ed)?|complete[d]?|processed|ready|through|turnaround|turned around|run)\s+(?:with)?in\s+"
               rf"(?:under\s+|less than\s+|at most\s+|about\s+|~)?{NUM}\s*-?\s*{_HOURS}(?![a-z])")),
    _deadline(re.compile(rf"\bwithin\s+(?:a\s+|an\s+)?{NUM}\s*-?\s*{_HOURS}(?![a-z])")),
    # the hours in brackets after the job's time ("over the weekend (48h)", "週末（48 小時）")
    re.compile(rf"[(（]\s*{APPROX}{NUM}\s*-?\s*(?:个|個)?\s*{_HOURS}\s*[)）]"),
    _deadline(re.compile(rf"{NUM}\s*(?:个|個)?\s*-?\s*{_HOURS}\s*(?:的)?\s*(?:window|deadline|budget|slot|turnaround|sla|"
               r"时间窗口|時間窗口|窗口|时限|時限|期限|空档|空闲|机时)")),
    # the machine's hours given to the job ("we've got 48 hours of machine time", "12 hours of gpu time")
    _deadline(re.compile(rf"{NUM}\s*-?\s*{_HOURS}\s+of\s+(?:machine|compute|gpu|cluster|server|box|cloud|processing)\s*(?:time|hours?)\b")),
    # the hours said as all there is ("一共 10 个小时", "总共只有 6 小时", "只剩 4 个钟"): the job's window
    _deadline(re.compile(rf"(?:一共|总共|总计|共计|只有|只剩|仅有)\s*(?:只有|就)?\s*{APPROX}{NUM}\s*(?:个|個)?\s*{_HOURS_ONLY}"
               r"(?!\s*(?:后|後|前|以后|以前|左右的延迟))")),
    _deadline(re.compile(rf"(?:window|deadline|turnaround|sla)\s*(?:of|is|:|=)?\s*{APPROX}{NUM}\s*-?\s*{_HOURS}(?![a-z])")),
    _deadline(re.compile(rf"{NUM}\s*(?:个|個)?\s*{_HOURS}\s*(?:内|內|之内|之內|以内|以內)")),
    _deadline(re.compile(rf"(?:时间窗口|時間窗口|窗口|期限|时限|時限)\s*(?:是|为|為|:|有)?\s*{APPROX}{NUM}\s*(?:个|個)?\s*{_HOURS}")),
    # a ceiling on the hours ("~7 hours max", "最多 6 小时"), or the hours said after the finish line
    # ("has to finish overnight, so like 10 hours"): the job's window, in a batch context only
    re.compile(rf"{APPROX}{NUM}\s*-?\s*{_HOURS_ONLY}\s*(?:max(?:imum)?|tops|at most|at the most)\b"),
    re.compile(rf"(?:最多|最长|最長|不超过|不超過)\s*{APPROX}{NUM}\s*(?:个|個)?\s*{_HOURS}"),
    re.compile(rf"(?:finish(?:ed)?|done|complete[d]?|overnight|nightly)[^.;\d]{{0,24}}?\b(?:so|i\.e\.|say|roughly|about|like)\s*"
               rf"{APPROX}{NUM}\s*-?\s*{_HOURS_ONLY}(?![a-z])"),
    _deadline(re.compile(rf"(?:跑完|做完|处理完|處理完|完成)[^。；;\d]{{0,8}}?{APPROX}{NUM}\s*(?:个|個)?\s*{_HOURS_ONLY}")),
    _deadline(re.compile(rf"{APPROX}{NUM}\s*(?:个|個)?\s*{_HOURS}\s*(?:的)?\s*(?:时间|時間)?\s*(?:内|內|之内|之內|以内|以內)?\s*"
               rf"(?:必须|必須|一定要|要|得|需要|就|能|来|來)?\s*{_FINISH_ZH}")),
    # hours said as a clause of their own in a batch job's message ("…，输出 20 token，4 小時", "…, 3 个小时"): its window
    re.compile(rf"(?:^|[,;，；。])\s*{APPROX}{NUM}\s*(?:个|個)?\s*{_HOURS_ONLY}\s*(?=[,;.!?，；。！？]|$)"),
    # "we have 2 days to get through them", "given 36 hours to finish"
    _deadline(re.compile(rf"\b(?:have|got|given|give us|get)\s+(?:only\s+|just\s+)?{APPROX}{NUM}\s*-?\s*{_HOURS}\s+to\s+"
               r"(?:finish|complete|get through|process|run|do|churn|chew)")),
)
_HOURS_PER_UNIT = {"h": 1.0, "hr": 1.0, "hrs": 1.0, "hour": 1.0, "hours": 1.0, "小时": 1.0, "小時": 1.0,
                   "day": 24.0, "days": 24.0, "天": 24.0,
                   "minute": 1 / 60, "minutes": 1 / 60, "min": 1 / 60, "mins": 1 / 60, "分钟": 1 / 60, "分鐘": 1 / 60}


_OUTPUT_IN_SENTENCE = re.compile(r"(?<![a-z])(?:outputs?|answers?|repl(?:y|ies)|responses?|completions?|generations?|"
                                 r"输出|輸出|回答|回复|回覆|生成)(?![a-z])")


def _sentence_before(text: str, end: int) -> str:
    """The words of the sentence before `end` (at most 40 characters back)."""
    return re.split(r"[.;!?。；！？]", text[max(0, end - 40):end])[-1]


def _value(match: re.Match[str], group: str) -> int | float:
    value = float(match.group(group)) * (1000 if match.group(group + "m") else 1)
    return _int(value)


def _is_share_split(match: re.Match[str]) -> bool:
    """"85/15 in/out": two plain numbers making 100 with no token unit are how a volume splits, not lengths."""
    if match.group("am") or match.group("bm") or "tok" in match.group(0):
        return False
    if "%" in match.group(0):
        return True  # "70%/30% in/out": percentages are shares whatever they add to
    return abs(float(match.group("a")) + float(match.group("b")) - 100) <= 1


# The first token's latency said not to matter (the lexicons' "ttft_irrelevant"): an offline job's words.
TTFT_IRRELEVANT = re.compile("|".join(f"(?:{w})" for w in (*load_words_en.WORDS["ttft_irrelevant"],
                                                           *load_words_zh.WORDS["ttft_irrelevant"])))


def is_batch_context(text: str) -> bool:
    """Whether the message describes a job over a set of items rather than people chatting (a first token said not to
    matter is an offline job's: "first token irrelevant, has to finish within 15 min"), or counts items and gives
    them a deadline (a job's volume and its window said together)."""
    if any(next(batch_words(pattern, text), None) for pattern in (_BATCH_CONTEXT, ARRIVAL_WORDS["batch"], TTFT_IRRELEVANT)):
        return True
    return (any(p.search(text) for p in (_ITEMS_ZH, _ITEMS_EN)) and any(p.search(text) for p in _DEADLINES))


def _label_only_output(text: str, claims: _Claims) -> Iterator[Fact]:
    """An output said to be one label and no length ("just outputs a sentiment label", "只输出一个类别",
    "yes/no answer only") is `LABEL_OUTPUT_TOKENS` long; a stated length ("5-token label") is read instead."""
    if _LABEL_LENGTH.search(text) or _LABEL_LENGTH_AFTER.search(text):
        return
    if (m := next(_matches(LABEL_ONLY_OUTPUT, text, claims), None)) is not None:
        yield Fact("output_tokens", LABEL_OUTPUT_TOKENS, m.start(), m.end(), keyed=True)


def _lengths(text: str, claims: _Claims, patterns: tuple[tuple[re.Pattern[str], str], ...]) -> Iterator[Fact]:
    for pattern, slot in patterns:
        for m in pattern.finditer(text):
            if not claims.free(m.start(), m.end()):
                continue
            if slot == "prompt_tokens" and _OUTPUT_IN_SENTENCE.search(_sentence_before(text, m.start())):
                continue  # "replies tend to run long, around 800 tokens each": each *reply*, for the output patterns
            if pattern in (_TOKENS_IN, _TOKENS_OUT) and _WORD_BEFORE[slot].search(text[max(0, m.start() - 14):m.start()]):
                continue
            claims.claim(m.start(), m.end())
            yield from length_facts(text, slot, m)  # "每份大约 2 万字": characters, converted to tokens


# Items each person sends ("每個人每天會丟大概 30 份文件", "each uploads ~30 documents a day") are that person's rate
# (`bot.nlu.load`: times the people), never a batch of 30: the cue of each person in the clause before the count.
_EACH_PERSON = "(?:" + "|".join(f"(?:{w})" for w in (*load_words_en.WORDS["per_person"], *load_words_zh.WORDS["per_person"])) + ")"


@functools.cache
def _each_person_before(reach: int) -> re.Pattern[str]:
    return re.compile(rf"{_EACH_PERSON}[^\d,;.!?，；。]{{0,{reach}}}$")


def said_of_each_person(text: str, start: int, reach: int = 24) -> bool:
    """Whether the clause before `start` says the count is each person's, the cue at most `reach` characters back."""
    return bool(_each_person_before(reach).search(text[max(0, start - reach - 16):start]))


# A count said per unit of something other than time ("每份 2 張影像", "每个商品 5 张图", "每次 3 张截图"): how many each
# item or request holds, never the job's count of items ("每晚 25 万张", "每天 3 万张" are per night and day: a batch).
_PER_UNIT_BEFORE = re.compile(r"每\s*(?!(?:天|日|晚|夜|周|星期|礼拜|月|年|季|小时|钟头|分钟|秒|个月|工作日|早|晚上)"
                              r")[^\d,;.!?，；。、]{1,6}?\s*$")


def batch_facts(text: str, claims: _Claims, *, batch_job: bool = False) -> Iterator[Fact]:
    """Items of a batch job and its window (only in a batch context: the message's words, or a thread
    already about a batch job, `batch_job`: "what if 500k documents?"), and the per-item lengths."""
    batch = batch_job or is_batch_context(text)
    # An item joined with what comes with it and said to be a length is read before any count of items: in
    # "一份病歷加上檢驗報告大約 3k tokens" the 一份 is one record, each, no batch of one.
    yield from _lengths(text, claims, ((_ITEM_JOINED_LENGTH, "prompt_tokens"), (_ITEM_JOINED_LENGTH_ZH, "prompt_tokens")))
    if batch:
        # A bare measure word of documents ("大概 3 万条") counts items once the message or thread is a batch job.
        for pattern in (_ITEMS_ZH, _ITEMS_EN, _ITEMS_ZH_BARE):
            for m in pattern.finditer(text):
                if said_of_each_person(text, m.start()) or not claims.free(*inked(m)):
                    continue
                if _PER_UNIT_BEFORE.search(text[max(0, m.start() - 10):m.start()]):
                    continue
                claims.claim(*inked(m))
                # One item is each item ("平均 200 token 一条": a length per item), never a batch job of one.
                if number_value(m) > 1:
                    yield Fact("batch_items", _int(number_value(m)), m.start(), m.end(), keyed=True)
        bare = _ITEMS_WHAT_IF.match(text) if batch_job else None
        if bare is not None and not (bare.group("zhang") and number_value(bare) <= _MAX_CARDS):
            if claims.free(bare.start("num"), bare.end()):
                claims.claim(bare.start("num"), bare.end())
                yield Fact("batch_items", _int(number_value(bare)), bare.start("num"), bare.end(), keyed=True)
        for m in _matches(_ITEMS_OF_THEM, text, claims):
            yield Fact("batch_items", _int(number_value(m)), m.start(), m.end(), keyed=True)
        for pattern in WINDOW:
            for m in _matches(pattern, text, claims):
                hours = round(number_value(m) * _HOURS_PER_UNIT[m.group("unit")], 4)
                yield Fact("batch_window_hours", _int(hours), m.start(), m.end(), keyed=True)
        said = any(pattern.search(text) for pattern in WINDOW)
        for pattern in (_CLOCK_WINDOW_EN, _CLOCK_WINDOW_ZH):
            for m in pattern.finditer(text):
                clock = clock_window_hours(m) if not said and claims.free(m.start(), m.end()) else None
                if clock is not None:
                    claims.claim(m.start(), m.end())
                    said = True
                    yield Fact("batch_window_hours", _int(clock), m.start(), m.end(), keyed=True)
        overnight = next(batch_words(OVERNIGHT, text), None)
        if overnight is not None and not said:
            yield Fact("batch_window_hours", OVERNIGHT_WINDOW_HOURS, overnight.start(), overnight.end(), keyed=False)
        if (day := _WITHIN_THE_DAY.search(text)) is not None and overnight is None and not said:
            # a day's items done within their day: the day is the window (its arrivals averaged over it)
            yield Fact("batch_window_hours", 24, day.start(), day.end(), keyed=False)
            said = True
        weekend = next(batch_words(WEEKEND, text), None)
        if weekend is not None and overnight is None and not said:
            yield Fact("batch_window_hours", WEEKEND_WINDOW_HOURS, weekend.start(), weekend.end(), keyed=False)
    for m in _matches(_EQUAL_IN_OUT, text, claims):
        yield Fact("in_out_ratio", 1.0, m.start(), m.end(), keyed=True)
    for pattern in _IN_OUT_RATIO:
        for m in _matches(pattern, text, claims):
            if float(m.group("b")) > 0 and float(m.group("a")) > 0:
                yield Fact("in_out_ratio", round(float(m.group("a")) / float(m.group("b")), 4), m.start(), m.end(), keyed=True)
    for pattern in _TIMES_RATIO:
        for m in _matches(pattern, text, claims):
            # the other side must be named: "输入是输出的 6 倍" (after 是) or "prompts run 5x the outputs" (after the figure)
            others = re.findall(rf"{_IN_WORD}|{_OUT_WORD}", m.group(0)[len(m.group("side")):])
            if not others or float(m.group("a")) <= 0:
                continue
            prompt_first = re.fullmatch(_IN_WORD, m.group("side")) is not None
            if prompt_first == (re.fullmatch(_IN_WORD, others[0]) is not None):
                continue
            a = float(m.group("a"))
            yield Fact("in_out_ratio", round(a if prompt_first else 1 / a, 4), m.start(), m.end(), keyed=True)
    for pattern in _IN_OUT:
        for m in _matches(pattern, text, claims):
            if _is_share_split(m):
                # "85/15 in/out": the volume's split, kept as a proportion of prompt to answer
                if float(m.group("b")) > 0:
                    yield Fact("in_out_ratio", round(float(m.group("a")) / float(m.group("b")), 4), m.start(), m.end(), keyed=True)
                continue
            yield Fact("prompt_tokens", _value(m, "a"), m.start(), m.end(), keyed=True)
            yield Fact("output_tokens", _value(m, "b"), m.start(), m.end(), keyed=True)
    for pattern in _SIDE_SHARE:
        for m in _matches(pattern, text, claims):
            if (ratio := _side_share_ratio(m)) is not None:
                yield Fact("in_out_ratio", ratio, m.start(), m.end(), keyed=True)
    yield from _label_only_output(text, claims)
    yield from _lengths(text, claims, ((_LABEL_LENGTH, "output_tokens"), (_LABEL_LENGTH_AFTER, "output_tokens"),
                                       (_ITEM_LENGTH, "prompt_tokens"), (_EACH_LENGTH, "prompt_tokens"),
                                       (_ITEM_LENGTH_OF, "prompt_tokens"), (_ITEM_LENGTH_ZH, "prompt_tokens"),
                                       (_TOKENS_IN, "prompt_tokens"), (_TOKENS_OUT, "output_tokens")))
    if batch:
        for m in _AVERAGE_LENGTH.finditer(text):
            if claims.free(m.start(), m.end()) and not _OUTPUT_BEFORE.search(text[max(0, m.start() - 12):m.start()]):
                claims.claim(m.start(), m.end())
                yield Fact("prompt_tokens", _int(number_value(m)), m.start(), m.end(), keyed=True)


__all__ = ["WINDOW", "batch_facts", "in_out_multiple_spans", "is_batch_context", "night_window"]
