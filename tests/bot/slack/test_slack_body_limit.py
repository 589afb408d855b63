"""The HTTP server refuses oversized or unsized POST bodies from the headers, before reading them.

Served for real on loopback (the server `siliconsult slack --http` runs) against the fake Web API.
A refused request gets 413/411/400, is logged in one line, and never reaches Bolt or the engine; a
normal signed event at the limit is still answered.
"""

from __future__ import annotations

import http.client
import json
import logging
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from slack_bolt import App
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import MemoryInbox
from bot.slack.server import MAX_BODY_BYTES
from tests.support.fake_slack import FakeSlack, event_envelope, mention, post_event, signed_headers
from tests.support.slack_harness import SECRET, EchoEngine, serve_app

pytestmark = pytest.mark.slack

LIMIT = 4096  # a small limit, so that a real over-limit body is quick to build and to send
SERVER_LOG = "bot.slack.http_front"


@dataclass
class Slack:
    fake: FakeSlack
    engine: EchoEngine
    app: App


@pytest.fixture
def slack(tmp_path, monkeypatch) -> Iterator[Slack]:
    """The adapter with a stand-in engine (one turn worker: turns run in order) and the fake Web API."""
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    engine = EchoEngine()
    with FakeSlack() as fake:
        client = WebClient(token="xoxb-test", base_url=fake.url)
        app = create_app(engine, Settings(home=tmp_path, llm="none"), client=client, inbox=MemoryInbox(),
                         listener_workers=1, turn_workers=1)
        yield Slack(fake, engine, app)


@pytest.fixture
def url(slack: Slack) -> Iterator[str]:
    with serve_app(slack.app, max_body_bytes=LIMIT) as events_url:
        yield events_url


def raw_post(url: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, str]:
    """POST with exactly these headers (no Content-Length added); a server that waits for the body times out."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
    try:
        connection.putrequest("POST", parts.path, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders(body or None)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def signed_mention(text: str, size: int) -> tuple[dict, str]:
    """A mention whose signed JSON body is exactly `size` bytes (padded in the text)."""
    envelope = event_envelope(mention(text))
    pad = size - len(json.dumps(envelope).encode())
    assert pad >= 0
    envelope["event"]["text"] += "x" * pad
    body = json.dumps(envelope)
    assert len(body.encode()) == size
    return envelope, body


def answered(fake: FakeSlack, envelope: dict) -> list:
    return fake.calls("chat.postMessage", where=lambda r: r.body.get("thread_ts") == envelope["event"]["ts"])


def test_a_body_at_the_limit_is_answered_and_one_byte_more_is_refused_unread(
    url: str, slack: Slack, caplog: pytest.LogCaptureFixture,
) -> None:
    fake, engine = slack.fake, slack.engine
    over, over_body = signed_mention("too big", LIMIT + 1)
    headers = {"Content-Type": "application/json", **signed_headers(SECRET, over_body)}
    with caplog.at_level(logging.WARNING, logger=SERVER_LOG):
        # The headers announce the body but none of it is sent: only a server that decides from the
        # headers alone can answer before the 5 s timeout.
        status, text = raw_post(url, {**headers, "Content-Length": str(LIMIT + 1)})
    assert status == 413 and text == "body too large\n"
    [record] = [r for r in caplog.records if r.name == SERVER_LOG]
    assert "413" in record.getMessage() and f"{LIMIT + 1:,}-byte body" in record.getMessage()

    at_limit, at_limit_body = signed_mention("just fits", LIMIT)
    status, _ = raw_post(url, {"Content-Type": "application/json", "Content-Length": str(LIMIT),
                               **signed_headers(SECRET, at_limit_body)}, at_limit_body.encode())
    assert status == 200
    fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == at_limit["event"]["ts"])
    # Turns run in order on one worker: the answered mention proves the refused one was never queued.
    assert answered(fake, over) == []
    [(_, text)] = engine.calls
    assert text.startswith("just fits")


def test_an_oversized_signed_event_sent_whole_is_refused_and_not_answered(url: str, slack: Slack) -> None:
    fake, engine = slack.fake, slack.engine
    over, over_body = signed_mention("sent whole", 2 * LIMIT)
    status, _ = raw_post(url, {"Content-Type": "application/json", "Content-Length": str(2 * LIMIT),
                               **signed_headers(SECRET, over_body)}, over_body.encode())
    assert status == 413
    normal = mention("a normal event")
    status, _, _ = post_event(url, SECRET, event_envelope(normal))
    assert status == 200
    [reply] = fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == normal["ts"])
    assert reply.body["text"] == "you said: a normal event"
    assert answered(fake, over) == [] and len(engine.calls) == 1


@pytest.mark.parametrize(("content_length", "expected"), [
    (None, 411),  # no Content-Length at all (as with a chunked upload)
    ("", 400),  # RFC 9110: Content-Length = 1*DIGIT, so an empty value is malformed
    ("abc", 400),
    ("-5", 400),
    ("+5", 400),
    ("1e9", 400),
])
def test_a_post_without_a_valid_content_length_is_refused(
    url: str, slack: Slack, content_length: str | None, expected: int, caplog: pytest.LogCaptureFixture,
) -> None:
    headers = {"Content-Type": "application/json"}
    if content_length is not None:
        headers["Content-Length"] = content_length
    with caplog.at_level(logging.WARNING, logger=SERVER_LOG):
        status, _ = raw_post(url, headers)
    assert status == expected
    # uvicorn's HTTP parser refuses a malformed Content-Length itself, before the front runs.
    assert len([r for r in caplog.records if r.name in (SERVER_LOG, "uvicorn.error")]) == 1
    assert slack.engine.calls == []


def test_the_default_limit_refuses_a_50_mib_claim_without_reading_it(slack: Slack) -> None:
    assert MAX_BODY_BYTES == 1024 * 1024  # the limit SECURITY.md and docs/slack.md state
    with serve_app(slack.app) as events_url:
        status, _ = raw_post(events_url, {"Content-Type": "application/json",
                                          "Content-Length": str(50 * MAX_BODY_BYTES)})
    assert status == 413 and slack.engine.calls == []
