"""Span grounding for extracted workload facts: is a proposed value supported by the user's words?

A number must be written in the message (digits, units, Chinese numerals or English words: see
`bot.grounding.number_supported`); an enum or yes/no value needs one of its keywords (English,
Simplified or Traditional Chinese) in the message. The SLM may read meaning the parser missed, but it
cannot bring in a value the user never wrote, which is also what keeps prompt injection out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from bot.grounding import number_mentions, number_supported
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


# Words (regular expressions) that go with each numeric field. Used only to choose which fields to
# ask the model about when the caller did not say (a small model asked for many numbers invents some).
_UNIT = r"\d\s*(?:{})(?![a-z])"
NUMBER_CUES: dict[str, str] = {
    "model_params_b": _UNIT.format("b|bn") + r"|billion|param|model|参数|參數|模型",
    "concurrent_users": r"user|people|ppl|person|staff|employee|folk|concurren|simultaneous|at once|same time"
                        r"|人|用户|用戶|同时|同時|并发|並發",
    "total_users": r"user|people|ppl|person|staff|employee|folk|人|用户|用戶",
    "prompt_tokens": r"token|tok\b|prompt|input|字|提示|输入|輸入",
    "output_tokens": r"token|tok\b|answer|output|response|repl|字|输出|輸出|回答",
    "context_length": r"context|ctx|window|上下文|窗口",
    "ttft_target_ms": _UNIT.format("ms|s|sec|secs|seconds?") + r"|latency|first token|ttft|毫秒|秒|延迟|延遲|首",
    "tokens_per_s_target": r"tok/s|tokens?/s|t/s|per second|tps|每秒",
    "power_budget_w": _UNIT.format("w|kw") + r"|watt|power|功耗|电力|電力|瓦",
    "budget_usd": r"\$|" + _UNIT.format("k") + r"|usd|dollar|budget|spend|美元|预算|預算|元|万|萬",
    "models_served": r"model|模型",
    "hours_per_day": r"hour|h/day|小时|小時",
    "utilization": r"%|utiliz|使用率|利用率",
    "electricity_usd_per_kwh": r"kwh|electric|电价|電價|电费|電費",
    "amortization_years": r"year|amortiz|年|折旧|折舊",
}


def could_be_supported(field: str, text: str, *, need_cue: bool = False) -> bool:
    """Whether any value of `field` could pass `value_supported` for `text`.

    Asking the model only for such fields keeps its output short (latency) without losing anything:
    a value for any other field would be dropped by the grounding check anyway. With `need_cue`, a
    numeric field also needs one of its words (`NUMBER_CUES`) in the text.
    """
    if field == "quantization":
        return any(_mentions(keywords, text) for keywords in QUANTIZATION_KEYWORDS.values())
    if field in ENUM_KEYWORDS:
        return any(_mentions(keywords, text) for keywords in ENUM_KEYWORDS[field].values())
    if field in BOOL_KEYWORDS:
        return _mentions(BOOL_KEYWORDS[field], text)
    has_number = any(not mention.counts_hardware for mention in number_mentions(text))
    return has_number and (not need_cue or re.search(NUMBER_CUES.get(field, "(?!)"), text.lower()) is not None)


def _cue_near(field: str, value: float, text: str, window: int = 24) -> bool:
    lowered = text.lower()
    for mention in number_mentions(text):
        if any(math.isclose(value, v, rel_tol=1e-12) for v in mention.values):
            around = lowered[max(0, mention.start - window): mention.start + len(mention.text) + window]
            if re.search(NUMBER_CUES.get(field, "(?!)"), around):
                return True
    return False


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
        written = sum(
            1 for m in number_mentions(text)
            if not m.counts_hardware and any(math.isclose(value, v, rel_tol=1e-12) for v in m.values)
        )
        ranked = sorted(fields, key=lambda f: (not _cue_near(f, value, text), order.index(f) if f in order else 99))
        kept.update({f: numeric[f] for f in ranked[: max(written, 1)]})
    return {f: facts[f] for f in facts if f in kept}


def value_supported(field: str, value: Any, text: str) -> bool:
    """True when the user's `text` supports `field = value` (see the module docstring)."""
    if field == "quantization":
        return _mentions(QUANTIZATION_KEYWORDS.get(str(value), (str(value).lower(),)), text)
    if field in ENUM_KEYWORDS:
        values = value if isinstance(value, list) else [value]
        table = ENUM_KEYWORDS[field]
        return bool(values) and all(_mentions(table.get(str(v), ()), text) for v in values)
    if field in BOOL_KEYWORDS:
        return isinstance(value, bool) and _mentions(BOOL_KEYWORDS[field], text)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return number_supported(float(value), text)


__all__ = ["BOOL_KEYWORDS", "ENUM_KEYWORDS", "NUMBER_CUES", "QUANTIZATION_KEYWORDS", "could_be_supported", "one_field_per_number", "value_supported"]
