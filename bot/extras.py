"""The optional parts of the package and the message when one is missing.

`pip install siliconsult` is the core (estimator, knowledge store, CLI, `chat --llm none`); the local
model, Slack, PostgreSQL, PDF and the MCP server are extras. A command that needs a missing extra
stops with a `ConfigError` naming the extra to install (exit 2, one line), never an ImportError
traceback.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from bot.errors import ConfigError

# extra -> what it adds, as the message says it
EXTRAS: dict[str, str] = {
    "llm": "the local language model (llama-cpp-python and the bundled SmolLM2)",
    "slack": "the Slack app",
    "postgres": "PostgreSQL conversation state",
    "pdf": "PDF reports",
    "mcp": "the MCP server",
}


def missing_extra(extra: str, module: str) -> ConfigError:
    """The error for an extra whose `module` cannot be imported."""
    return ConfigError(
        f"{EXTRAS[extra]} needs the optional part '{extra}' (module {module} is not installed): "
        f"pip install 'siliconsult[{extra}]'"
    )


def require(extra: str, module: str) -> ModuleType:
    """Import `module`, or raise the `ConfigError` that names the extra providing it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise missing_extra(extra, module) from exc


__all__ = ["EXTRAS", "missing_extra", "require"]
