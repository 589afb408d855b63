"""The Slack adapter served for real over HTTP against the fake Web API, with a stand-in engine.

Covers what the adapter itself decides: which events are turns, where replies go, signatures,
duplicate deliveries, status, suggested prompts, button clicks and failures.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import MemoryInbox
from bot.slack.turns import APOLOGY
from tests.support.fake_slack import (
    BOT_USER_ID,
    TEAM_ID,
    FakeSlack,
    event_envelope,
    mention,
    message,
    next_ts,
    post_action,
    post_event,
)
from tests.support.slack_harness import SECRET, EchoEngine, serve_app

pytestmark = pytest.mark.slack


@pytest.fixture
def fake() -> Iterator[FakeSlack]:
    with FakeSlack() as slack:
        yield slack


@pytest.fixture
def engine() -> EchoEngine:
    return EchoEngine()


@pytest.fixture
def url(fake: FakeSlack, engine: EchoEngine, tmp_path, monkeypatch) -> Iterator[str]:
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    settings = Settings(home=tmp_path, llm="none")
    client = WebClient(token="xoxb-test", base_url=fake.url)
    # One listener thread and one turn worker: events are handled in the order they were sent, so a
    # sentinel's reply proves every earlier event was handled (or dropped).
    app = create_app(engine, settings, client=client, inbox=MemoryInbox(), listener_workers=1, turn_workers=1)
    with serve_app(app) as events_url:
        yield events_url


def send(url: str, event: dict, **kwargs) -> dict:
    envelope = event_envelope(event)
    status, _, _ = post_event(url, SECRET, envelope, **kwargs)
    assert status == 200
    return envelope


def sentinel(url: str, fake: FakeSlack) -> None:
    """Send a fresh mention and wait for its reply: everything sent before it has been processed."""
    event = mention("sentinel", channel="CSENTINEL")
    send(url, event)
    fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == event["ts"])


def test_mention_is_answered_in_its_thread_with_status_first(url: str, fake: FakeSlack, engine: EchoEngine,
                                                             monkeypatch) -> None:
    # The order is what is checked: a status call that outlives its courtesy timeout on a loaded machine
    # is abandoned by design and may reach the fake after the reply (the abandoned path is its own case).
    monkeypatch.setattr("bot.slack.surface.COURTESY_TIMEOUT_S", 60)
    event = mention("hello there", channel="C1")
    send(url, event)
    [reply] = fake.wait_for("chat.postMessage")
    assert reply.body["channel"] == "C1" and reply.body["thread_ts"] == event["ts"]
    assert reply.body["text"] == "you said: hello there"
    assert reply.blocks()[0]["text"]["text"] == "you said: hello there"
    assert engine.calls == [(f"{TEAM_ID}:C1:{event['ts']}", "hello there")]
    # The agent sessions API: "processing" (naming the new thread) before the reply, "active" after.
    working, idle = fake.wait_for("agents.sessions.setStatus", 2)
    assert working.body == {"channel_id": "C1", "thread_ts": event["ts"], "status": "processing",
                            "initiator_user_id": "U0000001", "title": "hello there"}
    assert idle.body["status"] == "active" and idle.body["thread_ts"] == event["ts"]
    assert fake.requests.index(working) < fake.requests.index(reply) < fake.requests.index(idle)
    assert fake.calls("assistant.threads.setStatus") == []  # the legacy API only as a fallback
    assert reply.headers["authorization"] == "Bearer xoxb-test"


def test_a_workspace_without_agent_sessions_gets_the_assistant_thread_status_and_title(
    url: str, fake: FakeSlack, engine: EchoEngine, monkeypatch
) -> None:
    monkeypatch.setattr("bot.slack.surface.COURTESY_TIMEOUT_S", 60)  # the order is checked (see above)
    fake.unknown_methods.update({"agents.sessions.setStatus", "agents.sessions.rename"})
    first = mention("a very long first message that names the workload: serve a 7B model to two hundred people",
                    channel="C1")
    send(url, first)
    [reply] = fake.wait_for("chat.postMessage")
    [status] = fake.calls("assistant.threads.setStatus")
    assert status.body["status"] == "is thinking…" and status.body["thread_ts"] == first["ts"]
    [title] = fake.calls("assistant.threads.setTitle")
    assert title.body["title"] == "a very long first message that names the workload: serve a…"
    assert fake.requests.index(status) < fake.requests.index(reply)
    send(url, message("more", channel="C1", thread_ts=first["ts"]))
    fake.wait_for("chat.postMessage", 2)
    # Refused once, the sessions API is not tried again for this workspace; no second title.
    assert len(fake.calls("agents.sessions.setStatus")) == 1
    assert len(fake.calls("assistant.threads.setStatus")) == 2 and len(fake.calls("assistant.threads.setTitle")) == 1


def test_thread_reply_continues_only_an_existing_conversation(url: str, fake: FakeSlack, engine: EchoEngine) -> None:
    started = mention("start", channel="C1")
    send(url, started)
    fake.wait_for("chat.postMessage")
    send(url, message("more facts", channel="C1", thread_ts=started["ts"]))
    fake.wait_for("chat.postMessage", 2)
    send(url, message("unrelated thread", channel="C1", thread_ts=next_ts()))
    send(url, message("top-level chatter", channel="C1"))
    sentinel(url, fake)
    texts = [text for _, text in engine.calls]
    assert texts == ["start", "more facts", "sentinel"]


def test_ignored_messages_never_reach_the_engine(url: str, fake: FakeSlack, engine: EchoEngine) -> None:
    started = mention("start", channel="C1")
    send(url, started)
    fake.wait_for("chat.postMessage")
    thread = started["ts"]
    send(url, message("from another bot", channel="C1", thread_ts=thread, bot_id="BOTHER"))
    send(url, message("my own words", channel="C1", thread_ts=thread, user=BOT_USER_ID))
    send(url, message("edited", channel="C1", thread_ts=thread, subtype="message_changed"))
    send(url, message("joined", channel="C1", thread_ts=thread, subtype="channel_join"))
    sentinel(url, fake)
    assert [text for _, text in engine.calls] == ["start", "sentinel"]


def test_mention_inside_a_thread_is_answered_once(url: str, fake: FakeSlack, engine: EchoEngine) -> None:
    started = mention("start", channel="C1")
    send(url, started)
    fake.wait_for("chat.postMessage")
    # Slack delivers a threaded mention twice: as app_mention and as message.channels.
    again = mention("and now?", channel="C1", thread_ts=started["ts"])
    send(url, again)
    send(url, message(again["text"], channel="C1", thread_ts=started["ts"]) | {"ts": again["ts"]})
    # Turns of different threads run in parallel: the thread's own second answer, then the sentinel (room
    # for a duplicate), tell that both deliveries were handled.
    fake.wait_for("chat.postMessage", 2, where=lambda r: r.body.get("thread_ts") == started["ts"])
    sentinel(url, fake)
    assert sorted(text for _, text in engine.calls) == ["and now?", "sentinel", "start"]


def test_dm_is_a_conversation_threaded_on_the_message_and_streamed(url: str, fake: FakeSlack, engine: EchoEngine) -> None:
    first = message("hi in a DM", channel="D1", channel_type="im")
    send(url, first)
    [reply] = fake.wait_for_messages(first["ts"])
    assert reply.method == "chat.stopStream" and reply.body["channel"] == "D1"
    assert reply.body["text"] == "you said: hi in a DM"
    [start] = fake.calls("chat.startStream")
    assert start.body["thread_ts"] == first["ts"]
    assert (start.body["recipient_user_id"], start.body["recipient_team_id"]) == ("U0000001", TEAM_ID)
    send(url, message("follow-up", channel="D1", channel_type="im", thread_ts=first["ts"]))
    fake.wait_for_messages(first["ts"], 2)
    assert {t for t, _ in engine.calls} == {f"{TEAM_ID}:D1:{first['ts']}"}
    assert fake.calls("chat.postMessage") == []


def test_a_workspace_that_refuses_streaming_gets_a_posted_reply(url: str, fake: FakeSlack, engine: EchoEngine) -> None:
    fake.unknown_methods.add("chat.startStream")
    first = message("hi in a DM", channel="D2", channel_type="im")
    send(url, first)
    [reply] = fake.wait_for_messages(first["ts"])
    assert reply.method == "chat.postMessage" and reply.body["text"] == "you said: hi in a DM"
    send(url, message("again", channel="D2", channel_type="im", thread_ts=first["ts"]))
    fake.wait_for_messages(first["ts"], 2)
    assert len(fake.calls("chat.startStream")) == 1  # not tried again for this workspace


def test_duplicate_delivery_is_answered_once_and_unseen_retry_is_processed(
    url: str, fake: FakeSlack, engine: EchoEngine
) -> None:
    envelope = event_envelope(mention("once please", channel="C1"))
    assert post_event(url, SECRET, envelope)[0] == 200
    assert post_event(url, SECRET, envelope, retry_num=1)[0] == 200
    assert post_event(url, SECRET, envelope, retry_num=2)[0] == 200
    lost_first_delivery = event_envelope(mention("first try was lost", channel="C1"))
    assert post_event(url, SECRET, lost_first_delivery, retry_num=1)[0] == 200
    sentinel(url, fake)
    assert [text for _, text in engine.calls] == ["once please", "first try was lost", "sentinel"]


@pytest.mark.parametrize("kwargs", [{"tamper": True}, {"timestamp": 1_000_000_000}], ids=["tampered", "stale"])
def test_bad_signature_is_rejected_with_401(url: str, fake: FakeSlack, engine: EchoEngine, kwargs: dict) -> None:
    status, body, _ = post_event(url, SECRET, event_envelope(mention("forged", channel="C1")), **kwargs)
    assert status == 401
    assert body in ("invalid signature\n", "stale timestamp\n")
    sentinel(url, fake)
    assert [text for _, text in engine.calls] == ["sentinel"]


def test_a_forged_delivery_cannot_burn_the_event_id_of_the_genuine_one(url: str, fake: FakeSlack, engine: EchoEngine) -> None:
    envelope = event_envelope(mention("the genuine question", channel="C1"))
    assert post_event(url, SECRET, envelope, tamper=True)[0] == 401
    assert post_event(url, SECRET, envelope)[0] == 200
    [reply] = fake.wait_for("chat.postMessage")
    assert reply.body["text"] == "you said: the genuine question"


def test_button_click_is_acked_and_becomes_a_turn(url: str, fake: FakeSlack, engine: EchoEngine) -> None:
    started = mention("start", channel="C1")
    send(url, started)
    [answer] = fake.wait_for("chat.postMessage")
    payload = {
        "type": "block_actions", "team": {"id": TEAM_ID}, "user": {"id": "U0000001"},
        "api_app_id": "A0000001", "trigger_id": "1.2.3",
        "container": {"type": "message", "message_ts": "1700000001.000100", "channel_id": "C1",
                      "is_ephemeral": False, "thread_ts": started["ts"]},
        "channel": {"id": "C1"},
        "message": {"type": "message", "ts": "1700000001.000100", "thread_ts": started["ts"], "text": answer.body["text"]},
        "actions": [{"action_id": "followup_compare", "block_id": "b1", "type": "button",
                     "value": "Compare the options", "action_ts": "1700000002.1"}],
    }
    status, _, seconds = post_action(url, SECRET, payload)
    assert status == 200 and seconds < 3
    fake.wait_for("chat.postMessage", 2)
    assert engine.calls[-1] == (f"{TEAM_ID}:C1:{started['ts']}", "Compare the options")


def test_failure_gives_a_short_apology_and_hides_the_error(
    url: str, fake: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    event = mention("boom", channel="C1")
    with caplog.at_level("ERROR"):
        send(url, event)
        [reply] = fake.wait_for("chat.postMessage")
    assert reply.body["text"] == APOLOGY and reply.body["thread_ts"] == event["ts"]
    assert "postgres" not in json.dumps(reply.body)
    assert any("secret internal detail" in (r.exc_text or "") for r in caplog.records)


def test_messages_tab_gets_suggested_prompts_without_thread_ts(url: str, fake: FakeSlack, engine: EchoEngine) -> None:
    send(url, {"type": "app_home_opened", "user": "U0000001", "channel": "D1", "tab": "home", "event_ts": next_ts()})
    send(url, {"type": "app_home_opened", "user": "U0000001", "channel": "D1", "tab": "messages", "event_ts": next_ts()})
    [call] = fake.wait_for("assistant.threads.setSuggestedPrompts")
    sentinel(url, fake)
    assert len(fake.calls("assistant.threads.setSuggestedPrompts")) == 1
    assert call.body["channel_id"] == "D1" and "thread_ts" not in call.body
    prompts = call.body["prompts"]
    prompts = json.loads(prompts) if isinstance(prompts, str) else prompts
    assert 1 <= len(prompts) <= 4 and all(p["title"] and p["message"] for p in prompts)
    assert engine.calls == [(engine.calls[0][0], "sentinel")]


def test_bare_mention_gets_a_hint_without_touching_the_engine(url: str, fake: FakeSlack, engine: EchoEngine) -> None:
    event = mention("", channel="C1")
    send(url, event)
    [reply] = fake.wait_for("chat.postMessage")
    assert "Tell me what you want to serve" in reply.body["text"]
    assert engine.calls == []
