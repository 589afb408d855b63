"""The capex trial's splits, named after the files in evals/capex_trial/ (a light module: the CLI's help reads it).

`questions.yaml` is dev; every other file is a split named by its stem: `held_out` and `held_out_N` are batches
written by outside reviewers (a third drawn unread by scripts/split_capex_trial.py); a class and its
`<class>_held_out` are the questions written for one mechanism and the third set aside before any change. Each file's
header says what it holds. Adding a file adds a split: no list to keep in step.
"""

from __future__ import annotations

import re
from pathlib import Path

TRIAL_DIR = Path(__file__).resolve().parent / "capex_trial"
DEV_FILE = "questions.yaml"


def _order(stem: str) -> tuple[int, str, int]:
    """dev's outside batches first (held_out, held_out_2, …, by number), then each class beside its held-out third."""
    numbered = re.fullmatch(r"held_out(?:_(\d+))?", stem)
    if numbered:
        return (0, "", int(numbered.group(1) or 1))
    return (1, stem.removesuffix("_held_out"), stem.endswith("_held_out"))


def trial_splits(trial_dir: Path = TRIAL_DIR) -> dict[str, str]:
    """Split name → file name: dev first, then the rest in `_order`."""
    stems = sorted((path.stem for path in trial_dir.glob("*.yaml") if path.name != DEV_FILE), key=_order)
    return {"dev": DEV_FILE, **{stem: f"{stem}.yaml" for stem in stems}}


TRIAL_SPLITS = trial_splits()
