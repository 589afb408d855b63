"""A token rate sizes the load through Little's law, shown in the reply, in every script.

By hand: 3M tokens an hour = 833.3 tokens/s; a request is 512 + 256 = 768 tokens (the defaults), so 1.085
requests/s; each holds a slot 1 s + 256 / 30 s = 9.53 s; 1.085 × 9.53 = 10.3 → 11 streams.
每分钟 20 万 token = 3,333 tokens/s ÷ 768 = 4.34 requests/s × 9.53 s = 41.4 → 42 streams."""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk


@pytest.mark.parametrize(("messages", "streams", "said"), [
    (("peak is ~3M tokens an hour on our fine-tuned llama 3.1 8b, Q4_K_M", "just recommend"), 11, "3,000,000 tokens/hour"),
    (("高峰每分钟20万token，微调过的 qwen2.5-14b", "直接推荐"), 42, "每小时 12,000,000 token"),
    (("尖峰每分鐘大約 20 萬 token，微調過的 qwen2.5-14b", "直接推薦"), 42, "每小時 12,000,000 token"),
])
def test_a_token_rate_becomes_streams_in_the_open(engine, messages, streams, said):
    reply = talk(engine, *messages)[-1]
    assert reply.recommendation is not None
    conversion = reply.recommendation.load_conversion
    assert conversion.source == "token_rate" and conversion.concurrent_streams == streams
    assert reply.recommendation.workload["concurrent_users"] == streams
    echo = reply.text.split("\n")[0]
    assert said in echo and f"{streams}" in echo


def test_a_later_concurrency_replaces_a_token_rate(engine):
    talk(engine, "~3M tokens an hour at peak, fine-tuned llama 3.1 8b, Q4_K_M", "just recommend")
    reply = engine.handle("t", "what if 40 concurrent users?")
    assert reply.recommendation.workload["concurrent_users"] == 40
    assert "tokens_per_s_total" not in reply.slots
