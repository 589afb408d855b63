"""Benchmark the SLM layer with the bundled model: wrapper overhead and turn latency.

1. Decode speed of our `LlamaCppModel` against a bare `llama_cpp.Llama` built with the same settings,
   on the same prompt, runs interleaved (A B A B …) so both see the same machine load. Target:
   wrapper / bare >= 0.95.
2. The reading job alone, with no deadline: `extract_workload_facts` reading the answer to a pending
   question in English, Simplified and Traditional Chinese (what the model costs when it has time).
3. Turn latency of the real engine (`Engine.handle`) over the eval scenarios, with `--llm none`
   (deterministic turns: target p95 <= 50 ms) and with the bundled model as configured (reading
   within its 1.5 s budget, phrasing off): the turns where the model was called, target p95 <= 1.5 s.

Usage: `python scripts/bench_llm.py [--runs 9] [--scenarios 12] [--write docs/llm.md]`. With --write, the measured
figures replace the block between the bench markers in that file.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import llama_cpp  # noqa: E402

from bot.llm.extract import extract_workload_facts  # noqa: E402
from bot.llm.factory import BUNDLED_NAME, bundled_model_path, load_model  # noqa: E402
from bot.llm.llamacpp import DEFAULT_N_CTX, TEXT_STOP, LlamaCppModel  # noqa: E402
from bot.llm.stats import reset_stats, stats_for  # noqa: E402

PROMPT = [
    {"role": "system", "content": "You are a helpful assistant."},
    {"role": "user", "content": "In one long paragraph, explain why memory bandwidth limits how fast a GPU "
                                "generates tokens for a language model."},
]
# (pending question's field, the parser's reading of the message, the answer, language): answers the
# parser reads only in part, so the model is asked for the pending field.
READING_TURNS = [
    ("concurrent_users", {"quantization": "Q4_K_M"}, "Q4 is fine, and on busy days 150 or so", "en"),
    ("ttft_target_ms", {"model_params_b": 14}, "we settled on the 14B; first words within 800 ms or so", "en"),
    ("concurrent_users", {"quantization": "Q4_K_M"}, "量化用 Q4 就行，忙的时候 150 左右", "zh-Hans"),
    ("concurrent_users", {"quantization": "Q4_K_M"}, "量化用 Q4 就行，忙的時候 150 左右", "zh-Hant"),
    ("prompt_tokens", {}, "inputs around 3k tokens, replies 500", "en"),
]
MARK_START, MARK_END = "<!-- bench:start -->", "<!-- bench:end -->"


def _tokens(llama: llama_cpp.Llama, text: str) -> int:
    return len(llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))


def bench_throughput(path: Path, runs: int, max_tokens: int) -> dict[str, float]:
    """Decode tokens/s, median over `runs`, for a bare Llama and for our wrapper, interleaved."""
    threads = max(1, (os.cpu_count() or 2) // 2)  # the wrapper's default, given to both sides
    bare = llama_cpp.Llama(model_path=str(path), n_ctx=DEFAULT_N_CTX, n_threads=threads, n_threads_batch=threads,
                           seed=0, verbose=False)
    wrapped = LlamaCppModel(path, name="bench-wrapper", timeout_s=None, n_threads=threads)

    def run_bare() -> tuple[int, float]:
        started = time.perf_counter()
        # The same request the wrapper makes: greedy, and plain text ends at a blank line.
        out = bare.create_chat_completion(messages=PROMPT, temperature=0.0, max_tokens=max_tokens, stop=list(TEXT_STOP))
        return _tokens(bare, out["choices"][0]["message"]["content"] or ""), time.perf_counter() - started

    def run_wrapped() -> tuple[int, float]:
        started = time.perf_counter()
        text = wrapped.complete(PROMPT, max_tokens=max_tokens)
        return _tokens(bare, text), time.perf_counter() - started

    run_bare(), run_wrapped()  # warm-up: page in the weights, fill each instance's prompt cache
    bare_rates, wrapped_rates = [], []
    for _ in range(runs):
        tokens, seconds = run_bare()
        bare_rates.append(tokens / seconds)
        tokens, seconds = run_wrapped()
        wrapped_rates.append(tokens / seconds)
    wrapped.close()
    bare.close()
    # Each pair ran back to back under the same machine load (others share these 2 cores), so the
    # median of the per-pair ratios is steadier than a ratio of medians.
    ratio = statistics.median(w / b for w, b in zip(wrapped_rates, bare_rates, strict=True))
    return {"bare_tps": statistics.median(bare_rates), "wrapped_tps": statistics.median(wrapped_rates),
            "ratio": ratio, "tokens": tokens, "runs": runs}


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def bench_reading(rounds: int) -> dict[str, object]:
    """Latency of the reading job alone (no deadline): the pending question's answer, 3 languages."""
    from bot.nodes import READING_MAX_FIELDS

    model = load_model("bundled", timeout_s=30.0)
    assert isinstance(model, LlamaCppModel)
    extract_workload_facts(model, READING_TURNS[0][2], {}, "en", answering=READING_TURNS[0][0])  # warm-up
    reset_stats(BUNDLED_NAME)
    call_s: list[float] = []
    for _ in range(rounds):
        for pending, parsed, text, lang in READING_TURNS:
            started = time.perf_counter()
            extract_workload_facts(model, text, {}, lang, parsed=parsed, answering=pending, max_fields=READING_MAX_FIELDS)
            call_s.append(time.perf_counter() - started)
    model.close()
    return {"turns": len(call_s), "p50_s": statistics.median(call_s), "p95_s": _p95(call_s), "max_s": max(call_s),
            "stats": stats_for(BUNDLED_NAME).snapshot()}


