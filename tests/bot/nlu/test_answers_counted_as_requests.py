"""What comes back is counted like what goes in: "7k answers a day" is 7,000 requests a day (each answer is one
request's output), the same as "7k queries a day". An answer's length ("answers ~500 tokens") stays a length.

Worked out by hand: every request produces exactly one answer, so a count of answers per unit of time is the arrival
rate Little's law needs (streams = rate x time each request holds a slot)."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

RATES = [
    ("we generate ~7k answers a day with a 70b model, prompts about 1.5k", "requests_per_day", 7000.0),
    ("the bot sends out roughly 2,000 responses an hour at peak, qwen3 32b", "requests_per_s", 2000.0 / 3600),
    ("about 300 replies per minute during the sale, llama 3.1 8b", "requests_per_s", 300.0 / 60),
    ("每天大概 7 千条回答，模型用 Qwen3-32B", "requests_per_day", 7000.0),
    ("客服機器人每小時大約 1,200 則回覆，用 Llama 3.1 8B", "requests_per_s", 1200.0 / 3600),
]
LENGTHS = [
    "llama 3.1 70b, 40 concurrent users, answers ~500 tokens, prompts 2k",
    "Qwen3-32B，30 人并发，回答约 600 token",
    "Qwen3-32B，30 人同時使用，回覆大約 800 token",
]


@pytest.mark.parametrize(("text", "slot", "value"), RATES)
def test_answers_per_unit_of_time_are_requests(text, slot, value):
    facts = parse_message(text).facts
    assert facts.get(slot) == pytest.approx(value, rel=1e-3), facts


@pytest.mark.parametrize("text", LENGTHS)
def test_an_answers_length_is_no_rate(text):
    facts = parse_message(text).facts
    assert not any(facts.get(key) for key in ("requests_per_day", "requests_per_hour", "requests_per_minute",
                                              "requests_per_s")), facts
    assert facts.get("output_tokens")
