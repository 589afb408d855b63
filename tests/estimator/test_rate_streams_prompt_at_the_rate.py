"""Streams counted from an arrival rate send their prompts at that rate, not one per answer each
(`parallel_plans._paced_answer_ms`, `load.prompts_per_stream_per_s`).

First principles, written before the change ran. Little's law counts λ × hold streams on average; a daily volume is
sized at its busy hour (`load.busy_hour`, `load.busy_hour_streams`). A closed loop of that many streams sends
streams ÷ answer prompts a second, more than λ whenever the streams were rounded up to whole streams or the
device answers faster than the hold time assumed; prefill work is λ × prompt tokens a second whatever the stream
count. With 9 streams of 32k-token prompts at 0.153 requests/s (80M tokens a day, 9 h, a RAG desk), the prompts
cost λ × 32,000 × 2 × 27.4 GFLOP = 268 TFLOP/s of prefill; a closed loop of 9 streams prefills 8 other prompts in
each answer, 14.0 PFLOP, several times that rate whenever an answer takes less than ~50 s.
"""

from __future__ import annotations

import pytest

from estimator.advice.load import load_conversion, prompts_per_stream_per_s
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest
from estimator.workload import Workload

STREAMS, PROMPT, ANSWER, PARAMS_B = 9, 32_000, 300, 27.4
RATE = 0.153  # requests a second, the whole load


def _request(per_stream: float | None, streams: int = STREAMS) -> EstimateRequest:
    return EstimateRequest(hardware="nvidia-rtx-pro-6000-blackwell", count=2, params_b=PARAMS_B, model="gemma-3-27b",
                           quant="FP8", backend="vllm", concurrency=streams, prompt_tokens=PROMPT, output_tokens=ANSWER,
                           paced_tokens_per_s=30.0, prompts_per_stream_per_s=per_stream)


def test_prompts_at_the_rate_leave_the_answers_faster_than_a_closed_loop(catalog):
    closed = estimate(_request(None), catalog)
    paced = estimate(_request(RATE / STREAMS), catalog)
    assert paced.decode_tokens_per_s_per_stream > closed.decode_tokens_per_s_per_stream
    assert paced.ttft_p95_ms is not None and closed.ttft_p95_ms is not None
    assert paced.ttft_p95_ms <= closed.ttft_p95_ms


def test_prefill_inside_an_answer_is_the_rate_times_the_answer(catalog):
    # An answer of T seconds holds λ × T × (8/9) other prompts (the other streams' share of the rate), each 32k × 2 ×
    # 27.4 GFLOP: the answer can be no shorter than that work at the pair's dense FP8 peak (2 × 1,000 TFLOPS), and no
    # longer than the closed loop's (8 prompts in every answer).
    paced = estimate(_request(RATE / STREAMS), catalog)
    closed = estimate(_request(None), catalog)
    answer_s = ANSWER / paced.decode_tokens_per_s_per_stream
    others = RATE * answer_s * (STREAMS - 1) / STREAMS
    assert answer_s >= others * PROMPT * 2 * PARAMS_B * 1e9 / (2 * 1_000e12)
    assert answer_s <= ANSWER / closed.decode_tokens_per_s_per_stream


def test_a_rate_the_device_cannot_keep_up_with_is_the_closed_loop(catalog):
    # One prompt a second per stream is far beyond one per answer (an answer of 300 tokens takes seconds): the
    # queue would grow without bound, so each stream sends its next prompt as its answer ends, as a closed loop.
    closed = estimate(_request(None), catalog)
    flooded = estimate(_request(1.0), catalog)
    assert flooded.decode_tokens_per_s_per_stream == pytest.approx(closed.decode_tokens_per_s_per_stream, rel=1e-6)


def test_a_lone_stream_waits_for_no_other_prompt(catalog):
    alone = estimate(_request(None, streams=1), catalog)
    paced = estimate(_request(0.01, streams=1), catalog)
    assert paced.decode_tokens_per_s_per_stream == pytest.approx(alone.decode_tokens_per_s_per_stream, rel=1e-6)


def test_a_daily_volume_sends_its_rate_spread_over_the_streams_sized():
    # 2,400 requests a day over 8 h (no hours said: the busiest hour is 1.5× the average hour): 0.125/s; sized at
    # the 99th percentile of the Poisson count, each stream carries the rate ÷ that count.
    conversion = load_conversion(Workload(requests_per_day=2_400))
    assert conversion is not None
    per_stream = prompts_per_stream_per_s(conversion)
    assert per_stream == pytest.approx(conversion.requests_per_s / conversion.concurrent_streams)
    assert conversion.concurrent_streams > conversion.mean_streams  # sized above the mean: fewer prompts each
    assert per_stream * conversion.hold_s < 1.0  # less than one prompt per hold time each


def test_streams_said_are_a_closed_loop():
    assert prompts_per_stream_per_s(None) is None
