"""A batch job's count search reads each count's hours from the widths' speeds alone (`BatchSizer._widest`,
`throughput.ByCount.job_speeds`), and builds a whole estimate only for the counts it keeps. The hours it reads must
be the whole estimates' hours: for every count, the fastest width's hours worked out from whole estimates made
afresh (`throughput.estimate`, no memo), and the estimate kept at a count must finish in those hours.

First principles for the job below: 20,000 documents of 6,000 tokens in, 300 out, in 8 h need 20,000 × 6,000 / 28,800
≈ 4,200 prompt tokens/s and ≈ 210 generated tokens/s; a 70B at FP8 (~70 GB) needs two 48 GB cards per copy, so
on L40S no count below 2 fits and the hours fall as copies are added (not necessarily by the same step each time).
"""

from __future__ import annotations

import math

import pytest

from estimator.advice.assume import fill_defaults
from estimator.advice.batch_jobs import BATCH_STREAMS, BatchSizer, job_hours, prepare
from estimator.advice.candidates import enumerate_candidates
from estimator.advice.recommend import default_shortcuts, default_throughput
from estimator.physics import throughput
from estimator.workload import Workload

JOB = Workload(model_params_b=70, quantization="FP8", batch_items=20_000, batch_window_hours=8, prompt_tokens=6000,
               output_tokens=300)


def _sizer(catalog):
    filled, _ = fill_defaults(prepare(JOB), catalog)
    estimate, capacity = default_throughput()
    return BatchSizer(filled, catalog, estimate, capacity, shortcuts=default_shortcuts(None)), filled


def _afresh_hours(sizer, candidate, count, catalog, workload):
    """The fastest width's hours from whole estimates, each made afresh; widths stop at the first that does not fit."""
    widths = [w for w in BATCH_STREAMS if w <= (workload.batch_items or 1)]
    if candidate.stack.continuous_batching == "no":
        widths = [1]
    best = math.inf
    for width in widths:
        est = throughput.estimate(sizer.request(candidate, count, width), catalog)
        if not est.fits and width > widths[0]:
            break
        best = min(best, job_hours(est, width, workload))
    return best


@pytest.mark.parametrize("hardware", ["nvidia-l40s", "nvidia-h100-sxm", "nvidia-rtx-4090"])
def test_the_hours_read_are_the_whole_estimates_hours(catalog, hardware):
    sizer, workload = _sizer(catalog)
    candidates = [c for c in enumerate_candidates(workload, catalog)[0] if c.hardware.id == hardware]
    assert candidates, hardware
    finite = 0
    for candidate in candidates[:3]:
        for count in range(1, 25):
            hours = sizer.hours(candidate, count)
            assert hours == _afresh_hours(sizer, candidate, count, catalog, workload), (candidate.stack.id, count)
            kept, width = sizer.best_streams(candidate, count)
            assert job_hours(kept, width, workload) == hours, (candidate.stack.id, count)
            finite += math.isfinite(hours)
    assert finite  # some count of each device runs the job
