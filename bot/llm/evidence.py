"""Span grounding for extracted workload facts: is a proposed value supported by the user's words?

A number must be written in the message (digits, units, Chinese numerals or English words: see
`bot.grounding.number_mentions`), must not be one the parser already read, must lie in the field's
plausible range, and must be the field's: the field's words stand nearest to it (`field_claims`), so
"a 72B model" never says 72 models served. An enum or yes/no value needs one of its keywords (English,
Simplified or Traditional Chinese) in the message. The SLM may read meaning the parser missed, but it
cannot bring in a value the user never wrote, which is also what keeps prompt injection out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from bot.grounding import NumberMention, number_mentions
from bot.reply import SlotValues

# Keywords (lower case; matched as substrings, so stems like "fine-tun" cover inflections).
ENUM_KEYWORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "deployment_scale": {
        "personal": ("personal", "myself", "just me", "only me", "single user", "个人", "個人", "自己用"),
        "team": ("team", "squad", "group", "团队", "團隊", "小组", "小組"),
        "department": ("department", "dept", "division", "部门", "部門"),
        "organization": ("organization", "organisation", "company", "enterprise", "whole org", "org-wide",
                         "公司", "企业", "企業", "组织", "組織", "集团", "集團"),
        "edge": ("edge", "on-device", "on device", "embedded", "边缘", "邊緣", "端侧", "端側"),
    },
    "arrival_pattern": {
        "steady": ("steady", "constant", "even", "uniform", "平稳", "平穩", "均匀", "均勻", "稳定", "穩定"),
        "bursty": ("burst", "spik", "peak", "突发", "突發", "高峰", "峰值"),
        "batch": ("batch", "offline", "overnight", "nightly", "批量", "批处理", "批處理", "离线", "離線"),
    },
    "model_stability": {
        "stable": ("stable", "fixed", "frozen", "rarely change", "won't change", "稳定", "穩定", "固定", "不变",
                   "不變"),
        "frequent_changes": ("change", "update", "iterat", "retrain", "swap", "weekly", "经常", "經常", "频繁",
                             "頻繁", "迭代", "更新", "换模型", "換模型"),
    },
    "existing_hardware": {
        "cpu_servers": ("cpu", "server", "xeon", "epyc", "服务器", "伺服器", "服務器"),
        "npu_laptops": ("npu", "laptop", "notebook", "copilot+", "笔记本", "筆記本", "筆電"),
        "gpu_workstations": ("gpu", "workstation", "rtx", "graphics card", "工作站", "显卡", "顯卡"),
        "workstation_host": ("workstation", "desktop", "pc", "tower", "工作站", "台式机", "桌机", "桌機", "电脑", "電腦"),
        "server_host": ("server", "host", "slot", "服务器", "伺服器", "服務器", "主机", "主機", "槽"),
        "none": ("none", "nothing", "no hardware", "don't have", "do not have", "没有", "沒有", "无", "無"),
    },
}
# Yes/no facts: either answer needs the topic to be mentioned ("no training here" supports False).
BOOL_KEYWORDS: dict[str, tuple[str, ...]] = {
    "dynamic_shapes": ("dynamic", "variable length", "variable-length", "varying length", "shape", "动态",
                       "動態", "变长", "變長", "不定长", "不定長"),
    "accuracy_critical": ("accura", "precis", "critical", "exact", "mistake", "error", "精度", "准确", "準確",
                          "精确", "精確", "关键", "關鍵"),
    # Not "fine-tuned": serving "our fine-tuned model" says nothing about training on the hardware.
    "mixed_training": ("train", "retrain", "训练", "訓練"),
}
# Quantization names as people write them: "Q4_K_M", "q4km", "4-bit", "int8", "半精度".
QUANTIZATION_KEYWORDS: dict[str, tuple[str, ...]] = {
    "FP16": ("fp16", "float16", "half precision", "半精度"),
    "BF16": ("bf16", "bfloat16"),
    "FP8": ("fp8",),
    "INT8": ("int8", "8-bit", "8 bit", "8bit", "8位"),
    "Q8_0": ("q8",),
    "Q6_K": ("q6",),
    "Q5_K_M": ("q5",),
    "Q4_K_M": ("q4_k_m", "q4km", "q4 k m", "q4-k-m", "q4_k"),
    "Q4_0": ("q4_0", "q40"),
    "INT4": ("int4", "4-bit", "4 bit", "4bit", "4位"),
    "Q3_K_M": ("q3",),
    "Q2_K": ("q2",),
}


def _mentions(keywords: tuple[str, ...], text: str) -> bool:
    lowered = text.lower()
    for keyword in keywords:
        if keyword.isascii():
            # ASCII keywords must start a word ("org" must not match "forget"); stems may run on.
            if re.search(r"(?<![a-z0-9])" + re.escape(keyword), lowered):
                return True
        elif keyword in text:
            return True
    return False


# Words (regular expressions) that go with each numeric field: a model's number for a field is kept
# only when one of them stands next to it (`cue_adjacent`), and fields are asked for only then.
_UNIT = r"\d\s*(?:{})(?![a-z])"
# People as leads count them ("50 analysts", "25 个律师"): a number next to one is a head count.
_PEOPLE = (r"user|people|ppl|person|staff|employee|folk|seat|analyst|engineer|developer|\bdevs?\b|agent|lawyer"
           r"|doctor|nurse|student|member|colleague|teammate|customer|operator|researcher|scientist|\breps?\b"
           r"|人|用户|用戶|使用者|同事|同仁|员工|員工|成员|成員|工程师|工程師|分析师|分析師|律师|律師|坐席|客服|学生|學生")
NUMBER_CUES: dict[str, str] = {
    "model_params_b": _UNIT.format("b|bn") + r"|billion|param|参数|參數",
    "concurrent_users": _PEOPLE + r"|concurren|simultaneous|at once|same time|peak|同时|同時|并发|並發|峰",
    "total_users": _PEOPLE + r"|账号|帳號|位",
    "prompt_tokens": r"token|tok\b|prompt|input|\bin\b|字|提示|输入|輸入|进|進",
    "output_tokens": r"token|tok\b|answer|output|response|repl|\bout\b|字|输出|輸出|回答|回覆|出",
    "context_length": r"context|ctx|window|上下文|窗口",
    "ttft_target_ms": _UNIT.format("ms|s|sec|secs|seconds?") + r"|latency|first token|ttft|毫秒|秒|延迟|延遲|首",
    "tokens_per_s_target": r"tok/s|tokens?/s|t/s|per second|tps|每秒",
    "power_budget_w": _UNIT.format("w|kw") + r"|watt|power|功耗|电力|電力|瓦",
    # Not "k": a thousand of anything ("3k tokens") is no sum of money.
    "budget_usd": r"\$|usd|dollar|budget|spend|grand|美元|美金|预算|預算",
    # Never the bare word "model": "a 72B model" states a size, not how many models are served.
    "models_served": r"\bmodels\b|[个個种種套]\s*(?:不同的?)?模型",
    "hours_per_day": r"hour|h/day|小时|小時",
    "utilization": r"%|utiliz|使用率|利用率",
    "electricity_usd_per_kwh": r"kwh|electric|电价|電價|电费|電費",
    "amortization_years": r"year|amortiz|年|折旧|折舊",
}

# The values a model's reading may take, tighter than the contract (which also takes what a user
# states, to be questioned): outside these a small model misread, so the value is dropped, not asked
# about. A first token under 50 ms or over a minute is no interactive target; no deployment serves
# more than a few dozen distinct models from one pool; a user reads 1 to 500 tokens per second.
PLAUSIBLE_RANGE: dict[str, tuple[float, float]] = {
    "model_params_b": (0.1, 2000.0),
    "concurrent_users": (1, 100_000),
    "total_users": (1, 1_000_000),
    "prompt_tokens": (16, 1_000_000),
    "output_tokens": (1, 32_768),
    "context_length": (512, 2_000_000),
    "ttft_target_ms": (50, 60_000),
    "tokens_per_s_target": (1, 500),
    "power_budget_w": (5, 10_000_000),
    "budget_usd": (100, 1e9),
    "models_served": (1, 50),
    "hours_per_day": (1, 24),
    "utilization": (0.01, 1),
    "electricity_usd_per_kwh": (0.01, 2),
    "amortization_years": (1, 10),
}

# Between a number and its cue word: a short stretch of one clause ("150ish when it's busy" is not
# "when it's busy, 40 people"). A clause break means the word describes another number.
_ADJACENT_CHARS = 20
_CLAUSE_BREAK = re.compile(r"[,;:!?()\n，；：。、！？（）]|\.\s")
# A parser's reading may be rounded or converted ("8B" read as Llama 3.1 8B's 8.03): a number within
# this of a value the parser used is that value.
_USED_TOLERANCE = 0.05


def plausible(field: str, value: Any) -> bool:
    """Whether a model's `value` for `field` lies in the field's plausible range (non-numbers pass)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or field not in PLAUSIBLE_RANGE:
        return True
    low, high = PLAUSIBLE_RANGE[field]
    return low <= value <= high


