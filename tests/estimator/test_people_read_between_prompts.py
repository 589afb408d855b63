"""People at once send a prompt per answer and its reading, not per answer (`parallel_plans.prompting_share`).

First principles, written before the change ran: a person reads an answer at 238 words a minute (Brysbaert 2019)
÷ 0.75 words a token = 5.29 tok/s, so at the 30 tok/s it streams a session spends 5.29 / (5.29 + 30) = 15 % of its
cycle on the answer; the other people's prompts that land inside one answer are 15 % of a closed loop's. A prompt's
prefill costs 2 × active parameters FLOPs a token, at most the device's dense rate for the format.
"""

from __future__ import annotations

import pytest

from estimator.advice.concurrency import READING_TOKENS_PER_S
from estimator.advice.sizing import people_at_once
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest
from estimator.workload import Workload

# Llama 3.3 70B at FP8 on two RTX PRO 6000 (1,000 dense FP8 TFLOPS each, catalog), 8 people, 16k-token prompts.
PEOPLE, PROMPT, ANSWER, PARAMS_B = 8, 16_000, 256, 70.6
PAIR_FP8_FLOPS = 2 * 1_000e12


def _request(reading: float | None) -> EstimateRequest:
    return EstimateRequest(hardware="nvidia-rtx-pro-6000-blackwell", count=2, params_b=PARAMS_B, model="llama-3.3-70b",
                           quant="FP8", backend="vllm", concurrency=PEOPLE, prompt_tokens=PROMPT, output_tokens=ANSWER,
                           paced_tokens_per_s=30.0, reading_tokens_per_s=reading)


def test_reading_speed_is_five_tokens_a_second():
    assert READING_TOKENS_PER_S == pytest.approx(238 / 60 / 0.75, rel=1e-9)
    assert READING_TOKENS_PER_S / (READING_TOKENS_PER_S + 30) == pytest.approx(0.15, abs=0.005)


def test_a_closed_loop_pays_every_other_prompt_in_each_answer(catalog):
    # 7 other prompts × 16k tokens × 2 × 70.6 GFLOP = 15.8 PFLOP inside each answer: at the pair's whole dense
    # FP8 rate that alone takes 7.9 s, so 256 tokens come no faster than 32 tok/s whatever the memory does.
    closed = estimate(_request(None), catalog)
    flops_per_answer = (PEOPLE - 1) * PROMPT * 2 * PARAMS_B * 1e9
    assert closed.decode_tokens_per_s_per_stream <= ANSWER / (flops_per_answer / PAIR_FP8_FLOPS)


def test_people_who_read_leave_the_decode_steps_most_of_the_compute(catalog):
    # The same eight people reading between prompts: 15 % of those prompts, 2.4 PFLOP an answer (1.2 s at the
    # pair's peak): faster answers and a shorter wait for the first token than the closed loop's.
    closed = estimate(_request(None), catalog)
    reading = estimate(_request(READING_TOKENS_PER_S), catalog)
    assert reading.decode_tokens_per_s_per_stream > closed.decode_tokens_per_s_per_stream
    assert reading.ttft_p95_ms is not None and closed.ttft_p95_ms is not None
    assert reading.ttft_p95_ms < closed.ttft_p95_ms
    # One person alone waits for nobody's prompt: reading changes nothing.
    one = _request(None).model_copy(update={"concurrency": 1})
    alone, alone_reading = estimate(one, catalog), estimate(one.model_copy(update={"reading_tokens_per_s": 5.0}), catalog)
    assert alone.decode_tokens_per_s_per_stream == pytest.approx(alone_reading.decode_tokens_per_s_per_stream)


@pytest.mark.parametrize("workload, people", [
    (Workload(concurrent_users=6), True),  # "同時大概 6 個人在用": people at once
    (Workload(requests_per_s=12.0), False),  # Little's law already counted only the time a request is generated
    (Workload(total_users=800), False),  # a head count becomes generating streams the same way
    (Workload(concurrent_users=10, agentic_sessions=True), False),  # agents send the next prompt at once
    (Workload(concurrent_users=4, arrival_pattern="batch"), False),  # a batch job has no readers
])
def test_only_a_concurrency_said_as_people_reads_between_prompts(workload, people):
    assert people_at_once(workload) is people
