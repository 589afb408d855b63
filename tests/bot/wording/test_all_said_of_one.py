""""All" is never said of a count of one, in any language's template: the one plural rule
(`estimator.plurals.agree_plurals`) writes "the 1 user", "your 1 concurrent user", "1 位用户"."""

from __future__ import annotations

import pytest

from bot.wording.sentences import t
from estimator.plurals import agree_plurals


@pytest.mark.parametrize(("text", "expected"), [
    ("assumed all 1 user(s) can be active at peak", "assumed the 1 user can be active at peak"),
    ("it serves all 1 of your concurrent users, at ~5 tok/s", "it serves your 1 concurrent user, at ~5 tok/s"),
    ("it serves all 12 of your concurrent users", "it serves all 12 of your concurrent users"),
    ("假设全部 1 位用户在高峰时可能同时使用", "假设 1 位用户在高峰时可能同时使用"),
    ("它能承載你全部 1 個並發使用者", "它能承載你 1 個並發使用者"),
    ("假設全部 10 位使用者", "假設全部 10 位使用者"),
])
def test_all_of_one_is_written_as_one(text: str, expected: str) -> None:
    assert agree_plurals(text) == expected


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_the_concurrency_assumption_for_one_user(lang: str) -> None:
    from bot.wording.sentences import msg

    sentence = msg("assume.concurrent", lang, users=1)
    assert "all 1" not in sentence and "全部 1" not in sentence, sentence
    assert "1" in sentence
    assert t("rec.meets", lang)  # the templates' language index is the same as the messages'
