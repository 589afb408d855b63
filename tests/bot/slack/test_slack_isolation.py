"""One conversation's Slack fault never holds another's reply: the real app over HTTP, as
`siliconsult slack --http` wires it (real engine in the model worker process), against the fake Web API.

A rate-limited call (429, `Retry-After: 20`) waits out its own Retry-After; a status call that hangs
or fails costs its own turn the status, nothing more, and the next turn uses the agent sessions API
again; the model worker survives all of it.
"""

from __future__ import annotations

import logging
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot.slack.turns import APOLOGY
from tests.support.fake_slack import FakeSlack, RecordedRequest, event_envelope, mention, message, post_event
from tests.support.slack_harness import SECRET, app_over_fake_slack

pytestmark = [pytest.mark.slack, pytest.mark.slow, pytest.mark.timeout(240)]

# A first message the engine answers with a question (no card, no charts): a quick turn.
FIRST = "We want to serve our fine-tuned 7B model to the legal department, about 200 people."


@dataclass
class Running:
    url: str
    fake: FakeSlack

    def send(self, event: dict[str, Any]) -> float:
        """Deliver `event` signed; when it was acknowledged (time.monotonic)."""
        assert post_event(self.url, SECRET, event_envelope(event))[0] == 200
        return time.monotonic()

    def replies(self, thread_ts: str, count: int = 1, timeout: float = 90) -> list[RecordedRequest]:
        return self.fake.wait_for("chat.postMessage", count, timeout=timeout,
                                  where=lambda r: r.ok and r.body.get("thread_ts") == thread_ts)


class _WorkerDeaths(logging.Handler):
    """Counts the web process's "model worker died" lines (the watcher logs one per restart)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.deaths = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.deaths += record.getMessage().startswith("model worker died")


@pytest.fixture(scope="module")
def worker_deaths() -> Iterator[_WorkerDeaths]:
    handler = _WorkerDeaths()
    logger = logging.getLogger("bot.slack.worker_process")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory, worker_deaths: _WorkerDeaths) -> Iterator[Running]:
    with app_over_fake_slack(tmp_path_factory.mktemp("isolation")) as (url, fake):
        yield Running(url, fake)


def in_thread(event: dict[str, Any]) -> Callable[[dict[str, Any]], bool]:
    """A fault's `where`: the calls about `event`'s thread (posts say thread_ts, status calls too)."""
    return lambda body: body.get("thread_ts") == event["ts"]


def test_two_threads_rate_limited_for_20_s_do_not_hold_ten_others(running: Running) -> None:
    limited = [mention(FIRST, channel="CLIMIT", user=f"ULIMIT{i}") for i in range(2)]
    others = [mention(FIRST, channel="COTHER", user=f"UOTHER{i}") for i in range(10)]
    for event in limited:  # Slack's limiter on each one's reply; the second one's status call too
        running.fake.fault("chat.postMessage", "ratelimit", retry_after_s=20, where=in_thread(event))
    running.fake.fault("agents.sessions.setStatus", "ratelimit", retry_after_s=20, where=in_thread(limited[1]))
    for event in limited:
        running.send(event)
    sent = {event["ts"]: running.send(event) for event in others}
    waits = {ts: running.replies(ts)[0].at - at for ts, at in sent.items()}
    assert max(waits.values()) < 8, f"the others waited behind the rate-limited threads: {sorted(waits.values())}"
    assert statistics.median(waits.values()) < 4
    print(f"others answered after {statistics.median(waits.values()):.2f} s median, {max(waits.values()):.2f} s max")
    for event in limited:  # each waited out its own Retry-After, then was answered once
        running.replies(event["ts"])
        [*attempts, reply] = running.fake.calls("chat.postMessage", lambda r, e=event: r.body.get("thread_ts") == e["ts"])
        assert [a.status for a in attempts] == [429] and reply.ok and reply.body["text"] != APOLOGY
        assert reply.at - attempts[0].at >= 20
    time.sleep(1.5)
    assert all(len(running.fake.replies(ts)) == 1 for ts in [*sent, *(e["ts"] for e in limited)])


def test_a_hung_status_call_does_not_delay_five_other_threads(running: Running) -> None:
    hung = mention(FIRST, channel="CHUNG", user="UHUNG")
    others = [mention(FIRST, channel="CNOTHUNG", user=f"UNOTHUNG{i}") for i in range(5)]
    running.fake.fault("agents.sessions.setStatus", "hang", hang_s=35, where=in_thread(hung))
    running.send(hung)
    sent = {event["ts"]: running.send(event) for event in others}
    answered = {ts: running.replies(ts)[0].at for ts in sent}
    [hung_reply] = running.replies(hung["ts"])
    waits = sorted(answered[ts] - sent[ts] for ts in sent)
    # The hung thread's own reply waits for its status call's bound (3 s); the others wait for nothing.
    assert max(answered.values()) < hung_reply.at, f"the others waited for the hung status call: {waits}"
    assert waits[-1] < 3, waits
    print(f"others answered after {statistics.median(waits):.2f} s median, {waits[-1]:.2f} s max; "
          f"the hung thread after {hung_reply.at - min(sent.values()):.2f} s")
    assert hung_reply.body["text"] != APOLOGY


@pytest.mark.parametrize("fault", [
    {"kind": "reset", "times": 50},  # the status API unreachable for that thread
    {"kind": "fail", "error": "internal_error"},
    {"kind": "fail", "error": "ratelimited"},
    {"kind": "ratelimit", "retry_after_s": 20},
    {"kind": "hang", "hang_s": 35},
])
def test_a_status_api_failure_costs_that_call_only_and_the_next_turn_uses_the_sessions_api(
        running: Running, worker_deaths: _WorkerDeaths, fault: dict[str, Any]) -> None:
    first = mention(FIRST, channel=f"CSTATUS{fault['kind'].upper()}{fault.get('error', '')[:4].upper()}", user=f"USTATUS{fault['kind']}")
    running.fake.fault("agents.sessions.setStatus", where=in_thread(first), **fault)
    started = running.send(first)
    [reply] = running.replies(first["ts"])
    assert reply.body["text"] != APOLOGY and reply.at - started < 10, reply.at - started
    running.fake.clear_faults()  # the status API is back
    # The second turn's calls are those after its delivery *began*: the app acknowledges the event and may
    # set the status before this thread reads the acknowledgement (the send's return time), as it did under
    # load. The first turn's calls all came before its reply (its "processing" status before the engine ran).
    second_began = time.monotonic()
    running.send(message("Q4_K_M, prompts ~1000 tokens, answers ~300", channel=first["channel"],
                         user=first["user"], thread_ts=first["ts"]))
    running.replies(first["ts"], 2)
    in_second = [r for r in running.fake.requests if in_thread(first)(r.body) and r.at > second_began]
    assert any(r.method == "agents.sessions.setStatus" and r.ok and r.body.get("status") == "processing"
               for r in in_second), "the thread's next turn did not go back to the agent sessions API"
    assert not [r for r in in_second if r.method.startswith("assistant.threads.")]
    assert worker_deaths.deaths == 0
