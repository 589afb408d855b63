"""A precision said twice is one precision: BF16 and FP16 store a weight in the same two bytes, so "bf16
unquantized" sizes one way whichever is kept (a conflict question there is noise, and the "just recommend"
that answers it used to fall back to a 4-bit default: the opposite of what the lead asked). Formats of
different widths stay a question."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("message", "precision"), [
    ("Mistral Small 3.2 24B, bf16 unquantized (lawyers paranoid about quality)", "BF16"),
    ("we'd serve it at full precision, bfloat16", "BF16"),
    ("no quantization please, fp16 weights", "FP16"),
    ("模型不量化，直接用 bf16 跑", "BF16"),
    ("權重不做量化，用 BF16", "BF16"),
])
def test_a_sixteen_bit_format_named_with_a_generic_phrase_is_one_precision(message, precision):
    parsed = parse_message(message)
    assert parsed.facts.get("quantization") == precision
    assert not [p for p in parsed.problems if p.slot == "quantization"]


@pytest.mark.parametrize("message", ["we run int8 today but fp8 is fine too", "q4_k_m, or maybe fp16 unquantized"])
def test_formats_of_different_widths_are_still_asked_about(message):
    parsed = parse_message(message)
    asked = [p for p in parsed.problems if p.slot == "quantization"] or parsed.options.get("quantization")
    assert asked and parsed.facts.get("quantization") is None
