"""Bytes a thread's stored state holds as it grows to N turns (SQLite, or PostgreSQL with --state-url).

One conversation: a recommendation, then follow-ups in a cycle (what-ifs and why-nots), answered by the
deterministic engine. After every turn the thread's stored bytes are read straight from the saver's
tables (checkpoints, their blobs and pending writes). Prints the bytes after the first recommendation,
the mean growth per turn after it, and the last and largest sizes.

    .venv/bin/python scripts/bench_state_growth.py [--turns 1000] [--state-url postgresql://…] [--json]

Exit 1 if the mean growth per turn after the first recommendation exceeds --max-kb-per-turn (default 20).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.settings import Settings  # noqa: E402
from bot.wiring import build_engine  # noqa: E402

FIRST = "we fine-tuned a 7B model for the legal team, 40 of them at once, prompts ~1500 tokens, answers ~300, just recommend"
FOLLOW_UPS = ("what if 120 users?", "why not an NPU?", "what if 60 users?", "and with 4k prompts?")
THREAD = "bench-long-thread"


def sqlite_bytes(path: Path) -> Callable[[], int]:
    def measure() -> int:
        with sqlite3.connect(path) as db:
            (size,) = db.execute(
                "SELECT coalesce((SELECT sum(length(checkpoint) + length(metadata)) FROM checkpoints WHERE thread_id = ?), 0)"
                " + coalesce((SELECT sum(length(value)) FROM writes WHERE thread_id = ?), 0)", (THREAD, THREAD)).fetchone()
        return int(size)
    return measure


def postgres_bytes(url: str) -> Callable[[], int]:
    import psycopg

    def measure() -> int:
        with psycopg.connect(url, autocommit=True) as db:
            row = db.execute(
                "SELECT coalesce((SELECT sum(length(checkpoint::text) + length(metadata::text)) FROM checkpoints WHERE thread_id = %s), 0)"
                " + coalesce((SELECT sum(length(blob)) FROM checkpoint_blobs WHERE thread_id = %s), 0)"
                " + coalesce((SELECT sum(length(blob)) FROM checkpoint_writes WHERE thread_id = %s), 0)",
                (THREAD, THREAD, THREAD)).fetchone()
        return int(row[0]) if row else 0
    return measure


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--state-url", default=None, help="postgresql://… (default: SQLite in a temporary home)")
    parser.add_argument("--max-kb-per-turn", type=float, default=20.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(home=Path(home), llm="none", state_url=args.state_url)
        sizes, seconds = [], []
        with build_engine(settings, llm=None) as engine:
            measure = postgres_bytes(args.state_url) if args.state_url else sqlite_bytes(Path(home) / "state.sqlite")
            for turn in range(args.turns):
                started = time.perf_counter()
                engine.handle(THREAD, FIRST if turn == 0 else FOLLOW_UPS[turn % len(FOLLOW_UPS)])
                seconds.append(time.perf_counter() - started)
                sizes.append(measure())
    growth = (sizes[-1] - sizes[0]) / max(1, len(sizes) - 1)
    result = {"store": "postgresql" if args.state_url else "sqlite", "turns": args.turns,
              "bytes_after_first": sizes[0], "bytes_last": sizes[-1], "bytes_max": max(sizes),
              "growth_bytes_per_turn": round(growth, 1), "turn_ms_median": round(1000 * statistics.median(seconds), 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['store']}: {args.turns} turns; after the first recommendation {sizes[0] / 1024:.1f} KB, "
              f"last {sizes[-1] / 1024:.1f} KB, largest {max(sizes) / 1024:.1f} KB; "
              f"growth {growth / 1024:+.2f} KB per turn; median turn {result['turn_ms_median']} ms")
    return 1 if growth / 1024 > args.max_kb_per_turn else 0


if __name__ == "__main__":
    sys.exit(main())
