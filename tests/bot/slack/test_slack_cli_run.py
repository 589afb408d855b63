"""`siliconsult slack --http` as a real process: env settings, the API URL without a trailing slash,
a signed mention answered through the fake Web API, and a clean stop on SIGINT."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading

import pytest

from tests.support.fake_slack import FakeSlack, event_envelope, mention, post_event
from tests.support.slack_harness import SECRET

pytestmark = [pytest.mark.slack, pytest.mark.slow, pytest.mark.timeout(300)]


def test_http_mode_process_answers_a_mention_and_stops_cleanly(tmp_path) -> None:
    with FakeSlack() as fake:
        env = {**os.environ, "SLACK_BOT_TOKEN": "xoxb-cli-test", "SLACK_SIGNING_SECRET": SECRET,
               "SLACK_API_URL": fake.url.rstrip("/"), "SILICONSULT_HOME": str(tmp_path), "SILICONSULT_LLM": "none"}
        process = subprocess.Popen(
            [sys.executable, "-m", "bot.cli.main", "slack", "--http", "--port", "0", "--host", "127.0.0.1"],
            env=env, stderr=subprocess.PIPE, text=True,
        )
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in process.stderr], daemon=True).start()
        try:
            url = None
            while url is None:
                line = lines.get(timeout=240)
                match = re.search(r"Slack events: (http://\S+)", line)
                url = match.group(1) if match else None
            assert fake.calls("auth.test"), "the token is checked at start"
            event = mention("We want to serve a 7B model to 20 people.", channel="CCLI")
            assert post_event(url, SECRET, event_envelope(event))[0] == 200
            [reply] = fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == event["ts"],
                                    timeout=120)
            assert reply.path == "/api/chat.postMessage"  # "/api" kept although given without the slash
            assert reply.headers["authorization"] == "Bearer xoxb-cli-test"
        finally:
            process.send_signal(signal.SIGINT)
            code = process.wait(60)
        assert code == 0
        rest = "".join(iter(lambda: lines.get(timeout=1) if not lines.empty() else "", ""))
        assert "Traceback" not in rest


def test_the_users_words_stay_out_of_the_log_even_at_debug_level(tmp_path) -> None:
    """--verbose logs the app's decisions (event ids, sizes, reasons), never what people wrote."""
    from tests.support.processes import SlackProcess

    words = "Our confidential Falcon project needs a 7B model for 30 analysts"
    with FakeSlack() as fake:
        env = {"SLACK_BOT_TOKEN": "xoxb-cli-test", "SLACK_SIGNING_SECRET": SECRET, "SLACK_API_URL": fake.url,
               "SILICONSULT_HOME": str(tmp_path)}
        with SlackProcess(env, extra_args=("--verbose",)) as app:
            event = mention(words, channel="CLOG")
            assert post_event(app.events_url, SECRET, event_envelope(event))[0] == 200
            stale = event_envelope(mention(words + " (late)", channel="CLOG"))
            assert post_event(app.events_url, SECRET, stale, timestamp=1_000_000_000)[0] == 401
            fake.wait_for("chat.postMessage", where=lambda r: r.body.get("thread_ts") == event["ts"], timeout=120)
            assert app.close() == 0
            log = app.log()
    assert "DEBUG" in log, "the app did not log at debug level"
    assert "stale timestamp" in log  # the refusal is logged, by its reason
    for needle in ("Falcon", "confidential", "30 analysts"):
        assert needle not in log
