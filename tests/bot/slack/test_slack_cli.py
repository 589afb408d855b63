"""`siliconsult slack` settings checks: one clear line naming the variable, exit 2, nothing started."""

from __future__ import annotations

import io
import sys

import pytest

from bot.cli.main import main
from bot.slack.app import api_base_url

pytestmark = pytest.mark.slack


@pytest.mark.parametrize(
    ("args", "env", "named"),
    [
        (["--http", "--port", "0"], {}, "SLACK_BOT_TOKEN"),
        (["--http", "--port", "0"], {"SLACK_BOT_TOKEN": "xoxp-user-token"}, "SLACK_BOT_TOKEN"),
        (["--http", "--port", "0"], {"SLACK_BOT_TOKEN": "xoxb-1"}, "SLACK_SIGNING_SECRET"),
        (["--socket"], {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_SIGNING_SECRET": "s"}, "SLACK_APP_TOKEN"),
        (["--socket"], {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xoxb-wrong"}, "SLACK_APP_TOKEN"),
        (["--http"], {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_SIGNING_SECRET": "s", "SLACK_API_URL": "slack.test/api"},
         "SLACK_API_URL"),
        (["--socket", "--http"], {}, "--socket or --http"),
    ],
)
def test_missing_or_wrong_setting_is_one_line_and_exit_2(args, env, named, monkeypatch, capsys) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as exit_info:
        main(["slack", *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and named in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (None, "https://slack.com/api/"),
        ("http://127.0.0.1:9/api", "http://127.0.0.1:9/api/"),
        ("http://127.0.0.1:9/api/", "http://127.0.0.1:9/api/"),
        ("https://slack.example/api//", "https://slack.example/api/"),
    ],
)
def test_api_url_gets_exactly_one_trailing_slash(given, expected) -> None:
    assert api_base_url(given) == expected


def test_slack_secrets_are_masked_in_the_settings_repr() -> None:
    from bot.settings import Settings

    settings = Settings(slack_bot_token="xoxb-very-secret", slack_signing_secret="sign-very-secret",
                        slack_app_token="xapp-very-secret")
    shown = repr(settings) + str(settings)
    assert "very-secret" not in shown
    assert settings.slack_bot_token.get_secret_value() == "xoxb-very-secret"


# What the model worker process logs into the same stderr while the app starts (it answers the
# turns recovered from the inbox right then).
WORKER_LINE = "2026-12-01 10:10:04,009 WARNING bot.slack.turns: recovered turn event:Ev1 was answered before the crash\n"


class StderrSharedWithTheWorker(io.StringIO):
    """stderr as the pipe the web process shares with its model worker, on the worst schedule:
    the worker's line lands between any two `write` calls of the web process."""

    def write(self, text: str) -> int:
        written = super().write(text)
        super().write(WORKER_LINE)
        return written


def test_the_events_url_line_arrives_whole_while_the_worker_logs(monkeypatch) -> None:
    """Regression: `print` wrote "Slack events: …/slack/events" and its newline in two writes, and a
    worker log line in between turned the path read from that line into `/slack/events2026-12-01`
    (the crash test's restarted app then answered its 404). Whatever the worker writes, the line
    must reach the pipe whole, so the URL a reader takes from it is the one the server listens on."""
    import logging
    import signal

    import bot.slack.runtime
    import bot.slack.server
    from tests.support.processes import SlackProcess

    closed: list[bool] = []

    class BoundServer:
        server_address = ("127.0.0.1", 43210)

        def serve_forever(self) -> None:
            pass

        def server_close(self) -> None:
            pass

    for name, value in {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_SIGNING_SECRET": "s", "SILICONSULT_LLM": "none"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(bot.slack.runtime, "build_slack_app", lambda settings: (object(), lambda: closed.append(True)))
    monkeypatch.setattr(bot.slack.server, "make_http_server", lambda app, host, port, **kw: BoundServer())
    monkeypatch.setattr(logging, "basicConfig", lambda **kw: None)  # the test's own logging stays as it is
    stderr = StderrSharedWithTheWorker()
    monkeypatch.setattr(sys, "stderr", stderr)
    sigterm = signal.getsignal(signal.SIGTERM)
    try:
        with pytest.raises(SystemExit) as exit_info:
            main(["slack", "--http", "--port", "0"])
    finally:
        signal.signal(signal.SIGTERM, sigterm)
    assert exit_info.value.code == 0 and closed == [True]
    announced = [line for line in stderr.getvalue().splitlines() if line.startswith("Slack events:")]
    assert announced == ["Slack events: http://127.0.0.1:43210/slack/events"], announced
    found = SlackProcess._BOUND.fullmatch(announced[0])  # noqa: SLF001 - the very parser the process tests use
    assert found is not None and found.group(2) == "/slack/events"
