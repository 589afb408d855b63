"""Span grounding for extracted workload facts: is a proposed value supported by the user's words?

A number must be written in the message (digits, units, Chinese numerals or English words: see
`bot.grounding.number_supported`); an enum or yes/no value needs one of its keywords (English,
Simplified or Traditional Chinese) in the message. The SLM may read meaning the parser missed, but it
cannot bring in a value the user never wrote, which is also what keeps prompt injection out.
"""

from __future__ import annotations

import re
from typing import Any

from bot.grounding import number_supported

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
    "mixed_training": ("train", "fine-tun", "finetun", "fine tun", "训练", "訓練", "微调", "微調"),
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


__all__ = ["BOOL_KEYWORDS", "ENUM_KEYWORDS", "QUANTIZATION_KEYWORDS", "value_supported"]
