"""A per-user speed said in words is read as seed 1's band (lines 92–93: comfortable ≥ 30 tok/s, acceptable 15–30),
in English, Simplified and Traditional Chinese; a word that denies speed ("doesn't need to be fast", "不用很快") is
the acceptable band, never the fast word it contains; a figure stays a figure."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", [
    "it's for the finance team, usable is fine, nobody needs it instant",
    "not too slow please, it's an FAQ bot",
    "reading speed is fine for this, people read along",
    "it doesn't need to be lightning fast",
    "体验别太差就行，主要是省钱",
    "能用就行，不追求速度",
    "不用很快，别让人等太久",
    "速度過得去就好，內部用的",
    "體驗不要太差，能用就好",
])
def test_a_usable_speed_said_in_words_is_the_acceptable_band(text):
    assert parse_message(text).facts.get("speed_band") == "acceptable"


@pytest.mark.parametrize("text", [
    "it should feel snappy, like ChatGPT",
    "the answers have to be fast, this is customer facing",
    "回复一定要快，老板盯着看",
    "希望用起来像 ChatGPT 一样流畅",
    "出字要夠快，回應要順暢",
])
def test_a_fast_speed_said_in_words_is_the_comfortable_band(text):
    assert parse_message(text).facts.get("speed_band") == "comfortable"


@pytest.mark.parametrize("text", ["我们想快速部署一个 7B 模型给 20 人用", "we want to deploy fast, 20 users on a 7b model",
                                  "50 concurrent users on a 13b model"])
def test_no_speed_word_reads_no_band(text):
    assert "speed_band" not in parse_message(text).facts


def test_a_figure_stays_a_figure():
    facts = parse_message("at least 25 tok/s per user, 40 people at once").facts
    assert facts.get("tokens_per_s_target") == 25
