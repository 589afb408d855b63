"""A format the lead rules out is no format choice: "refuses 4-bit", "不接受 INT4", "int4 is not acceptable".
A ruled-out 4-bit format makes the workload accuracy-critical (seed 2, pitfall 2: quantization that loses
accuracy), so the default becomes an 8-bit format; a floor ("cannot go below 8-bit") still names 8-bit.
Written before the code (6 Dec 2026); the held-out half was not looked at while changing it."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

DEV = [
    "legal team refuses 4-bit quants, 70b for 30 users",
    "不要4bit量化，32B 模型 20 人用",
    "我們不接受 INT4，模型 14B",
    "int4 is not acceptable here, 70b",
    "4bit 不行，精度要求高",
]
HELD_OUT = [
    "please no 4 bit, the compliance folks will kill us. 32b model",
    "INT4 不考虑，模型 70B",
    "不准用 4bit 量化，14b",
    "avoid q4, quality matters, 8b",
]


@pytest.mark.parametrize("text", DEV + HELD_OUT)
def test_a_ruled_out_four_bit_format_is_not_read_and_makes_accuracy_critical(text):
    facts = parse_message(text).facts
    assert facts.get("quantization") in (None, "FP8", "Q8_0", "INT8", "BF16", "FP16"), facts
    assert facts.get("accuracy_critical") is True, facts


@pytest.mark.parametrize(("text", "fmt"), [
    ("no int4 please, fp8 at minimum, 8b model", "FP8"),
    ("we cannot go below 8-bit for this, 13b", "Q8_0"),
    ("use q4 if you must, 7b", "Q4_K_M"),
    ("we'll run it at int4 on vllm, 70b", "INT4"),
])
def test_a_format_said_as_a_choice_or_a_floor_is_still_read(text, fmt):
    assert parse_message(text).facts.get("quantization") == fmt
