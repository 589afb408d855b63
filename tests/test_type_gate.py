"""The type gate covers every module of the four packages, and each package says so to its users."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGES = ("bot", "estimator", "knowledge", "evals")


def test_mypy_checks_whole_packages_strictly():
    mypy = CONFIG["tool"]["mypy"]
    assert mypy["strict"] is True
    assert sorted(mypy["files"]) == sorted(PACKAGES), "check whole packages, not a list of modules"
    # An override that silences a package's own errors would undo "every module".
    silenced = [o for o in mypy.get("overrides", []) if o.get("ignore_errors") or o.get("follow_imports") == "silent"]
    assert silenced == []


def test_every_package_ships_its_py_typed_marker():
    data = CONFIG["tool"]["setuptools"]["package-data"]
    for package in PACKAGES:
        assert (ROOT / package / "py.typed").is_file(), package
        assert "py.typed" in data.get(package, []), f"{package}'s py.typed is not installed with it"
