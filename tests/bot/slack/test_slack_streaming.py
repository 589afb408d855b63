"""The reply streams with its plan: in DMs, and in channel threads when the app is set to, over HTTP.

Slack's chat streaming (https://docs.slack.dev/reference/methods/chat.startStream): outside a DM a stream
names `recipient_user_id` and `recipient_team_id`; `task_display_mode="plan"` shows `task_update` chunks
together in one plan block. Expected: the stream opens with the plan and "Reading the workload" in
progress *before* the engine answers, each step the engine took ends complete (sizing and costing only
for a recommendation), and the stream ends finished, with the text, the card and the turn's marker. The
fake Web API refuses chunks or arguments of another shape.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.reply import Reply
from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import MemoryInbox
from tests.support.fake_slack import FakeSlack, event_envelope, mention, message, next_ts, post_event
from tests.support.slack_fixtures import recommendation_reply
from tests.support.slack_harness import SECRET, GatedEngine, serve_app

pytestmark = [pytest.mark.slack, pytest.mark.timeout(120)]


class SlowRecommendingEngine(GatedEngine):
    """A recommendation for texts saying "recommend", an echo otherwise; each turn waits for `release`."""

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply:
        reply = super().handle(thread_id, text, turn_key)
        return recommendation_reply() if "recommend" in text else reply


@dataclass
class Served:
    url: str
    fake: FakeSlack
    engine: SlowRecommendingEngine
    inbox: MemoryInbox

    def send(self, event: dict[str, Any]) -> None:
        assert post_event(self.url, SECRET, event_envelope(event))[0] == 200

    def settled(self, thread_ts: str) -> list[dict[str, Any]]:
        deadline = time.monotonic() + 30
        while self.inbox.unfinished() and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.5)
        return self.fake.thread(thread_ts)


def serving(tmp_path: Path, **settings: Any) -> Iterator[Served]:
    with FakeSlack() as fake:
        engine, inbox = SlowRecommendingEngine(), MemoryInbox()
        app = create_app(engine, Settings(home=tmp_path, llm="none", slack_signing_secret=SECRET, **settings),
                         client=WebClient(token="xoxb-test", base_url=fake.url), inbox=inbox)
        with serve_app(app) as url:
            yield Served(url, fake, engine, inbox)


@pytest.fixture
def threads_streamed(tmp_path: Path) -> Iterator[Served]:
    yield from serving(tmp_path, slack_stream_threads=True)


@pytest.fixture
def default(tmp_path: Path) -> Iterator[Served]:
    yield from serving(tmp_path)


def steps(reply: dict[str, Any]) -> dict[str, str]:
    return {task_id: task["status"] for task_id, task in reply["tasks"].items()}


def test_a_channel_thread_reply_streams_its_plan_while_the_engine_works(threads_streamed: Served) -> None:
    asked = mention("recommend hardware for a 7B model, 200 people", channel="CSTREAM")
    threads_streamed.send(asked)
    assert threads_streamed.engine.entered.wait(15)
    time.sleep(0.3)
    # The engine is still working: the stream is open, with the plan and its first step in progress.
    [working] = threads_streamed.fake.thread(asked["ts"])
    assert working["streaming"] and working["plan_title"] == "Working on it"
    assert steps(working) == {"reading": "in_progress"}
    [start] = threads_streamed.fake.calls("chat.startStream")
    assert (start.body["recipient_user_id"], start.body["task_display_mode"]) == ("U0000001", "plan")
    threads_streamed.engine.release.set()

    [reply] = threads_streamed.settled(asked["ts"])
    assert not reply["streaming"]
    assert steps(reply) == {"reading": "complete", "sizing": "complete", "costing": "complete"}
    assert reply["text"] and any(b.get("type") == "actions" for b in reply["blocks"])  # the card's buttons came
    assert reply["metadata"]["event_type"] == "siliconsult_turn"
    assert threads_streamed.fake.calls("chat.postMessage") == []


def test_an_interview_question_shows_only_the_reading_step(threads_streamed: Served) -> None:
    threads_streamed.engine.release.set()
    asked = message("hi, we need some hardware", channel="DSTEPS", channel_type="im")
    threads_streamed.send(asked)
    [reply] = threads_streamed.settled(asked["ts"])
    assert steps(reply) == {"reading": "complete"}
    assert reply["text"] == "you said: hi, we need some hardware"


def test_dms_stream_their_plan_by_default_and_channel_threads_are_posted(default: Served) -> None:
    default.engine.release.set()
    in_dm = message("recommend for 40 people", channel="DDEFAULT", channel_type="im")
    in_channel = mention("recommend for 40 people", channel="CDEFAULT")
    default.send(in_dm)
    default.send(in_channel)
    [dm_reply] = default.settled(in_dm["ts"])
    [channel_reply] = default.settled(in_channel["ts"])
    assert steps(dm_reply) == {"reading": "complete", "sizing": "complete", "costing": "complete"}
    assert "tasks" not in channel_reply  # posted with chat.postMessage, as before
    assert [r.body["thread_ts"] for r in default.fake.calls("chat.startStream")] == [in_dm["ts"]]


def test_a_stop_while_the_plan_streams_finishes_the_stream_with_the_stop_line(threads_streamed: Served) -> None:
    asked = mention("recommend hardware for a 7B model", channel="CSTREAMSTOP")
    threads_streamed.send(asked)
    assert threads_streamed.engine.entered.wait(15)
    threads_streamed.send({"type": "agent_session_stopped", "channel": "CSTREAMSTOP", "thread_ts": asked["ts"],
                           "user": "U0000001", "event_ts": next_ts(), "streaming_message_ts": []})
    time.sleep(0.3)
    threads_streamed.engine.release.set()
    [line] = threads_streamed.settled(asked["ts"])
    assert not line["streaming"], "the stopped turn's stream was left open"
    assert line["text"].startswith("Stopped")


@pytest.mark.parametrize("chunk", [
    {"type": "task_update", "id": "x", "title": "t", "status": "done"},
    {"type": "task_update", "title": "no id", "status": "complete"},
    {"type": "plan_update"},
    {"type": "thinking", "text": "?"},
], ids=["unknown-status", "task-without-id", "plan-without-title", "unknown-type"])
def test_the_fake_api_refuses_chunks_slack_does_not_document(chunk: dict[str, Any]) -> None:
    with FakeSlack() as fake:
        client = WebClient(token="xoxb-test", base_url=fake.url)
        with pytest.raises(SlackApiError) as bad_chunk:
            client.chat_startStream(channel="D1", thread_ts="1.0", chunks=[chunk])
        with pytest.raises(SlackApiError) as no_recipient:
            client.chat_startStream(channel="C1", thread_ts="1.0")
    assert bad_chunk.value.response["error"] == "invalid_chunks"
    assert no_recipient.value.response["error"] == "invalid_arguments"  # required when streaming to channels
