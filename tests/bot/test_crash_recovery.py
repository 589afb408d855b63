"""Processes killed with SIGKILL mid-conversation: the restarted process loses nothing, answers once.

Real `siliconsult chat` and `siliconsult slack --http` processes (tests/support/processes.py) against the
default single-machine state (SQLite under $SILICONSULT_HOME) and, for Slack, the fake Web API.
The engine checkpoints every turn before it replies, and the Slack app records each event id
before the engine runs, so neither a kill between turns nor Slack's retry after a restart may lose
a fact or produce a second answer.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from bot.settings import Settings
from bot.wiring import build_engine
from tests.support.conversation_script import (
    FACTS_AFTER_FOUR,
    FACTS_AFTER_TWO,
    TURNS,
    assert_has_facts,
    assert_recommends,
)
from tests.support.fake_slack import TEAM_ID, FakeSlack, event_envelope, mention, post_event
from tests.support.processes import ChatProcess, SlackProcess

pytestmark = pytest.mark.slow

SECRET = "crash-test-signing-secret"


def _uninterrupted(thread: str) -> list[dict[str, Any]]:
    with ChatProcess(thread) as chat:
        replies = [chat.say(text) for text in TURNS]
        assert chat.close() == 0
    return replies


def _stored_state(thread: str) -> dict[str, Any]:
    with build_engine(Settings(), llm=None) as engine:
        return engine.state(thread)


def test_chat_killed_after_two_of_four_turns_continues_with_nothing_lost() -> None:
    with ChatProcess("crash-1") as first:
        for text in TURNS[:2]:
            before_kill = first.say(text)
        first.kill()
    assert first.proc.returncode == -9
    assert_has_facts(before_kill["slots"], FACTS_AFTER_TWO)

    with ChatProcess("crash-1") as second:
        after = [second.say(text) for text in TURNS[2:]]
        assert second.close() == 0

    final = after[-1]
    assert_has_facts(final["slots"], FACTS_AFTER_FOUR)
    assert_recommends(final)
    # The what-if is compared against the recommendation made before the kill.
    assert any("200" in change and "500" in change for change in final["changes"]), final["changes"]
    # Same answers as a conversation that was never interrupted.
    reference = _uninterrupted("never-killed")
    assert after == reference[2:]


@pytest.mark.parametrize("delay_s", [0.0, 0.15])
def test_chat_killed_during_a_turn_keeps_the_state_of_a_whole_turn(delay_s: float) -> None:
    """Killed while a turn runs: the stored state is that of the turn before or after, never a mix."""
    with ChatProcess("mid-turn") as first:
        replies = [first.say(text) for text in TURNS[:2]]
        first.send(TURNS[2])
        time.sleep(delay_s)
        first.kill()

    stored = _stored_state("mid-turn")
    assert_has_facts(stored["slots"], FACTS_AFTER_TWO)
    with_turn_three = {**FACTS_AFTER_TWO, "power_budget_w": 3000, "budget_usd": 60000}
    if "power_budget_w" in stored["slots"]:
        assert_has_facts(stored["slots"], with_turn_three)
    else:
        assert stored["slots"] == replies[-1]["slots"]

    # The user repeats the lost message; the conversation goes on to the end.
    with ChatProcess("mid-turn") as second:
        final = [second.say(text) for text in TURNS[2:]][-1]
        second.close()
    assert_has_facts(final["slots"], FACTS_AFTER_FOUR)
    assert_recommends(final)


@pytest.mark.slack
def test_slack_killed_and_restarted_does_not_answer_a_retried_event_twice() -> None:
    with FakeSlack() as slack:
        env = {"SLACK_BOT_TOKEN": "xoxb-crash-test", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": slack.url}
        first_message = mention(TURNS[0])
        thread_ts = first_message["ts"]
        envelope = event_envelope(first_message)

        with SlackProcess(env) as first:
            status, _, _ = post_event(first.events_url, SECRET, envelope)
            assert status == 200
            slack.wait_for("chat.postMessage", 1, where=lambda r: r.body.get("thread_ts") == thread_ts, timeout=60)
            first.kill()

        with SlackProcess(env) as second:
            # Slack did not get (or did not trust) the first ack: it retries the same event id.
            status, _, _ = post_event(second.events_url, SECRET, envelope, retry_num=1)
            assert status == 200
            follow_up = event_envelope(mention(TURNS[1], thread_ts=thread_ts))
            post_event(second.events_url, SECRET, follow_up)
            slack.wait_for("chat.postMessage", 2, where=lambda r: r.body.get("thread_ts") == thread_ts, timeout=60)
            time.sleep(1.0)  # room for a wrongly accepted retry to post its duplicate
            replies = slack.replies(thread_ts)
            second.close()

    assert len(replies) == 2, [r.body.get("text") for r in replies]
    state = _stored_state(f"{TEAM_ID}:{first_message['channel']}:{thread_ts}")
    assert_has_facts(state["slots"], FACTS_AFTER_TWO)
    assert state["recommendation"] is not None


def test_a_follow_up_replayed_after_a_crash_is_applied_once() -> None:
    # The process dies after "50 more users" was applied to the thread's state and before its reply reached
    # Slack: the restarted app answers the acknowledged event again, and must not add the 50 twice.
    with FakeSlack() as slack:
        env = {"SLACK_BOT_TOKEN": "xoxb-crash-test", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": slack.url}
        first_message = mention("fine-tuned 7B for 200 concurrent users, Q4_K_M, just recommend")
        thread_ts = first_message["ts"]
        in_thread = {"where": lambda r: r.body.get("thread_ts") == thread_ts}
        with SlackProcess(env) as first:
            assert post_event(first.events_url, SECRET, event_envelope(first_message))[0] == 200
            slack.wait_for("chat.postMessage", 1, timeout=60, **in_thread)
            slack.wait_for("files.completeUploadExternal", 1, timeout=60)  # the first card's charts, shared before
            slack.hold("chat.postMessage")
            # Slack's ts are wall-clock, so the follow-up is later than the first card's messages; the fake numbers
            # its own posts from 1.9e9 (after every user message), so this one is written past them.
            follow_up = event_envelope(mention("what if we add 50 more users?", thread_ts=thread_ts,
                                               ts="1900001000.000150"))
            assert post_event(first.events_url, SECRET, follow_up)[0] == 200
            slack.wait_for_waiting("chat.postMessage", 1, timeout=60)  # the turn is applied, its post in flight
            first.kill()
        slack.discard_held("chat.postMessage")

        with SlackProcess(env) as second:
            slack.wait_for("chat.postMessage", 2, timeout=90, **in_thread)  # the recovered turn's answer
            time.sleep(1.0)  # room for a wrong second answer
            replies = slack.replies(thread_ts)
            second.close()

    assert len(replies) == 2, [r.body.get("text") for r in replies]
    state = _stored_state(f"{TEAM_ID}:{first_message['channel']}:{thread_ts}")
    assert state["slots"]["concurrent_users"] == 250
