"""The shape a Slack payload must have before any handler sees it (pydantic models of the fields the
handlers read), so a signed but malformed payload is a 400 at the front, never an exception inside Bolt.

Only what the handlers rely on is checked, and extra fields are allowed: Slack adds fields freely.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, StringConstraints, ValidationError


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="allow")


class _Ref(_Lenient):
    """A team, user, channel or enterprise given as an object: Bolt reads its ids."""

    id: StrictStr | None = None
    team_id: StrictStr | None = None
    enterprise_id: StrictStr | None = None


class _Scope(_Lenient):
    """The fields Bolt reads from any payload (and from the objects nested in it) to build a request's context
    before any listener runs (`slack_bolt.request.internals`: enterprise, team, user, channel and thread ids,
    the install kind): each must have the type Slack sends, or Bolt raises inside its middleware."""

    type: StrictStr | None = None
    enterprise: StrictStr | _Ref | None = None
    team: StrictStr | _Ref | None = None
    user: StrictStr | _Ref | None = None
    channel: StrictStr | _Ref | None = None
    enterprise_id: StrictStr | None = None
    team_id: StrictStr | None = None
    user_id: StrictStr | None = None
    channel_id: StrictStr | None = None
    thread_ts: StrictStr | None = None
    user_team: StrictStr | None = None
    context_team_id: StrictStr | None = None
    context_enterprise_id: StrictStr | None = None
    api_app_id: StrictStr | None = None
    token: StrictStr | None = None
    is_enterprise_install: StrictBool | None = None
    is_ext_shared_channel: StrictBool | None = None
    authorizations: list[_Scope] | None = None
    event: _Scope | None = None
    message: _Scope | None = None
    previous_message: _Scope | None = None
    item: _Scope | None = None
    assistant_thread: _Scope | None = None
    view: _Scope | None = None


class _Event(_Scope):
    type: StrictStr


class _MessageEvent(_Event):
    # A mention or a message is answered in its channel and thread (its own ts when it starts one) and read
    # as text: all must be strings.
    channel: StrictStr
    ts: StrictStr
    thread_ts: StrictStr | None = None
    text: StrictStr | None = None
    # The author's user id: a turn carries it and is hashed by its fields (the stop board keys turns by value),
    # so a reference object here (allowed on other scopes) would break the turn, not only be unread.
    user: StrictStr | None = None


class _HomeOpened(_Event):
    channel: StrictStr


# A Slack timestamp ("1783536983.783769"): a stop cancels the turns sent up to its event_ts, read as a number.
SlackTs = Annotated[str, StringConstraints(strict=True, pattern=r"^[0-9]{1,12}(\.[0-9]{1,9})?$")]


class _SessionStopped(_Event):
    channel: StrictStr
    thread_ts: StrictStr
    event_ts: SlackTs
    user: StrictStr | None = None


class _EventCallback(_Scope):
    event: _Event
    event_id: StrictStr | None = None


class _Action(_Lenient):
    action_id: StrictStr | None = None
    value: StrictStr | None = None
    action_ts: StrictStr | None = None


class _Container(_Lenient):
    channel_id: StrictStr | None = None
    message_ts: StrictStr | None = None
    thread_ts: StrictStr | None = None


class _BlockActions(_Scope):
    # A click is answered in the thread of the message it sits in: where that is must be readable.
    actions: list[_Action] = Field(min_length=1)
    channel: _Ref | None = None
    user: _Ref | None = None
    container: _Container | None = None
    message: _Scope | None = None
    event_id: StrictStr | None = None


class _UrlVerification(_Scope):
    challenge: StrictStr


# The events whose listeners read more than the context (bot/slack/listeners.py).
_EVENT_MODELS: dict[object, type[_Event]] = {
    "app_mention": _MessageEvent, "message": _MessageEvent, "app_home_opened": _HomeOpened,
    "agent_session_stopped": _SessionStopped,
}
# The payload types this app is subscribed to (bot/slack_manifest.yaml: events and interactivity); Slack sends
# no other, so any other is refused at the front instead of walking Bolt's middleware.
_HANDLED: dict[str, type[_Scope]] = {
    "event_callback": _EventCallback, "block_actions": _BlockActions, "url_verification": _UrlVerification,
}


def shape_problem(payload: dict[str, Any]) -> str | None:
    """A short reason the payload cannot be handled (no value from it), or None when it can."""
    kind = payload.get("type")
    model = _HANDLED.get(kind) if isinstance(kind, str) else None
    if model is None:
        return "payload type not handled"
    try:
        model.model_validate(payload)
        event = payload.get("event")
        if kind == "event_callback" and isinstance(event, dict):
            event_model = _EVENT_MODELS.get(event.get("type"))
            if event_model is not None:
                event_model.model_validate(event)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "payload"
        return f"{kind} payload: {where} {first['type']}"
    return None


__all__ = ["shape_problem"]
