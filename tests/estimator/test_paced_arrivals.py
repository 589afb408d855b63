"""Users who read each answer send their next prompt no sooner than the answer streams at their speed target.

A stream's cycle in the estimator is a closed loop at the device's own speed, as a benchmark client runs: the faster
the device decodes, the sooner every stream sends its next prompt. People do not ask faster because the card is
fast (estimator/advice/concurrency.py converts sessions to streams at the target speed), so a sizing request paces the
arrivals at the target: the prompt rate is at most streams / (answer at the target speed). The p95 first token of
a fast device under bursty arrivals then follows Kingman's formula at that rate (`latency.ttft_ms`).
"""

from __future__ import annotations

import pytest

from estimator.physics.latency import ttft_ms
from estimator.physics.throughput import estimate
from estimator.schemas import EstimateRequest
from knowledge.testing import memory_catalog

BURSTY = EstimateRequest(hardware="nvidia-l40s", params_b=7, quant="Q4_K_M", backend="vllm", concurrency=25,
                         prompt_tokens=1000, output_tokens=250, arrival_pattern="bursty")


def test_pacing_at_the_target_queues_prompts_at_the_users_rate(catalog):
    free = estimate(BURSTY, catalog)
    paced = estimate(BURSTY.model_copy(update={"paced_tokens_per_s": 30.0}), catalog)
    assert free.decode_tokens_per_s_per_stream > 30  # the device outruns the pace, so pacing matters
    prefill_ms = 1000 / paced.prefill_tokens_per_s * 1000
    mean, p95 = ttft_ms(prefill_ms, 25, 250 / 30 * 1000 + prefill_ms, "bursty")
    assert paced.ttft_p95_ms == pytest.approx(p95, rel=0.02)
    assert paced.ttft_p95_ms < free.ttft_p95_ms
    assert paced.decode_tokens_per_s_per_stream == free.decode_tokens_per_s_per_stream  # decode is not paced


def test_a_pace_faster_than_the_device_changes_nothing(catalog):
    free = estimate(BURSTY, catalog)
    assert estimate(BURSTY.model_copy(update={"paced_tokens_per_s": 1000.0}), catalog).ttft_p95_ms == free.ttft_p95_ms


def test_the_sizer_paces_requests_at_the_speed_target(catalog):
    from estimator.advice.assume import fill_defaults
    from estimator.advice.candidates import enumerate_candidates
    from estimator.advice.recommend import default_shortcuts, default_throughput
    from estimator.advice.sizing import Sizer
    from estimator.workload import Workload

    filled, _ = fill_defaults(Workload(concurrent_users=25, model_params_b=7, tokens_per_s_target=20), memory_catalog())
    e, c = default_throughput()
    sizer = Sizer(filled, catalog, e, c, shortcuts=default_shortcuts(None))
    cand = enumerate_candidates(filled, catalog)[0][0]
    assert sizer.request(cand, 1, 25).paced_tokens_per_s == 20
