"""Slack events → `Turn`s: which messages start or continue a conversation, and which are ignored.

- `app_mention` in a channel: a conversation in that message's thread (the mention itself starts
  the thread when it is top-level).
- `message` in a DM (`channel_type == "im"`, the Messages tab): a DM conversation, threaded on the
  message like a mention.
- `message` replying in a channel thread: a turn only when that thread already has a conversation;
  top-level channel messages are app_mention's business, and a reply that mentions the app arrives
  as an `app_mention` too, so it is skipped here to avoid answering twice.
- bot messages, the app's own messages and subtypes other than the ones below are ignored.
- a follow-up button (`followup_*` action): its value becomes a turn of the message's thread.
- a feedback button under a recommendation card (`feedback`): recorded with the thread and acknowledged.
- `agent_session_stopped` (the user's stop button on an agent session): the thread's turns in flight
  are cancelled and one line says so (`bot/slack/stopping.py`).
- `app_home_opened` on the Messages tab: suggested prompts.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from typing import Any

from slack_bolt import Ack, App, BoltContext, BoltResponse
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.nlu.lang import detect_language
from bot.slack.blocks import FEEDBACK_ACTION_ID, FEEDBACK_VALUES, FOLLOWUP_ACTION_PREFIX
from bot.slack.inbox import Feedback, InboxUnavailable, action_key
from bot.slack.intake import TurnIntake
from bot.slack.stopping import ThreadStop
from bot.slack.turns import Turn

log = logging.getLogger(__name__)

_MENTION = re.compile(r"<@[A-Z0-9]+(?:\|[^>]*)?>")
# Messages with these subtypes are still a person talking; every other subtype (edits, joins,
# deletions, bot_message, …) is not a turn.
HANDLED_SUBTYPES = frozenset({None, "file_share", "thread_broadcast"})

SUGGESTED_PROMPTS = [
    {"title": "Department assistant", "message": "We want to serve our fine-tuned 7B model to the legal department, about 200 people."},
    {"title": "Small team, cheap", "message": "A 3B model for a team of 10, on a tight budget. What should we buy?"},
    {"title": "Organization scale", "message": "Serve a 70B model to 800 concurrent users, p95 first token under 1 s."},
    {"title": "中文", "message": "我们要给两百人的团队部署一个 7B 模型，应该买什么硬件？"},
]


def strip_mentions(text: str) -> str:
    """The message without `<@U…>` mentions, trimmed."""
    return " ".join(_MENTION.sub(" ", text or "").split())


def _team_id(context: BoltContext, body: dict[str, Any]) -> str:
    return context.team_id or body.get("team_id") or (body.get("team") or {}).get("id") or "T?"


def turn_from_mention(event: dict[str, Any], team_id: str, key: str | None = None) -> Turn:
    return Turn(
        team_id=team_id,
        channel_id=event["channel"],
        thread_ts=event.get("thread_ts") or event["ts"],
        text=strip_mentions(event.get("text", "")),
        user_id=event.get("user"),
        key=key,
        message_ts=event.get("ts"),
    )


def is_person_message(event: dict[str, Any], bot_user_id: str | None) -> bool:
    """A message a person wrote (not a bot, not this app, not an edit/join/… subtype)."""
    if event.get("subtype") not in HANDLED_SUBTYPES:
        return False
    if event.get("bot_id") or event.get("bot_profile"):
        return False
    return not (bot_user_id and event.get("user") == bot_user_id)


def turn_from_message(event: dict[str, Any], team_id: str, bot_user_id: str | None,
                      knows: Callable[[str], bool], key: str | None = None) -> Turn | None:
    """The turn a `message` event is, or None when another listener covers it or nobody asked us."""
    if not is_person_message(event, bot_user_id):
        return None
    text = event.get("text", "")
    thread_ts = event.get("thread_ts")
    if event.get("channel_type") == "im":
        return Turn(team_id, event["channel"], thread_ts or event["ts"], strip_mentions(text), event.get("user"),
                    key, event.get("ts"))
    if thread_ts is None:
        return None  # top-level channel message: only a mention addresses us, and app_mention has it
    if bot_user_id and f"<@{bot_user_id}" in text:
        return None  # the same message also arrives as app_mention
    turn = Turn(team_id, event["channel"], thread_ts, strip_mentions(text), event.get("user"), key, event.get("ts"))
    return turn if knows(turn.thread_id) else None


def turn_from_action(body: dict[str, Any], action: dict[str, Any], team_id: str) -> Turn | None:
    """A follow-up button click as a turn of the thread the clicked message sits in.

    Its inbox key is the clicked message, the button and the user: a double click, or a replay of
    the signed request, is the same question and is answered once.
    """
    container = body.get("container") or {}
    message = body.get("message") or {}
    channel = (body.get("channel") or {}).get("id") or container.get("channel_id")
    message_ts = container.get("message_ts") or message.get("ts")
    thread_ts = container.get("thread_ts") or message.get("thread_ts") or message_ts
    text = action.get("value") or ""
    user = (body.get("user") or {}).get("id")
    if not channel or not thread_ts or not text:
        return None
    key = action_key(team_id, channel, message_ts or thread_ts, str(action.get("action_id")), user or "?")
    # The click's time orders it among the thread's messages (what a crash recovery looks after).
    return Turn(team_id, channel, thread_ts, text, user, key, action.get("action_ts") or message_ts)


def stop_from_event(event: dict[str, Any], team_id: str, key: str | None = None) -> ThreadStop:
    """An `agent_session_stopped` event (its fields checked at the front, bot/slack/payload_shape.py)."""
    return ThreadStop(team_id, event["channel"], event["thread_ts"], event.get("user"), float(event["event_ts"]), key)


def feedback_from_action(body: dict[str, Any], action: dict[str, Any], team_id: str, now: float) -> Feedback | None:
    """A click on a card's feedback buttons, or None when it does not say where, who or which button."""
    container = body.get("container") or {}
    message = body.get("message") or {}
    channel = (body.get("channel") or {}).get("id") or container.get("channel_id")
    message_ts = container.get("message_ts") or message.get("ts")
    thread_ts = container.get("thread_ts") or message.get("thread_ts") or message_ts
    user = (body.get("user") or {}).get("id")
    value = action.get("value")
    if not channel or not message_ts or not thread_ts or not user or value not in FEEDBACK_VALUES:
        return None
    return Feedback(f"{team_id}:{channel}:{thread_ts}", message_ts, user, value, now)


