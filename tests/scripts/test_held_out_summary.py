"""`scripts/held_out_summary.py` scores held-out splits from their summary lines only. Expected from what held-out means:
the outside group is exactly the reviewers' batches (held_out, held_out_N) and the class group every `<class>_held_out`;
a run prints one line per split and a total, and no question id of the split it scored."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from evals.capex_trial import load_questions, trial_path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "held_out_summary.py"


def _script():
    spec = importlib.util.spec_from_file_location("held_out_summary", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up while being defined
    spec.loader.exec_module(module)
    return module


def test_groups_are_the_outside_batches_and_the_class_thirds():
    module = _script()
    splits = ["dev", "held_out", "held_out_2", "held_out_15", "laptops", "laptops_held_out", "sessions_held_out"]
    assert module.outside_splits(splits) == ["held_out", "held_out_2", "held_out_15"]
    assert module.class_held_out_splits(splits) == ["laptops_held_out", "sessions_held_out"]


@pytest.mark.slow
def test_a_scored_split_prints_counts_and_no_question_id(capsys):
    module = _script()
    assert module.main(["sessions_held_out"]) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[-1].startswith("total")
    assert not any(q.id in printed for q in load_questions(trial_path("sessions_held_out")))
