"""No Slack credential reaches a log line: tokens of every Slack kind and the app's own secrets are blanked in
the message, its arguments and its traceback, for records of any logger that propagates to the handler."""

from __future__ import annotations

import io
import logging

import pytest

from bot.slack.log_redaction import REDACTED, RedactSecrets, install

BOT = "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx"
APP = "xapp-1-A0123456789-1234567890123-abcdef0123456789"
SIGNING = "8f742231b10e8888abcd99yyyzzz85a5"


@pytest.fixture
def captured():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    logger = logging.getLogger("test.redaction")
    logger.handlers, logger.propagate = [handler], False
    logger.setLevel(logging.DEBUG)
    install((BOT, APP, SIGNING), logger)
    yield logger, stream
    logger.handlers = []


def test_tokens_in_a_message_and_its_arguments_are_blanked(captured):
    logger, stream = captured
    logger.info("calling chat.postMessage with token=%s", BOT)
    logger.warning("app token %s, secret %s, a user token xoxp-11-22-33-abc", APP, SIGNING)
    text = stream.getvalue()
    assert "xoxb-" not in text and "xapp-" not in text and "xoxp-" not in text and SIGNING not in text
    assert text.count(REDACTED) == 4


def test_a_traceback_carrying_a_token_is_blanked(captured):
    logger, stream = captured
    try:
        raise RuntimeError(f"The request to the Slack API failed. (url: https://slack.com/api/chat.postMessage) "
                           f"The server responded with: {{'ok': False, 'error': 'invalid_auth', 'token': '{BOT}'}}")
    except RuntimeError:
        logger.exception("turn failed")
    text = stream.getvalue()
    assert "Traceback" in text and "invalid_auth" in text and BOT not in text and REDACTED in text


def test_ordinary_lines_are_left_as_they_are(captured):
    logger, stream = captured
    logger.info("answered thread %s in %d ms", "1712345678.000100", 42)
    assert stream.getvalue().strip() == "test.redaction INFO answered thread 1712345678.000100 in 42 ms"


def test_short_values_are_not_taken_for_secrets():
    # An empty or short "secret" (an unset setting) must not blank ordinary words.
    assert RedactSecrets(("", "abc")).redact("abc is fine") == "abc is fine"
