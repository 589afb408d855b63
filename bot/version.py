"""The running code's version, for `--version`, the report footer and the MCP server's name.

A module of its own so the library, the MCP server and the report need not import the CLI.
"""

from __future__ import annotations


def package_version() -> str:
    """The version of the code running: a source checkout's pyproject.toml (an editable install's
    metadata keeps the version it was installed at), else the installed distribution's."""
    import importlib.metadata
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    if pyproject.is_file():
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == "siliconsult":
            return str(project["version"])
    try:
        return importlib.metadata.version("siliconsult")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"
