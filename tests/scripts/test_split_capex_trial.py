"""`scripts/split_capex_trial.py`'s class split, one mode for both uses: a class file split in place (`--class-file`)
and a class written elsewhere, carrying its header, split into a new class file (`--class-file FILE --dev-file NEW`,
or the earlier `--batch FILE --dev-file NEW`). Expected from what a split is: every block lands in exactly one of the
two files, under the class's own header, the held-out file marked held-out; the same seed draws the same positions
whichever form is used; nothing a split would create is overwritten; the ids drawn are never printed."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "split_capex_trial.py"
HEADER = "# Capex-vs-expert trial, class `demo`: six questions.\n# sources: first principles\nquestions:\n"
IDS = [f"demo-{n}" for n in range(1, 7)]


def _script():
    spec = importlib.util.spec_from_file_location("split_capex_trial", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def split(tmp_path, monkeypatch):
    module = _script()
    folder = tmp_path / "capex_trial"
    folder.mkdir()
    monkeypatch.setattr(module, "FOLDER", folder)
    return module


def _class_text() -> str:
    return HEADER + "".join(f"- id: {i}\n  lang: en\n  question: \"q {i}\"\n" for i in IDS)


def _ids(path: Path) -> list[str]:
    return re.findall(r"^- id: (\S+)", path.read_text(encoding="utf-8"), re.MULTILINE)


def _check_split(dev: Path, held: Path, count: int) -> None:
    assert sorted(_ids(dev) + _ids(held)) == sorted(IDS)  # every question in exactly one file
    assert len(_ids(held)) == count
    assert dev.read_text(encoding="utf-8").startswith(HEADER)
    held_text = held.read_text(encoding="utf-8")
    assert held_text.startswith(f"# HELD-OUT share of {dev.name}") and HEADER in held_text


def test_a_class_file_is_split_in_place(split, capsys):
    source = split.FOLDER / "demo.yaml"
    source.write_text(_class_text(), encoding="utf-8")
    assert split.main(["--class-file", "demo.yaml", "--count", "2", "--seed", "7"]) == 0
    _check_split(source, split.FOLDER / "demo_held_out.yaml", 2)
    assert not any(i in capsys.readouterr().out for i in IDS)  # only counts are printed


@pytest.mark.parametrize("flag", ["--class-file", "--batch"])
def test_a_class_written_elsewhere_becomes_a_new_class_file_with_the_same_draw(split, tmp_path, flag):
    outside = tmp_path / "batch.yaml"
    outside.write_text(_class_text(), encoding="utf-8")
    assert split.main([flag, str(outside), "--dev-file", "demo.yaml", "--held-out-file", "demo_held_out.yaml",
                       "--count", "2", "--seed", "7"]) == 0
    dev, held = split.FOLDER / "demo.yaml", split.FOLDER / "demo_held_out.yaml"
    _check_split(dev, held, 2)
    assert outside.read_text(encoding="utf-8") == _class_text()  # the written file is left as it was
    # the same seed over the same blocks sets the same questions aside as an in-place split does
    in_place = tmp_path / "again"
    in_place.mkdir()
    (in_place / "demo.yaml").write_text(_class_text(), encoding="utf-8")
    split.FOLDER = in_place
    assert split.main(["--class-file", "demo.yaml", "--count", "2", "--seed", "7"]) == 0
    assert _ids(in_place / "demo_held_out.yaml") == _ids(held)


def test_a_split_is_made_once(split, tmp_path):
    source = split.FOLDER / "demo.yaml"
    source.write_text(_class_text(), encoding="utf-8")
    assert split.main(["--class-file", "demo.yaml", "--count", "2", "--seed", "7"]) == 0
    before = {p.name: p.read_text(encoding="utf-8") for p in split.FOLDER.iterdir()}
    assert split.main(["--class-file", "demo.yaml", "--count", "2", "--seed", "8"]) == 1
    outside = tmp_path / "batch.yaml"
    outside.write_text(_class_text(), encoding="utf-8")
    assert split.main(["--class-file", str(outside), "--dev-file", "demo.yaml", "--count", "2"]) == 1
    assert {p.name: p.read_text(encoding="utf-8") for p in split.FOLDER.iterdir()} == before


def test_a_new_class_file_needs_the_file_to_split(split):
    with pytest.raises(SystemExit):
        split.main(["--dev-file", "demo.yaml"])
