"""An unattended volume (a batch flow said as tokens a day or an API spend) is a job sized by its throughput over its
window, not streams held to a per-stream pace; a volume people wait on stays streams at its busy hour.

Worked by hand: 800M tokens a day at 2,000 in + 100 out is 380,952 items; with no hours said they run over the day's
86,400 s, so the job needs 380,952 x 2,000 / 86,400 = 8,818 prompt tok/s and 441 generated tok/s, and the window is the
one margin (no busy hour). Counted as streams at the batch pace instead, 4.4 requests/s holding a 60 s first-token wait
plus 100 / 10 s would have been ~310 streams.
"""

from __future__ import annotations

import pytest

from estimator.advice.recommend import recommend
from estimator.workload import Workload

BATCH = Workload(model_params_b=8, tokens_per_day=8e8, prompt_tokens=2_000, output_tokens=100, arrival_pattern="batch")


def test_a_batch_volume_is_a_job_of_its_day_s_items(catalog):
    rec = recommend(BATCH, catalog)
    assert rec.batch is not None
    assert rec.batch.items == 380_952 and rec.batch.window_hours == 24
    assert rec.batch.required_prefill_tokens_per_s == pytest.approx(380_952 * 2_000 / 86_400, rel=1e-3)
    assert rec.batch.required_decode_tokens_per_s == pytest.approx(380_952 * 100 / 86_400, rel=1e-3)
    assert rec.load_conversion is None  # no streams shown: the job's throughput is the sizing


def test_a_window_said_beside_the_volume_is_the_job_s(catalog):
    rec = recommend(BATCH.model_copy(update={"batch_window_hours": 6.0}), catalog)
    assert rec.batch is not None and rec.batch.window_hours == 6


def test_a_volume_people_wait_on_stays_streams_at_its_busy_hour(catalog):
    rec = recommend(BATCH.model_copy(update={"arrival_pattern": None}), catalog)
    assert rec.batch is None and rec.load_conversion is not None
    assert rec.load_conversion.peak_factor == 2.0
