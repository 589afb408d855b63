"""Faults of the Slack Web API while a reply is posted: the real app over HTTP, a SQLite inbox, the fake Web API.

Each accepted event must end in exactly one message in its thread: the reply, or one apology.
A post Slack took but never answered (a reset or timeout after acceptance) must not be posted
again; an `ok:false` that says "try again" (internal_error) must not lose the reply; a permanent
refusal ends in the apology; two turns pending in one thread each get their own answer.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import SqliteInbox
from bot.slack.turns import APOLOGY
from tests.support.fake_slack import FakeSlack, RecordedRequest, event_envelope, mention, message, post_event
from tests.support.slack_harness import SECRET, EchoEngine, serve_app

pytestmark = [pytest.mark.slack, pytest.mark.timeout(120)]


@dataclass
class Running:
    url: str
    fake: FakeSlack
    inbox: SqliteInbox

    def send(self, event: dict) -> None:
        assert post_event(self.url, SECRET, event_envelope(event))[0] == 200

    def settled(self, thread_ts: str, count: int, quiet_s: float = 0.3) -> list[RecordedRequest]:
        """The accepted posts in the thread, after `count` arrived and every delivery's turn is over (the
        inbox marks a turn finished only after its last post, so a second copy would come before that),
        then nothing more for `quiet_s`."""
        self.fake.wait_for("chat.postMessage", count, timeout=60,
                           where=lambda r: r.ok and r.body.get("thread_ts") == thread_ts)
        deadline = time.monotonic() + 60
        while self.inbox.unfinished() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not self.inbox.unfinished(), "a turn is still running a minute after its reply"
        time.sleep(quiet_s)
        return self.fake.replies(thread_ts)


@pytest.fixture
def running(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Running]:
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    inbox = SqliteInbox(tmp_path / "inbox.sqlite")
    with FakeSlack() as fake:
        # A short client timeout so "timeout after acceptance" takes seconds, not the default 30.
        client = WebClient(token="xoxb-test", base_url=fake.url, timeout=2)
        app = create_app(EchoEngine(), Settings(home=tmp_path, llm="none"), client=client, inbox=inbox,
                         listener_workers=2, turn_workers=2)
        with serve_app(app) as url:
            yield Running(url, fake, inbox)


def test_a_reset_after_slack_took_the_reply_does_not_post_it_twice(running: Running) -> None:
    running.fake.drop_after_accept("chat.postMessage", 1)
    first = mention("how big is a 7B model", channel="CRESET")
    running.send(first)
    [reply] = running.settled(first["ts"], 1)
    assert reply.body["text"].startswith("you said:")


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_a_timeout_after_slack_took_the_reply_shows_the_reply_and_no_apology(running: Running) -> None:
    running.fake.drop_after_accept("chat.postMessage", 1, delay_s=3)  # longer than the client's 2 s
    first = mention("and a 70B one", channel="CTIMEOUT")
    running.send(first)
    [reply] = running.settled(first["ts"], 1, quiet_s=4)
    assert reply.body["text"] != APOLOGY


def test_a_transient_ok_false_still_delivers_the_reply_once(running: Running) -> None:
    running.fake.fail_next("chat.postMessage", 1, error="internal_error")
    first = mention("size it for 200 people", channel="COKFALSE")
    running.send(first)
    [reply] = running.settled(first["ts"], 1)
    assert reply.body["text"].startswith("you said:")


def test_a_permanent_refusal_ends_in_one_apology(running: Running) -> None:
    running.fake.fail_next("chat.postMessage", 1, error="invalid_blocks")
    first = mention("size it", channel="CREFUSED")
    running.send(first)
    [apology] = running.settled(first["ts"], 1)
    assert apology.body["text"] == APOLOGY


def test_each_post_carries_its_inbox_entry_so_a_second_pending_turn_is_not_taken_for_answered(running: Running) -> None:
    first = mention("first question", channel="CMARK")
    running.send(first)
    running.send(message("second question", channel="CMARK", thread_ts=first["ts"]))
    replies = running.settled(first["ts"], 2)
    keys = [r.body["metadata"]["event_payload"]["key"] for r in replies]
    assert len(replies) == 2 and len(set(keys)) == 2
    assert all(r.body["metadata"]["event_type"] == "siliconsult_turn" for r in replies)


def test_a_nul_character_in_a_message_reaches_the_engine_removed_and_gets_a_reply(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # PostgreSQL's text and jsonb refuse NUL: the state store would fail and the user get an apology.
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    engine = EchoEngine()
    with FakeSlack() as fake:
        app = create_app(engine, Settings(home=tmp_path, llm="none"), inbox=SqliteInbox(tmp_path / "inbox.sqlite"),
                         client=WebClient(token="xoxb-test", base_url=fake.url))
        with serve_app(app) as url:
            first = mention("a 7B\x00 model for 30 people", channel="CNUL")
            assert post_event(url, SECRET, event_envelope(first))[0] == 200
            [reply] = fake.wait_for("chat.postMessage", where=lambda r: r.ok, timeout=30)
    assert reply.body["text"] == "you said: a 7B model for 30 people"
    assert all("\x00" not in text for _, text in engine.calls)


def two_turns(running: Running, channel: str) -> dict:
    """Two turns in new threads of `channel`, one after the other; the second's event."""
    for text in ("first", "second"):
        event = mention(text, channel=channel)
        running.send(event)
        running.settled(event["ts"], 1, quiet_s=0.1)
    return event


