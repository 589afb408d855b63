"""Feedback buttons on recommendation cards, over HTTP with the real Bolt app and the fake Web API.

Slack's Block Kit has them as a `feedback_buttons` element (a positive and a negative button, each with
plain-text text and a value) inside a `context_actions` block
(https://docs.slack.dev/reference/block-kit/blocks/context-actions-block,
https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element); a click arrives as
`block_actions` whose action has type `feedback_buttons` and the clicked button's value. Issue 29: the
click is recorded with the thread and acknowledged.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from slack_sdk import WebClient
from slack_sdk.models.blocks import Block

from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.inbox import SqliteInbox
from tests.support.fake_slack import (
    TEAM_ID,
    FakeSlack,
    RecordedRequest,
    event_envelope,
    mention,
    post_action,
    post_event,
)
from tests.support.slack_harness import SECRET, RecommendingEngine, serve_app

pytestmark = [pytest.mark.slack, pytest.mark.timeout(120)]


@dataclass
class Served:
    url: str
    fake: FakeSlack
    engine: RecommendingEngine
    inbox: SqliteInbox

    def card(self, text: str, channel: str) -> RecordedRequest:
        asked = mention(text, channel=channel)
        assert post_event(self.url, SECRET, event_envelope(asked))[0] == 200
        [posted] = self.fake.wait_for("chat.postMessage", timeout=30,
                                      where=lambda r: r.ok and r.body.get("thread_ts") == asked["ts"])
        return posted


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with FakeSlack() as fake:
        engine, inbox = RecommendingEngine(), SqliteInbox(tmp_path / "inbox.sqlite")
        app = create_app(engine, Settings(home=tmp_path, llm="none", slack_signing_secret=SECRET),
                         client=WebClient(token="xoxb-test", base_url=fake.url), inbox=inbox, turn_workers=1)
        with serve_app(app) as url:
            yield Served(url, fake, engine, inbox)
        inbox.close()


def feedback_elements(posted: RecordedRequest) -> list[dict[str, Any]]:
    return [element for block in posted.blocks() if block.get("type") == "context_actions"
            for element in block.get("elements", []) if element.get("type") == "feedback_buttons"]


def click(posted: RecordedRequest, element: dict[str, Any], which: str, *, user: str = "U0000042",
          action_ts: str = "1900000500.000001") -> dict[str, Any]:
    """The `block_actions` payload Slack sends for a click on one of the card's feedback buttons."""
    button = element[f"{which}_button"]
    return {
        "type": "block_actions", "team": {"id": TEAM_ID}, "user": {"id": user}, "api_app_id": "A0000001",
        "trigger_id": f"trigger-{which}-{user}", "channel": {"id": posted.body["channel"]},
        "container": {"type": "message", "message_ts": posted.posted_ts, "channel_id": posted.body["channel"],
                      "is_ephemeral": False, "thread_ts": posted.body["thread_ts"]},
        "message": {"type": "message", "ts": posted.posted_ts, "thread_ts": posted.body["thread_ts"],
                    "text": posted.body.get("text")},
        "actions": [{"type": "feedback_buttons", "action_id": element["action_id"], "block_id": "fb",
                     "value": button["value"], "text": button["text"], "action_ts": action_ts}],
    }


def test_a_recommendation_card_carries_feedback_buttons_and_an_interview_question_does_not(served: Served) -> None:
    card = served.card("please recommend", "CFB1")
    [element] = feedback_elements(card)
    for which in ("positive", "negative"):
        button = element[f"{which}_button"]
        assert button["text"]["type"] == "plain_text" and 0 < len(button["text"]["text"]) <= 75
        assert button["value"]
    assert element["positive_button"]["value"] != element["negative_button"]["value"]
    # slack_sdk's own model of the block reads it back unchanged: no field Slack does not know.
    [block] = [b for b in card.blocks() if b["type"] == "context_actions"]
    assert Block.parse(block).to_dict() == block
    assert feedback_elements(served.card("a 7B model for 20 people", "CFB2")) == []


def test_a_click_is_recorded_with_the_thread_acknowledged_and_a_change_of_mind_replaces_it(served: Served) -> None:
    card = served.card("please recommend", "CFB3")
    [element] = feedback_elements(card)
    thread_id = f"{TEAM_ID}:CFB3:{card.body['thread_ts']}"

    status, _, took_s = post_action(served.url, SECRET, click(card, element, "positive"))
    assert status == 200 and took_s < 3.0  # acknowledged within Slack's 3 s
    [thanks] = served.fake.wait_for("chat.postEphemeral", timeout=10)
    assert thanks.body["user"] == "U0000042" and thanks.body["thread_ts"] == card.body["thread_ts"]
    assert [(f.message_ts, f.user_id, f.value) for f in served.inbox.feedback(thread_id)] == \
        [(card.posted_ts, "U0000042", "positive")]

    # The same person changes their mind (and Slack retries that request): one opinion per person per card.
    for _ in range(2):
        status, _, _ = post_action(served.url, SECRET, click(card, element, "negative", action_ts="1900000501.000001"))
        assert status == 200
    assert [(f.user_id, f.value) for f in served.inbox.feedback(thread_id)] == [("U0000042", "negative")]
    # Someone else's opinion on the same card is recorded beside it.
    assert post_action(served.url, SECRET, click(card, element, "positive", user="U0000043"))[0] == 200
    assert sorted((f.user_id, f.value) for f in served.inbox.feedback(thread_id)) == \
        [("U0000042", "negative"), ("U0000043", "positive")]

    time.sleep(0.3)
    assert served.engine.calls == [(thread_id, "please recommend")]  # a click on feedback is no turn


def test_feedback_survives_a_restart(tmp_path: Path, served: Served) -> None:
    card = served.card("please recommend", "CFB4")
    [element] = feedback_elements(card)
    assert post_action(served.url, SECRET, click(card, element, "negative"))[0] == 200
    reopened = SqliteInbox(tmp_path / "inbox.sqlite")
    try:
        [kept] = reopened.feedback(f"{TEAM_ID}:CFB4:{card.body['thread_ts']}")
    finally:
        reopened.close()
    assert (kept.message_ts, kept.user_id, kept.value) == (card.posted_ts, "U0000042", "negative")
