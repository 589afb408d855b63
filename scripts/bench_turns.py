"""Deterministic turn latency of `Engine.handle`, checkpointer included (target: p95 <= 50 ms, README's table).

Builds the engine the way `siliconsult chat --llm none` does (SQLite checkpointer under a temporary
SILICONSULT_HOME, the shipped catalog) and replays scripted conversations in English and Chinese:
interview turns, the first recommendation, what-ifs, comparisons, explanations and bad input.
Prints p50/p95/max per kind of turn and overall, and "engine only": every turn minus the time spent
inside the estimator's `recommend()` (NLU, routing, rendering, checkpoint writes).

The engine's startup objects are frozen out of the collector (`bot.wiring.settle`: rehearsed, then frozen), as the chat and
the Slack processes do. `--compare-unsettled` alternates rounds with the heap frozen and not, in one run,
and adds the unsettled figure beside the settled one (the full-collection pauses it avoids).

`--cpu` times each turn in CPU seconds of the process (every thread) instead of wall-clock: on a shared
machine whose other jobs hold the cores, the wall-clock figure measures the queue for a core as much as the turn.

    .venv/bin/python scripts/bench_turns.py [--rounds N] [--compare-unsettled] [--cpu] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import tempfile
import time
from pathlib import Path

CONVERSATIONS: list[list[tuple[str, str]]] = [
    [("interview", "We want to serve our fine-tuned 7B model to the legal department, about 200 people."),
     ("recommend", "Q4_K_M is fine. Prompts ~1000 tokens, answers ~300, first token under 1 s."),
     ("what-if", "What if we grow to 800 concurrent users?"),
     ("compare", "Compare that with two L40S."),
     ("compare", "Why not an NPU?"),
     ("explain", "explain the cost"),
     ("explain", "what are the risks?"),
     ("bad input", "0 users"),
     ("bad input", "😀")],
    [("interview", "我们要给客服部门部署微调过的 7B 模型，两百人同时使用。"),
     ("recommend", "量化用 Q4_K_M，提示大约 800 个 token，回答 200 个 token，首 token 延迟要低于 1 秒。"),
     ("what-if", "如果增加到800人呢？"),
     ("explain", "有什么风险？")],
    [("interview", "我們的法務團隊有 10 個人，要共用一個微調過的 7B 模型做合約審查。"),
     ("interview", "不知道"),
     ("recommend", "直接推薦"),
     ("what-if", "改成 Q8_0 呢？")],
    [("interview", "hello"),
     ("interview", "a 13B model"),
     ("interview", "for 40 concurrent users"),
     ("recommend", "just recommend"),
     ("compare", "4090 vs L40S")],
    # Load as a rate, a spend and a follow-up that changes it (Little's law conversion in the echo).
    [("recommend", "our support bot (fine-tuned 8b, Q4_K_M) sees about 9,000 requests/hour at peak, first token under 1 s, "
                   "just recommend"),
     ("what-if", "要是峰值變成每秒 50 個請求呢"),
     ("recommend", "we spend $22k/month on gpt-4o-mini for this, air-gapped is not an issue"),
     ("bad input", "we spend 50000 dirhams a month on the API")],
]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="times each conversation is replayed (new threads)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--compare-unsettled", action="store_true",
                        help="alternate rounds with the startup heap frozen and not; report both")
    parser.add_argument("--cpu", action="store_true", help="CPU time of the process per turn, not wall-clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter

    import estimator.advice.recommend
    from bot.settings import Settings
    from bot.wiring import build_engine

    # Time spent inside the estimator's recommend() (its own target: <= 50 ms median), to report the
    # engine's share apart: wrap the function before the composition root imports it.
    in_tools = [0.0]
    real_recommend = estimator.advice.recommend.recommend

    def timed_recommend(*a, **kw):
        start = clock()
        try:
            return real_recommend(*a, **kw)
        finally:
            in_tools[0] += (clock() - start) * 1000

    estimator.advice.recommend.recommend = timed_recommend
    timings: dict[str, list[float]] = {}
    engine_only: list[float] = []
    unsettled: list[float] = []
    with tempfile.TemporaryDirectory(prefix="siliconsult-bench-") as home:
        with build_engine(Settings(home=Path(home), llm="none"), long_running=True) as engine:
            engine.handle("warm-up", "a 7B model for 20 users, just recommend")
            rounds = args.rounds * (2 if args.compare_unsettled else 1)
            for round_no in range(rounds):
                settled = not (args.compare_unsettled and round_no % 2)
                if settled:
                    gc.freeze()
                else:
                    gc.unfreeze()
                for i, conversation in enumerate(CONVERSATIONS):
                    for kind, text in conversation:
                        in_tools[0] = 0.0
                        start = clock()
                        engine.handle(f"bench-{round_no}-{i}", text)
                        elapsed = (clock() - start) * 1000
                        if not settled:
                            unsettled.append(elapsed)
                            continue
                        timings.setdefault(kind, []).append(elapsed)
                        engine_only.append(elapsed - in_tools[0])
    everything = [ms for values in timings.values() for ms in values]
    rows = {kind: {"n": len(v), "p50_ms": round(statistics.median(v), 1), "p95_ms": round(percentile(v, 0.95), 1),
                   "max_ms": round(max(v), 1)} for kind, v in [*timings.items(), ("all turns", everything), ("engine only", engine_only),
                              *([("unsettled", unsettled)] if unsettled else [])]}
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'turn kind':<12} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for kind, row in rows.items():
        print(f"{kind:<12} {row['n']:>4} {row['p50_ms']:>8} {row['p95_ms']:>8} {row['max_ms']:>8}")


if __name__ == "__main__":
    main()
