"""The app manifest matches what the app does: its events, its Web API calls' scopes, its prompts."""

from __future__ import annotations

from importlib import resources

import pytest
import yaml

from bot.slack.listeners import SUGGESTED_PROMPTS

pytestmark = pytest.mark.slack


@pytest.fixture(scope="module")
def manifest() -> dict:
    return yaml.safe_load(resources.files("bot").joinpath("slack_manifest.yaml").read_text(encoding="utf-8"))


def test_manifest_subscribes_to_every_event_the_listeners_handle(manifest: dict) -> None:
    events = set(manifest["settings"]["event_subscriptions"]["bot_events"])
    assert events == {"app_mention", "message.im", "message.channels", "message.groups", "app_home_opened",
                      "agent_session_stopped"}
    assert manifest["settings"]["interactivity"]["is_enabled"] is True  # follow-up buttons
    assert manifest["settings"]["socket_mode_enabled"] is True


def test_manifest_asks_for_exactly_the_scopes_the_app_uses(manifest: dict) -> None:
    scopes = set(manifest["oauth_config"]["scopes"]["bot"])
    assert scopes == {"app_mentions:read", "chat:write", "im:history", "channels:history", "groups:history",
                      "assistant:write", "files:write"}


def test_manifest_prompts_are_the_ones_the_app_sets(manifest: dict) -> None:
    assert manifest["features"]["agent_view"]["suggested_prompts"] == SUGGESTED_PROMPTS
    assert manifest["features"]["app_home"]["messages_tab_enabled"] is True
