"""`siliconsult slack --http` stopped with SIGTERM while turns are in flight (docker stop, systemd, Kubernetes).

What a stop must do (issue 29): stop taking work at once, so a load balancer and Slack see it
(`/readyz` 503, a new delivery 503, which Slack retries later), and exit 0 only when every accepted
turn is either answered (posted once) or handed back (left unfinished in the inbox, so the next start
answers it once). Never lost, never doubled.

Real processes (tests/support/processes.py), a SQLite inbox under a temporary home and the fake Web API,
whose `chat.postMessage` is held so that three turns are still in flight when the signal arrives.
"""

from __future__ import annotations

import os
import signal
import time
import urllib.error
import urllib.request

import pytest

from tests.support.fake_slack import FakeSlack, event_envelope, mention, post_event
from tests.support.processes import SlackProcess

pytestmark = [pytest.mark.slack, pytest.mark.slow, pytest.mark.timeout(300)]

SECRET = "shutdown-test-signing-secret"
QUESTION = "We want to serve our fine-tuned 7B model to the legal department, about 200 people."


def _env(slack: FakeSlack, home: object, **extra: str) -> dict[str, str]:
    return {"SLACK_BOT_TOKEN": "xoxb-shutdown-test", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": slack.url,
            "SILICONSULT_HOME": str(home), **extra}


def _get(url: str) -> int | str:
    """The status of a GET, or the name of the error when nothing answered (connection refused)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError as error:
        return type(error).__name__


def _until(probe: object, want: object, timeout: float = 10.0) -> object:
    deadline = time.monotonic() + timeout
    while True:
        got = probe()  # type: ignore[operator]
        if got == want or time.monotonic() > deadline:
            return got
        time.sleep(0.05)


def _start_three(app: SlackProcess, slack: FakeSlack) -> list[str]:
    """Three threads, each with one accepted turn; returns their thread ts."""
    events = [mention(QUESTION, channel=f"C00000{n}") for n in (11, 12, 13)]
    for event in events:
        assert post_event(app.events_url, SECRET, event_envelope(event))[0] == 200
    # The model worker answers two conversations at a time: two posts are held, the third turn waits.
    slack.wait_for_waiting("chat.postMessage", 2, timeout=90)
    return [event["ts"] for event in events]


def _stop(app: SlackProcess, *, whole_group: bool) -> None:
    if whole_group:  # systemd's default KillMode=control-group signals every process of the service at once
        os.killpg(app.proc.pid, signal.SIGTERM)
    else:  # docker stop, Kubernetes: PID 1 only
        app.proc.send_signal(signal.SIGTERM)


@pytest.mark.parametrize("whole_group", [False, True], ids=["pid", "process-group"])
def test_sigterm_refuses_new_work_finishes_the_turns_in_flight_and_exits_0(tmp_path, whole_group: bool) -> None:
    with FakeSlack() as slack:
        env = _env(slack, tmp_path)
        release = slack.hold("chat.postMessage")
        with SlackProcess(env, new_session=whole_group) as app:
            threads = _start_three(app, slack)
            ready_url = app.events_url.replace("/slack/events", "/readyz")
            assert _get(ready_url) == 200

            _stop(app, whole_group=whole_group)
            # Draining: still listening, saying so to the load balancer and to Slack.
            assert _until(lambda: _get(ready_url), 503) == 503, app.log()
            late = mention(QUESTION, channel="C0000014")
            status, _, _ = post_event(app.events_url, SECRET, event_envelope(late, event_id="EvLateDuringStop"))
            assert status == 503, (status, app.log())
            time.sleep(1.0)
            assert app.proc.poll() is None, f"exited with turns in flight:\n{app.log()}"

            release.set()
            code = app.proc.wait(timeout=60)
            log = app.log()
        assert code == 0, log
        for thread_ts in threads:
            assert len(slack.replies(thread_ts)) == 1, (thread_ts, log)
        assert slack.replies(late["ts"]) == []

        # The next start has nothing left over, and answers Slack's retry of the refused delivery.
        with SlackProcess(env) as second:
            status, _, _ = post_event(second.events_url, SECRET, event_envelope(late, event_id="EvLateDuringStop"),
                                      retry_num=1)
            assert status == 200
            slack.wait_for("chat.postMessage", where=lambda r: r.ok and r.body.get("thread_ts") == late["ts"],
                           timeout=90)
            time.sleep(1.0)  # room for a wrong second answer
            assert "left unanswered" not in second.log()
            assert second.close() == 0
        for thread_ts in [*threads, late["ts"]]:
            assert len(slack.replies(thread_ts)) == 1, thread_ts


def test_turns_not_finished_by_the_drain_deadline_are_handed_back_and_answered_once_after_restart(tmp_path) -> None:
    with FakeSlack() as slack:
        slack.hold("chat.postMessage")
        with SlackProcess(_env(slack, tmp_path, SILICONSULT_SLACK_DRAIN_S="2")) as app:
            threads = _start_three(app, slack)
            started = time.monotonic()
            app.proc.send_signal(signal.SIGTERM)
            code = app.proc.wait(timeout=30)
            stopped_in_s = time.monotonic() - started
            log = app.log()
        assert code == 0, log
        assert 2.0 <= stopped_in_s < 15.0, (stopped_in_s, log)
        assert "handed back" in log, log
        slack.discard_held("chat.postMessage")  # the held posts never reached Slack
        assert all(slack.replies(ts) == [] for ts in threads)

        with SlackProcess(_env(slack, tmp_path)) as second:
            for thread_ts in threads:
                slack.wait_for("chat.postMessage", where=lambda r, ts=thread_ts: r.ok and r.body.get("thread_ts") == ts,
                               timeout=90)
            time.sleep(1.0)  # room for a wrong second answer
            assert "answering 3 turn(s) left unanswered" in second.log(), second.log()
            assert second.close() == 0
        for thread_ts in threads:
            assert len(slack.replies(thread_ts)) == 1, thread_ts
