"""What an option misses, with its numbers: the sentence owned, named and lower-format answers share."""

from __future__ import annotations

from estimator.batch import HEADROOM, BatchSizer, shown_hours
from estimator.messages import msg
from estimator.sizing import Sized, Sizer


def shortfall_text(sizer: Sizer, sized: Sized, lang: str) -> str:
    """What an option misses, with its numbers, in `lang`."""
    est = sized.estimate
    if est.fits and isinstance(sizer, BatchSizer):  # a batch job misses its deadline, not a chat speed
        return msg("answer.short.batch", lang, hours=shown_hours(sizer.hours(sized.candidate, sized.count)),
                   allowed=sizer.window_hours / HEADROOM, window=sizer.window_hours, headroom=HEADROOM)
    if not est.fits:
        # What fills the memory is named: at hundreds of users the KV cache, not the weights, often overflows.
        text = msg("answer.short.memory", lang, required=est.memory_required_gb, available=est.memory_available_gb,
                   users=sizer.peak)
        # "Six L40S hold 176 GB?": a tensor-parallel plan over a 4-card server leaves 2 of 6 idle, which the
        # figure alone would hide (it counts the devices the plan uses, not the ones owned).
        used = est.tensor_parallel * est.pipeline_stages * est.replicas
        if 0 < used < sized.count:
            text += msg("answer.short.idle", lang, used=used, count=sized.count, idle=sized.count - used)
        return text
    ttft = est.ttft_p95_ms or est.ttft_ms
    return msg("answer.short.slo", lang, tps=est.decode_tokens_per_s_per_stream, users=sizer.peak, ttft=ttft,
               target=sizer.target, ttft_target=sizer.ttft or 0)


__all__ = ["shortfall_text"]
