"""The HTTP front refuses malformed, unsigned, stale, slow and excess requests with a short 4xx/503
and one log line that carries neither the body nor the user's text; no traceback anywhere.

Served for real on loopback (the uvicorn server `siliconsult slack --http` runs) with the adapter and
a stand-in engine. Expectations come from Slack's request-signing rules (v0 HMAC over the raw bytes,
5-minute window) and from what each malformed body is, not from a run.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import logging
import socket
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import MemoryInbox
from tests.support.fake_slack import FakeSlack, event_envelope, mention, post_event
from tests.support.slack_harness import SECRET, EchoEngine, serve_app

pytestmark = pytest.mark.slack

MARKER = "CONFIDENTIAL-WORKLOAD-7B-LEGAL"


@dataclass
class Served:
    url: str
    fake: FakeSlack
    engine: EchoEngine


@pytest.fixture
def served(tmp_path, monkeypatch) -> Iterator[Served]:
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    engine = EchoEngine()
    with FakeSlack() as fake:
        app = create_app(engine, Settings(home=tmp_path, llm="none"), client=WebClient(token="xoxb-test", base_url=fake.url),
                         inbox=MemoryInbox(), listener_workers=1, turn_workers=1)
        with serve_app(app, read_timeout_s=0.5, max_connections=8, header_timeout_s=1.0) as url:
            yield Served(url, fake, engine)


def raw(url: str, body: bytes, headers: dict[str, str], method: str = "POST", path: str | None = None) -> tuple[int, str]:
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
    try:
        connection.request(method, path or parts.path, body=body or None, headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def signed(body: bytes, content_type: str = "application/json", *, timestamp: str | None = None) -> dict[str, str]:
    ts = timestamp or str(int(time.time()))
    # Slack's v0 scheme over the raw bytes (slack_sdk's helper needs text, and one body here is not UTF-8).
    signature = "v0=" + hmac.new(SECRET.encode(), b"v0:" + ts.encode() + b":" + body, hashlib.sha256).hexdigest()
    return {"Content-Type": content_type, "X-Slack-Request-Timestamp": ts, "X-Slack-Signature": signature}


def assert_clean_log(caplog: pytest.LogCaptureFixture, *absent: str) -> None:
    """No record with a traceback, none longer than a line, none carrying any of `absent`."""
    for record in caplog.records:
        text = record.getMessage()
        assert record.exc_info is None and record.exc_text is None, text
        assert "\n" not in text, text
        for needle in absent:
            assert needle not in text, text


FORM = "application/x-www-form-urlencoded"
MALFORMED = [
    ("bad json", b'{"type": "event_callback", "event": ', "application/json", 400),
    ("json array", b'[1, 2, 3]', "application/json", 400),
    ("invalid utf-8", b'{"text": "\xff\xfe' + MARKER.encode() + b'"}', "application/json", 400),
    ("form payload not json", urllib.parse.urlencode({"payload": "{not json " + MARKER}).encode(), FORM, 400),
    ("form payload a string", urllib.parse.urlencode({"payload": json.dumps(MARKER)}).encode(), FORM, 400),
    ("unknown content type", b"<xml/>", "text/xml", 400),
]


@pytest.mark.parametrize(("body", "content_type", "expected"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_a_signed_but_malformed_body_is_a_short_400_without_a_traceback(
    served: Served, caplog: pytest.LogCaptureFixture, body: bytes, content_type: str, expected: int,
) -> None:
    with caplog.at_level(logging.DEBUG):
        status, text = raw(served.url, body, signed(body, content_type))
    assert status == expected
    assert len(text) < 80 and "Traceback" not in text and MARKER not in text
    assert served.engine.calls == []
    assert_clean_log(caplog, MARKER)


@pytest.mark.parametrize(("timestamp", "reason"), [
    ("soon", "invalid timestamp"),
    ("1e9", "invalid timestamp"),
    ("-1", "invalid timestamp"),
    ("99999999999999999999999", "invalid timestamp"),
    (str(int(time.time()) - 6 * 60), "stale timestamp"),  # outside Slack's 5-minute window
])
def test_a_bad_or_stale_timestamp_is_401_before_the_body_is_parsed(
    served: Served, caplog: pytest.LogCaptureFixture, timestamp: str, reason: str,
) -> None:
    # Validly signed for that timestamp, and also not JSON: the timestamp is refused first.
    body = b"{broken " + MARKER.encode()
    with caplog.at_level(logging.DEBUG):
        status, text = raw(served.url, body, signed(body, timestamp=timestamp))
    assert (status, text) == (401, reason + "\n")
    assert_clean_log(caplog, MARKER)


def test_a_refused_body_and_a_late_users_text_never_reach_the_log(served: Served, caplog: pytest.LogCaptureFixture) -> None:
    # An unsigned body close to the 1 MiB limit, with newlines that would forge log lines if echoed.
    forged = f"\n2026-12-01 INFO bot.slack: accepted admin event {MARKER}\n"
    big = json.dumps({"type": "event_callback", "event": {"text": forged * 10_000}}).encode()[: 1024 * 1000]
    late = json.dumps(event_envelope(mention(f"our {MARKER} workload", channel="CLATE"))).encode()
    with caplog.at_level(logging.DEBUG):
        unsigned = raw(served.url, big, {"Content-Type": "application/json"})
        tampered = raw(served.url, big, {**signed(b"something else"), "Content-Type": "application/json"})
        stale = raw(served.url, late, signed(late, timestamp=str(int(time.time()) - 3600)))
    assert [unsigned[0], tampered[0], stale[0]] == [401, 401, 401]
    assert_clean_log(caplog, MARKER, "accepted admin event")
    refusals = [r for r in caplog.records if r.name == "bot.slack.http_front"]
    assert len(refusals) == 3
    assert sum(len(r.getMessage()) for r in caplog.records) < 2_000  # a few lines, not a megabyte
    assert served.engine.calls == []


def _envelope_with(event: object) -> bytes:
    return json.dumps({**event_envelope(mention(MARKER)), "event": event}).encode()


# Each is signed, parses as a JSON object, and has a shape no handler can take: Slack never sends it,
# so it is a 400 at the front, not an exception inside Bolt.
MISSHAPEN = [
    ("event is a string", _envelope_with(MARKER)),
    ("event without a type", _envelope_with({"channel": "C1", "text": MARKER})),
    ("mention without a channel", _envelope_with({k: v for k, v in mention(MARKER).items() if k != "channel"})),
    ("mention with numeric text", _envelope_with({**mention(MARKER), "text": 12345})),
    ("message with a list as channel", _envelope_with({**mention(MARKER), "type": "message", "channel": [MARKER]})),
    # found by the 10,000-request fuzz: a turn built from it could not be hashed by the stop board (a 500)
    ("mention with an object as user", _envelope_with({**mention(MARKER), "user": {"id": "U1"}})),
    ("block_actions without actions", json.dumps({"type": "block_actions", "trigger_id": "T1"}).encode()),
    ("block_actions with empty actions", json.dumps({"type": "block_actions", "actions": []}).encode()),
    ("block_actions with a string action", json.dumps({"type": "block_actions", "actions": [MARKER]}).encode()),
    ("100k-deep array", b"[" * 100_000 + b"]" * 100_000),
    ("100k-deep object", b'{"a":' * 100_000 + b"1" + b"}" * 100_000),
    # 30k deep: URL-encoding triples its size, and 100k deep would be refused (413) for its size alone.
    ("30k-deep form payload", urllib.parse.urlencode({"payload": '{"a":' * 30_000 + "1" + "}" * 30_000}).encode()),
]


@pytest.mark.parametrize("body", [m[1] for m in MISSHAPEN], ids=[m[0] for m in MISSHAPEN])
def test_a_signed_payload_of_the_wrong_shape_is_a_short_400_before_any_handler(
    served: Served, caplog: pytest.LogCaptureFixture, body: bytes,
) -> None:
    content_type = FORM if body.startswith(b"payload=") else "application/json"
    with caplog.at_level(logging.DEBUG):
        status, text = raw(served.url, body, signed(body, content_type))
    assert status == 400
    assert len(text) < 80 and MARKER not in text
    assert served.engine.calls == []
    assert_clean_log(caplog, MARKER)
    assert any(r.name == "bot.slack.http_front" for r in caplog.records)


def test_a_payload_nested_as_deep_as_slack_nests_is_still_served(served: Served) -> None:
    # Blocks inside attachments inside a message: about ten levels, well inside the bound.
    event = {**mention("hello"), "blocks": [{"elements": [{"elements": [{"type": "text", "text": "hello"}]}]}]}
    body = json.dumps(event_envelope(event)).encode()
    assert raw(served.url, body, signed(body))[0] == 200


@pytest.mark.parametrize(("header", "value"), [
    ("X-Slack-Request-Timestamp", "\u00b2\u00b3".encode("latin-1")),  # superscript digits: isdigit() but not int()
    ("X-Slack-Request-Timestamp", "\u0661\u0662".encode()),  # Arabic-Indic digits, as UTF-8 bytes
    ("X-Slack-Signature", b"v0=\xff\xfe" + "é".encode()),
    ("X-Slack-Signature", "v0=\u00e9".encode("latin-1")),
])
def test_non_ascii_bytes_in_the_signing_headers_are_401_not_a_crash(
    served: Served, caplog: pytest.LogCaptureFixture, header: str, value: bytes,
) -> None:
    body = json.dumps(event_envelope(mention(MARKER))).encode()
    headers: dict[str, object] = {**signed(body), header: value}
    with caplog.at_level(logging.DEBUG):
        status, text = raw(served.url, body, headers)  # type: ignore[arg-type]
    assert status == 401 and text in ("invalid timestamp\n", "invalid signature\n")
    assert served.engine.calls == []
    assert_clean_log(caplog, MARKER)


@pytest.mark.parametrize("size", [20_000, 60_000])
def test_oversize_headers_are_431_even_when_signed(served: Served, size: int) -> None:
    body = json.dumps(event_envelope(mention("hello"))).encode()
    status, text = raw(served.url, body, {**signed(body), "X-Padding": "a" * size})
    assert (status, text) == (431, "request headers too large\n")
    assert served.engine.calls == []


def test_health_and_readiness_answer_get_without_a_signature(served: Served) -> None:
    assert raw(served.url, b"", {}, method="GET", path="/healthz") == (200, "ok\n")
    assert raw(served.url, b"", {}, method="GET", path="/readyz") == (200, "ok\n")
    assert raw(served.url, b"", {}, method="POST", path="/healthz")[0] == 404


def test_only_post_to_the_events_path_is_served(served: Served) -> None:
    assert raw(served.url, b"", {}, method="GET")[0] == 405
    assert raw(served.url, b"{}", signed(b"{}"), path="/admin")[0] == 404


def test_a_chunked_body_is_refused_without_being_read(served: Served) -> None:
    parts = urllib.parse.urlsplit(served.url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
    try:
        connection.request("POST", parts.path, body=iter([b'{"a":', b"1}"]), headers={"Content-Type": "application/json"},
                           encode_chunked=True)
        assert connection.getresponse().status == 411
    finally:
        connection.close()


def test_a_client_that_promises_more_body_than_it_sends_is_cut_off(served: Served, caplog: pytest.LogCaptureFixture) -> None:
    parts = urllib.parse.urlsplit(served.url)
    with socket.create_connection((parts.hostname, parts.port), timeout=5) as sock, caplog.at_level(logging.WARNING):
        sock.sendall(f"POST {parts.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     "Content-Length: 500\r\n\r\n{\"partial\":".encode())
        started = time.monotonic()
        answer = sock.recv(4096).decode()
        waited = time.monotonic() - started
    assert answer.startswith("HTTP/1.1 408")
    assert waited < 4  # the 0.5 s read timeout of this server, not the client's 5 s socket timeout
    assert any("body not received in time" in r.getMessage() for r in caplog.records)


def test_connections_beyond_the_limit_get_503_and_the_server_keeps_answering(served: Served) -> None:
    parts = urllib.parse.urlsplit(served.url)
    held = [socket.create_connection((parts.hostname, parts.port), timeout=5) for _ in range(8)]
    try:
        time.sleep(0.2)  # let the server register the held connections (within their header timeout)
        status, _ = raw(served.url, b"{}", signed(b"{}"))
        assert status == 503
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)
    event = mention("still here", channel="CAFTER")
    assert post_event(served.url, SECRET, event_envelope(event))[0] == 200
    served.fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == event["ts"])


def test_a_client_that_trickles_its_headers_is_disconnected(served: Served, caplog: pytest.LogCaptureFixture) -> None:
    """Slowloris: headers a byte now and then. Closed at the header timeout (1 s here), so such
    clients cannot keep the connection cap full; a normal request afterwards is answered."""
    parts = urllib.parse.urlsplit(served.url)
    with caplog.at_level(logging.WARNING), socket.create_connection((parts.hostname, parts.port), timeout=5) as sock:
        sock.sendall(f"POST {parts.path} HTTP/1.1\r\nHost: x\r\n".encode())
        closed = False
        for _ in range(8):  # up to ~4 s of trickling, well past the 1 s timeout
            time.sleep(0.5)
            try:
                sock.sendall(b"X-Slow: 1\r\n")
                if sock.recv(1, socket.MSG_DONTWAIT) == b"":
                    closed = True
                    break
            except BlockingIOError:
                continue
            except OSError:  # reset by the server
                closed = True
                break
    assert closed, "the server kept a connection whose headers never completed"
    assert any("no complete request within 1.0 s" in r.getMessage() for r in caplog.records)
    assert post_event(served.url, SECRET, event_envelope(mention("after the trickle", channel="CSLOW")))[0] == 200


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_keep_alive_requests_are_served_on_one_connection(served: Served) -> None:
    """The header deadline is re-armed after each response: a client reusing its connection is fine."""
    parts = urllib.parse.urlsplit(served.url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
    try:
        for i in range(3):
            body = json.dumps(event_envelope(mention(f"kept alive {i}", channel="CKEEP"))).encode()
            connection.request("POST", parts.path, body=body, headers=signed(body))
            response = connection.getresponse()
            response.read()
            assert response.status == 200
            time.sleep(0.6)  # within keep-alive (5 s), and each wait shorter than the 1 s header timeout
    finally:
        connection.close()


def test_a_response_is_sent_without_waiting_for_the_clients_delayed_ack() -> None:
    """h11 writes a response's head and body apart: the server's connections must not hold the body back
    under Nagle's algorithm until the client ACKs the head (a 40 ms delayed ACK per kept-alive request)."""
    import asyncio
    import socket

    from uvicorn.config import Config

    from bot.slack.server import header_timeout_protocol

    listener = socket.create_server(("127.0.0.1", 0))
    client_side = socket.create_connection(listener.getsockname())
    server_side, _ = listener.accept()
    loop = asyncio.new_event_loop()
    try:
        protocol_class = header_timeout_protocol(1.0)
        config = Config(app=lambda *_: None, lifespan="off", log_config=None)
        config.load()
        protocol = protocol_class(config=config, server_state=type("State", (), {
            "total_requests": 0, "connections": set(), "tasks": set(), "default_headers": []})(), app_state={},
            _loop=loop)

        class Transport(asyncio.Transport):
            def get_extra_info(self, name: str, default: object = None) -> object:
                return {"socket": server_side, "peername": ("127.0.0.1", 1), "sockname": ("127.0.0.1", 2)}.get(
                    name, default)

            def is_closing(self) -> bool:
                return False

            def close(self) -> None:
                pass

        assert server_side.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
        protocol.connection_made(Transport())
        assert server_side.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
        protocol.connection_lost(None)
    finally:
        loop.close()
        for sock in (server_side, client_side, listener):
            sock.close()


