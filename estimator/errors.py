"""The project's error hierarchy: every error a user can see, with a message that says what to do.

Only the edges (CLI, Slack adapter) catch these and show `user_message`; nothing shows a traceback.
This module lives in the pure core so that `knowledge/` and `bot/` can share it without importing
each other.
"""

from __future__ import annotations

from estimator.plurals import agree_plurals
from estimator.said import Said, joined, said


class SiliconsultError(Exception):
    """Base class. An error the core raises carries a `finding` (`estimator.said`), which the wording layer
    says in the reader's language (`bot.wording.error_text`); `user_message` then holds its key, for logs.
    An error raised with a sentence (the store's data errors, the adapters' own) shows it as written."""

    finding: Said | None = None

    def __init__(self, message: str | Said) -> None:
        finding = message if isinstance(message, Said) else None
        text = message.key if isinstance(message, Said) else message
        super().__init__(text)
        self.user_message = text
        self.finding = finding


class InvalidRequest(SiliconsultError):
    """A request (CLI flags, batch line, workload) is malformed or out of range.

    `field` names the offending input when one can be named.
    """

    def __init__(self, message: str | Said, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class UnknownHardware(InvalidRequest):
    """A hardware id that is not in the catalog."""

    def __init__(self, hardware_id: str, suggestions: list[str] | None = None) -> None:
        if suggestions:
            finding = said("error.unknown_hardware.suggest", hardware=hardware_id, ids=joined(suggestions, "list_sep"))
        else:
            finding = said("error.unknown_hardware", hardware=hardware_id)
        super().__init__(finding, field="hardware")
        self.hardware_id = hardware_id


class DataError(SiliconsultError):
    """Knowledge data failed validation. `errors` holds one line per problem (file:line: column: reason)."""

    # A start-up refusal is one line (the first problem and where to see the rest); `kb validate`
    # lists up to `SHOWN` of `errors`, so a file with a million bad rows cannot flood a terminal.
    SHOWN = 20

    def __init__(self, errors: list[str]) -> None:
        first = errors[0] if errors else "(none)"
        super().__init__(agree_plurals(f"{len(errors)} problem(s) in the knowledge data: ") + f"{first}; "
                         "`siliconsult kb validate` lists them")
        self.errors = list(errors)

    def shown(self) -> list[str]:
        """The first `SHOWN` problems, and a last line counting the rest."""
        rest = len(self.errors) - self.SHOWN
        return self.errors[: self.SHOWN] + ([f"… and {rest} more"] if rest > 0 else [])


class NoFeasibleOption(SiliconsultError):
    """No candidate meets the constraints; the message says which constraint to relax and by how much.

    `reasons`: when no device was eligible at all, the reasons they were excluded, so that a
    caller that narrowed the catalog itself ("why not an NPU?") can say them without the whole-catalog advice.
    """

    def __init__(self, finding: Said | str, reasons: list[Said] | None = None) -> None:
        super().__init__(finding)
        self.reasons = list(reasons or [])


class LLMError(SiliconsultError):
    """The language model failed (timeout, bad output after a re-ask). Callers fall back to templates."""

    def __init__(self, user_message: str, attempts: list[str] | None = None) -> None:
        super().__init__(user_message)
        self.attempts = list(attempts or [])


class ConfigError(SiliconsultError):
    """A setting (env var, flag) is missing or wrong; the message names it."""


__all__ = [
    "ConfigError",
    "DataError",
    "InvalidRequest",
    "LLMError",
    "NoFeasibleOption",
    "SiliconsultError",
    "UnknownHardware",
]
