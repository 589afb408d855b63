"""How many of the devices a user owns one option may use, and the fewest of them that meet the targets.

Shared by the owned answers (`owned`) and the lighter-format rule (`owned_lighter`), which sizes the same owned
devices at another format.
"""

from __future__ import annotations

from estimator.advice.candidates import Candidate, is_embedded_module
from estimator.advice.sizing import Sizer


def owned_cap(sizer: Sizer, cand: Candidate, limit: int) -> int:
    """How many of `limit` owned devices one option may use. Devices that go into servers: all of them (up
    to the count search's ceiling). SoC machines (a Mac Studio, a mini-PC) do not pool into one server, but
    each one that holds a whole copy of the model serves its share of the users as a replica (llama.cpp or
    MLX on each, behind a load balancer): two owned Mac Studios were evaluated as one carrying every user.
    So all of them count when one copy fits one machine, else one. NPU blocks and embedded modules stay one
    (seed 1: an NPU serves one user)."""
    top = max(1, min(limit, cand.max_count))
    hw = cand.hardware
    if (top == 1 < limit and cand.existing and hw.kind == "soc" and not is_embedded_module(hw)
            and sizer.estimate(cand, 1, users=1).fits):
        return limit
    return top


def smallest_within(sizer: Sizer, cand: Candidate, limit: int, users: int | None = None) -> int | None:
    """Fewest devices, at most `limit`, that meet the targets for `users` (None when even `limit` does not).

    Binary search: more devices of one kind never serve fewer users (the engine picks the best plan
    that fits at each count), so the first count that meets is found in about log2(limit) estimates.
    """
    limit = owned_cap(sizer, cand, limit)
    if not sizer.meets(cand, limit, users):
        return None
    low, high = max(1, min(sizer.min_devices(cand), limit)), limit
    while low < high:
        mid = (low + high) // 2
        if sizer.meets(cand, mid, users):
            high = mid
        else:
            low = mid + 1
    return high


__all__ = ["owned_cap", "smallest_within"]
