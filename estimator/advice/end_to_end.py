"""An end-to-end latency target ("p95 end to end 10 s", "端到端延迟 3 秒以内") split into the two bounds the sizing checks.

A whole answer arrives after its first token plus one token-time per further token: e2e = TTFT + N / v for N output
tokens at v tokens a second per user. Any pair meeting that meets the target, so the split keeps the per-user speed
the product would size for anyway (the stated one, else seed 1's band, `speed_tier.assumed_speed`) and gives the first
token what streaming the answer leaves. When that leaves the first token less than MLPerf's latency classes allow it
(a time per output token at most a tenth of the first-token bound, `load.TPOT_PER_TTFT`: TTFT = e2e / (1 + N / 10)),
the split follows those classes instead and the speed rises with it: a 3 s budget for 100 tokens is a 0.82 s first
token and 122 tok/s, not 30 tok/s with no time left for the prompt.
"""

from __future__ import annotations

from estimator.advice.load import DEFAULT_OUTPUT_TOKENS, TPOT_PER_TTFT, TPOT_SOURCE_URL
from estimator.advice.speed_tier import assumed_speed
from estimator.said import Said, said
from estimator.workload import Workload


def mlperf_split(e2e_ms: float, output_tokens: int) -> tuple[int, float]:
    """(first-token ms, tokens a second) of MLPerf's latency-class split of an end-to-end budget.

    >>> mlperf_split(10_000, 250)
    (385, 26.0)
    >>> mlperf_split(3_000, 100)
    (273, 36.7)
    """
    ttft = e2e_ms / (1 + output_tokens * TPOT_PER_TTFT)
    return round(ttft), round(1000 / (ttft * TPOT_PER_TTFT), 1)


def split_end_to_end(workload: Workload) -> tuple[Workload, list[Said]]:
    """The workload with the first-token bound (and, where streaming needs it, the per-user speed) an end-to-end
    target implies, and the note that says how; unchanged when no end-to-end target was said.

    >>> w, _ = split_end_to_end(Workload(e2e_target_ms=10_000, output_tokens=250))
    >>> w.ttft_target_ms, w.tokens_per_s_target
    (1666, None)
    >>> w, _ = split_end_to_end(Workload(e2e_target_ms=3_000, output_tokens=100))
    >>> w.ttft_target_ms, w.tokens_per_s_target
    (273, 36.7)
    """
    e2e = workload.e2e_target_ms
    if e2e is None or (workload.ttft_target_ms is not None and workload.tokens_per_s_target is not None):
        return workload, []
    output = workload.output_tokens or DEFAULT_OUTPUT_TOKENS
    if workload.ttft_target_ms is not None:  # the first token said too: the answer streams in what it leaves
        rest_s = (e2e - workload.ttft_target_ms) / 1000
        if rest_s <= 0:
            return workload, []  # a first-token bound past the whole answer's: the stated first token stands
        speed = round(output / rest_s, 1)
        return (workload.model_copy(update={"tokens_per_s_target": speed}),
                [said("assume.e2e.speed", e2e=e2e, ttft=workload.ttft_target_ms, output=output, tps=speed)])
    stated = workload.tokens_per_s_target
    speed = stated or assumed_speed(workload, batch=workload.arrival_pattern == "batch",
                                    personal=workload.deployment_scale in ("personal", "edge")).tokens_per_s
    ttft = int(e2e - output / speed * 1000)
    floor_ttft, floor_speed = mlperf_split(e2e, output)
    if ttft >= floor_ttft:
        return (workload.model_copy(update={"ttft_target_ms": ttft}),
                [said("assume.e2e.ttft", e2e=e2e, output=output, tps=speed, stream=e2e - ttft, ttft=ttft)])
    update: dict[str, object] = {"ttft_target_ms": floor_ttft}
    if stated is None or stated < floor_speed:
        update["tokens_per_s_target"] = floor_speed
    return (workload.model_copy(update=update),
            [said("assume.e2e.mlperf", e2e=e2e, output=output, tps=update.get("tokens_per_s_target", stated),
                  ttft=floor_ttft, source=TPOT_SOURCE_URL)])


__all__ = ["mlperf_split", "split_end_to_end"]
