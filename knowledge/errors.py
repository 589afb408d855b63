"""The store's own error: knowledge data that failed validation (an operator's message, in English, with
the file, line and column of each problem)."""

from __future__ import annotations

from estimator.errors import SiliconsultError
from estimator.plurals import agree_plurals


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


__all__ = ["DataError"]