@pytest.mark.slow  # 12 s of slow clients
def test_genuine_events_are_acked_in_time_while_one_address_holds_hundreds_of_slow_connections(
        tmp_path, monkeypatch) -> None:
    """260 connections from one address that never finish their headers (reopened as the header timeout
    closes them) must not leave genuine deliveries from elsewhere unacknowledged: each is acked within
    Slack's 3 s. The slow address gets its share of connections, no more; the rest are closed at once."""
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    with FakeSlack() as fake:
        app = create_app(EchoEngine(), Settings(home=tmp_path, llm="none"),
                         client=WebClient(token="xoxb-test", base_url=fake.url), inbox=MemoryInbox())
        with serve_app(app, max_connections=256, header_timeout_s=2.0) as url:
            parts = urllib.parse.urlsplit(url)
            stop = time.monotonic() + 12
            held: list[socket.socket] = []

            def slow_clients() -> None:  # from 127.0.0.2: Linux routes all of 127/8 to loopback
                while time.monotonic() < stop:
                    held[:] = [s for s in held if _still_open(s)]
                    while len(held) < 260:
                        try:
                            sock = socket.create_connection((parts.hostname, parts.port), timeout=2,
                                                            source_address=("127.0.0.2", 0))
                            sock.sendall(f"POST {parts.path} HTTP/1.1\r\nHost: x\r\n".encode())
                            held.append(sock)
                        except OSError:
                            break
                    time.sleep(0.2)
                for sock in held:
                    sock.close()

            import threading
            attacker = threading.Thread(target=slow_clients, daemon=True)
            attacker.start()
            time.sleep(1.0)
            acks = []
            for i in range(30):
                event = mention(f"genuine {i}", channel=f"CGEN{i}")
                status, _, seconds = post_event(url, SECRET, event_envelope(event))
                acks.append((status, seconds))
                time.sleep(0.3)
            attacker.join(20)
    assert [status for status, _ in acks] == [200] * 30
    assert max(seconds for _, seconds in acks) < 3.0


def _still_open(sock: socket.socket) -> bool:
    try:
        if sock.recv(1, socket.MSG_DONTWAIT | socket.MSG_PEEK) == b"":
            sock.close()
            return False
        return True
    except BlockingIOError:
        return True
    except OSError:
        sock.close()
        return False
