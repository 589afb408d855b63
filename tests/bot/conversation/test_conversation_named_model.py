"""A named catalog model settles what its checkpoint says: the interview does not ask for a
weight precision the model ships in (gpt-oss in MXFP4, DeepSeek-V3 in FP8), and the reply states the
format it sized. A model without a shipped low-bit format (Qwen3-14B, BF16) is still asked, since
the usual choice there (Q4_K_M) is the user's to make. Questions are limited (`MAX_QUESTIONS`), so
one not wasted on a settled fact goes to the prompt lengths instead."""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk


@pytest.mark.parametrize("message, native", [
    ("gpt-oss-120b for 40 concurrent users, first token under 2 s", "MXFP4"),
    ("DeepSeek-V3 for 20 concurrent users, first token under 3 s", "FP8"),
    ("给 40 个并发用户部署 gpt-oss-20b，首个 token 2 秒内", "MXFP4"),
])
def test_a_model_shipped_in_a_low_bit_format_is_not_asked_for_its_precision(engine, message, native):
    first, second = talk(engine, message, "prompts ~1000 tokens, answers ~300")
    assert first.asked_slot == "prompt_tokens", first.text
    assert second.recommendation is not None
    assert second.recommendation.workload["quantization"] == native
    assert "quantization" not in (second.slots or {})  # implied, not stated: a later "use FP8" still wins


def test_a_model_shipped_in_bf16_is_still_asked_for_its_precision(engine):
    (first,) = talk(engine, "qwen3 14b for 40 concurrent users, first token under 2 s")
    assert first.asked_slot == "quantization", first.text


def test_a_stated_format_overrides_the_shipped_one_in_a_follow_up(engine):
    replies = talk(engine, "gpt-oss-120b for 40 concurrent users, first token under 2 s",
                   "prompts ~1000 tokens, answers ~300", "what if we use FP8 weights?")
    assert replies[1].recommendation.workload["quantization"] == "MXFP4"
    assert replies[2].recommendation.workload["quantization"] == "FP8"