def _matches(value: float, mention: NumberMention, rel_tol: float = 1e-12) -> bool:
    return any(math.isclose(value, v, rel_tol=rel_tol) for v in mention.values)


def free_mentions(text: str, used: Sequence[float] = ()) -> list[NumberMention]:
    """The numbers of `text` left for a fact: not a device count ("100 H100s"), and not a number
    the parser already read into a fact (one number supports one fact)."""
    return [m for m in number_mentions(text)
            if not m.counts_hardware and not any(_matches(u, m, _USED_TOLERANCE) for u in used)]


def cue_distance(field: str, mention: NumberMention, text: str) -> int | None:
    """How many characters separate `mention` from the nearest of `field`'s words in the same clause
    (0 when the word touches it or is its unit, "20 tok/s"); None when none is within reach."""
    lowered = text.lower()
    end = mention.start + len(mention.text)
    before = _CLAUSE_BREAK.split(lowered[max(0, mention.start - _ADJACENT_CHARS): mention.start])[-1]
    after = _CLAUSE_BREAK.split(lowered[end: end + _ADJACENT_CHARS])[0]
    window, low, high = before + lowered[mention.start:end] + after, len(before), len(before) + end - mention.start
    distances = [max(0, low - m.end(), m.start() - high) for m in re.finditer(NUMBER_CUES.get(field, "(?!)"), window)]
    return min(distances) if distances else None


