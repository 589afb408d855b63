"""The per-user speed a purchase is sized for when the user gave no figure: the one place that decides it.

Seed 1 (/work/shared/seeds/000_*.txt) gives the interactive bands (lines 92–94: "舒適：30 個以上 token/秒 …
可接受：15–30 token/秒 … 令人沮喪：低於 15") and ties the per-user speed to the deployment's concurrency:

- a team server carries "15–30 個並發用戶" (line 173) at "每位用戶 30–80 token/秒（取決於並發性）" (line 175): up to
  `TEAM_PEAK_STREAMS` streams at once, the comfortable 30 is what that scale gets, so it is what is sized for;
- a department's server, "對於 200 個並發用戶，在適當的批次處理下，預期每位用戶 15–30 token/秒" (line 185): past a
  team's concurrency, batching trades per-user speed for users, and the seed's expectation is the acceptable band.
  It is sized at the band's floor, 15 (`ACCEPTABLE_TOKENS_PER_S`): seed 1 starts "從滿足你當前需求的最小配置"
  (line 219), and the band's floor is what "expect 15–30" promises every user.

The tier follows the peak concurrent streams, not the head count: seed 1 says the speed depends on concurrency
("取決於並發性", line 175), and 300 staff whose peak is 20 streams are a team's load on one server. Speed said in
words is the band said ("not too slow": acceptable; "snappy": comfortable) and overrides the tier; hardware they own
said to be slow at the load asks for more than the acceptable band it gives (comfortable); batch jobs and one person's
own device keep their own defaults (`assume`).
"""

from __future__ import annotations

from typing import NamedTuple

from estimator.defaults import ACCEPTABLE_TOKENS_PER_S, COMFORTABLE_TOKENS_PER_S
from estimator.workload import SpeedBand, SpeedBasis, Workload

# Seed 1, line 173: the team tier's production option "處理 15–30 個並發用戶" at 30–80 tok/s each (line 175);
# more streams at once than that is the department tier's load (line 185: 15–30 tok/s with batching).
TEAM_PEAK_STREAMS = 30
# Seed 1, line 164: one person's interactive use is served at 15–60 tok/s ("足夠用於互動式使用").
PERSONAL_TOKENS_PER_S = 15.0
# Seed 1: "以 10 tok/s 運行的 CPU 仍然可以在一夜之間處理數千份文件" — batch jobs care about throughput.
BATCH_TOKENS_PER_S = 10.0
BAND_TOKENS_PER_S: dict[SpeedBand, float] = {"comfortable": COMFORTABLE_TOKENS_PER_S,
                                             "acceptable": ACCEPTABLE_TOKENS_PER_S}
_SAID: dict[SpeedBand, SpeedBasis] = {"comfortable": "said_comfortable", "acceptable": "said_acceptable"}


class AssumedSpeed(NamedTuple):
    tokens_per_s: float
    basis: SpeedBasis


def assumed_speed(workload: Workload, *, peak_streams: int | None, batch: bool, personal: bool) -> AssumedSpeed:
    """The per-user speed to size for and why, for a workload whose speed figure was not said.

    >>> assumed_speed(Workload(), peak_streams=150, batch=False, personal=False)
    AssumedSpeed(tokens_per_s=15.0, basis='department')
    >>> assumed_speed(Workload(), peak_streams=30, batch=False, personal=False)
    AssumedSpeed(tokens_per_s=30.0, basis='team')
    >>> assumed_speed(Workload(speed_band="comfortable"), peak_streams=150, batch=False, personal=False)
    AssumedSpeed(tokens_per_s=30.0, basis='said_comfortable')
    """
    if workload.speed_band is not None:
        return AssumedSpeed(BAND_TOKENS_PER_S[workload.speed_band], _SAID[workload.speed_band])
    if workload.owned_falls_short:
        # "our 2x L40S are getting slow with 120 users": the acceptable band is what they have and call slow, so the
        # comfortable speed is what a purchase must bring (as it judges the owned devices: `recommend`)
        return AssumedSpeed(COMFORTABLE_TOKENS_PER_S, "owned_slow")
    if batch:
        return AssumedSpeed(BATCH_TOKENS_PER_S, "batch")
    if personal:
        return AssumedSpeed(PERSONAL_TOKENS_PER_S, "personal")
    if peak_streams is not None and peak_streams > TEAM_PEAK_STREAMS:
        return AssumedSpeed(ACCEPTABLE_TOKENS_PER_S, "department")
    return AssumedSpeed(COMFORTABLE_TOKENS_PER_S, "team")


__all__ = ["BAND_TOKENS_PER_S", "BATCH_TOKENS_PER_S", "PERSONAL_TOKENS_PER_S", "TEAM_PEAK_STREAMS", "AssumedSpeed",
           "assumed_speed"]
