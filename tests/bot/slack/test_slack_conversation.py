"""Whole conversations through the real app and the REAL engine (llm="none"), served over HTTP on
loopback against the fake Slack Web API, exactly as `siliconsult slack --http` wires them."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from slack_sdk import WebClient

from bot.errors import ConfigError
from bot.settings import Settings
from bot.slack.runtime import build_slack_app
from tests.support.fake_slack import (
    TEAM_ID,
    FakeSlack,
    RecordedRequest,
    event_envelope,
    mention,
    message,
    post_action,
    post_event,
)
from tests.support.slack_harness import SECRET, serve_app

pytestmark = [pytest.mark.slack, pytest.mark.timeout(180)]

FIRST = "We want to serve our fine-tuned 7B model to the legal department, about 200 people."
SECOND = "Q4_K_M is fine. Prompts ~1000 tokens, answers ~300, first token under 1 s."


def settings_for(home: Path) -> Settings:
    return Settings(home=home, llm="none", slack_signing_secret=SECRET, slack_bot_token="xoxb-test")


@dataclass
class Running:
    url: str
    fake: FakeSlack

    def send(self, event: dict, **kwargs) -> dict:
        envelope = event_envelope(event)
        assert post_event(self.url, SECRET, envelope, **kwargs)[0] == 200
        return envelope

    def reply(self, thread_ts: str, count: int) -> RecordedRequest:
        """Wait for the `count`-th reply in the thread (posted, or streamed in a DM) and return it."""
        return self.fake.wait_for_messages(thread_ts, count, timeout=60)[count - 1]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("slack-home")


@pytest.fixture(scope="module")
def running(home: Path) -> Iterator[Running]:
    with FakeSlack() as fake:
        app, close = build_slack_app(settings_for(home), client=WebClient(token="xoxb-test", base_url=fake.url))
        try:
            with serve_app(app) as url:
                yield Running(url, fake)
        finally:
            close()


def header(reply: RecordedRequest) -> str | None:
    return next((b["text"]["text"] for b in reply.blocks() if b["type"] == "header"), None)


def button_value(reply: RecordedRequest, action_id: str) -> str:
    for block in reply.blocks():
        for element in block.get("elements", []):
            if element.get("action_id") == action_id:
                return element["value"]
    raise AssertionError(f"no {action_id} button in {reply.blocks()}")


def interview_to_recommendation(running: Running, thread_ts: str, channel: str, channel_type: str) -> tuple[RecordedRequest, int]:
    """Answer in the thread until the card arrives ("just recommend" last, as a user would)."""
    for count, text in enumerate([SECOND, "just recommend"], start=2):
        running.send(message(text, channel=channel, channel_type=channel_type, thread_ts=thread_ts))
        reply = running.reply(thread_ts, count)
        if header(reply):
            return reply, count
    raise AssertionError("no recommendation after the interview")


def test_mention_interview_recommendation_chart_and_what_if(running: Running) -> None:
    first = mention(FIRST, channel="CCONV")
    running.send(first)
    question = running.reply(first["ts"], 1)
    assert question.body["channel"] == "CCONV" and question.body["thread_ts"] == first["ts"]
    assert question.body["text"] and question.blocks() and header(question) is None  # a plain question
    [status] = running.fake.calls("agents.sessions.setStatus", lambda r: r.body.get("thread_ts") == first["ts"])[:1]
    assert status.body["status"] == "processing"
    assert running.fake.requests.index(status) < running.fake.requests.index(question)

    card, count = interview_to_recommendation(running, first["ts"], "CCONV", "channel")
    assert header(card).startswith("Recommendation: ")
    fields = next(b["fields"] for b in card.blocks() if "fields" in b)
    assert any("Tokens/s per user" in f["text"] for f in fields) and any("3-year TCO" in f["text"] for f in fields)
    assert "200" in json.dumps(card.blocks())  # the echo shows the 200 users that were understood

    # The charts: all three steps of files_upload_v2, into this thread.
    [complete] = running.fake.wait_for("files.completeUploadExternal", where=lambda r: r.body.get("thread_ts") == first["ts"])
    files = json.loads(complete.body["files"])
    assert {f["title"] for f in files} == {"Tokens/s per user vs concurrent users", "3-year TCO"}
    assert complete.body["channel_id"] == "CCONV"
    file_ids = {f["id"] for f in files}
    uploads = running.fake.calls("upload", lambda r: r.path.rsplit("/", 1)[-1] in file_ids)
    assert len(uploads) == 2 and all(u.raw.startswith(b"\x89PNG") for u in uploads)
    assert len(running.fake.calls("files.getUploadURLExternal")) >= 2

    # A what-if follow-up: the answer reflects the change.
    running.send(message("What if we grow to 800 concurrent users?", channel="CCONV", thread_ts=first["ts"]))
    what_if = running.reply(first["ts"], count + 1)
    assert "800" in what_if.body["text"]
    changed = json.dumps(what_if.blocks())
    assert "What changed" in changed and "800" in changed
    assert header(what_if) != header(card) or "capex" in changed.lower()
    running.fake.wait_for("files.completeUploadExternal", 2, where=lambda r: r.body.get("thread_ts") == first["ts"])

    # A button click becomes a turn of the thread.
    value = button_value(what_if, "followup_assumptions")
    payload = {
        "type": "block_actions", "team": {"id": TEAM_ID}, "user": {"id": "U0000001"}, "trigger_id": "1.2.3",
        "api_app_id": "A0000001", "channel": {"id": "CCONV"},
        "container": {"type": "message", "channel_id": "CCONV", "message_ts": "1700000009.000100",
                      "thread_ts": first["ts"], "is_ephemeral": False},
        "message": {"type": "message", "ts": "1700000009.000100", "thread_ts": first["ts"], "text": "card"},
        "actions": [{"action_id": "followup_assumptions", "block_id": "b", "type": "button", "value": value,
                     "action_ts": "1700000010.1"}],
    }
    status, _, seconds = post_action(running.url, SECRET, payload)
    assert status == 200 and seconds < 3
    assumptions = running.reply(first["ts"], count + 2)
    assert "assum" in assumptions.body["text"].lower()
    assert header(assumptions) is None  # same recommendation: text and buttons, no repeated card


def test_dm_conversation_reaches_a_recommendation(running: Running) -> None:
    first = message("We need hardware for a 7B model, Q4_K_M, for 50 people; first token under 2 s.",
                    channel="DCONV", channel_type="im")
    running.send(first)
    opening = running.reply(first["ts"], 1)
    assert opening.body["channel"] == "DCONV" and opening.body["thread_ts"] == first["ts"]
    if header(opening) is None:
        running.send(message("just recommend", channel="DCONV", channel_type="im", thread_ts=first["ts"]))
        opening = running.reply(first["ts"], 2)
    assert header(opening).startswith("Recommendation: ")
    # In the agent view the card's summary streams, and the card itself follows in the same message.
    assert opening.method == "chat.stopStream"
    streamed = opening.body["text"]
    assert streamed.strip() and "\n\n" not in streamed.strip()  # one paragraph: the summary, not the whole text


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_redelivery_after_a_restart_is_not_answered_again(home: Path) -> None:
    envelope = event_envelope(mention(FIRST, channel="CRESTART"))
    thread_ts = envelope["event"]["ts"]

    def serve(fake: FakeSlack):  # noqa: ANN202
        return build_slack_app(settings_for(home), client=WebClient(token="xoxb-test", base_url=fake.url))

    with FakeSlack() as fake:
        app, close = serve(fake)
        try:
            with serve_app(app) as url:
                assert post_event(url, SECRET, envelope)[0] == 200
                fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == thread_ts, timeout=60)
        finally:
            close()
        # Slack did not see the ack in time and retries; a new process on the same home gets it.
        app, close = serve(fake)
        try:
            with serve_app(app) as url:
                assert post_event(url, SECRET, envelope, retry_num=1)[0] == 200
                sentinel = mention("hello", channel="CSENTINEL")
                assert post_event(url, SECRET, event_envelope(sentinel))[0] == 200
                fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == sentinel["ts"], timeout=60)
        finally:
            close()
        assert len(fake.replies(thread_ts)) == 1


def workers() -> list[multiprocessing.Process]:
    return [p for p in multiprocessing.active_children() if p.name == "siliconsult-slack-worker"]


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_a_crashed_model_worker_is_replaced_and_answers(home: Path) -> None:
    before = set(workers())
    with FakeSlack() as fake:
        app, close = build_slack_app(settings_for(home), client=WebClient(token="xoxb-test", base_url=fake.url))
        try:
            [worker] = set(workers()) - before
            os.kill(worker.pid, signal.SIGKILL)
            worker.join(10)
            with serve_app(app) as url:
                event = mention(FIRST, channel="CCRASH")
                assert post_event(url, SECRET, event_envelope(event))[0] == 200
                [reply] = fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == event["ts"],
                                        timeout=120)
            assert reply.body["text"]
        finally:
            close()


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_a_turn_the_killed_model_worker_had_not_answered_is_answered_by_its_replacement(home: Path) -> None:
    before = set(workers())
    with FakeSlack() as fake:
        app, close = build_slack_app(settings_for(home), client=WebClient(token="xoxb-test", base_url=fake.url))
        try:
            [worker] = set(workers()) - before
            with serve_app(app) as url:
                held = fake.hold("agents.sessions.setStatus")  # the worker is busy with the turn's status
                event = mention(FIRST, channel="CHANDOVER")
                assert post_event(url, SECRET, event_envelope(event))[0] == 200
                fake.wait_for_waiting("agents.sessions.setStatus")
                os.kill(worker.pid, signal.SIGKILL)
                worker.join(10)
                held.set()
                [reply] = fake.wait_for("chat.postMessage", where=lambda r: r.ok and r.body.get("thread_ts") == event["ts"],
                                        timeout=120)
                time.sleep(1.0)  # room for a duplicate
                assert fake.replies(event["ts"]) == [reply]
            assert set(workers()) - before - {worker}, "a new worker runs"
        finally:
            close()


def test_a_worker_that_cannot_start_fails_the_start_with_one_line(home: Path) -> None:
    before = set(workers())
    settings = settings_for(home)
    settings.llm = str(home / "missing-model.gguf")
    with FakeSlack() as fake, pytest.raises(ConfigError) as error:  # exit 2 from the CLI
        build_slack_app(settings, client=WebClient(token="xoxb-test", base_url=fake.url))
    assert "\n" not in error.value.user_message and "Traceback" not in error.value.user_message
    assert set(workers()) == before  # no worker left behind


@pytest.mark.parametrize(
    ("lang", "turns"),
    [
        ("en", [FIRST, SECOND]),
        ("zh-Hans", ["我们要给两百人的团队部署一个 7B 模型，应该买什么硬件？", "Q4_K_M，首字延迟一秒以内，直接推荐"]),
        ("zh-Hant", ["我們要給兩百人的團隊部署一個 7B 模型，應該買什麼硬體？", "Q4_K_M，首字延遲一秒以內，直接推薦"]),
    ],
)
def test_every_button_is_a_question_the_engine_answers_in_the_conversations_language(
    home: Path, lang: str, turns: list[str]
) -> None:
    from bot.slack.blocks import followup_buttons
    from bot.wiring import build_engine

    expected = {"followup_what_if_double_users": "what_if", "followup_compare": "compare",
                "followup_assumptions": "show_assumptions", "followup_why_not_npu": "why_not"}
    with build_engine(Settings(home=home, llm="none")) as engine:
        thread = f"T:CBUTTONS:{lang}"
        replies = [engine.handle(thread, text) for text in turns]
        card = replies[-1]
        assert card.recommendation is not None and card.lang == lang
        buttons = {b["action_id"]: b["value"] for b in followup_buttons(card)["elements"]}
        assert set(expected) <= set(buttons)
        for action_id, intent in expected.items():
            answer = engine.handle(thread, buttons[action_id])
            assert (answer.intent, answer.lang) == (intent, lang), (buttons[action_id], answer.text[:200])
