"""`siliconsult slack` settings checks: one clear line naming the variable, exit 2, nothing started."""

from __future__ import annotations

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
