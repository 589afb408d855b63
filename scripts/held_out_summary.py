"""Score held-out capex splits by their summary lines only: how many questions land within 1.5× of the expert, within 3×,
and which way the misses lean, per split and summed, never a question's id or row (held-out questions stay unread).

    .venv/bin/python scripts/held_out_summary.py --outside      # held_out, held_out_2, … (outside reviewers' batches)
    .venv/bin/python scripts/held_out_summary.py --classes      # every <class>_held_out
    .venv/bin/python scripts/held_out_summary.py SPLIT [SPLIT …]

Each split runs `siliconsult eval --capex-trial --llm none --split S --json` in its own process (the CLI owns the wiring)
and only its summary's `total` is read.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evals.trial_splits import trial_splits  # noqa: E402 - the repository root goes on the path first


@dataclass(frozen=True)
class SplitScore:
    split: str
    questions: int
    within_1_5x: int
    within_3x: int
    over: int
    under: int
    factor: float | None


def outside_splits(splits: list[str]) -> list[str]:
    """The outside reviewers' batches: `held_out` and `held_out_N`, in their order."""
    return [s for s in splits if re.fullmatch(r"held_out(?:_\d+)?", s)]


def class_held_out_splits(splits: list[str]) -> list[str]:
    """Every class's held-out third."""
    return [s for s in splits if s.endswith("_held_out")]


def score(split: str) -> SplitScore:
    """One split's summary total, counted back from its shares."""
    command = [sys.executable, "-m", "bot.cli.main", "eval", "--capex-trial", "--llm", "none", "--split", split, "--json"]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout  # noqa: S603 - our own CLI
    total = json.loads(out)["summary"]["total"]
    n = total["questions"]
    return SplitScore(split, n, round((total["within_1_5x"] or 0) * n), round((total["within_3x"] or 0) * n),
                      total["over_1_5x"], total["under_1_5x"], total["geometric_mean_factor"])


def line(s: SplitScore) -> str:
    return (f"{s.split:32s} {s.within_1_5x:3d}/{s.questions:<3d} within 3× {s.within_3x:3d}  over {s.over:2d} under {s.under:2d}"
            f"  factor {s.factor}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("splits", nargs="*")
    parser.add_argument("--outside", action="store_true", help="the outside reviewers' held-out batches")
    parser.add_argument("--classes", action="store_true", help="every class's held-out third")
    args = parser.parse_args(argv)
    known = list(trial_splits())
    chosen = [*args.splits, *(outside_splits(known) if args.outside else []), *(class_held_out_splits(known) if args.classes else [])]
    if unknown := [s for s in chosen if s not in known]:
        parser.error(f"unknown split(s): {', '.join(unknown)}")
    if not chosen:
        parser.error("name splits, or --outside / --classes")
    scores = [score(s) for s in chosen]
    for s in scores:
        print(line(s))
    n, w = sum(s.questions for s in scores), sum(s.within_1_5x for s in scores)
    print(f"{'total':32s} {w:3d}/{n:<3d} ({100 * w / max(n, 1):.0f} %) within 3× {sum(s.within_3x for s in scores)}  "
          f"over {sum(s.over for s in scores)} under {sum(s.under for s in scores)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