# A rate's words claim the number over its unit's and its time's: "每秒至少 40 個 token" and "30 tokens
# per second" are a speed, not a token count or a first-token time.
_RATE_CLAIMS = {"tokens_per_s_target": ("prompt_tokens", "output_tokens", "ttft_target_ms")}


def nearest_cue_fields(mention: NumberMention, text: str) -> set[str]:
    """The numeric fields whose words stand nearest to `mention` (ties kept: "100 users" is peak or total)."""
    distances = {f: d for f in NUMBER_CUES if (d := cue_distance(f, mention, text)) is not None}
    for rate, claimed in _RATE_CLAIMS.items():
        if rate in distances:
            distances = {f: d for f, d in distances.items() if f not in claimed}
    return {f for f, d in distances.items() if d == min(distances.values())} if distances else set()


def cue_adjacent(field: str, mention: NumberMention, text: str) -> bool:
    """Whether `field`'s words are the nearest to `mention` ("每位使用者每秒至少 40 個 token": 40 is tokens)."""
    return field in nearest_cue_fields(mention, text)


def field_claims(text: str, used: Sequence[float] = ()) -> dict[str, list[NumberMention]]:
    """The free numbers each numeric field's words claim, shared numbers settled by elimination.

    A number only one field's words stand nearest belongs to it; a number several fields tie on
    ("3k tokens": prompt or answer) goes to those of them that own no other number ("inputs 3k tokens,
    replies 500": the answer owns 500, so 3k is the prompt). A field left with two different numbers
    was given a range or a list ("some 200 tokens, some 20k"), not one value.
    """
    nearest = [(m, nearest_cue_fields(m, text)) for m in free_mentions(text, used)]
    owners = {next(iter(fields)) for _, fields in nearest if len(fields) == 1}
    claims: dict[str, list[NumberMention]] = {}
    for mention, fields in nearest:
        takers = fields if len(fields) == 1 else (fields - owners) or fields
        for field in takers:
            if len(fields) == 1 or field not in owners:
                claims.setdefault(field, []).append(mention)
    return claims


