"""Slack's rate limiter and failing posts: the real app over HTTP against the fake Web API.

Slack answers 429 with `Retry-After` when a method's rate limit is hit
(https://api.slack.com/apis/rate-limits); the reply must still arrive, once, with its card, and a
post that finally failed must not cost the next reply its card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from slack_sdk import WebClient

from bot.reply import Reply
from bot.settings import Settings
from bot.slack.app import create_app
from bot.slack.turns import APOLOGY
from tests.support.fake_slack import FakeSlack, RecordedRequest, event_envelope, mention, message, post_event
from tests.support.slack_fixtures import recommendation_reply
from tests.support.slack_harness import SECRET, EchoEngine, app_over_fake_slack, serve_app

pytestmark = [pytest.mark.slack, pytest.mark.timeout(180)]

FIRST = "We want to serve our fine-tuned 7B model to the legal department, about 200 people."
SECOND = "Q4_K_M is fine. Prompts ~1000 tokens, answers ~300, first token under 1 s."


@dataclass
class Running:
    url: str
    fake: FakeSlack

    def send(self, event: dict) -> None:
        assert post_event(self.url, SECRET, event_envelope(event))[0] == 200

    def seen(self, thread_ts: str, count: int) -> list[RecordedRequest]:
        """Wait for `count` replies Slack accepted in the thread."""
        return self.fake.wait_for("chat.postMessage", count, timeout=60,
                                  where=lambda r: r.ok and r.body.get("thread_ts") == thread_ts)


def header(reply: RecordedRequest) -> str | None:
    return next((b["text"]["text"] for b in reply.blocks() if b["type"] == "header"), None)


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    with app_over_fake_slack(tmp_path_factory.mktemp("retries")) as (url, fake):
        yield Running(url, fake)


@pytest.mark.slow  # over 2 s: real processes, servers or a whole-suite run
def test_two_429s_then_success_give_exactly_one_reply_with_its_card(running: Running) -> None:
    first = mention(FIRST, channel="CRATE")
    running.send(first)
    running.seen(first["ts"], 1)
    # The reply that carries the recommendation hits the rate limit twice before Slack takes it.
    running.fake.rate_limit("chat.postMessage", 2, retry_after_s=1)
    running.send(message(SECOND, channel="CRATE", thread_ts=first["ts"]))
    [_, card] = running.seen(first["ts"], 2)
    attempts = running.fake.calls("chat.postMessage", lambda r: r.body.get("thread_ts") == first["ts"])
    assert [r.status for r in attempts] == [200, 429, 429, 200]
    assert attempts[1].body["text"] == attempts[3].body["text"]  # the same reply, retried
    assert header(card) and header(card).startswith("Recommendation: ")
    running.fake.wait_for("files.completeUploadExternal", where=lambda r: r.body.get("thread_ts") == first["ts"])
    assert [r.body["text"] for r in running.fake.replies(first["ts"])].count(APOLOGY) == 0
    assert len(running.fake.replies(first["ts"])) == 2


def test_a_429_on_every_method_of_a_turn_still_answers_once(running: Running) -> None:
    for method in ("assistant.threads.setStatus", "chat.postMessage"):
        running.fake.rate_limit(method, 1)
    first = mention(FIRST, channel="CRATE2")
    running.send(first)
    [reply] = running.seen(first["ts"], 1)
    assert reply.body["text"] and reply.body["text"] != APOLOGY


class RecommendingEngine(EchoEngine):
    """Always the same recommendation, so only the card rule decides whether the card is shown."""

    def handle(self, thread_id: str, text: str, turn_key: str | None = None,
               keep: Callable[[], bool] | None = None) -> Reply:
        super().handle(thread_id, text)
        return recommendation_reply()


def test_a_reply_that_never_arrived_does_not_cost_the_next_one_its_card(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    with FakeSlack() as fake:
        app = create_app(RecommendingEngine(), Settings(home=tmp_path, llm="none"),
                         client=WebClient(token="xoxb-test", base_url=fake.url), listener_workers=1, turn_workers=1)
        with serve_app(app) as url:
            first = mention("size it", channel="CCARD")
            fake.fail_next("chat.postMessage", 1, error="channel_not_found")  # final: not retried
            assert post_event(url, SECRET, event_envelope(first))[0] == 200
            [apology] = fake.wait_for("chat.postMessage", where=lambda r: r.ok, timeout=30)
            assert apology.body["text"] == APOLOGY
            assert post_event(url, SECRET, event_envelope(message("again", channel="CCARD", thread_ts=first["ts"])))[0] == 200
            [_, second] = fake.wait_for("chat.postMessage", 2, where=lambda r: r.ok, timeout=30)
            assert header(second) is not None, "the card that never reached the user is shown now"
            # And once shown, the same recommendation is not repeated as a card.
            assert post_event(url, SECRET, event_envelope(message("and?", channel="CCARD", thread_ts=first["ts"])))[0] == 200
            [*_, third] = fake.wait_for("chat.postMessage", 3, where=lambda r: r.ok, timeout=30)
            assert header(third) is None


def test_every_web_client_retries_rate_limits_server_and_connection_errors(tmp_path: Path) -> None:
    from slack_sdk.http_retry.builtin_handlers import (
        ConnectionErrorRetryHandler,
        RateLimitErrorRetryHandler,
        ServerErrorRetryHandler,
    )

    with FakeSlack() as fake:
        app = create_app(EchoEngine(), Settings(home=tmp_path, llm="none", slack_signing_secret=SECRET),
                         client=WebClient(token="xoxb-test", base_url=fake.url))
        handlers = app.client.retry_handlers
    for kind in (RateLimitErrorRetryHandler, ServerErrorRetryHandler, ConnectionErrorRetryHandler):
        assert any(isinstance(h, kind) for h in handlers), kind
