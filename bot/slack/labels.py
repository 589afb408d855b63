"""The words of the Slack card in the conversation's language (en, zh-Hans, zh-Hant).

Button values are questions the engine understands in that language (checked against the real
engine in tests/bot/slack/test_slack_conversation.py and tests/bot/slack/test_blocks.py), so a click continues the
conversation in the language it is held in.
"""

from __future__ import annotations

from bot.wording.catalog.slack_labels import LABELS
from bot.wording.sentences import lang_index


def label(key: str, lang: str, **values: object) -> str:
    """The text for `key` in `lang` (English for an unknown language), with `values` filled in."""
    text = LABELS[key][lang_index(lang)]
    return text.format(**values) if values else text


__all__ = ["LABELS", "label"]
