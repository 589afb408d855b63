"""`siliconsult slack --http` SIGKILLed right after acknowledging an event, before answering it.

Slack never redelivers an acknowledged event, and a retry that does come (Slack did not see the
ack) carries the same event id. So the restarted process must answer the event from its inbox,
and drop the retry: exactly one answer, whichever way the event comes back.
"""

from __future__ import annotations

import time

import pytest

from tests.support.conversation_script import TURNS
from tests.support.fake_slack import FakeSlack, event_envelope, mention, post_event
from tests.support.processes import SlackProcess

pytestmark = [pytest.mark.slack, pytest.mark.slow, pytest.mark.timeout(300)]

SECRET = "crash-test-signing-secret"


def test_killed_after_the_ack_then_restarted_and_retried_answers_exactly_once(tmp_path) -> None:
    with FakeSlack() as slack:
        env = {"SLACK_BOT_TOKEN": "xoxb-crash-test", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": slack.url,
               "SILICONSULT_HOME": str(tmp_path)}
        event = mention(TURNS[0])
        thread_ts = event["ts"]
        envelope = event_envelope(event)
        in_thread = lambda r: r.ok and r.body.get("thread_ts") == thread_ts  # noqa: E731

        # The worker's first Web API call of the turn (the status) is held: the kill lands after the
        # ack and before any answer could be posted.
        held = slack.hold("agents.sessions.setStatus")
        with SlackProcess(env) as first:
            status, _, _ = post_event(first.events_url, SECRET, envelope)
            assert status == 200  # acknowledged: Slack will not redeliver on its own
            slack.wait_for_waiting("agents.sessions.setStatus")
            first.kill()
        held.set()
        assert slack.replies(thread_ts) == []

        with SlackProcess(env) as second:
            # Slack did not see the first ack in time after all and retries the same event id.
            status, body, _ = post_event(second.events_url, SECRET, envelope, retry_num=1)
            assert status == 200, f"the retry got {status} {body!r}; the restarted app's log:\n{second.log()}"
            [reply] = slack.wait_for("chat.postMessage", where=in_thread, timeout=90)
            time.sleep(1.5)  # room for a wrongly accepted retry to post its duplicate
            replies = slack.replies(thread_ts)
            assert "answering 1 turn(s) left unanswered" in second.log(), second.log()
            assert second.close() == 0

    assert replies == [reply]
    assert reply.body["text"]


def test_killed_after_posting_before_recording_it_does_not_answer_again(tmp_path) -> None:
    """The worker posted the card and was killed while uploading its charts (entry not finished):
    the restarted app finds its own answer in the thread and does not post a second one."""
    with FakeSlack() as slack:
        env = {"SLACK_BOT_TOKEN": "xoxb-crash-test", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": slack.url,
               "SILICONSULT_HOME": str(tmp_path)}
        first = mention(TURNS[0])
        thread_ts = first["ts"]
        in_thread = lambda r: r.ok and r.body.get("thread_ts") == thread_ts  # noqa: E731
        with SlackProcess(env) as app:
            assert post_event(app.events_url, SECRET, event_envelope(first))[0] == 200
            slack.wait_for("chat.postMessage", where=in_thread, timeout=90)
            held = slack.hold("files.getUploadURLExternal")  # the charts come after the card
            second = event_envelope(mention(TURNS[1], thread_ts=thread_ts))
            assert post_event(app.events_url, SECRET, second)[0] == 200
            slack.wait_for_waiting("files.getUploadURLExternal")
            app.kill()
        held.set()
        assert len(slack.replies(thread_ts)) == 2  # the question and the card were posted

        with SlackProcess(env) as restarted:
            status, body, _ = post_event(restarted.events_url, SECRET, second, retry_num=1)
            assert status == 200, f"the retry got {status} {body!r}; the restarted app's log:\n{restarted.log()}"
            deadline = time.monotonic() + 60
            while "answered before the crash" not in restarted.log() and time.monotonic() < deadline:
                time.sleep(0.2)
            assert "answered before the crash" in restarted.log(), restarted.log()
            time.sleep(1.0)
            replies = slack.replies(thread_ts)
            restarted.close()
    assert len(replies) == 2, ([r.body.get("text") for r in replies], restarted.log())
