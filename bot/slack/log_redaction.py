"""Slack credentials never reach a log line: a logging filter that blanks Slack tokens (bot, user, app-level,
refresh, configuration: `xox?-…`, `xapp-…`) and the app's own secret values wherever they appear in a record,
its arguments or its traceback. A `SlackApiError` prints the request and response it carries, and a proxy or a
misconfigured client can echo a token into either; logs are read by more people than hold the secrets."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

# Slack's token prefixes (api.slack.com/authentication/token-types): xoxb bot, xoxp user, xoxa/xoxr
# refresh/rotated, xoxe configuration, xapp app-level; each followed by dash-separated word characters.
SLACK_TOKEN = re.compile(r"\b(?:xox[abeoprs]|xapp)-[A-Za-z0-9-]+")
REDACTED = "[redacted]"


class RedactSecrets(logging.Filter):
    """Rewrites each record it sees with every Slack token and every given secret replaced by `REDACTED`."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        # Short values would blank ordinary words: only secrets long enough to be secrets are matched literally.
        self._secrets = sorted({s for s in secrets if s and len(s) >= 8}, key=len, reverse=True)

    def redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        return SLACK_TOKEN.sub(REDACTED, text)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = self.redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and record.exc_info[0] is not None:
            # The traceback's text holds the exception's message: format it here, redacted, so the handler's
            # formatter uses this text instead of formatting the exception again.
            record.exc_text = self.redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def install(secrets: Iterable[str] = (), logger: logging.Logger | None = None) -> RedactSecrets:
    """Attach one `RedactSecrets` to every handler of `logger` (the root logger by default): a filter on a
    handler sees the records of every logger that propagates to it, Bolt's and slack_sdk's included."""
    target = logger or logging.getLogger()
    redaction = RedactSecrets(secrets)
    for handler in target.handlers:
        if not any(isinstance(f, RedactSecrets) for f in handler.filters):
            handler.addFilter(redaction)
    return redaction


__all__ = ["REDACTED", "SLACK_TOKEN", "RedactSecrets", "install"]
