"""Print the requirement string pyproject.toml gives for one dependency (e.g. `llama-cpp-python[server]>=0.3.2`).

setup.sh installs that one package in a step of its own (with its own build flags); the version range
stays written once, in pyproject.toml.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path


def requirement_of(name: str, pyproject: Path) -> str:
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    # The core's dependencies, then every extra's (llama-cpp-python is in the `llm` extra).
    dependencies = [*project["dependencies"], *(r for extra in project.get("optional-dependencies", {}).values()
                                                for r in extra)]
    for requirement in dependencies:
        match = re.match(r"[A-Za-z0-9._-]+", requirement)
        if match and match.group(0).lower().replace("_", "-") == name.lower():
            return str(requirement)
    raise SystemExit(f"requirement_of: {name} is not a dependency in {pyproject}")


if __name__ == "__main__":
    print(requirement_of(sys.argv[1], Path(__file__).resolve().parents[1] / "pyproject.toml"))