def test_a_transient_status_failure_degrades_that_call_only(running: Running) -> None:
    running.fake.fail_next("agents.sessions.setStatus", 1, error="internal_error")
    second = two_turns(running, "CSTATUS")
    sessions = running.fake.calls("agents.sessions.setStatus",
                                  lambda r: r.ok and r.body.get("thread_ts") == second["ts"]
                                  and r.body.get("status") == "processing")
    assert sessions, "the next turn went back to the agent sessions API"


def test_a_workspace_without_agent_sessions_moves_to_the_legacy_status(running: Running) -> None:
    running.fake.fail_next("agents.sessions.setStatus", 1, error="unknown_method")
    second = two_turns(running, "CLEGACY")
    assert running.fake.calls("assistant.threads.setStatus", lambda r: r.body.get("thread_ts") == second["ts"])


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_a_hung_status_call_does_not_hold_the_reply_or_kill_the_turn(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    with FakeSlack() as fake:
        # The client's default timeout (30 s): only the status call's own bound can keep the reply quick.
        app = create_app(EchoEngine(), Settings(home=tmp_path, llm="none"), inbox=SqliteInbox(tmp_path / "inbox.sqlite"),
                         client=WebClient(token="xoxb-test", base_url=fake.url))
        release = fake.hold("agents.sessions.setStatus")  # unanswered until released (60 s)
        try:
            with serve_app(app) as url:
                started = time.monotonic()
                event = mention("size it while the status API hangs", channel="CHUNG")
                assert post_event(url, SECRET, event_envelope(event))[0] == 200
                [reply] = fake.wait_for("chat.postMessage", where=lambda r: r.ok, timeout=60)
                assert time.monotonic() - started < 10, "the reply waited for the hung status call"
                assert reply.body["text"].startswith("you said:")
        finally:
            release.set()


def finished_once(fake: FakeSlack, thread_ts: str, key: str) -> dict:
    """The thread's one message: finished (no stream left open) and carrying the turn's inbox entry."""
    [reply] = fake.thread(thread_ts)
    assert not reply["streaming"], "a stream was left open"
    assert (reply["metadata"] or {}).get("event_payload", {}).get("key") == key, reply["metadata"]
    return reply


@pytest.mark.parametrize("method", ["chat.stopStream", "chat.appendStream"])
def test_a_dm_stream_that_breaks_after_it_started_is_finished_once_not_left_open(running: Running, method: str) -> None:
    """Slack showed the stream, then refused its next call: the visible message is finished with the whole
    reply (stopped, then replaced), not left streaming beside a second copy."""
    running.fake.fault(method, "fail", error="internal_error")
    text = "a long DM question " + "about serving a 7B model to two hundred people " * 40  # past two appends
    first = message(text, channel="DBROKEN", channel_type="im")
    assert post_event(running.url, SECRET, event_envelope(first, event_id="EvBroken1"))[0] == 200
    deadline = time.monotonic() + 30
    while running.inbox.unfinished() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)
    reply = finished_once(running.fake, first["ts"], "event:EvBroken1")  # the inbox key of an event
    assert reply["text"].startswith("you said: a long DM question")
