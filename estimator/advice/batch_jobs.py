"""Batch jobs sized by aggregate throughput, not per-user chat speed.

"Classify 150k tickets overnight, ~700 tokens each, 5-token label, done in 6 hours": the job needs

    prefill  = items × prompt_tokens / window_s   tokens/s
    decode   = items × output_tokens / window_s   tokens/s

with no headroom on top: the window is the job's one margin. A nightly count is a fixed amount of work, not a
varying arrival rate, and seed 2's 1.5× ("把负载打到标称峰值的1.5倍") is a stress test to run on the hardware
before buying more, not a purchase factor; stacked on the window it bought six 4090s in two servers for a job
one 4-GPU server finishes in time. An option runs the job as C concurrent streams (the batch size its engine holds);
each stream finishes one item every `output / per_stream + prompt / prefill` seconds (the engine's
per-stream decode already includes the other streams' interleaved prefills), so the job takes

    hours = items / (C / (output / per_stream + prompt / prefill)) / 3600

A job that only reads its items (an embedder's vectors, a reranker's scores: `Workload.batch_prefill_only`, the job of
a served embedder said with it, `job_workload`) generates nothing: its work is prefill alone, 2 × params FLOPs a
token on its own small model, compute-bound, so each model copy gets through `prefill / prompt` items a second
whatever the batch width:

    hours = items × prompt / (replicas × prefill) / 3600

`BatchSizer` is the recommendation's sizer with that criterion: an option meets when it fits and
`hours ≤ window`; it tries C in `BATCH_STREAMS` (up to the items) and keeps the fastest
that fits. Served tokens for $/M are the job's generated tokens per second, the same for every option,
so the ranking is by lifetime cost for the job.
"""

from __future__ import annotations

import math

from estimator.advice.candidates import Candidate
from estimator.advice.sizing import CapacityFn, Checked, EstimateFn, Shortcuts, Sized, Sizer
from estimator.catalog import Catalog
from estimator.physics.throughput import JobSpeeds
from estimator.said import Said, said
from estimator.schemas import BatchPlan, Estimate
from estimator.workload import ServedModel, Workload

# Concurrent streams a batch runner may keep in flight; the engine caps a batch at its own default
# (vLLM 256, TensorRT-LLM 2048) and at what the KV cache holds, so trying these covers the range.
BATCH_STREAMS = (1, 4, 16, 64, 256, 1024)
HEADROOM = 1.0  # the window is the margin (module docstring); kept in BatchPlan for the JSON's meaning
SECONDS_PER_HOUR = 3600.0
# Embedders and rerankers run at their checkpoints' 16 bits (as `served_models` holds their weights).
SIDE_FORMAT = "BF16"


def is_batch_job(workload: Workload) -> bool:
    """A job with a count of items and a deadline (both needed to size by throughput)."""
    return workload.batch_items is not None and workload.batch_window_hours is not None


def job_model(workload: Workload) -> ServedModel | None:
    """The model the batch job said is run by, if any: an embedder or reranker ("nightly we re-embed 2M chunks with
    bge-m3"), or, when the job runs at night, the chat model swapped in for it ("by day Qwen3-32B for the people; at
    night Qwen3-8B summarizes 50k documents", `day_night.swapped_model`)."""
    return next((m for m in workload.served_models or () if m.batch
                 and (m.role != "chat" or workload.day_and_night)), None)


def job_workload(workload: Workload) -> Workload:
    """The batch job on the model that does it: an embedder's or reranker's job is its own model's, prefill only (no
    answer, no chat model, no people); a chat model swapped in at night generates its answers alone on the box (the
    day's model is stopped, so its weights are neither held nor read); any other job is the workload itself."""
    model = job_model(workload)
    if model is None:
        return workload
    if model.role == "chat":
        return workload.model_copy(update={
            "model_params_b": model.model_params_b, "model_id": model.model_id, "active_params_b": model.active_params_b,
            "served_models": None, "models_served": None, "co_served_params_b": None,
            "prompt_tokens": model.prompt_tokens or workload.prompt_tokens,
            "output_tokens": model.output_tokens or workload.output_tokens})
    return workload.model_copy(update={
        "model_params_b": model.model_params_b, "model_id": None, "active_params_b": None,
        "served_models": None, "models_served": None, "co_served_params_b": None,
        "prompt_tokens": model.prompt_tokens or workload.prompt_tokens, "output_tokens": None,
        "quantization": SIDE_FORMAT, "batch_prefill_only": True, "request_class": None})


def _output(workload: Workload) -> int:
    """Tokens each item generates: none for a job that only reads its items."""
    return 0 if workload.batch_prefill_only else workload.output_tokens or 256


