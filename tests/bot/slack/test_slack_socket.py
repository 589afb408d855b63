"""Socket Mode against a local WebSocket fake: the URL comes from apps.connections.open, the envelope
is acked over the socket, and the reply is posted through the Web API."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import MemoryInbox
from bot.slack.server import socket_mode_handler
from tests.support.fake_slack import FakeSlack, FakeSocketMode, event_envelope, mention
from tests.support.slack_harness import EchoEngine

pytestmark = pytest.mark.slack


@pytest.fixture
def slack() -> Iterator[tuple[FakeSlack, FakeSocketMode]]:
    with FakeSocketMode() as socket, FakeSlack(ws_url=socket.url) as web:
        yield web, socket


def envelope(envelope_id: str, event: dict, *, event_id: str | None = None, retry_attempt: int = 0) -> dict:
    return {"envelope_id": envelope_id, "type": "events_api", "accepts_response_payload": False,
            "retry_attempt": retry_attempt, "retry_reason": "timeout" if retry_attempt else "",
            "payload": event_envelope(event, event_id=event_id)}


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_socket_mode_event_is_acked_and_answered_once(slack: tuple[FakeSlack, FakeSocketMode], tmp_path) -> None:
    web, socket = slack
    engine = EchoEngine()
    # No signing secret: Socket Mode requests are not signed.
    app = create_app(engine, Settings(home=tmp_path, llm="none"),
                     client=WebClient(token="xoxb-test", base_url=web.url), inbox=MemoryInbox())
    handler = socket_mode_handler(app, "xapp-1-test")
    handler.connect()
    try:
        event = mention("over the socket", channel="C9")
        socket.push(envelope("env-1", event, event_id="EvSock1"))
        assert socket.wait_for_ack("env-1") == {"envelope_id": "env-1"}
        [reply] = web.wait_for("chat.postMessage")
        assert reply.body["thread_ts"] == event["ts"] and reply.body["text"] == "you said: over the socket"
        [opened] = web.calls("apps.connections.open")
        assert opened.headers["authorization"] == "Bearer xapp-1-test"
        # A redelivery of the same event (Slack retried it) is acked but not answered again.
        socket.push(envelope("env-2", event, event_id="EvSock1", retry_attempt=1))
        socket.wait_for_ack("env-2")
        later = mention("next", channel="C9")
        socket.push(envelope("env-3", later, event_id="EvSock2"))
        web.wait_for("chat.postMessage", 2)
        assert [text for _, text in engine.calls] == ["over the socket", "next"]
    finally:
        handler.close()
