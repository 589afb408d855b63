"""Numbers in exponent notation are read whole, or refused as out of range: never as their mantissa
("1e308 tokens" was once read as 1 token, "$1e308" as a $1 budget)."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message

READ_WHOLE = [
    ("2.5e3 concurrent users", "concurrent_users", 2500),
    ("prompts of 2e+3 tokens", "prompt_tokens", 2000),
    ("budget 5e4 usd", "budget_usd", 50_000),
    ("we expect 1.2E2 people hitting it at once", "concurrent_users", 120),
]

REFUSED = [
    ("1e308 tokens per prompt", "prompt_tokens"),
    ("budget $1e308", "budget_usd"),
    ("1e400 users", "concurrent_users"),
    ("8e-3 users", "concurrent_users"),  # 0.008 of a user
]


@pytest.mark.parametrize(("text", "slot", "value"), READ_WHOLE)
def test_exponent_notation_is_read_whole(text, slot, value) -> None:
    assert parse_message(text).facts[slot] == value


@pytest.mark.parametrize(("text", "slot"), REFUSED)
def test_an_absurd_exponent_is_refused_with_its_field(text, slot) -> None:
    result = parse_message(text)
    assert slot not in result.facts
    assert [problem.slot for problem in result.problems] == [slot]


def test_model_names_with_an_e_between_digits_are_not_exponents() -> None:
    assert parse_message("gemma 3n e4b for 10 users").facts.get("concurrent_users") == 10