def _claimed(field: str, value: float, text: str, used: Sequence[float]) -> bool:
    mentions = field_claims(text, used).get(field, [])
    distinct = {m.values for m in mentions}
    return len(distinct) == 1 and any(_matches(value, m) for m in mentions)


def could_be_supported(field: str, text: str, *, need_cue: bool = False, used: Sequence[float] = ()) -> bool:
    """Whether any value of `field` could pass `value_supported` for `text`.

    Asking the model only for such fields keeps its output short (latency) without losing anything:
    a value for any other field would be dropped by the grounding check anyway. With `need_cue`, a
    numeric field also needs one of its words next to a free number (`cue_adjacent`).
    """
    if field == "quantization":
        return any(_mentions(keywords, text) for keywords in QUANTIZATION_KEYWORDS.values())
    if field in ENUM_KEYWORDS:
        return any(_mentions(keywords, text) for keywords in ENUM_KEYWORDS[field].values())
    if field in BOOL_KEYWORDS:
        return _mentions(BOOL_KEYWORDS[field], text)
    free = free_mentions(text, used)
    return bool(free) and (not need_cue or any(cue_adjacent(field, m, text) for m in free))


def _cue_near(field: str, value: float, text: str) -> bool:
    return any(_matches(value, m) and cue_adjacent(field, m, text) for m in number_mentions(text))


def one_field_per_number(facts: SlotValues, text: str, order: Sequence[str]) -> SlotValues:
    """Facts where each written number supports at most one numeric field.

    A small model copies "200 people" into every count it is asked for (users, total users, models
    served). When more fields claim a value than the text writes it, the fields with one of their
    words next to the number win, then the earlier in `order`.
    """
    numeric = {f: v for f, v in facts.items() if isinstance(v, int | float) and not isinstance(v, bool)}
    kept = {f: v for f, v in facts.items() if f not in numeric}
    by_value: dict[float, list[str]] = {}
    for field, value in numeric.items():
        by_value.setdefault(float(value), []).append(field)
    for value, fields in by_value.items():
        written = sum(1 for m in number_mentions(text) if not m.counts_hardware and _matches(value, m))
        ranked = sorted(fields, key=lambda f: (not _cue_near(f, value, text), order.index(f) if f in order else 99))
        kept.update({f: numeric[f] for f in ranked[: max(written, 1)]})
    return {f: facts[f] for f in facts if f in kept}


def value_supported(field: str, value: Any, text: str, *, used: Sequence[float] = (), need_cue: bool = False) -> bool:
    """True when the user's `text` supports `field = value` (see the module docstring).

    A number must be written in the text and not be one the parser already read (`used`); with
    `need_cue`, one of the field's words must stand next to it ("72B model" never says 72 models).
    """
    if field == "quantization":
        return _mentions(QUANTIZATION_KEYWORDS.get(str(value), (str(value).lower(),)), text)
    if field in ENUM_KEYWORDS:
        values = value if isinstance(value, list) else [value]
        table = ENUM_KEYWORDS[field]
        return bool(values) and all(_mentions(table.get(str(v), ()), text) for v in values)
    if field in BOOL_KEYWORDS:
        return isinstance(value, bool) and _mentions(BOOL_KEYWORDS[field], text)
    if isinstance(value, bool) or not isinstance(value, int | float) or not plausible(field, value):
        return False
    if _claimed(field, float(value), text, used):
        return True
    # Without `need_cue` (the answer to the question just asked) a number no field's words claim may
    # be the answer; one another field's words claim is not: "3k tokens" does not say how many users.
    return not need_cue and any(_matches(float(value), m) and not nearest_cue_fields(m, text)
                                for m in free_mentions(text, used))


__all__ = ["BOOL_KEYWORDS", "ENUM_KEYWORDS", "NUMBER_CUES", "PLAUSIBLE_RANGE", "QUANTIZATION_KEYWORDS", "could_be_supported",
           "cue_adjacent", "cue_distance", "field_claims", "free_mentions", "nearest_cue_fields", "one_field_per_number", "plausible", "value_supported"]