def bench_engine(scenario_limit: int, spec: str) -> dict[str, object]:
    """Latency of real engine turns (`Engine.handle`) over the eval scenarios, `--llm spec` as configured.

    The tools' time is included: this is what a user waits. With a model, the turns where it was
    called (its extraction counter moved) are reported apart.
    """
    import tempfile

    import yaml
    from langgraph.checkpoint.memory import InMemorySaver

    from bot.settings import Settings
    from bot.wiring import build_engine

    model = load_model(spec, timeout_s=20.0)
    name = model.name if model is not None else ""
    reset_stats(name)
    scenario_dir = Path(__file__).resolve().parents[1] / "evals" / "scenarios"
    turn_s: list[float] = []
    model_turn_s: list[float] = []
    with tempfile.TemporaryDirectory() as home:
        # Settled as the chat and the Slack worker are (rehearsed, startup heap frozen).
        engine = build_engine(Settings(home=Path(home)), llm=model, checkpointer=InMemorySaver(), long_running=True)
        for number, scenario_file in enumerate(sorted(scenario_dir.glob("*.yaml"))[:scenario_limit]):
            scenario = yaml.safe_load(scenario_file.read_text(encoding="utf-8"))
            closing = "直接推荐" if scenario.get("lang") == "zh" else "just recommend"
            for text in [*scenario["turns"], closing]:
                calls = stats_for(name).extract_calls if model is not None else 0
                started = time.perf_counter()
                engine.handle(f"bench-{number}", text)
                turn_s.append(time.perf_counter() - started)
                if model is not None and stats_for(name).extract_calls > calls:
                    model_turn_s.append(turn_s[-1])
    if model is not None:
        close = getattr(model, "close", None)
        if close is not None:
            close()
    return {"turns": len(turn_s), "p50_s": statistics.median(turn_s), "p95_s": _p95(turn_s), "max_s": max(turn_s),
            "model_turns": len(model_turn_s), "model_p50_s": statistics.median(model_turn_s) if model_turn_s else None,
            "model_p95_s": _p95(model_turn_s) if model_turn_s else None,
            "stats": stats_for(name).snapshot() if model is not None else None}


