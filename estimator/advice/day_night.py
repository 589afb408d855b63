"""People by day and a batch job at night on one box: two workloads in turn, sized as the larger of the two.

"60 agents chat with it during the day; at night ~30k tickets, ~2k tok each, ~150 out, between 1am and 5am" is two
workloads that never run at once (`Workload.day_and_night`). A senior engineer sizes each on its own criterion and buys
what covers both on the same device:

    day   = fewest devices carrying the people at seed 1's interactive bands (comfortable ≥ 30 tok/s unless said)
    night = fewest devices finishing items × tokens within the window (`batch_jobs.BatchSizer`)
    count = max(day, night)

and says which one drives the purchase. They are not summed: the job runs when the people have gone home (a rate said
beside people at the same time is, `Workload.loads_summed`).

When the night's job runs on another model than the day's ("Qwen3-32B for the people by day; Qwen3-8B summarizes 50k
documents at night", the job's model marked `ServedModel.batch`), each window is sized on its own model: the day's
model serves the people without the night's weights beside it, and the night's model runs the job alone. The windows
never overlap, so one model is stopped and the other loaded between them (`day_workload`, `swapped_model`); the
reply states that swap and its load time as an assumption.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from estimator.advice.batch_jobs import BatchSizer, job_workload
from estimator.advice.candidates import Candidate
from estimator.advice.sizing import CapacityFn, EstimateFn, Sized, Sizer
from estimator.catalog import Catalog
from estimator.said import Said, said
from estimator.workload import ServedModel, Workload


def swapped_model(stated: Workload) -> ServedModel | None:
    """The chat model the night's job runs on when it is not the day's (`batch_jobs.job_model`), else None."""
    if not stated.day_and_night:
        return None
    night = next((m for m in stated.served_models or () if m.batch and m.role == "chat"), None)
    if night is None or not any(m.role == "chat" and m is not night for m in stated.served_models or ()):
        return None
    return night


def day_workload(stated: Workload) -> Workload:
    """The people's workload by day: without the model swapped in at night (`swapped_model`), whose weights are loaded
    only when the day's model is stopped. The largest chat model left is the one sized; others said beside it by day
    stay served with it."""
    night = swapped_model(stated)
    if night is None:
        return stated
    rest = [m for m in stated.served_models or () if m is not night]
    main = max((m for m in rest if m.role == "chat"), key=lambda m: m.model_params_b)
    together = len(rest) > 1
    # lengths said only of the night's job are the job's: the people's requests keep their own, or the defaults
    prompt = main.prompt_tokens or (None if night.prompt_tokens else stated.prompt_tokens)
    answer = main.output_tokens or (None if night.output_tokens else stated.output_tokens)
    return stated.model_copy(update={
        "model_params_b": main.model_params_b, "model_id": main.model_id, "active_params_b": main.active_params_b,
        "served_models": rest if together else None, "models_served": len(rest) if together else None,
        "co_served_params_b": round(sum(m.model_params_b for m in rest) - main.model_params_b, 3) if together else None,
        "prompt_tokens": prompt, "output_tokens": answer})


def swap_note(stated: Workload) -> Said | None:
    """The assumption a swap between windows rests on: the day's model is stopped and the night's loaded (from local
    disk: minutes, inside any window said), so the two never need memory at once."""
    night = swapped_model(stated)
    if night is None:
        return None
    day = day_workload(stated)
    return said("assume.day_night.swap", day=day.model_id or f"{day.model_params_b:g}B",
                night=night.model_id or f"{night.model_params_b:g}B")


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


__all__ = ["DayNightSizer", "Drives", "day_workload", "drives", "night_workload", "note", "swap_note", "swapped_model"]
