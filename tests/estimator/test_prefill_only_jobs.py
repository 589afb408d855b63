"""An embedder's batch job is prefill only on the embedder (`advice.batch_jobs.job_workload`), and a vision model's
pictures are prompt tokens by its family's pixels a token (`advice.request_shape.image_tokens`).

Worked out before running. 2M chunks x 512 tokens through bge-m3 (0.568B) is 1.02e9 tokens x 1.14 GFLOP = 1.2e18
FLOP, ~4 h on one RTX 5090 at 40 % of its 209 TF BF16, inside an 8 h night; sized as the 14B chat model generating
256 tokens an item it took 5 cards and 266 h (outside review r15, en-02). By day 60 staff of a 14B at FP8 fit one
32-96 GB card; the purchase is the day's. Pictures: 1500 x 2000 px is 3,827 tokens at Qwen2.5-VL's 28 x 28 px; Qwen3-VL's
32 px make a 1280 x 720 frame 900; Gemma 3 takes 256 whatever the size."""

from __future__ import annotations

import math

from estimator.advice.batch_jobs import job_hours, job_workload
from estimator.advice.recommend import recommend
from estimator.advice.request_shape import image_prompt_tokens, image_tokens
from estimator.physics.throughput import JobSpeeds
from estimator.workload import ServedModel, Workload

_EMBEDDER = ServedModel(model_params_b=0.568, role="embedding", batch=True)
_CHAT = ServedModel(model_params_b=14.8, model_id="qwen3-14b", role="chat", concurrent_users=10)


def _night_and_day() -> Workload:
    return Workload(model_params_b=14.8, model_id="qwen3-14b", concurrent_users=10, served_models=[_EMBEDDER, _CHAT],
                    models_served=2, co_served_params_b=0.568, batch_items=2_000_000, prompt_tokens=512,
                    batch_window_hours=8, day_and_night=True)


def test_the_embedders_job_runs_on_the_embedder_and_generates_nothing():
    job = job_workload(_night_and_day())
    assert job.model_params_b == 0.568 and job.model_id is None and job.served_models is None
    assert job.batch_prefill_only and job.quantization == "BF16" and job.prompt_tokens == 512
    # a job of the chat model itself is left as said
    plain = Workload(model_params_b=8.0, batch_items=1000, batch_window_hours=2)
    assert job_workload(plain) is plain


def test_a_prefill_only_job_takes_its_copies_compute_whatever_the_batch_width():
    job = job_workload(_night_and_day())
    speeds = JobSpeeds(fits=True, decode_tokens_per_s_per_stream=0.0, prefill_tokens_per_s=100_000.0, replicas=2)
    hours = job_hours(speeds, 256, job)
    assert math.isclose(hours, 2_000_000 * 512 / 200_000 / 3600)
    assert job_hours(speeds, 1, job) == hours


def test_a_night_of_embedding_beside_a_day_of_chat_buys_for_the_day(catalog):
    rec = recommend(_night_and_day(), catalog)
    assert rec.primary is not None
    assert rec.batch is not None and rec.batch.output_tokens == 0
    assert rec.batch.finishes_hours is not None and rec.batch.finishes_hours <= 8
    assert rec.primary.capex_usd < 20_000  # one card and its host, not five cards for a job that does not exist


def test_pictures_cost_their_familys_tokens():
    assert image_tokens("qwen2.5-vl-72b", [1500, 2000]) == 3827
    assert image_tokens("qwen3-vl-8b") == 900
    assert image_tokens("gemma-3-27b", [1500, 2000]) == 256
    assert image_tokens("qwen2.5-vl-7b", [20_000, 20_000]) == 16_384  # the processor's max_pixels caps a huge scan
    assert image_prompt_tokens(8, "qwen2.5-vl-32b", [1200, 1600]) == 8 * 2449 + 100
