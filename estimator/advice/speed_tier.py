"""The per-user speed a purchase is sized for when the user gave no figure: the one place that decides it.

Seed 1 (/work/shared/seeds/000_*.txt) gives the interactive bands (lines 92–94: "舒適：30 個以上 token/秒 …
可接受：15–30 token/秒 … 令人沮喪：低於 15"). With no figure said, a purchase is sized for the comfortable 30: the
tier tables' hardware (a team's 4090 at "30–80 token/秒", a department's 2–4 GPUs at $15–30k, an organization's
data-centre cluster) is sized above the acceptable floor. Speed said in words is the band said ("not too slow":
acceptable; "snappy": comfortable); hardware they own said to be slow at the load asks for more than the acceptable
band it gives (comfortable); batch jobs and one person's own device keep their own defaults (`assume`).

A department tier at the acceptable floor (line 185: "對於 200 個並發用戶，在適當的批次處理下，預期每位用戶 15–30
token/秒") was measured and not adopted: docs/recommend.md, "Targets nobody set".
"""

from __future__ import annotations

from typing import NamedTuple

from estimator.defaults import ACCEPTABLE_TOKENS_PER_S, COMFORTABLE_TOKENS_PER_S
from estimator.workload import SpeedBand, SpeedBasis, Workload

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


def assumed_speed(workload: Workload, *, batch: bool, personal: bool) -> AssumedSpeed:
    """The per-user speed to size for and why, for a workload whose speed figure was not said.

    >>> assumed_speed(Workload(), batch=False, personal=False)
    AssumedSpeed(tokens_per_s=30.0, basis='comfortable')
    >>> assumed_speed(Workload(speed_band="comfortable"), batch=False, personal=False)
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
    return AssumedSpeed(COMFORTABLE_TOKENS_PER_S, "comfortable")


__all__ = ["BAND_TOKENS_PER_S", "BATCH_TOKENS_PER_S", "PERSONAL_TOKENS_PER_S", "AssumedSpeed",
           "assumed_speed"]
