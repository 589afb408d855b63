"""Which language a message is in: English, Traditional Chinese or Simplified Chinese.

Decided by script, not by a model: any Han characters make it Chinese; characters that exist only in
one of the two scripts decide Traditional vs Simplified. A message with no letters at all ("500",
"Q4") carries no signal and returns None so the thread keeps its language.
"""

from __future__ import annotations

import re

from bot.reply import Language

# Pairs of (simplified, traditional) forms of common characters that differ between the scripts.
_PAIRS = (
    "们們 这這 个個 为為 来來 时時 会會 说說 对對 发發 过過 还還 进進 应應 关關 机機 开開 问問 见見 长長 门門 "
    "东東 车車 语語 国國 学學 实實 现現 经經 电電 话話 务務 员員 么麼 点點 钱錢 费費 总總 数數 据據 络絡 "
    "软軟 买買 卖賣 单單 价價 钟鐘 间間 准準 确確 医醫 疗療 团團 队隊 笔筆 记記 织織 组組 级級 线線 终終 "
    "统統 华華 并並 发發 户戶 预預 算算 议議 该該 种種 样樣 么麼 吗嗎 够夠 让讓 从從 后後 运運 营營 "
    "处處 理理 复復 杂雜 变變 态態 动動 调調 练練 闲閒 务務 器器 脑腦 边邊 缘緣 业業 内內 约約 两兩 "
    "亿億 万萬 参參 数數 块塊 钱錢 贵貴 风風 险險 设設 备備 场場 则則 测測 试試 验驗 帮幫 谢謝 换換 "
    "较較 比比 与與 这這 么麼 没沒 无無 质質 量量 选選 择擇 荐薦 节節 约約 网網 级級 断斷 层層"
)
_SIMPLIFIED = frozenset(p[0] for p in _PAIRS.split() if p[0] != p[1])
_TRADITIONAL = frozenset(p[1] for p in _PAIRS.split() if p[0] != p[1])
_HAN = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]")
_LATIN_WORD = re.compile(r"[a-zA-Z]{2,}")
# Number and currency units inside an amount ("Budget 50万元") do not make an English message Chinese.
_AMOUNT_UNITS = re.compile(r"(?<=[\d\s])[万萬亿億千百]?(?:元|块|塊|人民币|人民幣|日元|日圓|台币|台幣)?(?![\u4e00-\u9fff])|"
                           r"(?<=\d)[万萬亿億千百]")


# English sentences name Chinese places and teams ("Our team in 上海 needs a 7B model"): the sentence's
# grammar decides, not its names. English grammar words, and Han text only in short runs without a
# Chinese grammar character, mean an English sentence with names in it.
_EN_GRAMMAR = re.compile(r"(?i)\b(?:the|a|an|our|we|in|for|to|of|with|and|on|at|is|are|be|will|would|need|needs|"
                         r"have|has|it|this|that|from|about|how|what|which|can|should)\b")
_ZH_GRAMMAR = set("的了们們我你他她是在有要和与與就都也还還吗嗎呢吧个個这這那不没沒用想需能会會给給让讓把被从從对對为為")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]+")


def _english_with_names(text: str) -> bool:
    """An English sentence whose Han characters are names: short runs, no Chinese grammar character."""
    runs = _HAN_RUN.findall(text)
    if not runs or any(len(run) > 4 or _ZH_GRAMMAR.intersection(run) for run in runs):
        return False
    return len(set(w.lower() for w in _EN_GRAMMAR.findall(text))) >= 2


def detect_language(text: str) -> Language | None:
    """'en', 'zh-Hant', 'zh-Hans', or None when the text has no words to judge by.

    >>> detect_language("我們有兩百位同事"), detect_language("我们有两百人"), detect_language("200 users")
    ('zh-Hant', 'zh-Hans', 'en')
    >>> detect_language("500") is None, detect_language("Budget 50万元 for 200 users")
    (True, 'en')
    >>> detect_language("Our team in 上海 needs a 7B model"), detect_language("我们在 San Francisco 有 200 人")
    ('en', 'zh-Hans')
    """
    if _english_with_names(text):
        return "en"
    words_only = _AMOUNT_UNITS.sub("", text)
    if _HAN.search(words_only) or (_HAN.search(text) and not _LATIN_WORD.search(text)):
        return chinese_script(text) or "zh-Hans"
    words = [w for w in _LATIN_WORD.findall(text) if not re.fullmatch(r"(?i)q\d|int\d|fp\d+|bf\d+|gb|tb", w)]
    return "en" if words else None


def chinese_script(text: str) -> Language | None:
    """'zh-Hant' or 'zh-Hans' by the characters only one script has; None when none occurs
    ("如果增加到800人呢" reads the same in both, so the thread keeps its script)."""
    simplified = sum(ch in _SIMPLIFIED for ch in text)
    traditional = sum(ch in _TRADITIONAL for ch in text)
    if simplified == traditional:
        return None
    return "zh-Hant" if traditional > simplified else "zh-Hans"


def script_evidence(text: str) -> int:
    """How many more script-specific characters one Chinese script has than the other in `text`.

    >>> script_evidence("直接推荐"), script_evidence("我们这个部门")
    (1, 4)
    """
    return abs(sum(ch in _SIMPLIFIED for ch in text) - sum(ch in _TRADITIONAL for ch in text))


def is_chinese(lang: str) -> bool:
    return lang.startswith("zh")


__all__ = ["chinese_script", "detect_language", "is_chinese", "script_evidence"]
