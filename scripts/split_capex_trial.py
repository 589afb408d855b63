"""Set a random third of the capex trial's questions aside as held-out, once, before any run.

Reads evals/capex_trial/questions.yaml (all questions), picks 12 ids with a fixed seed and moves their
blocks, text untouched (derivations and comments kept), into evals/capex_trial/held_out.yaml. Run it once
when the questions are written; re-running on an already split set refuses, so the held-out set never changes
silently.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

SEED = 20261205
HELD_OUT = 12
FOLDER = Path(__file__).resolve().parents[1] / "evals" / "capex_trial"


def _blocks(text: str) -> tuple[str, list[str]]:
    """The file's header (comments and `questions:`) and one text block per question."""
    head, _, body = text.partition("questions:\n")
    blocks = ["- id: " + part for part in body.split("- id: ")[1:]]
    return head + "questions:\n", blocks


def main() -> int:
    dev_path, held_path = FOLDER / "questions.yaml", FOLDER / "held_out.yaml"
    if held_path.exists():
        print(f"{held_path} exists: the split is made once; delete it only to re-split a new question set.")
        return 1
    header, blocks = _blocks(dev_path.read_text(encoding="utf-8"))
    chosen = set(random.Random(SEED).sample(range(len(blocks)), HELD_OUT))
    held = [block for number, block in enumerate(blocks) if number in chosen]
    dev = [block for number, block in enumerate(blocks) if number not in chosen]
    dev_path.write_text(header + "".join(dev), encoding="utf-8")
    held_header = header.replace("# Capex-vs-expert trial:", "# Capex-vs-expert trial, HELD-OUT third (scripts/split_capex_trial.py,"
                                 f" seed {SEED}): never read while changing code.\n# Capex-vs-expert trial:", 1)
    held_path.write_text(held_header + "".join(held), encoding="utf-8")
    print(f"dev {len(dev)}, held-out {len(held)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
