"""Time the scenario suite without a model, as a user runs it (target: <= 20 s on this machine).

Runs `siliconsult eval --llm none --json` in a fresh process N times and prints the wall time (with
imports, catalog load and engine build), the suite's own time and the turn latency percentiles.
Usage: python scripts/bench_evals.py [--runs N] [--llm SPEC]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--llm", default="none")
    args = parser.parse_args()
    walls: list[float] = []
    for _ in range(args.runs):
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "bot.cli.main", "eval", "--llm", args.llm, "--json"],
            capture_output=True, text=True, check=False,
        )
        walls.append(time.perf_counter() - start)
        if not proc.stdout.strip():
            print(proc.stderr, file=sys.stderr)
            return 2
        doc = json.loads(proc.stdout)
        latency = doc["latency"]
        print(
            f"{len(doc['scenarios'])} scenarios ({doc['passed']} passed, {doc['failed']} failed): "
            f"wall {walls[-1]:.1f} s, suite {doc['duration_s']:.1f} s, "
            f"turn p50 {latency['p50_ms']} ms, p95 {latency['p95_ms']} ms over {latency['turns']} turns"
        )
    print(f"median wall time over {args.runs} run(s): {statistics.median(walls):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
