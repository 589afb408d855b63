"""The user's stop button on an agent session (`agent_session_stopped`), over HTTP with the real Bolt app.

Slack documents the event (https://docs.slack.dev/reference/events/agent_session_stopped): it comes when
the user clicks the stop button shown while the session is `processing`, with `channel`, `thread_ts`,
`user`, `event_ts` and `streaming_message_ts`; the app must stop its work in that thread, confirm to the
user that it stopped, and move the session away from `processing` itself (Slack does not). Issue 29: the
stop cancels that thread's turn in flight (or the next post of it) and says so in one short line, in the
thread's language.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from slack_sdk import WebClient

from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import MemoryInbox
from tests.support.fake_slack import FakeSlack, RecordedRequest, event_envelope, mention, message, next_ts, post_event
from tests.support.slack_harness import SECRET, GatedEngine, serve_app

pytestmark = [pytest.mark.slack, pytest.mark.timeout(120)]


@dataclass
class Served:
    url: str
    fake: FakeSlack
    engine: GatedEngine
    inbox: MemoryInbox

    def send(self, event: dict[str, Any], **envelope: Any) -> None:
        status, body, _ = post_event(self.url, SECRET, event_envelope(event, **envelope))
        assert status == 200, (status, body)

    def settled(self, thread_ts: str, quiet_s: float = 1.0) -> list[RecordedRequest]:
        """The messages in the thread once every accepted turn is finished and nothing more came for `quiet_s`."""
        deadline = time.monotonic() + 30
        while self.inbox.unfinished() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.inbox.unfinished() == []
        time.sleep(quiet_s)
        return self.fake.messages(thread_ts)


@pytest.fixture
def served(tmp_path) -> Iterator[Served]:
    with FakeSlack() as fake:
        engine, inbox = GatedEngine(), MemoryInbox()
        app = create_app(engine, Settings(home=tmp_path, llm="none", slack_signing_secret=SECRET),
                         client=WebClient(token="xoxb-test", base_url=fake.url), inbox=inbox, turn_workers=1)
        with serve_app(app) as url:
            yield Served(url, fake, engine, inbox)


def stopped(channel: str, thread_ts: str) -> dict[str, Any]:
    """The event as Slack documents it (no stream was active, so `streaming_message_ts` is empty)."""
    return {"type": "agent_session_stopped", "channel": channel, "thread_ts": thread_ts, "user": "U0000001",
            "event_ts": next_ts(), "streaming_message_ts": []}


def statuses(fake: FakeSlack, thread_ts: str) -> list[str]:
    return [r.body.get("status") for r in fake.calls("agents.sessions.setStatus", lambda r: r.body.get("thread_ts") == thread_ts)]


# The stop line must say it stopped, in the language the user wrote in.
@pytest.mark.parametrize(("text", "words"), [
    ("Size a 7B model for 200 people", ["Stopped"]),
    ("我们要给两百人部署一个 7B 模型", ["已停止", "继续"]),
    ("我們要給兩百位同事部署一個 7B 模型", ["已停止", "繼續"]),
], ids=["en", "zh-Hans", "zh-Hant"])
def test_stop_cancels_the_turn_in_flight_and_says_so_once_in_the_threads_language(
        served: Served, text: str, words: list[str]) -> None:
    asked = mention(text, channel="CSTOP1")
    served.send(asked)
    assert served.engine.entered.wait(15)
    served.send(stopped("CSTOP1", asked["ts"]))
    served.engine.release.set()

    [line] = served.settled(asked["ts"])
    assert not line.body["text"].startswith("you said"), "the stopped turn's reply was posted"
    assert all(word in line.body["text"] for word in words), line.body["text"]
    assert len(line.body["text"]) <= 120  # one short line
    # Slack leaves the session in `processing` after a stop; the app moves it on.
    assert statuses(served.fake, asked["ts"])[-1] == "active"


def test_a_turn_that_fails_after_the_stop_says_it_stopped_not_sorry(served: Served) -> None:
    asked = mention("boom: size a 7B model for 200 people", channel="CSTOP5")  # EchoEngine raises on "boom"
    served.send(asked)
    assert served.engine.entered.wait(15)
    served.send(stopped("CSTOP5", asked["ts"]))
    served.engine.release.set()

    [line] = served.settled(asked["ts"])
    assert "Stopped" in line.body["text"], line.body["text"]


def test_stop_also_cancels_the_threads_queued_turn_and_leaves_other_threads_alone(served: Served) -> None:
    asked = mention("Size a 7B model for 200 people", channel="CSTOP2")
    served.send(asked)
    assert served.engine.entered.wait(15)
    served.send(message("and for 400?", channel="CSTOP2", thread_ts=asked["ts"]))
    other = mention("And a 70B model for 20 people", channel="COTHER")
    served.send(other)
    served.send(stopped("CSTOP2", asked["ts"]))
    served.engine.release.set()

    [line] = served.settled(asked["ts"])
    assert "Stopped" in line.body["text"]
    [answer] = served.fake.messages(other["ts"])
    assert answer.body["text"] == "you said: And a 70B model for 20 people"
    # The queued "and for 400?" never reached the engine.
    assert [t for _, t in served.engine.calls] == ["Size a 7B model for 200 people", "And a 70B model for 20 people"]


def test_a_stop_with_nothing_in_flight_is_said_once_and_the_thread_goes_on(served: Served) -> None:
    served.engine.release.set()
    asked = mention("Size a 7B model for 200 people", channel="CSTOP3")
    served.send(asked)
    assert len(served.settled(asked["ts"], quiet_s=0.3)) == 1
    stop = stopped("CSTOP3", asked["ts"])
    served.send(stop, event_id="EvStop3")
    served.send(stop, event_id="EvStop3")  # Slack's retry of the same delivery
    later = message("and for 400?", channel="CSTOP3", thread_ts=asked["ts"])
    time.sleep(0.5)
    served.send(later)

    answer, line, next_answer = served.settled(asked["ts"])
    assert answer.body["text"].startswith("you said")
    assert "Stopped" in line.body["text"]
    assert next_answer.body["text"] == "you said: and for 400?"


@dataclass
class _GraphHeldAfterComputing:
    """The engine's graph, its turn held after it computed and stored its state (before the engine returns):
    the stop lands while the real engine is on the turn."""

    graph: Any
    holding: threading.Event = field(default_factory=threading.Event)
    computed: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)

    def invoke(self, *args: Any, **kwargs: Any) -> Any:
        result = self.graph.invoke(*args, **kwargs)
        if self.holding.is_set():
            self.computed.set()
            self.release.wait(30)
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.graph, name)


@pytest.mark.slow  # the real engine: its catalog and a recommendation take seconds
def test_a_stopped_turn_applies_none_of_its_facts_to_the_thread(tmp_path) -> None:
    """A what-if stopped while the engine works on it: no reply, and the thread's facts stay as they were
    (the next turn starts from 40 users, not the stopped 400)."""
    from bot.wiring import build_engine
    from tests.support.fake_slack import TEAM_ID

    with FakeSlack() as fake, build_engine(Settings(home=tmp_path, llm="none"), llm=None) as engine:
        held = _GraphHeldAfterComputing(engine._graph)
        engine._graph = held
        inbox = MemoryInbox()
        app = create_app(engine, Settings(home=tmp_path, llm="none", slack_signing_secret=SECRET),
                         client=WebClient(token="xoxb-test", base_url=fake.url), inbox=inbox, turn_workers=1)
        with serve_app(app) as url:
            served = Served(url, fake, GatedEngine(), inbox)
            first = mention("we fine-tuned a 7B model for the legal team, 40 of them at once, prompts ~1500 tokens "
                            "and answers ~300, just recommend", channel="CSTOPFACTS")
            served.send(first)
            assert len(served.settled(first["ts"], quiet_s=0.2)) == 1
            held.holding.set()
            served.send(message("what if 400 users?", channel="CSTOPFACTS", thread_ts=first["ts"]))
            assert held.computed.wait(30)
            served.send(stopped("CSTOPFACTS", first["ts"]))
            time.sleep(0.3)  # the stop reaches the runner before the engine returns
            held.release.set()
            _, line = served.settled(first["ts"])
            facts = engine.state(f"{TEAM_ID}:CSTOPFACTS:{first['ts']}")["slots"]
    assert "Stopped" in line.body["text"], line.body["text"]
    assert facts["concurrent_users"] == 40, facts


@pytest.mark.parametrize("broken", [{"thread_ts": None}, {"event_ts": "yesterday"}, {"channel": 7}],
                         ids=["no-thread", "ts-not-a-number", "channel-not-a-string"])
def test_a_malformed_stop_is_a_400_at_the_front(served: Served, broken: dict[str, Any]) -> None:
    event = {k: v for k, v in {**stopped("CSTOP4", next_ts()), **broken}.items() if v is not None}
    status, body, _ = post_event(served.url, SECRET, event_envelope(event))
    assert status == 400, (status, body)


@pytest.mark.slow  # a real `siliconsult slack --http` process: the stop travels to the model worker process
def test_in_the_real_app_a_stop_cancels_the_queued_turn_behind_the_one_being_posted(tmp_path) -> None:
    from tests.support.processes import SlackProcess

    with FakeSlack() as fake:
        env = {"SLACK_BOT_TOKEN": "xoxb-stop-test", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": fake.url,
               "SILICONSULT_HOME": str(tmp_path)}
        first = mention("We want to serve our fine-tuned 7B model to the legal department, about 200 people.",
                        channel="CSTOPP")
        in_thread = {"where": lambda r: r.body.get("thread_ts") == first["ts"]}
        with SlackProcess(env) as app:
            release = fake.hold("chat.postMessage")
            assert post_event(app.events_url, SECRET, event_envelope(first))[0] == 200
            fake.wait_for_waiting("chat.postMessage", 1, timeout=90)  # the first answer is being posted
            second = message("Q4_K_M is fine, first token under 1 s.", channel="CSTOPP", thread_ts=first["ts"])
            assert post_event(app.events_url, SECRET, event_envelope(second))[0] == 200
            # The second turn was queued for the worker before its ack, so the stop queued now comes after it
            # (one queue, in order); its status waits for its turn, behind the first's post.
            assert post_event(app.events_url, SECRET, event_envelope(stopped("CSTOPP", first["ts"])))[0] == 200
            time.sleep(0.5)
            release.set()
            answer, line = fake.wait_for("chat.postMessage", 2, timeout=60, **in_thread)
            time.sleep(1.5)  # room for the cancelled turn's reply, which must not come
            posted = fake.replies(first["ts"])
            assert app.close() == 0
    assert len(posted) == 2, [r.body.get("text") for r in posted]
    assert "Stopped" in line.body["text"] and "Stopped" not in answer.body["text"]
