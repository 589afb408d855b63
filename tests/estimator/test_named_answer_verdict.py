"""A named device's answer carries the case it states as a typed verdict, decided in the core.

Expectations from first principles, written before running:
- 7B at Q4_K_M is ~4.4 GB of weights; one L40S (48 GB, 864 GB/s) reads them ~190 times a second, so 10
  users at 30 tok/s each fit on the one asked for: fits.
- 70B at FP16 is ~141 GB of weights: one L40S (48 GB) cannot hold it, four (192 GB) can, and read it ~24
  times a second (4 × 864 GB/s over ~141 GB): enough for a 10 tok/s target: fits_at_more. (At the default
  30 tok/s no count would do: more copies add users, not speed per user.)
- The same 7B on the one L40S under a $1,000 budget: the card alone costs several thousand: past_limits.
- 2,000 tok/s for each user of a 70B model: a decode step reads ≥ 35 GB of weights (Q4), so even a whole
  L40S's 864 GB/s gives ~25 steps a second; no count reaches 2,000 per user: never_fits.
- An NPU for 200 concurrent users: seed 1 rules it out (NPUs serve one user): ineligible.
- An A100 40GB PCIe has no sourced price in the catalog: it cannot be costed: unpriced.
"""

from __future__ import annotations

import pytest

from estimator.advice.recommend import recommend
from estimator.workload import NamedDevice, Workload


def _named(catalog, hardware_id: str, count: int | None, **facts):
    workload = Workload(named_devices=[NamedDevice(hardware_id=hardware_id, count=count)], **facts)
    [answer] = recommend(workload, catalog).named
    return answer


@pytest.mark.parametrize(("hardware_id", "count", "facts", "verdict"), [
    ("nvidia-l40s", 1, {"model_params_b": 7, "quantization": "Q4_K_M", "concurrent_users": 10}, "fits"),
    ("nvidia-l40s", 1, {"model_params_b": 7, "quantization": "Q4_K_M", "concurrent_users": 10, "budget_usd": 1000},
     "past_limits"),
    ("nvidia-l40s", 1, {"model_params_b": 70, "quantization": "FP16", "concurrent_users": 10,
                        "tokens_per_s_target": 10}, "fits_at_more"),
    ("nvidia-l40s", 1, {"model_params_b": 70, "quantization": "Q4_K_M", "concurrent_users": 1,
                        "tokens_per_s_target": 2000}, "never_fits"),
    ("intel-lunar-lake-npu", 1, {"model_params_b": 7, "concurrent_users": 200}, "ineligible"),
    ("nvidia-a100-40gb-pcie", 2, {"model_params_b": 7, "concurrent_users": 10}, "unpriced"),
])
def test_the_answer_names_its_case(catalog, hardware_id, count, facts, verdict):
    answer = _named(catalog, hardware_id, count, **facts)
    assert answer.verdict == verdict, (answer.verdict, answer.count, answer.option and answer.option.violations)
    if verdict in ("fits", "fits_at_more", "never_fits", "ineligible"):
        assert answer.meets == (verdict == "fits")