def _event_key(body: dict[str, Any]) -> str | None:
    event_id = body.get("event_id")
    return f"event:{event_id}" if event_id else None


def register_listeners(app: App, intake: TurnIntake) -> None:
    """Attach the listeners to `app`. They run before the ack (`process_before_response`), so each
    only routes and records (`intake.take`); a 503 when the inbox cannot record in time."""

    def take(turn: Turn | None) -> BoltResponse | None:
        if turn is None:
            return None
        if turn.key is None:  # Slack always sends event_id; without one there is nothing to record it by
            log.warning("an event without event_id in %s ignored", turn.thread_id)
            return None
        try:
            intake.take(turn)
        except InboxUnavailable as error:
            log.error("inbox unavailable, %s refused with 503 (Slack retries): %s", turn.key, error)
            return BoltResponse(status=503, body="busy, retry later\n")
        return None

    @app.event("app_mention")
    def on_mention(event: dict[str, Any], body: dict[str, Any], context: BoltContext) -> BoltResponse | None:
        return take(turn_from_mention(event, _team_id(context, body), _event_key(body)))

    @app.event("message")
    def on_message(event: dict[str, Any], body: dict[str, Any], context: BoltContext) -> BoltResponse | None:
        return take(turn_from_message(event, _team_id(context, body), context.bot_user_id, intake.knows,
                                      _event_key(body)))

    @app.action(FEEDBACK_ACTION_ID)
    def on_feedback(ack: Ack, body: dict[str, Any], action: dict[str, Any], context: BoltContext) -> BoltResponse | None:
        feedback = feedback_from_action(body, action, _team_id(context, body), time.time())
        if feedback is None:
            log.warning("a feedback click without its message, user or a known value ignored")
        else:
            try:
                # The card's fallback text is in the conversation's language: the thanks is too.
                intake.feedback(feedback, detect_language((body.get("message") or {}).get("text") or "") or "en")
            except InboxUnavailable as error:
                log.error("inbox unavailable, feedback refused with 503 (Slack retries): %s", error)
                return BoltResponse(status=503, body="busy, retry later\n")
        ack()
        return None

    @app.event("agent_session_stopped")
    def on_stopped(event: dict[str, Any], body: dict[str, Any], context: BoltContext) -> None:
        intake.stop(stop_from_event(event, _team_id(context, body), _event_key(body)))

    @app.action(re.compile(f"^{FOLLOWUP_ACTION_PREFIX}"))
    def on_followup(ack: Ack, body: dict[str, Any], action: dict[str, Any], context: BoltContext) -> BoltResponse | None:
        refused = take(turn_from_action(body, action, _team_id(context, body)))
        if refused is None:
            ack()  # Slack shows the click as done; the answer follows in the thread
        return refused

    @app.event("app_home_opened")
    def on_home_opened(event: dict[str, Any], client: WebClient) -> None:
        if event.get("tab") != "messages":
            return
        channel = event["channel"]

        def set_prompts() -> None:
            try:
                # agent_view: no thread_ts (Slack silently ignores the call when one is given).
                client.assistant_threads_setSuggestedPrompts(channel_id=channel, title="Try asking",
                                                              prompts=SUGGESTED_PROMPTS)
            except Exception as error:  # noqa: BLE001 - prompts are a courtesy: logged, the app goes on
                log.warning("could not set suggested prompts: %s", getattr(error, "response", {}).get("error")
                            if isinstance(error, SlackApiError) else type(error).__name__)

        intake.run_in_background(set_prompts)  # a Web API call (maybe a 429 wait) never holds up the ack


__all__ = [
    "SUGGESTED_PROMPTS",
    "feedback_from_action",
    "is_person_message",
    "register_listeners",
    "stop_from_event",
    "strip_mentions",
    "turn_from_action",
    "turn_from_mention",
    "turn_from_message",
]
