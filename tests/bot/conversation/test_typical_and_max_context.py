"""A typical context and a maximum said together, through the real engine in three languages.

Expectations from seed 2's paged KV, worked out before running the product: each stream holds its typical
prompt + answer, one request at the maximum must also fit, prefix caching is not credited. The
recommendation must hold at least the weights plus that KV at 8-bit elements (the smaller of the two element
sizes an engine may keep), and never read the maximum as every prompt's length.
- Llama 3.3 70B: 2 × 80 × 8 × 128 = 163,840 KV values per token; FP8 weights 70.6 GB.
- Qwen3-32B: 2 × 64 × 8 × 128 = 131,072 values per token; FP8 weights 32.8 GB.
- gpt-oss-120b: 18 full-attention layers × 2 × 8 × 64 = 18,432 values per token (the 18 windowed layers hold
  128 tokens); MXFP4 weights ~62 GB.
"""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk

ANSWER = 256  # seed 1's default answer length


def _kv_floor_gb(values_per_token: int, streams: int, typical: int, maximum: int) -> float:
    """KV at one byte per value: every stream at its typical length plus one request grown to the maximum."""
    sequence = typical + ANSWER
    return (streams * sequence + max(0, maximum - sequence)) * values_per_token / 1e9


@pytest.mark.parametrize(("message", "typical", "maximum", "streams", "values", "weights_gb"), [
    ("llama 3.3 70b fp8 for 40 concurrent users, prompts usually 8k, sometimes up to 64k, first token under 5 s",
     8_000, 65_536, 40, 163_840, 70.6),
    ("Qwen3-32B，FP8，并发30，上下文一般8k，偶尔32k，首字3秒内", 8_000, 32_768, 30, 131_072, 32.8),
    ("gpt-oss-120b 給 50 人同時用，context 最長 64k 平均 10k，首字 5 秒內", 10_000, 65_536, 50, 18_432, 62.0),
], ids=["en", "zh-Hans", "zh-Hant"])
def test_the_typical_context_is_every_streams_and_the_maximum_is_one_request(engine, message, typical, maximum,
                                                                              streams, values, weights_gb):
    *_, reply = talk(engine, message, "just recommend")
    assert reply.slots["prompt_tokens"] == typical
    assert reply.slots["context_length"] == pytest.approx(maximum, rel=0.03)
    assert reply.slots["concurrent_users"] == streams
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None
    floor = weights_gb + _kv_floor_gb(values, streams, typical, maximum)
    assert rec.primary.estimate.memory_required_gb >= floor


# GLM-4.6 (the catalog's 355B / 32B-active shape standing in for an unknown 355B MoE): 2 × 92 × 8 × 128 values per
# token. "64k ctx for agentic stuff" is the window; the typical prompt is assumed at half of it (32,768), so the KV
# floor at one byte per value is (20 × 33,024 + (65,536 − 33,024)) × 188,416 B = 130.6 GB on 355 GB of FP8 weights.
@pytest.mark.parametrize("message", [
    "we own nothing yet. 355B MoE (~32B active), fp8, 15-20 concurrent at peak, 64k ctx for agentic stuff, first token under 20 s",
    "355B 的 MoE 模型（激活 32B），FP8，高峰 20 个并发，做 agent，上下文 64k，首字 20 秒内",
    "355B 的 MoE 模型（啟用 32B），FP8，尖峰 20 個併發，跑 agent，上下文 64k，首字 20 秒內",
], ids=["en", "zh-Hans", "zh-Hant"])
def test_an_agent_window_alone_is_the_maximum_and_half_of_it_the_typical_prompt(engine, message):
    *_, reply = talk(engine, message, "just recommend")
    assert reply.slots["context_length"] == 65_536
    assert reply.slots.get("prompt_tokens") in (None, 32_768)  # assumed, not read
    rec = reply.recommendation
    assert rec is not None and rec.primary is not None
    assert rec.workload["prompt_tokens"] == 32_768
    floor = 355 + _kv_floor_gb(2 * 92 * 8 * 128, 20, 32_768, 65_536)
    assert rec.primary.estimate.memory_required_gb >= floor
