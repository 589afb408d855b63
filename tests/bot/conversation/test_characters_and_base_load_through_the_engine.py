"""Lengths said in characters and a usual load beside a peak, through the real engine in three languages.

Worked by hand before running: 300 字 × 0.6 token a character (DeepSeek API docs) = 180 tokens; 2,000 English
characters ÷ 4 (OpenAI) = 500 tokens. "平時得十幾個人用 … 100 人一齊問": 十幾 (eleven to nineteen) ~15 is the usual
load, 100 at once the peak sized for; the usual load is kept beside it, never a head count."""

from __future__ import annotations

from tests.support.engine_fixtures import talk


def test_an_answer_length_in_chinese_characters_is_converted_in_the_echo(engine):
    reply = talk(engine, "我哋想用 Qwen2.5-14B 做內部問答，平時得十幾個人用，但係每朝九點開會前，成個部門大概 100 人一齊問。"
                         "答 300 字左右，首字 1 秒內",
                 "直接推薦一個就好")[-1]
    assert reply.recommendation is not None
    assert reply.slots["output_tokens"] == 180
    assert reply.slots["output_length_said"] == 300
    assert reply.slots["base_concurrent_users"] == 15
    assert reply.slots["concurrent_users"] == 100
    assert "total_users" not in reply.slots
    echo = reply.text.split("\n")[0]
    assert "300 字" in echo and "0.6" in echo


def test_an_english_answer_length_in_characters_and_a_usual_load(engine):
    reply = talk(engine, "8b model for our helpdesk. most of the month ~20 people use it but at quarter-end ~120 at the same "
                         "time. answers run ~2,000 characters, first token under 1 s", "just recommend")[-1]
    assert reply.recommendation is not None
    assert reply.slots["output_tokens"] == 500
    assert reply.slots["base_concurrent_users"] == 20
    assert reply.slots["concurrent_users"] == 120
    assert "total_users" not in reply.slots
    assert "2,000 characters" in reply.text.split("\n")[0]