def prepare(workload: Workload) -> Workload:
    """Before defaults: a batch job arrives as a batch and, unless users were stated, is one client."""
    if workload.batch_items is None:
        return workload
    facts: dict[str, object] = {}
    if workload.day_and_night:
        # The people by day are the workload the chat targets judge (seed 1's interactive bands); the night's job is
        # sized on its own against its window (`advice.day_night`), and the box runs both, so no hours are trimmed.
        return workload.model_copy(update={"arrival_pattern": None}) if workload.arrival_pattern == "batch" else workload
    if workload.arrival_pattern is None:
        facts["arrival_pattern"] = "batch"
    if workload.concurrent_users is None and workload.total_users is None and is_batch_job(workload):
        facts["concurrent_users"] = 1
    if (is_batch_job(workload) and workload.batch_window_hours is not None
            and not workload.hours_stated):
        # A nightly job runs in its window, not the TCO's 12 h a day: rent is billed and power drawn for those
        # hours (a 6 h job billed 4,380 h a year made renting look twice as dear). A stated schedule wins.
        facts["hours_per_day"] = min(24.0, workload.batch_window_hours)
    return workload.model_copy(update=facts) if facts else workload


def job_hours(estimate: Checked | JobSpeeds, streams: int, workload: Workload) -> float:
    """Hours the job takes on an option running `streams` items at once (inf when it does not fit)."""
    if not estimate.fits or estimate.prefill_tokens_per_s <= 0:
        return math.inf
    prompt = workload.prompt_tokens or 512
    if workload.batch_prefill_only:  # compute-bound: each copy prefills its share, the batch width aside
        return (workload.batch_items or 0) * prompt / (max(estimate.replicas, 1) * estimate.prefill_tokens_per_s) \
            / SECONDS_PER_HOUR
    if estimate.decode_tokens_per_s_per_stream <= 0:
        return math.inf
    output = workload.output_tokens or 256
    per_item_s = output / estimate.decode_tokens_per_s_per_stream + prompt / estimate.prefill_tokens_per_s
    items_per_s = streams / per_item_s
    return (workload.batch_items or 0) / items_per_s / SECONDS_PER_HOUR


def shown_hours(hours: float) -> float:
    """A job's hours as every figure of one reply states them: rounded once, here. (Rounded to 4.95 for
    an option's field and formatted from 4.9496 in its sentence, one reply said both 5.0 h and 4.9 h.)"""
    return round(hours, 2)


def rationale(sizer: BatchSizer, primary: Sized, options: list[Sized]) -> Said:
    """The batch job's deciding numbers: when the primary finishes, at what aggregate rate, and at what
    cost, against how many options finish in time (the chat rationale's per-user speed means nothing here)."""
    _, streams = sizer.best_streams(primary.candidate, primary.count)
    cost = primary.tco
    assert cost is not None
    exact = sizer.hours(primary.candidate, primary.count)
    hours = shown_hours(exact)
    meeting = {(s.candidate.hardware.id, s.count) for s in options if not s.violations}
    # The job's own rates: items per second times each item's tokens. (One prompt's prefill speed is not
    # an aggregate: quoted as one, 16k "prompt tok/s" sat beside a 42k tok/s requirement the job meets.)
    items_per_s = (sizer.workload.batch_items or 0) / (exact * SECONDS_PER_HOUR) if exact > 0 else 0.0
    prompt, output = sizer.workload.prompt_tokens or 512, _output(sizer.workload)
    return said("answer.batch.why", count=primary.count, hardware=primary.candidate.hardware.name,
               stack=primary.candidate.stack.name, hours=hours, spare=max(sizer.window_hours - hours, 0.0),
               window=sizer.window_hours, streams=streams, decode=items_per_s * output,
               prefill=items_per_s * prompt, capex=cost.capex_usd, tco=cost.three_year_total_usd,
               n=len(meeting))


def plan(workload: Workload, finishes_hours: float | None) -> BatchPlan:
    """The job's required throughput and (when known) when the primary finishes it, with the sentence."""
    items = workload.batch_items or 0
    prompt, output = workload.prompt_tokens or 512, _output(workload)
    window = workload.batch_window_hours or 0.0
    seconds = window * SECONDS_PER_HOUR
    prefill = items * prompt * HEADROOM / seconds if seconds else 0.0
    decode = items * output * HEADROOM / seconds if seconds else 0.0
    params = {"items": items, "prompt": prompt, "output": output, "window": window, "prefill": prefill,
              "decode": decode}
    finite = finishes_hours is not None and math.isfinite(finishes_hours)
    if finishes_hours is not None and finite:
        finishes_hours = shown_hours(finishes_hours)
    if not seconds:  # no deadline stated: say how long the recommended option takes
        text = (said("answer.batch.no_window", hours=finishes_hours, items=items, prompt=prompt, output=output)
                if finite else "")
    elif finite and workload.batch_prefill_only:
        text = said("answer.batch.read", hours=finishes_hours, params=workload.model_params_b or 0.0, **params)
    elif finite:
        text = said("answer.batch", hours=finishes_hours, **params)
    else:
        text = said("answer.batch.none", **params)
    return BatchPlan(items=items, prompt_tokens=prompt, output_tokens=output, window_hours=window,
                     headroom=HEADROOM, required_prefill_tokens_per_s=round(prefill, 1),
                     required_decode_tokens_per_s=round(decode, 1),
                     finishes_hours=round(finishes_hours, 2) if finite and finishes_hours is not None else None,
                     text=text)


