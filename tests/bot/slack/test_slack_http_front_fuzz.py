"""10,000 random requests to the HTTP front, signed and unsigned, of random shapes: none is answered
with 5xx and no log record carries a traceback. Served for real on loopback with a stand-in engine;
bounded in time (one keep-alive connection, short bodies) and stopped by the fixture."""

from __future__ import annotations

import http.client
import json
import logging
import random
import time
import urllib.parse
from collections.abc import Callable
from typing import Any

import pytest
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import MemoryInbox
from tests.bot.slack.test_slack_http_front import signed
from tests.support.fake_slack import FakeSlack, event_envelope, mention
from tests.support.slack_harness import SECRET, EchoEngine, serve_app

pytestmark = [pytest.mark.slack, pytest.mark.slow]

REQUESTS = 10_000
ODD_VALUES: list[Any] = [None, True, 0, -1, 1e308, "", "x" * 300, "\x00", "é\u202e", [], {}, [[[]]], {"a": {}}]


def _odd(rng: random.Random) -> Any:
    return rng.choice(ODD_VALUES)


def _mutated_event(rng: random.Random) -> dict[str, Any]:
    event: dict[str, Any] = mention("hello")
    for key in rng.sample(sorted(event), rng.randint(1, 3)):
        if rng.random() < 0.5:
            del event[key]
        else:
            event[key] = _odd(rng)
    return event


SHAPES: list[Callable[[random.Random], bytes]] = [
    lambda rng: json.dumps({**event_envelope(mention("hi")), "event": _odd(rng)}).encode(),
    lambda rng: json.dumps(event_envelope(_mutated_event(rng))).encode(),
    lambda rng: json.dumps({"type": "block_actions", "actions": _odd(rng), "trigger_id": "T1"}).encode(),
    lambda rng: json.dumps({"type": rng.choice(["url_verification", "event_callback", "block_actions", _odd(rng)]),
                            "challenge": _odd(rng)}, default=str).encode(),
    lambda rng: json.dumps(_odd(rng)).encode(),
    lambda rng: bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 64))),
    lambda rng: b"[" * rng.randint(60, 5_000) + b"]" * rng.randint(0, 70),
    lambda rng: urllib.parse.urlencode({"payload": json.dumps(_odd(rng))}).encode(),
]
CONTENT_TYPES = ["application/json", "application/x-www-form-urlencoded", "text/plain", ""]


# Any byte HTTP allows in a header value (no control characters), ASCII or not.
HEADER_BYTES = [b for b in range(0x21, 0x100) if b != 0x7F]


def _header_bytes(rng: random.Random, length: int) -> bytes:
    return bytes(rng.choice(HEADER_BYTES) for _ in range(length))


def _headers(rng: random.Random, body: bytes) -> dict[str, Any]:
    content_type = rng.choice(CONTENT_TYPES)
    roll = rng.random()
    if roll < 0.5:
        return signed(body, content_type)
    headers: dict[str, Any] = {"Content-Type": content_type}
    if roll < 0.8:  # unsigned, with random bytes where the signing headers go
        headers["X-Slack-Request-Timestamp"] = _header_bytes(rng, rng.randint(1, 12))
        headers["X-Slack-Signature"] = _header_bytes(rng, rng.randint(1, 70))
    else:  # signed for another timestamp or another body
        headers.update(signed(body + b"x", content_type, timestamp=str(int(time.time()) - rng.randint(-400, 400))))
    return headers


def test_ten_thousand_random_requests_get_no_5xx_and_log_no_traceback(tmp_path, monkeypatch, caplog) -> None:
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    rng = random.Random(20261205)
    statuses: dict[int, int] = {}
    with FakeSlack() as fake, caplog.at_level(logging.INFO):
        app = create_app(EchoEngine(), Settings(home=tmp_path, llm="none"),
                         client=WebClient(token="xoxb-test", base_url=fake.url),
                         inbox=MemoryInbox(), listener_workers=1, turn_workers=1)
        with serve_app(app, read_timeout_s=0.5, max_connections=8, header_timeout_s=2.0) as url:
            parts = urllib.parse.urlsplit(url)
            connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
            deadline = time.monotonic() + 240
            try:
                for _ in range(REQUESTS):
                    assert time.monotonic() < deadline, "the fuzz run took too long"
                    body = rng.choice(SHAPES)(rng)
                    try:
                        connection.request("POST", parts.path, body=body, headers=_headers(rng, body))
                        response = connection.getresponse()
                        response.read()
                    except (http.client.HTTPException, ConnectionError):
                        connection.close()  # the server closed a connection it refused: open another
                        connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
                        continue
                    statuses[response.status] = statuses.get(response.status, 0) + 1
                    if response.getheader("connection", "").lower() == "close":
                        connection.close()
                        connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
            finally:
                connection.close()
    assert sum(statuses.values()) >= REQUESTS * 0.95, statuses
    assert not {status for status in statuses if status >= 500}, statuses
    for record in caplog.records:
        assert record.exc_info is None and "Traceback" not in record.getMessage(), record.getMessage()