def report(throughput: dict[str, float], reading: dict[str, object], deterministic: dict[str, object] | None,
           engine: dict[str, object] | None) -> str:
    stats = reading["stats"]
    assert isinstance(stats, dict)
    return "\n".join([
        MARK_START,
        f"Measured {datetime.now(UTC):%Y-%m-%d} by `python scripts/bench_llm.py --write docs/llm.md` on this "
        f"project's machine ({os.cpu_count()} cores shared with other sessions, load average "
        f"{os.getloadavg()[0]:.1f} at the end, {platform.machine()}, Python {platform.python_version()}, "
        f"llama-cpp-python {llama_cpp.__version__}), bundled SmolLM2-135M-Instruct (Q4_1), n_ctx {DEFAULT_N_CTX}.",
        "",
        "| measure | value | target |",
        "|---|---|---|",
        f"| decode tokens/s, bare `llama_cpp.Llama` (median of {throughput['runs']}) | {throughput['bare_tps']:.1f} | |",
        f"| decode tokens/s, our `LlamaCppModel` (same prompt, interleaved) | {throughput['wrapped_tps']:.1f} | |",
        f"| wrapper / bare (median of the per-pair ratios) | {throughput['ratio']:.3f} | >= 0.95 |",
        f"| reading job alone, no deadline (pending answer, en / zh-Hans / zh-Hant), {reading['turns']} calls: "
        f"p50 / p95 / max | {reading['p50_s']:.2f} / {reading['p95_s']:.2f} / {reading['max_s']:.2f} s | |",
        f"| reading job: facts kept / dropped by grounding | {stats['extract_facts_kept']} / "
        f"{stats['extract_facts_dropped']} | |",
        *([] if deterministic is None else [
            f"| engine turn, `--llm none` ({deterministic['turns']} turns of the eval scenarios): p50 / p95 | "
            f"{1000 * float(deterministic['p50_s']):.0f} / {1000 * float(deterministic['p95_s']):.0f} ms | p95 <= 50 ms |"]),
        *([] if engine is None else _engine_rows(engine)),
        MARK_END,
    ])


def _engine_rows(engine: dict[str, object]) -> list[str]:
    stats = engine["stats"]
    assert isinstance(stats, dict)
    model_p50, model_p95 = engine["model_p50_s"], engine["model_p95_s"]
    return [
        f"| engine turn, `--llm bundled` (same turns): p50 / p95 | {engine['p50_s']:.2f} / {engine['p95_s']:.2f} s | |",
        f"| engine turns that called the model ({engine['model_turns']}): p50 / p95 | "
        + ("n/a" if model_p50 is None or model_p95 is None else f"{float(model_p50):.2f} / {float(model_p95):.2f} s")
        + " | p95 <= 1.5 s |",
        f"| engine run: reading calls, timeouts (parser's facts kept) | {stats['extract_calls']}, {stats['timeouts']} | |",
    ]


def write_into(doc: Path, block: str) -> None:
    text = doc.read_text(encoding="utf-8") if doc.exists() else ""
    if MARK_START in text and MARK_END in text:
        head, rest = text.split(MARK_START, 1)
        text = head + block + rest.split(MARK_END, 1)[1]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    doc.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="interleaved throughput runs per side")
    parser.add_argument("--max-tokens", type=int, default=128)
    parser.add_argument("--rounds", type=int, default=3, help="passes over the reading turns")
    parser.add_argument("--scenarios", type=int, default=1000, help="eval scenarios driven through the engine (default: all; 0: skip)")
    parser.add_argument("--write", type=Path, help="markdown file whose bench block gets the figures")
    args = parser.parse_args()
    path = bundled_model_path()
    throughput = bench_throughput(path, args.runs, args.max_tokens)
    reading = bench_reading(args.rounds)
    deterministic = bench_engine(args.scenarios, "none") if args.scenarios else None
    engine = bench_engine(args.scenarios, "bundled") if args.scenarios else None
    block = report(throughput, reading, deterministic, engine)
    print(block)
    if args.write:
        write_into(args.write, block)


if __name__ == "__main__":
    main()
