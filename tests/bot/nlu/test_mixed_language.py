"""A message is answered in the language of its sentence, not of the names in it."""

from __future__ import annotations

import pytest

from bot.nlu.lang import detect_language
from tests.support.engine_fixtures import talk


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Our team in 上海 needs a 7B model for about 200 people", "en"),
        ("The 台北 and 新竹 offices will share it", "en"),
        ("we have 40 engineers in 深圳 and want to serve a 13B model", "en"),
        ("我们在 San Francisco 有 200 人要用 7B 模型", "zh-Hans"),
        ("我們台北和新竹的團隊需要 7B 模型", "zh-Hant"),
        ("RAG 场景，prompt 大概 2k tokens，output 500 tokens", "zh-Hans"),  # English terms in a Chinese sentence
        ("客服 team 想用 13B", "zh-Hans"),
    ],
)
def test_the_sentence_decides_the_language(text, lang):
    assert detect_language(text) == lang


def test_an_english_sentence_naming_a_chinese_city_is_answered_in_english(engine):
    (reply,) = talk(engine, "Our team in 上海 needs a 7B model for about 200 people")
    assert reply.lang == "en"
    assert reply.slots["model_params_b"] == 7
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in reply.text.replace("上海", ""))
