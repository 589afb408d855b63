"""Quantizing refused in words is a 16-bit format, and a format in brackets after the refusal is the one chosen.

"不准量化（要 BF16）" refuses quantizing and chooses BF16: the refusal's object is 量化, so the bracketed format is
not ruled out (it was, and the 405B model was then sized at INT4 under a 2.2 kW circuit). A target refused
("不要量化到 4bit 以下") still only asks for accuracy, never 16 bits.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "fmt"), [
    ("不准量化（要 BF16），跑 Llama 3.1 8B", "BF16"),
    ("we dont allow quantized weights (bf16 only)", "BF16"),
    ("no quantization (fp16 weights), 8b model", "FP16"),
    ("禁止量化，模型用原版", "FP16"),
    ("老闆說不許量化，原樣跑", "FP16"),
    ("不允许量化", "FP16"),
    ("compliance says we're not allowed to quantize", "FP16"),
    ("quantization is not allowed here", "FP16"),
    ("we cant quantize this model", "FP16"),
    ("我们有 2 张 H100，不想量化，Qwen3-235B-A22B 给 10 人", "FP16"),
    ("有兩張 L40S，模型要用原始精度 Llama 3.3 70B，不做任何量化", "FP16"),
    ("we have 2 H100s and don't want to quantize", "FP16"),
    ("we'd rather not quantize it, 70b for 10 users", "FP16"),
])
def test_a_refusal_to_quantize_reads_a_sixteen_bit_format(text, fmt):
    assert parse_message(text).facts.get("quantization") == fmt


@pytest.mark.parametrize("text", ["不要量化到 4bit 以下", "不要 INT4（精度差）", "don't quantize it to int4"])
def test_a_refused_target_format_is_no_choice_but_asks_for_accuracy(text):
    facts = parse_message(text).facts
    assert "quantization" not in facts and facts.get("accuracy_critical") is True


def test_a_format_refused_before_a_bracket_stays_refused():
    facts = parse_message("no int4 (too lossy), fp8 ok").facts
    assert facts.get("quantization") == "FP8" and facts.get("accuracy_critical") is True
