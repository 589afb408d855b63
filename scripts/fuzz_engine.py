#!/usr/bin/env python3
"""Long fuzzing run of the language understanding and `Engine.handle` (hypothesis, `--llm none`).

CI runs a few hundred examples (tests/bot/test_fuzz_engine.py, tests/bot/nlu/test_fuzz_nlu.py); this runs the same invariants
(tests/support/fuzz_support.py) for as many as asked, 10,000 each by default, and prints how many examples
and turns ran, how long they took, and every distinct failure hypothesis found (shrunk to a minimal
message). Exit status 1 when anything failed.

    .venv/bin/python scripts/fuzz_engine.py                 # 10,000 parser + 10,000 engine examples
    .venv/bin/python scripts/fuzz_engine.py --examples 500 --target engine --seed 7
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402

from bot.settings import Settings  # noqa: E402
from bot.wiring import build_engine  # noqa: E402
from tests.support.fuzz_support import MESSAGES, PENDING_SLOTS, check_parse, check_turns  # noqa: E402


class Tally:
    def __init__(self) -> None:
        self.examples = 0
        self.turns = 0


def _describe(exc: BaseException) -> str:
    """The error and hypothesis' notes (the shrunk falsifying example), without the traceback."""
    return "".join(traceback.format_exception_only(exc)).strip()


def _run(name: str, test: Callable[[], None], tally: Tally) -> list[str]:
    """Run a @given test; return its failures as text (hypothesis may report several at once)."""
    started = time.perf_counter()
    failures: list[str] = []
    try:
        test()
    except BaseExceptionGroup as group:  # several distinct bugs
        failures = [_describe(exc) for exc in group.exceptions]
    except Exception as exc:  # noqa: BLE001 - reported, not raised: the run is the report
        failures = [_describe(exc)]
    elapsed = time.perf_counter() - started
    rate = tally.examples / elapsed if elapsed else 0.0
    turns = f", {tally.turns:,} turns" if tally.turns else ""
    print(f"{name}: {tally.examples:,} examples{turns} in {elapsed:.1f} s ({rate:,.0f}/s), "
          f"{len(failures)} failure(s)", flush=True)
    for failure in failures:
        print(f"  FAIL {failure}")
    return failures


def fuzz_parser(examples: int, chosen_seed: int | None) -> list[str]:
    tally = Tally()

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(text=MESSAGES, pending_slot=PENDING_SLOTS)
    def parser_test(text: str, pending_slot: str | None) -> None:
        tally.examples += 1
        check_parse(text, pending_slot)

    test = seed(chosen_seed)(parser_test) if chosen_seed is not None else parser_test
    return _run("parse_message", test, tally)


def fuzz_engine(examples: int, chosen_seed: int | None) -> list[str]:
    tally = Tally()
    saver = InMemorySaver()
    with tempfile.TemporaryDirectory(prefix="siliconsult-fuzz-") as home, \
            build_engine(Settings(home=Path(home)), llm=None, checkpointer=saver) as engine:

        @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(texts=st.lists(MESSAGES, min_size=1, max_size=3))
        def engine_test(texts: list[str]) -> None:
            tally.examples += 1
            tally.turns += len(texts)
            check_turns(engine, texts, after=saver.delete_thread)  # keep memory flat over 10k threads

        test = seed(chosen_seed)(engine_test) if chosen_seed is not None else engine_test
        return _run("Engine.handle", test, tally)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000, help="examples per target (default 10,000)")
    parser.add_argument("--target", choices=("parser", "engine", "both"), default="both")
    parser.add_argument("--seed", type=int, default=None, help="fixed seed to reproduce a run")
    args = parser.parse_args()
    # Engine.handle logs every swallowed exception with its traceback; the failures below say it once.
    logging.getLogger("bot").setLevel(logging.CRITICAL)
    failures: list[str] = []
    if args.target in ("parser", "both"):
        failures += fuzz_parser(args.examples, args.seed)
    if args.target in ("engine", "both"):
        failures += fuzz_engine(args.examples, args.seed)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
