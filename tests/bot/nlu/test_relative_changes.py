"""A follow-up that changes a fact relative to its known value ("triple the headcount", "预算砍一半",
"如果使用者變成兩倍呢") is read as a factor on the subject it names, never as a new absolute figure.

Expectations from the words' meaning: double 2, triple 3, half 0.5, "cut by 30%" 0.7, "20% more" 1.2, "N倍" N
("增加N倍" is N more: N + 1); the subject decides what moves (people: head count and streams by Little's law;
concurrency: streams; load: the load in force; budget: the budget)."""

from __future__ import annotations

import pytest

from bot.nlu.normalize import normalize
from bot.nlu.parser import parse_message
from bot.nlu.relative import SCALED, relative_changes

CASES = [
    ("what if we triple the headcount?", "people", 3.0),
    ("budget got cut in half", "budget", 0.5),
    ("what if only half of them use it?", "people", 0.5),
    ("what if traffic doubles?", "load", 2.0),
    ("what if 3x the concurrency?", "concurrency", 3.0),
    ("say the budget is cut by 30%", "budget", 0.7),
    ("20% more users next quarter?", "people", 1.2),
    ("预算砍一半", "budget", 0.5),
    ("用户翻倍呢", "people", 2.0),
    ("如果使用者變成兩倍呢", "people", 2.0),
    ("如果員工變成三倍呢", "people", 3.0),
    ("人數增加2倍", "people", 3.0),
    ("流量涨了30%", "load", 1.3),
    ("並發減半", "concurrency", 0.5),
    ("what if the prompts get 4x longer?", "prompt", 4.0),
    ("and answers double in length?", "answer", 2.0),
    ("what if the context window doubles?", "context", 2.0),
    ("facilities says the power budget is halved", "power", 0.5),  # the power budget, not the capex budget
    ("功耗预算减半", "power", 0.5),
    ("如果提示长度变成 3 倍呢", "prompt", 3.0),
    ("如果只有一半的人会用呢", "people", 0.5),
]


@pytest.mark.parametrize(("text", "subject", "factor"), CASES)
def test_a_relative_change_is_a_factor_on_its_subject(text: str, subject: str, factor: float) -> None:
    changes = relative_changes(normalize(text))
    assert [(c.subject, c.factor) for c in changes] == [(subject, pytest.approx(factor))]


@pytest.mark.parametrize("text", [
    "compare with 2x h100 for 200 users",  # a device count, not a change of the users
    "double-check the 3x faster claim",  # no subject of the thread
    "200 users, 25% of them at once",  # a share active at once (the parser's concurrency share)
    "we're ~2,000 people, figure about a quarter of them will be on it daily",  # a daily share, no change
    "peaks 3x the average at 9 am",  # a peak factor, not a change of the peak
])
def test_a_factor_without_a_change_of_a_known_figure_is_no_relative_change(text: str) -> None:
    assert relative_changes(normalize(text)) == []


def test_people_scale_every_form_of_the_load_they_bring() -> None:
    # Little's law: at the same use per person, arrivals and streams scale with the people.
    assert {"total_users", "concurrent_users", "requests_per_s", "tokens_per_day"} <= set(SCALED["people"])
    assert "total_users" not in SCALED["concurrency"] and "total_users" not in SCALED["load"]


@pytest.mark.parametrize("text", ["如果使用者變成兩倍呢", "如果员工变成3倍呢", "what if 3x the users?"])
def test_the_factors_digits_are_no_count_of_users(text: str) -> None:
    result = parse_message(text)
    assert "concurrent_users" not in result.facts and "total_users" not in result.facts
    assert result.relative["concurrent_users"] in (2.0, 3.0)
