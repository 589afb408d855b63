"""Reply templates: the three languages of a message take the same fields, so none can fail to format."""

from __future__ import annotations

import string

import pytest

from bot.wording.sentences import TEMPLATES, t


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_languages_share_fields(key):
    en, hans, hant = TEMPLATES[key]
    assert fields(en) == fields(hans) == fields(hant)
    values = {name: "X" for name in fields(en)}
    for lang in ("en", "zh-Hans", "zh-Hant"):
        assert t(key, lang, **values)


def test_unknown_language_falls_back_to_english():
    assert t("thanks", "fr") == TEMPLATES["thanks"][0]
