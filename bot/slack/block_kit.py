"""The Block Kit objects this app sends, as TypedDicts: the shapes Slack's API documents
(https://api.slack.com/reference/block-kit/blocks), limited to the fields `bot.slack.blocks` writes.

They are plain dicts at run time (what `chat.postMessage` takes); the types let mypy check that a
block has the fields Slack requires for its `type`.
"""

from __future__ import annotations

from typing import Literal, TypedDict


class Mrkdwn(TypedDict):
    type: Literal["mrkdwn"]
    text: str


class PlainText(TypedDict):
    type: Literal["plain_text"]
    text: str
    emoji: bool


class Button(TypedDict):
    type: Literal["button"]
    action_id: str
    text: PlainText
    value: str


class TextSection(TypedDict):
    type: Literal["section"]
    text: Mrkdwn


class FieldsSection(TypedDict):
    type: Literal["section"]
    fields: list[Mrkdwn]


class Context(TypedDict):
    type: Literal["context"]
    elements: list[Mrkdwn]


class Header(TypedDict):
    type: Literal["header"]
    text: PlainText


class Actions(TypedDict):
    type: Literal["actions"]
    elements: list[Button]


class Divider(TypedDict):
    type: Literal["divider"]


class _PlainTextOnly(TypedDict):
    type: Literal["plain_text"]
    text: str


class FeedbackButton(TypedDict):
    text: _PlainTextOnly
    value: str
    accessibility_label: str


class FeedbackButtons(TypedDict):
    """https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element"""

    type: Literal["feedback_buttons"]
    action_id: str
    positive_button: FeedbackButton
    negative_button: FeedbackButton


class ContextActions(TypedDict):
    """https://docs.slack.dev/reference/block-kit/blocks/context-actions-block"""

    type: Literal["context_actions"]
    elements: list[FeedbackButtons]


class RawText(TypedDict):
    """A table cell: plain text, no mrkdwn (https://docs.slack.dev/reference/block-kit/blocks/table-block)."""

    type: Literal["raw_text"]
    text: str


class ColumnSetting(TypedDict, total=False):
    align: Literal["left", "center", "right"]
    is_wrapped: bool


class Table(TypedDict):
    """https://docs.slack.dev/reference/block-kit/blocks/table-block: at most 100 rows of at most 20 cells."""

    type: Literal["table"]
    rows: list[list[RawText]]
    column_settings: list[ColumnSetting]


Block = TextSection | FieldsSection | Context | Header | Actions | Divider | ContextActions | Table

__all__ = ["Actions", "Block", "Button", "ColumnSetting", "Context", "ContextActions", "Divider", "FeedbackButton",
           "FeedbackButtons", "FieldsSection", "Header", "Mrkdwn", "PlainText", "RawText", "Table", "TextSection"]
