"""Headings and table labels of the report in English, Simplified and Traditional Chinese."""

from __future__ import annotations

from bot.wording.catalog.report_labels import LABELS
from bot.wording.sentences import lang_index

# id: (en, zh-Hans, zh-Hant)


def label(key: str, lang: str) -> str:
    return LABELS[key][lang_index(lang)]


__all__ = ["LABELS", "label"]
