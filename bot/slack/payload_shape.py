"""The shape a Slack payload must have before any handler sees it (pydantic models of the fields the
handlers read), so a signed but malformed payload is a 400 at the front, never an exception inside Bolt.

Only what the handlers rely on is checked, and extra fields are allowed: Slack adds fields freely.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="allow")


class _Event(_Lenient):
    type: StrictStr


class _MessageEvent(_Event):
    # A mention or a message is answered in its channel and read as text: both must be strings.
    channel: StrictStr
    text: StrictStr | None = None


class _EventCallback(_Lenient):
    event: _Event


class _Action(_Lenient):
    action_id: StrictStr | None = None


class _BlockActions(_Lenient):
    actions: list[_Action] = Field(min_length=1)


_MESSAGE_TYPES = frozenset({"app_mention", "message"})


def shape_problem(payload: dict[str, Any]) -> str | None:
    """A short reason the payload cannot be handled (no value from it), or None when it can."""
    kind = payload.get("type")
    try:
        if kind == "event_callback":
            event = payload.get("event")
            _EventCallback.model_validate(payload)
            if isinstance(event, dict) and event.get("type") in _MESSAGE_TYPES:
                _MessageEvent.model_validate(event)
        elif kind == "block_actions":
            _BlockActions.model_validate(payload)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "payload"
        return f"{kind} payload: {where} {first['type']}"
    return None


__all__ = ["shape_problem"]
