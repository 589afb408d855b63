"""Quantizing refused in words is the checkpoint's 16-bit precision; quality said not to drop is accuracy-critical."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", ["不能量化，必须原版权重", "模型不能压缩", "不能用量化版", "不能做有損量化",
                                  "no lossy compression of weights"])
def test_quantizing_refused_is_sixteen_bit(text):
    assert parse_message(text).facts.get("quantization") in ("FP16", "BF16")


@pytest.mark.parametrize("text", ["quality can't drop at all", "accuracy must not degrade", "品質不能下降"])
def test_quality_said_not_to_drop_is_accuracy_critical(text):
    facts = parse_message(text).facts
    assert facts.get("accuracy_critical") is True
    assert facts.get("quantization") is None  # a floor on quality, not a format


def test_quantizing_allowed_is_neither():
    facts = parse_message("we can quantize if needed").facts
    assert facts.get("quantization") is None and not facts.get("accuracy_critical")


@pytest.mark.parametrize("text", ["we were burned by awq before, no 4-bit", "4bit 效果太差，不考虑",
                                  "4-bit quality isn't good enough for legal", "q4 is too lossy for us",
                                  "int4 hurts accuracy, so no"])
def test_a_format_said_to_fall_short_is_ruled_out_not_chosen(text):
    facts = parse_message(text).facts
    assert facts.get("quantization") is None  # ruled out, so no format chosen
    assert facts.get("accuracy_critical") is True  # 4 bits refused: seed 2's careless-quantization pitfall


@pytest.mark.parametrize(("text", "quant"), [("Q4_K_M is good enough for us", "Q4_K_M"), ("4bit 效果不错", "Q4_K_M"),
                                             ("awq works fine for us", "INT4")])
def test_a_format_said_to_do_is_chosen(text, quant):
    assert parse_message(text).facts.get("quantization") == quant
