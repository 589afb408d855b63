"""Errors raised by the conversation layer's own parts: a setting that is missing or wrong, a language model
that failed. Their messages are an operator's, shown as written (`bot.wording.error_text`)."""

from __future__ import annotations

from estimator.errors import SiliconsultError


class LLMError(SiliconsultError):
    """The language model failed (timeout, bad output after a re-ask). Callers fall back to templates."""

    def __init__(self, user_message: str, attempts: list[str] | None = None) -> None:
        super().__init__(user_message)
        self.attempts = list(attempts or [])


class ConfigError(SiliconsultError):
    """A setting (env var, flag) is missing or wrong; the message names it."""


__all__ = ["ConfigError", "LLMError"]