class BatchSizer(Sizer):
    """The sizer with the batch criterion: fits, and finishes within the window with headroom."""

    def __init__(self, workload: Workload, catalog: Catalog, estimate_fn: EstimateFn, capacity_fn: CapacityFn,
                 format_stated: bool = True, shortcuts: Shortcuts | None = None, assumed_shapes: bool = False) -> None:
        super().__init__(workload, catalog, estimate_fn, capacity_fn, format_stated=format_stated, shortcuts=shortcuts,
                         assumed_shapes=assumed_shapes)
        # With no format named, each device × engine is sized at the format an expert serves a job in: FP8 where a
        # batched engine runs it natively, at any share of a GDDR card (`default_format`), seed 1's GGUF elsewhere.
        # (Sized at seed 1's Q4_K_M everywhere, an 80k-document job on MI300X went to llama.cpp at twice the count.)
        self.throughput_job = True
        self.window_hours = workload.batch_window_hours or math.inf
        self._streams: dict[tuple[str, str, int], tuple[Estimate, int]] = {}
        self._hours: dict[tuple[str, str, int], tuple[float, int]] = {}
        # The job is one client: served tokens/s = the job's generated tokens over the window (same for all).
        self.peak = 1
        self.overload = 1.0
        seconds = self.window_hours * SECONDS_PER_HOUR
        self.target = max((workload.batch_items or 0) * _output(workload) / seconds, 1e-6)
        self.ttft = None

    def _widest(self, candidate: Candidate, count: int) -> tuple[float, int]:
        """The hours of the batch width that finishes the job soonest at `count`, and that width, from the widths'
        speeds alone (`_speeds`: an estimate's fit, per-stream decode and prefill, without its ranges, notes and
        admitted-concurrency search). The count search asks this at every count it tries and keeps one or two: only
        those become whole estimates (`_best`), whose speeds are these, so their hours are these."""
        key = (candidate.hardware.id, candidate.stack.id, count)
        found = self._hours.get(key)
        if found is None:
            items = self.workload.batch_items or 1
            widths = [c for c in BATCH_STREAMS if c <= items] or [1]
            if candidate.stack.continuous_batching == "no" or self.workload.batch_prefill_only:
                widths = [1]  # (a prefill-only job's hours are its copies' compute, whatever the width)
            best_hours, best_width = math.inf, widths[0]
            for streams in widths:
                checked = self._speeds(candidate, count, streams)
                if not checked.fits and streams > widths[0]:
                    # The KV cache holds fewer streams as the batch widens (`throughput.admitted_plan`: the
                    # fitting plans only shrink as C grows), so no wider batch fits either.
                    break
                hours = job_hours(checked, streams, self.workload)
                if hours < best_hours:
                    best_hours, best_width = hours, streams
            found = self._hours[key] = (best_hours, best_width)
        return found

    def _speeds(self, candidate: Candidate, count: int, streams: int) -> Checked | JobSpeeds:
        """What `job_hours` reads of `count` devices of `candidate` running `streams` items at once."""
        if self.shortcuts is None:
            return self.figures(candidate, count, streams)
        return self._counted(candidate, streams).job_speeds(count)

    def _best(self, candidate: Candidate, count: int) -> tuple[Estimate, int]:
        key = (candidate.hardware.id, candidate.stack.id, count)
        if key not in self._streams:
            width = self._widest(candidate, count)[1]
            self._streams[key] = (Sizer.estimate(self, candidate, count, width), width)
        return self._streams[key]

    def best_streams(self, candidate: Candidate, count: int) -> tuple[Estimate, int]:
        """The estimate at the batch width that finishes the job soonest, and that width."""
        return self._best(candidate, count)

    def estimate(self, candidate: Candidate, count: int, users: int | None = None) -> Estimate:
        return self._best(candidate, count)[0]

    def hours(self, candidate: Candidate, count: int) -> float:
        return self._widest(candidate, count)[0]

    def _could_meet(self, candidate: Candidate, count: int, users: int) -> bool:
        """No bound below a count that meets: the job's hours are not a per-layout check against a chat target (the
        batch width changes with the count too), so the count search checks every count below the one it lands on."""
        return True

    def meets(self, candidate: Candidate, count: int, users: int | None = None) -> bool:
        return self.hours(candidate, count) * HEADROOM <= self.window_hours

    def _guess(self, candidate: Candidate, count: int, users: int) -> int:
        hours = self.hours(candidate, count)
        if not math.isfinite(hours):
            return count * 2
        return max(count + 1, math.ceil(count * hours * HEADROOM / self.window_hours))

    def cannot_meet(self, candidate: Candidate, users: int) -> bool:
        """Never ruled out by `Sizer.cannot_meet`: its bound is one stream's speed against a chat target, and a
        batch job's criterion is the whole job's hours (the count search itself finds None)."""
        return False

    def capacity(self, candidate: Candidate, count: int) -> int:
        """One job; carried when it finishes within the window."""
        return 1 if self.meets(candidate, count) else 0


__all__ = ["BATCH_STREAMS", "HEADROOM", "BatchSizer", "is_batch_job", "job_hours", "job_model", "job_workload", "plan",
           "prepare", "rationale", "shown_hours"]
