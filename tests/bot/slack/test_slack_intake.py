"""The ack path served for real over HTTP (stand-in engine, fake Web API): a replayed or
double-clicked button is one turn, a user over the rate or an app at its backlog limit gets a
"busy, try again in N s" notice, an inbox that cannot record in time answers 503, and no Web API
call ever holds up an acknowledgement."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from slack_sdk import WebClient

from bot.reply import Reply
from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import InboxUnavailable, MemoryInbox
from bot.slack.intake import BUSY_RETRY_S, UserThrottle
from bot.slack.turns import Turn
from tests.support.fake_slack import TEAM_ID, FakeSlack, event_envelope, mention, next_ts, post_action, post_event
from tests.support.slack_harness import SECRET, EchoEngine, serve_app

pytestmark = pytest.mark.slack


@dataclass
class Served:
    url: str
    fake: FakeSlack
    engine: EchoEngine
    inbox: MemoryInbox


@pytest.fixture
def fake() -> Iterator[FakeSlack]:
    with FakeSlack() as slack:
        yield slack


def serve(fake: FakeSlack, tmp_path, engine: EchoEngine | None = None, **options: Any):  # noqa: ANN201
    engine = engine if engine is not None else EchoEngine()
    inbox = options.pop("inbox", None) or MemoryInbox()
    app = create_app(engine, Settings(home=tmp_path, llm="none", slack_signing_secret=SECRET),
                     client=WebClient(token="xoxb-test", base_url=fake.url), inbox=inbox, turn_workers=1, **options)
    return engine, inbox, serve_app(app)


@pytest.fixture
def served(fake: FakeSlack, tmp_path) -> Iterator[Served]:
    engine, inbox, server = serve(fake, tmp_path)
    with server as url:
        yield Served(url, fake, engine, inbox)


def drained(inbox: MemoryInbox, timeout: float = 10.0) -> bool:
    """Whether every accepted entry gets marked finished (the runner marks it just after posting)."""
    deadline = time.monotonic() + timeout
    while inbox.unfinished() and time.monotonic() < deadline:
        time.sleep(0.02)
    return inbox.unfinished() == []


def click(thread_ts: str, *, action_ts: str, trigger_id: str, user: str = "U0000001") -> dict:
    return {
        "type": "block_actions", "team": {"id": TEAM_ID}, "user": {"id": user}, "api_app_id": "A0000001",
        "trigger_id": trigger_id, "channel": {"id": "C1"},
        "container": {"type": "message", "message_ts": "1700000001.000100", "channel_id": "C1",
                      "is_ephemeral": False, "thread_ts": thread_ts},
        "message": {"type": "message", "ts": "1700000001.000100", "thread_ts": thread_ts, "text": "card"},
        "actions": [{"action_id": "followup_compare", "block_id": "b1", "type": "button",
                     "value": "Compare the options", "action_ts": action_ts}],
    }


def test_a_replayed_or_double_clicked_button_is_one_action(served: Served) -> None:
    thread = next_ts()
    first = click(thread, action_ts="1700000002.1", trigger_id="1.1")
    double = click(thread, action_ts="1700000002.4", trigger_id="1.2")  # the second click, 0.3 s later
    other_user = click(thread, action_ts="1700000003.0", trigger_id="1.3", user="U0000002")
    statuses = [post_action(served.url, SECRET, payload)[0] for payload in (first, first, double, other_user)]
    assert statuses == [200, 200, 200, 200]  # each acknowledged: Slack shows no error to anyone
    served.fake.wait_for("chat.postMessage", 2, where=lambda r: r.body.get("thread_ts") == thread)
    sentinel = mention("sentinel", channel="CSENT")
    assert post_event(served.url, SECRET, event_envelope(sentinel))[0] == 200
    served.fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == sentinel["ts"])
    texts = [text for thread_id, text in served.engine.calls if thread_id.endswith(thread)]
    assert texts == ["Compare the options", "Compare the options"]  # the first user's once, the other's once
    assert drained(served.inbox)


def test_a_user_over_the_rate_gets_a_busy_notice_with_the_wait(fake: FakeSlack, tmp_path) -> None:
    now = [0.0]
    throttle = UserThrottle(burst=2, refill_s=20.0, clock=lambda: now[0])
    engine, inbox, server = serve(fake, tmp_path, throttle=throttle)
    with server as url:
        events = [mention(f"question {i}", channel=f"CR{i}", user="UHASTY") for i in range(3)]
        calm = mention("from someone else", channel="CR9", user="UCALM")
        for event in [*events, calm]:
            assert post_event(url, SECRET, event_envelope(event))[0] == 200
        [busy] = fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == events[2]["ts"])
        fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == calm["ts"])
        fake.wait_for("chat.postMessage", 4)
    # Two tokens, then the third message 0 s later waits a whole refill (20 s).
    assert busy.body["text"] == "I'm answering a lot of questions right now. Please send that again in 20 s."
    assert sorted(text for _, text in engine.calls) == ["from someone else", "question 0", "question 1"]
    assert drained(inbox)  # the refused one is recorded as handled: Slack's retry gets nothing


def test_the_busy_notice_is_in_the_users_language(fake: FakeSlack, tmp_path) -> None:
    throttle = UserThrottle(burst=1, refill_s=30.0, clock=lambda: 0.0)
    _, _, server = serve(fake, tmp_path, throttle=throttle)
    with server as url:
        for text in ("第一个问题", "我们还有一个问题"):
            event = mention(text, channel="CZH", user="UZH")
            assert post_event(url, SECRET, event_envelope(event))[0] == 200
        [notice] = fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == event["ts"])
    assert notice.body["text"] == "我现在同时在回答很多问题，请在 30 秒后再发送一次。"


class BlockingEngine(EchoEngine):
    """Holds every turn until released, so accepted turns pile up as pending."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply:
        self.release.wait(30)
        return super().handle(thread_id, text)


