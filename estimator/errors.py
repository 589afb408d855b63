"""The project's error hierarchy: every error a user can see, with a message that says what to do.

Only the edges (CLI, Slack adapter) catch these and show `user_message`; nothing shows a traceback.
This module lives in the pure core so that `knowledge/` and `bot/` can share it without importing
each other.
"""

from __future__ import annotations

from estimator.plurals import agree_plurals
from estimator.said import Said


class SiliconsultError(Exception):
    """Base class. `user_message` is safe to show to an end user as is; an error the core found in a
    recommendation (`NoFeasibleOption`) carries its `finding` instead, which the wording layer says."""

    finding: Said | None = None

    def __init__(self, user_message: str) -> None:
        super().__init__(user_message)
        self.user_message = user_message


class InvalidRequest(SiliconsultError):
    """A request (CLI flags, batch line, workload) is malformed or out of range.

    `field` names the offending input when one can be named.
    """

    def __init__(self, user_message: str, field: str | None = None) -> None:
        super().__init__(user_message)
        self.field = field


class UnknownHardware(InvalidRequest):
    """A hardware id that is not in the catalog."""

    def __init__(self, hardware_id: str, suggestions: list[str] | None = None) -> None:
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(
            f"Unknown hardware id '{hardware_id}'.{hint} "
            "Run `siliconsult kb hardware` to list the ids.",
            field="hardware",
        )
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
        # The core raises it with a finding, which the wording layer says (`user_message` is then its key,
        # for logs); a caller's own sentence (an adapter, a test's fake) is shown as written.
        super().__init__(finding.key if isinstance(finding, Said) else finding)
        self.finding: Said | None = finding if isinstance(finding, Said) else None
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
