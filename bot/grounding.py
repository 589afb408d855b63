"""Grounding checks for language-model text: which numbers, names and language it uses.

The SLM's role is language, never facts. Two callers rely on this module:

- `bot.llm.extract` keeps a proposed workload value only when the user's own words support it
  (`number_supported`, `keyword_supported`);
- `bot.llm.phrasing` keeps model wording only when `check_grounded` finds no problem: every number
  and hardware/model name in it appears in the grounding text (tool results and the template), the
  language matches, and the text is not garbled.

Pure functions over strings: no model, no I/O. Numbers are read as digits ("1,000", "1.5k", "$50k",
"2 kW", "70%"), as Chinese numerals ("两百", "八", "1.5万") and as English number words ("two
hundred"), each mention carrying the values it may stand for ("1 s" is 1 or 1000 ms).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.nlu.normalize import zh_numeral_value

# ---------------------------------------------------------------------------------------------
# Numbers

# Suffix → the values a mention "N<suffix>" may stand for, as functions of N. Multipliers replace
# the bare value ("50k" never means 50); units keep both ("1 s" may be a 1000 ms target).
_SUFFIX_VALUES: dict[str, tuple[float, ...]] = {
    "k": (1e3,), "thousand": (1e3,), "千": (1e3,),
    "m": (1e6,), "mn": (1e6,), "million": (1e6,), "百万": (1e6,), "百萬": (1e6,),
    "万": (1e4,), "萬": (1e4,), "亿": (1e8,), "億": (1e8,), "百": (1e2,),
    "b": (1.0, 1e9), "bn": (1.0, 1e9), "billion": (1.0, 1e9),
    "%": (1.0, 0.01),
    "kw": (1e3, 1.0),
    "s": (1.0, 1e3), "sec": (1.0, 1e3), "secs": (1.0, 1e3), "second": (1.0, 1e3), "seconds": (1.0, 1e3),
    "秒": (1.0, 1e3),
    "ms": (1.0, 1e-3), "毫秒": (1.0, 1e-3),
}
_SUFFIX_RE = "|".join(sorted((re.escape(s) for s in _SUFFIX_VALUES), key=len, reverse=True))
# Digits not glued to a preceding letter/digit (so "H100", "Q4_K_M", "FP16" are identifiers, not
# numbers), with thousands separators and decimals, then an optional suffix that must end a word.
_DIGITS = re.compile(
    rf"(?<![A-Za-z0-9_.])(\d{{1,3}}(?:,\d{{3}})+|\d+)(\.\d+)?(?:\s?({_SUFFIX_RE})(?![A-Za-z]))?",
    re.IGNORECASE,
)

_CJK_NUMERAL = re.compile("[零〇一二两兩三四五六七八九十百千万萬亿億]+")
# Everyday words built from numerals that are not quantities ("一些" = some, "千万" = by all means).
_CJK_IDIOMS = re.compile(
    "一些|一下|一起|一样|一樣|一般|一直|统一|統一|唯一|万一|萬一|十分|千万|千萬|一定|一点|一點|一旦|一致|"
    "一切|进一步|進一步|一次性|之一|一边|一邊|一方面|专一|專一|一部分"
)

_EN_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
             "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
             "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
             "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
             "eighty": 80, "ninety": 90}
# "dozen" multiplies like "hundred": "two dozen" is 24 (it was once added: 2 + 12 = 14).
_EN_SCALES = {"dozen": 12, "hundred": 100, "thousand": 1000, "million": 1_000_000}
_EN_NUMBER_WORDS = re.compile(
    r"\b(?:(?:" + "|".join([*_EN_UNITS, *_EN_SCALES]) + r")(?:[\s-]+(?:and[\s-]+)?)?)+\b", re.IGNORECASE
)


@dataclass(frozen=True)
class NumberMention:
    """One number in a text: where it is, how it was written, and the values it may stand for.

    `spelled` is True for numerals written as words ("two", "两"), where 1 ("one", "一") is usually
    an article, not a quantity. `counts_hardware` is True when a hardware name follows ("100 H100s"):
    such a number is a device count, never a workload fact.
    """

    text: str
    start: int
    values: tuple[float, ...]
    spelled: bool = False
    counts_hardware: bool = False


def _english_number_value(words: str) -> float | None:
    """Value of a run of English number words ("two hundred fifty" → 250)."""
    total = current = 0
    found = False
    for word in re.split(r"[\s-]+", words.lower()):
        if word in _EN_UNITS:
            current += _EN_UNITS[word]
            found = True
        elif word in _EN_SCALES:
            current = max(current, 1) * _EN_SCALES[word]
            if _EN_SCALES[word] >= 1000:
                total, current = total + current, 0
            found = True
    return float(total + current) if found else None


def number_mentions(text: str) -> list[NumberMention]:
    """Every number in `text`, in order of appearance."""
    mentions: list[NumberMention] = []
    for match in _DIGITS.finditer(text):
        whole, decimals, suffix = match.group(1), match.group(2) or "", (match.group(3) or "").lower()
        base = float(whole.replace(",", "") + decimals)
        factors = _SUFFIX_VALUES.get(suffix, (1.0,))
        mentions.append(NumberMention(match.group(0), match.start(), tuple(base * f for f in factors)))
    # Idioms are blanked (same length, so offsets stay valid) before reading Chinese numerals.
    cjk_text = _CJK_IDIOMS.sub(lambda m: " " * len(m.group(0)), text)
    for match in _CJK_NUMERAL.finditer(cjk_text):
        run = match.group(0)
        prev = text[match.start() - 1] if match.start() else ""
        if prev.isdigit() or prev == ".":  # "1.5万": the unit was already read with the digits
            continue
        value = zh_numeral_value(run)
        if value is not None:
            mentions.append(NumberMention(run, match.start(), (float(value),), spelled=True))
    for match in _EN_NUMBER_WORDS.finditer(text):
        amount = _english_number_value(match.group(0))
        if amount is not None:
            mentions.append(NumberMention(match.group(0).strip(), match.start(), (amount,), spelled=True))
    mentions.sort(key=lambda m: m.start)
    return [_tag_hardware_count(text, m) for m in mentions]


def _tag_hardware_count(text: str, mention: NumberMention) -> NumberMention:
    after = text[mention.start + len(mention.text): mention.start + len(mention.text) + 24]
    # "8 x L40S", "100 H100s", "一百张 H100" (a measure word may sit between count and name)
    follower = re.match(r"\s*(?:x|×|\*)?\s*(?:[张張块塊台个個颗顆片套]\s*)?([A-Za-z][\w\-]*|[\u4e00-\u9fff]{1,3})", after)
    if follower and (hardware_names(follower.group(1)) or _IDENTIFIER.fullmatch(follower.group(1))):
        return NumberMention(mention.text, mention.start, mention.values, mention.spelled, True)
    return mention


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


def number_supported(value: float, text: str) -> bool:
    """True when `value` is written in `text` (as digits, with a unit, or as numerals).

    Numbers that count hardware ("100 H100s") do not support a workload fact.
    """
    return any(
        _close(value, candidate)
        for mention in number_mentions(text)
        if not mention.counts_hardware
        for candidate in mention.values
    )


# ---------------------------------------------------------------------------------------------
# Names

# Tokens that start with a letter and contain a digit: product and format names ("H100", "L40S",
# "MI300X", "Q4_K_M", "FP16", "M4"). A model must not invent one.
_IDENTIFIER = re.compile(r"(?<![\w.])[A-Za-z][A-Za-z]*\d[\w]*(?:-[A-Za-z0-9]+)*", re.ASCII)
# Vendor, product-line and model-family names without digits, plus the hardware kinds: a reply that
# names one the tools did not is making a claim of its own.
_NAME_WORDS = (
    "nvidia", "amd", "intel", "apple", "qualcomm", "huawei", "google", "aws", "amazon", "microsoft",
    "geforce", "rtx", "quadro", "tesla", "radeon", "instinct", "xeon", "epyc", "ryzen", "threadripper",
    "snapdragon", "gaudi", "habana", "inferentia", "trainium", "tpu", "groq", "cerebras", "tenstorrent",
    "graphcore", "sambanova", "hailo", "jetson", "ascend", "blackwell", "hopper", "ampere", "lunar",
    "gpu", "gpus", "npu", "npus", "cpu", "cpus", "soc", "llama", "qwen", "mistral", "mixtral", "phi",
    "gemma", "deepseek", "gpt", "claude", "chatglm", "baichuan", "yi", "falcon", "vllm", "tgi",
    "tensorrt", "openvino", "rocm", "cuda", "mlx", "ollama",
)
_NAME_WORD_RE = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(_NAME_WORDS) + r")(?![A-Za-z0-9])", re.IGNORECASE)
_CJK_NAMES = ("英伟达", "英偉達", "华为", "華為", "昇腾", "昇騰", "寒武纪", "寒武紀", "苹果", "蘋果", "高通",
              "英特尔", "英特爾", "谷歌", "超威", "显卡", "顯卡")


def hardware_names(text: str) -> list[str]:
    """Hardware, vendor, serving-stack and model names in `text` (identifiers, known words, Chinese names)."""
    found = [m.group(0) for m in _IDENTIFIER.finditer(text)]
    found += [m.group(1) for m in _NAME_WORD_RE.finditer(text)]
    found += [name for name in _CJK_NAMES if name in text]
    return found


def _name_tokens(text: str) -> set[str]:
    tokens: set[str] = set()
    for token in re.findall(r"[a-z0-9]+(?:[_\-.][a-z0-9]+)*", text.lower()):
        tokens.add(token)
        tokens.update(re.split(r"[\-.]", token))
    return tokens


def _name_grounded(name: str, grounding: str, tokens: set[str]) -> bool:
    if not name.isascii():
        return name in grounding
    lowered = name.lower()
    candidates = {lowered, lowered.rstrip("s")}  # plurals: "H100s", "GPUs"
    if candidates & tokens:
        return True
    parts = [p for p in re.split(r"-", lowered) if p]
    return len(parts) > 1 and all(p in tokens or p.rstrip("s") in tokens for p in parts)


# ---------------------------------------------------------------------------------------------
# Language

_CJK_CHAR = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@functools.cache
def _converter(config: str) -> Any:
    """An OpenCC converter ("s2t", "t2s", "t2tw", "t2hk"), built once: its dictionaries load on first use."""
    import opencc

    return opencc.OpenCC(config)


def simplified_forms(text: str) -> list[str]:
    """The characters of `text` that Traditional Chinese writes otherwise ("们", "这", "两").

    OpenCC converts the whole text to Traditional (phrase by phrase, so "公里" stays); a character it
    changes is Simplified unless it is a Taiwan or Hong Kong standard form ("台", "裡") or converts back
    to something else (then it was already Traditional).
    """
    traditional = _converter("s2t").convert(text)
    if len(traditional) != len(text):
        return []
    variants = [v for v in (_converter("t2tw").convert(traditional), _converter("t2hk").convert(traditional))
                if len(v) == len(text)]
    t2s = _converter("t2s")
    return [c for i, c in enumerate(text)
            if c != traditional[i] and all(c != v[i] for v in variants) and t2s.convert(c) == c]


def traditional_forms(text: str) -> list[str]:
    """The characters of `text` that Simplified Chinese writes otherwise ("們", "這", "兩"), by OpenCC."""
    simplified = _converter("t2s").convert(text)
    if len(simplified) != len(text):
        return []
    s2t = _converter("s2t")
    return [c for i, c in enumerate(text) if c != simplified[i] and s2t.convert(c) == c]


def _zh_share(text: str) -> float:
    """Share of Chinese in `text`: CJK characters against Latin words (a word weighs two characters)."""
    cjk = len(_CJK_CHAR.findall(text))
    latin = len(_LATIN_WORD.findall(text))
    return cjk / (cjk + 2 * latin) if (cjk or latin) else 0.0


def language_problem(text: str, lang: str) -> str | None:
    """None when `text` reads as `lang` ("en", "zh", "zh-Hans", "zh-Hant"), else what is wrong.

    The script check has no tolerance: one Simplified form in a Traditional reply (or the reverse)
    is the wrong script, as a reader in Taipei or Beijing sees it.
    """
    share = _zh_share(text)
    if lang.startswith("zh"):
        if share < 0.3:
            return f"expected Chinese ({lang}), got mostly non-Chinese text"
        if lang == "zh-Hans" and (found := traditional_forms(text)):
            return f"expected Simplified Chinese, got Traditional forms ({''.join(found[:5])})"
        if lang == "zh-Hant" and (found := simplified_forms(text)):
            return f"expected Traditional Chinese, got Simplified forms ({''.join(found[:5])})"
        return None
    if _CJK_CHAR.search(text):
        return "expected English, got Chinese characters"
    return None


# ---------------------------------------------------------------------------------------------
# Garbled output

_CONTROL_MARKERS = re.compile(r"<\|[^|]*\|>|</?s>|\[/?INST\]|```|^\s*(?:assistant|user|system)\s*:", re.I | re.M)


def garble_problem(text: str, *, max_chars: int = 1200) -> str | None:
    """None when `text` looks like an ordinary message, else what is wrong with it."""
    stripped = text.strip()
    if not stripped:
        return "empty text"
    if len(stripped) > max_chars:
        return f"too long ({len(stripped)} characters)"
    if "\ufffd" in stripped or any(ord(c) < 32 and c not in "\n\t" for c in stripped):
        return "contains broken or control characters"
    if _CONTROL_MARKERS.search(stripped):
        return "contains chat-template or code markers"
    if stripped[0] in "{[" or re.search(r"\{\s*\"", stripped):
        return "looks like JSON, not a message"
    words = stripped.lower().split()
    if any(words[i] == words[i + 1] == words[i + 2] for i in range(len(words) - 2)):
        return "repeats a word"
    if len(stripped) >= 20 and len(set(stripped)) < 6:
        return "repeats characters"
    return None


# ---------------------------------------------------------------------------------------------
# The guard


def grounding_text(grounding: object) -> str:
    """Grounding given as text, a mapping (tool results) or a list, as one string to search; the values
    inside (numbers, None) as their text."""
    if isinstance(grounding, str):
        return grounding
    if isinstance(grounding, Mapping):
        return "\n".join(f"{k}: {grounding_text(v) if not isinstance(v, str) else v}" for k, v in grounding.items())
    if isinstance(grounding, Iterable):
        return "\n".join(grounding_text(v) if not isinstance(v, str) else v for v in grounding)
    return str(grounding)


def ungrounded_numbers(text: str, grounding: str) -> list[str]:
    """Numbers in `text` whose values appear nowhere in `grounding` (spelled "one"/"一" excepted)."""
    allowed = [v for mention in number_mentions(grounding) for v in mention.values]
    problems = []
    for mention in number_mentions(text):
        if mention.spelled and mention.values == (1.0,):
            continue
        if not any(_close(v, a) for v in mention.values for a in allowed):
            problems.append(mention.text)
    return problems


def ungrounded_names(text: str, grounding: str) -> list[str]:
    """Hardware/model names in `text` that `grounding` does not mention."""
    tokens = _name_tokens(grounding)
    return [name for name in hardware_names(text) if not _name_grounded(name, grounding, tokens)]


def check_grounded(text: str, grounding: str | Mapping[str, Any] | Sequence[Any], lang: str) -> list[str]:
    """Problems that forbid showing model `text` to a user; [] means it may be shown.

    A problem is: a number or a hardware/model name that `grounding` (tool results and the template
    the model rephrased) does not contain, text in another language than `lang`, or garbled text.

    >>> check_grounded("Two L40S cards cost $26,000.", "2 x nvidia-l40s, capex $26,000", "en")
    []
    >>> check_grounded("Buy 100 H100s.", "2 x nvidia-l40s", "en")
    ['ungrounded number: 100', 'ungrounded name: H100s']
    """
    source = grounding_text(grounding)
    garbled = garble_problem(text)
    if garbled:
        return [f"garbled: {garbled}"]
    problems = [f"ungrounded number: {n}" for n in ungrounded_numbers(text, source)]
    problems += [f"ungrounded name: {n}" for n in ungrounded_names(text, source)]
    wrong_language = language_problem(text, lang)
    if wrong_language:
        problems.append(f"wrong language: {wrong_language}")
    return problems


__all__ = [
    "NumberMention",
    "check_grounded",
    "garble_problem",
    "grounding_text",
    "hardware_names",
    "language_problem",
    "number_mentions",
    "number_supported",
    "simplified_forms",
    "traditional_forms",
    "ungrounded_names",
    "ungrounded_numbers",
]
