"""The project's error hierarchy: every error a user can see, with a message that says what to do.

Only the edges (CLI, Slack adapter, MCP server) catch these and show `error_text(exc)`; nothing shows a traceback.
The base class lives in the pure core so that `knowledge/` and `bot/` share one hierarchy without importing
each other; the errors raised outside the core live beside their code (`knowledge.errors.DataError`,
`bot.errors.ConfigError` / `LLMError`), so every sentence here is a finding the wording layer says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from estimator.said import Said, joined, said

if TYPE_CHECKING:
    from estimator.schemas import FitsLimit


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


class NoFeasibleOption(SiliconsultError):
    """No candidate meets the constraints; the message says which constraint to relax and by how much.

    `reasons`: when no device was eligible at all, the reasons they were excluded, so that a
    caller that narrowed the catalog itself ("why not an NPU?") can say them without the whole-catalog advice.
    """

    def __init__(self, finding: Said | str, reasons: list[Said] | None = None) -> None:
        super().__init__(finding)
        self.reasons = list(reasons or [])
        # What fits the limits that ruled the stated model out (`advice.fits_limit.what_fits`), when there are limits.
        self.fits_limit: FitsLimit | None = None


__all__ = [
    "InvalidRequest",
    "NoFeasibleOption",
    "SiliconsultError",
    "UnknownHardware",
]
