"""The capacity probe picks its layout for the speed it checks (`parallel_plans.best_plan(speed_asked=...)`).

Worked out before running the estimator: an Atlas 300I Duo card holds 96 GB at 408 GB/s (two 310P chips).
Qwen2.5-7B in INT8 is ~7.6 GB, read once per decode step: one card at the accelerator prior's ~60 % of its
bandwidth gives 245 / 7.6 ≈ 32 tok/s before its fixed step cost (~30 with it); two cards in tensor parallel
share the reads, ~50 tok/s. Paced at seed 1's 30 tok/s, the smallest group reaching 30 (a copy per card) is
the layout, which is right for serving at 30. An uncalibrated purchase is checked at the low end of its range
(`Sizer.cautious`), so the probe asks ~36 tok/s: at one user the two-card group reaches it, so the option carries
users. Choosing the layout for the pace alone read "carries nobody" at one user (single cards, 30 < 36) while
five users on the two-card group got ~50: a 2-card Duo option was costed at an infinite price per token and an
8-NPU 910B server ($173.6k) was bought for five users of a 7B model.
"""

from __future__ import annotations

from estimator.physics import parallel_plans
from estimator.physics.catalog_index import catalog_index
from estimator.physics.resolve import resolve
from estimator.physics.throughput import max_concurrent_streams
from estimator.schemas import EstimateRequest

DUO = "huawei-atlas-300i-duo"


def _request(users: int = 1) -> EstimateRequest:
    return EstimateRequest(hardware=DUO, count=2, model="qwen2.5-7b", params_b=7.62, quant="INT8", backend="ascend",
                           concurrency=users, paced_tokens_per_s=30.0)


def test_a_stricter_speed_than_the_pace_takes_the_tensor_parallel_group(catalog):
    r = resolve(_request(), catalog_index(catalog))
    paced = parallel_plans.best_plan(r, 2, 1)
    strict = parallel_plans.best_plan(r, 2, 1, speed_asked=36.0)
    assert paced.per_stream < 36.0 <= strict.per_stream  # the copies per card fall short; the pair reaches it


def test_the_probe_finds_users_where_a_group_reaches_its_speed(catalog):
    assert max_concurrent_streams(_request(), catalog, min_tokens_per_s=36.0, ttft_target_ms=1000.0) >= 5
