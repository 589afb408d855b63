"""Time to first token under continuous batching: queueing + prefill, mean and p95.

The arrival model. C users are active at once, each in a closed loop: send a prompt, wait for the
first token, read the streamed answer, send the next prompt. One replica serves its share of them
with continuous batching: a prompt's prefill (`prefill_ms`, compute bound) runs between decode steps
and stalls the running streams while it runs. Per cycle of one user (its `output_tokens` decode steps
plus the other users' prefills that interleave), the replica is busy prefilling a share

    ρ = (C − 1) · prefill_ms / cycle_ms

of the time on *other* users' prompts, which is what a new prompt can queue behind (one user alone
never waits for itself). The wait follows Kingman's G/G/1 approximation with deterministic service:

    mean wait = ρ / (1 − ρ) · (c_a² / 2) · prefill_ms

- `steady`: independent users, Poisson-like arrivals, c_a² = 1.
- `bursty`: arrivals cluster (a meeting ends, a batch job fans out), c_a² = 4.
- `batch`: all C prompts arrive together; the k-th waits for k − 1 prefills, so the mean TTFT is
  (C + 1) / 2 prefills and the p95 is the ⌈0.95 · C⌉-th.

For the p95 the wait is taken as 0 with probability 1 − ρ and exponential otherwise (the heavy-traffic
shape of the G/G/1 wait): P(wait > t) = ρ · exp(−t · ρ / mean wait).
"""

from __future__ import annotations

import math

ARRIVAL_SCV: dict[str, float] = {"steady": 1.0, "bursty": 4.0}
# Above this the queue is effectively unstable; TTFT is reported at this load (and flagged).
MAX_UTILIZATION = 0.98


def prefill_utilization(concurrency: int, prefill_ms: float, cycle_ms: float) -> float:
    """Share of a replica's time spent on other users' prefills (0 for one user)."""
    if concurrency <= 1 or cycle_ms <= 0:
        return 0.0
    return min(MAX_UTILIZATION, (concurrency - 1) * prefill_ms / cycle_ms)


def ttft_ms(prefill_ms: float, concurrency: int, cycle_ms: float, arrival_pattern: str) -> tuple[float, float]:
    """(mean, p95) time to first token in ms for one replica serving `concurrency` users.

    >>> ttft_ms(prefill_ms=100.0, concurrency=1, cycle_ms=5000.0, arrival_pattern="steady")
    (100.0, 100.0)
    >>> ttft_ms(prefill_ms=100.0, concurrency=4, cycle_ms=1000.0, arrival_pattern="batch")
    (250.0, 400.0)
    """
    if arrival_pattern == "batch":
        return prefill_ms * (concurrency + 1) / 2.0, prefill_ms * math.ceil(0.95 * concurrency)
    rho = prefill_utilization(concurrency, prefill_ms, cycle_ms)
    if rho <= 0.0:
        return prefill_ms, prefill_ms
    scv = ARRIVAL_SCV.get(arrival_pattern, 1.0)
    mean_wait = rho / (1.0 - rho) * (scv / 2.0) * prefill_ms
    p95_wait = (mean_wait / rho) * math.log(rho / 0.05) if rho > 0.05 else 0.0
    return prefill_ms + mean_wait, prefill_ms + p95_wait


__all__ = ["ARRIVAL_SCV", "MAX_UTILIZATION", "prefill_utilization", "ttft_ms"]
