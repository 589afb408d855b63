"""People by day and a batch job at night on one box: two workloads in turn, sized as the larger of the two.

"60 agents chat with it during the day; at night ~30k tickets, ~2k tok each, ~150 out, between 1am and 5am" is two
workloads that never run at once (`Workload.day_and_night`). A senior engineer sizes each on its own criterion and buys
what covers both on the same device:

    day   = fewest devices carrying the people at seed 1's interactive bands (comfortable ≥ 30 tok/s unless said)
    night = fewest devices finishing items × tokens within the window (`batch_jobs.BatchSizer`)
    count = max(day, night)

and says which one drives the purchase. They are not summed: the job runs when the people have gone home (a rate said
beside people at the same time is, `Workload.loads_summed`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from estimator.advice.batch_jobs import BatchSizer, job_workload
from estimator.advice.candidates import Candidate
from estimator.advice.sizing import CapacityFn, EstimateFn, Sized, Sizer
from estimator.catalog import Catalog
from estimator.said import Said, said
from estimator.workload import Workload


def night_workload(stated: Workload) -> Workload:
    """The night's job alone, as said: its items, window and shape, without the people (`batch_jobs.prepare` makes
    it one client arriving as a batch), on the model that does it (an embedder's re-index is its own prefill only:
    `batch_jobs.job_workload`)."""
    return job_workload(stated).model_copy(update={"concurrent_users": None, "total_users": None, "arrival_pattern": None,
                                     "day_and_night": None, "base_concurrent_users": None, "speed_band": None,
                                     "tokens_per_s_target": None, "ttft_target_ms": None})


class DayNightSizer(Sizer):
    """The people's sizer (chat targets) whose count must also finish the night's job in its window."""

    def __init__(self, workload: Workload, catalog: Catalog, estimate_fn: EstimateFn, capacity_fn: CapacityFn, *,
                 night: Workload, **kwargs: Any) -> None:
        """`workload`: the people's, filled; `night`: the job's, filled with its own shape (`night_workload`)."""
        super().__init__(workload, catalog, estimate_fn, capacity_fn, **kwargs)
        # (an embedder's job runs at its own 16 bits, whatever the chat model's format)
        self.night = BatchSizer(night, catalog, estimate_fn, capacity_fn,
                                format_stated=self.format_stated or bool(night.batch_prefill_only),
                                shortcuts=self.shortcuts)

    _day_only = False  # while counting the people's devices alone (`day_count`)

    def meets(self, candidate: Candidate, count: int, users: int | None = None) -> bool:
        return super().meets(candidate, count, users) and (self._day_only or self.night.meets(candidate, count))

    def day_count(self, candidate: Candidate) -> int | None:
        """The fewest devices carrying the people at their targets, the night's job aside."""
        self._day_only = True
        try:
            return self.smallest_count(candidate)
        finally:
            self._day_only = False

    def at_band(self, workload: Workload, *, format_stated: bool | None = None) -> Sizer:
        """At seed 1's usable band the people are judged more loosely; the night's job keeps its window."""
        judge = super().at_band(workload, format_stated=format_stated)
        banded = DayNightSizer.__new__(DayNightSizer)
        banded.__dict__.update(judge.__dict__)
        banded.night = self.night
        return banded

    def _guess(self, candidate: Candidate, count: int, users: int) -> int:
        day = super().meets(candidate, count, users)
        night = self._day_only or self.night.meets(candidate, count)
        return max(count + 1, super()._guess(candidate, count, users) if not day else count + 1,
                   self.night._guess(candidate, count, users) if not night else count + 1)


class Drives(NamedTuple):
    """The two counts on the chosen device and which decides the purchase (`note`)."""

    day: int | None
    night: int | None


def drives(sizer: DayNightSizer, primary: Sized) -> Drives:
    """Each workload's own fewest devices on the primary's device and engine."""
    candidate = primary.candidate
    return Drives(sizer.day_count(candidate), sizer.night.smallest_count(candidate))


def note(sizer: DayNightSizer, primary: Sized) -> Said:
    """The sentence: both counts, the window, and which one the purchase follows."""
    day, night = drives(sizer, primary)
    hours = sizer.night.hours(primary.candidate, primary.count)
    which = "night" if (night or 0) > (day or 0) else "day" if (day or 0) > (night or 0) else "both"
    return said(f"note.day_night.{which}", hardware=primary.candidate.hardware.name, day=day or 0, night=night or 0,
                users=sizer.peak, tps=sizer.target, items=sizer.night.workload.batch_items or 0,
                window=sizer.night.window_hours, hours=round(hours, 1), count=primary.count)


__all__ = ["DayNightSizer", "Drives", "drives", "night_workload", "note"]
