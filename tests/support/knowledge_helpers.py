"""Helpers for the knowledge tests: a writable copy of the shipped data and line-level edits to it."""

from __future__ import annotations

import shutil
from pathlib import Path

from knowledge import default_data_dir


def copy_data(tmp_path: Path) -> Path:
    """A copy of the shipped data directory that a test may corrupt."""
    target = tmp_path / "data"
    shutil.copytree(default_data_dir(), target)
    return target


def line_of(path: Path, startswith: str) -> int:
    """1-based physical line number of the first line starting with `startswith`."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith(startswith):
            return number
    raise AssertionError(f"no line starting with {startswith!r} in {path.name}")


def replace_in_line(path: Path, startswith: str, old: str, new: str) -> int:
    """Replace `old` by `new` on the line starting with `startswith`; return that line's number."""
    number = line_of(path, startswith)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert old in lines[number - 1], f"{old!r} not on line {number} of {path.name}"
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    path.write_text("".join(lines), encoding="utf-8")
    return number
