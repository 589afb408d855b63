"""Local SQLite files the bot keeps (conversation state, the Slack inbox): one clear line when one is damaged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.errors import ConfigError


def damaged_file(path: Path, what: str, error: sqlite3.DatabaseError) -> ConfigError:
    """The start-up refusal for a corrupt, truncated or foreign file where SQLite was expected.

    Nothing is deleted for the user: the file may hold conversations they want back, so the message
    says how to start afresh and leaves the choice to them.
    """
    return ConfigError(f"{path}: the {what} is damaged or not a SQLite database ({error}); "
                       "move it aside to start afresh (what it held is then not used).")


__all__ = ["damaged_file"]