def test_an_app_at_its_backlog_limit_answers_busy_and_takes_turns_again_after(fake: FakeSlack, tmp_path) -> None:
    engine = BlockingEngine()
    _, inbox, server = serve(fake, tmp_path, engine=engine, max_pending=2)
    with server as url:
        accepted = [mention(f"slow {i}", channel=f"CB{i}", user=f"UB{i}") for i in range(2)]
        over = mention("one too many", channel="CB9", user="UB9")
        for event in [*accepted, over]:
            assert post_event(url, SECRET, event_envelope(event))[0] == 200
        [busy] = fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == over["ts"])
        assert busy.body["text"].endswith(f"again in {BUSY_RETRY_S} s.")
        engine.release.set()
        fake.wait_for("chat.postMessage", 3)
        assert drained(inbox)  # entries are marked just after their post: the backlog is empty only then
        later = mention("after the backlog", channel="CB10", user="UB10")
        assert post_event(url, SECRET, event_envelope(later))[0] == 200
        [answer] = fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == later["ts"])
    assert answer.body["text"] == "you said: after the backlog"
    assert sorted(text for _, text in engine.calls) == ["after the backlog", "slow 0", "slow 1"]
    assert drained(inbox)


class UnavailableInbox(MemoryInbox):
    def accept(self, key: str, turn: Turn) -> bool:
        raise InboxUnavailable("database is locked")


def test_an_inbox_that_cannot_record_in_time_answers_503_so_slack_retries(fake: FakeSlack, tmp_path) -> None:
    engine, _, server = serve(fake, tmp_path, inbox=UnavailableInbox())
    with server as url:
        status, body, _ = post_event(url, SECRET, event_envelope(mention("not now", channel="CU")))
    assert (status, body) == (503, "busy, retry later\n")
    assert engine.calls == []


def test_no_web_api_call_holds_up_an_ack(served: Served) -> None:
    """Suggested prompts and the status go out after the ack: with both held unanswered, acks return."""
    prompts = served.fake.hold("assistant.threads.setSuggestedPrompts")
    status_call = served.fake.hold("assistant.threads.setStatus")
    try:
        opened = {"type": "app_home_opened", "user": "U0000001", "channel": "D1", "tab": "messages", "event_ts": next_ts()}
        assert post_event(served.url, SECRET, event_envelope(opened))[0] == 200
        assert post_event(served.url, SECRET, event_envelope(mention("quick ack", channel="CQ")))[0] == 200
        assert served.fake.calls("assistant.threads.setSuggestedPrompts") == []  # still held: not yet answered
    finally:
        prompts.set()
        status_call.set()
    served.fake.wait_for("assistant.threads.setSuggestedPrompts")
    served.fake.wait_for("chat.postMessage")


def test_the_default_limits_are_six_turns_then_one_per_10_s_and_200_pending() -> None:
    from bot.slack.intake import DEFAULT_MAX_PENDING

    now = [0.0]
    throttle = UserThrottle(clock=lambda: now[0])
    assert [throttle.wait_s("U1") for _ in range(6)] == [0.0] * 6
    assert throttle.wait_s("U1") == pytest.approx(10.0)
    now[0] = 10.0
    assert throttle.wait_s("U1") == 0.0 and throttle.wait_s("U2") == 0.0
    assert DEFAULT_MAX_PENDING == 200
