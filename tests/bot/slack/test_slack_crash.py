"""`siliconsult slack --http` SIGKILLed right after acknowledging an event, before answering it.

Slack never redelivers an acknowledged event, and a retry that does come (Slack did not see the
ack) carries the same event id. So the restarted process must answer the event from its inbox,
and drop the retry: exactly one answer, whichever way the event comes back.
"""

from __future__ import annotations

import time

import pytest

from tests.support.conversation_script import TURNS
from tests.support.fake_slack import FakeSlack, event_envelope, mention, message, post_event
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


def _settled_thread(slack: FakeSlack, thread_ts: str, count: int, timeout: float = 90) -> list[dict]:
    """The thread once `count` messages are in it and none still streams, then 1.5 s quiet (room for a double)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        thread = slack.thread(thread_ts)
        if len(thread) >= count and not any(m["streaming"] for m in thread):
            break
        time.sleep(0.2)
    time.sleep(1.5)
    return slack.thread(thread_ts)


def _keys(thread: list[dict]) -> list[str | None]:
    return [(m["metadata"] or {}).get("event_payload", {}).get("key") for m in thread]


@pytest.mark.parametrize("pending", [0, 1], ids=["alone", "with-a-second-message-pending"])
def test_a_dm_stream_killed_mid_post_is_finished_once_on_recovery(tmp_path, pending: int) -> None:
    """SIGKILL while the DM reply streams (started, never stopped). The restarted app finds the stream left
    open, finishes it with the whole reply and the turn's marker, and answers a second pending message once:
    every accepted event ends in exactly one finished message."""
    with FakeSlack() as slack:
        env = {"SLACK_BOT_TOKEN": "xoxb-crash-test", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": slack.url,
               "SILICONSULT_HOME": str(tmp_path)}
        first = message(TURNS[0], channel="DSTREAMKILL", channel_type="im")
        thread_ts = first["ts"]
        keys = ["EvStreamKill1", "EvStreamKill2"][: 1 + pending]
        held = slack.hold("chat.stopStream")
        with SlackProcess(env) as app:
            assert post_event(app.events_url, SECRET, event_envelope(first, event_id=keys[0]))[0] == 200
            slack.wait_for_waiting("chat.stopStream", timeout=90)  # the stream is visible, its stop in flight
            if pending:
                second = message(TURNS[1], channel="DSTREAMKILL", channel_type="im", thread_ts=thread_ts)
                assert post_event(app.events_url, SECRET, event_envelope(second, event_id=keys[1]))[0] == 200
            app.kill()
        slack.discard_held("chat.stopStream")  # the stop never reached Slack
        del held
        assert [m["streaming"] for m in slack.thread(thread_ts)] == [True]

        with SlackProcess(env) as restarted:
            thread = _settled_thread(slack, thread_ts, len(keys))
            log = restarted.log()
            assert restarted.close() == 0
    assert not any(m["streaming"] for m in thread), "a stream was left open"
    assert sorted(k or "" for k in _keys(thread)) == sorted(f"event:{k}" for k in keys), (_keys(thread), log)
    assert all(m["text"] for m in thread)
