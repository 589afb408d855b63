"""A request rate said of each person ("each sends ~a message a minute", "每人每天问 20 次") is that rate times
the people who send it, and those people are a head count: how many requests are in flight is Little's
law's, from the rate, not every person at once."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


def facts(text: str) -> dict:
    return dict(parse_message(text).facts)


@pytest.mark.parametrize(("text", "people", "slot", "rate"), [
    ("150 nurses, each of them asks it maybe 4 questions an hour", 150, "requests_per_s", 150 * 4 / 3600),
    ("50 reps, about 30 prompts per rep per day", 50, "requests_per_day", 50 * 30),
    ("we have 25 paralegals and every one of them sends a query a minute", 25, "requests_per_s", 25 / 60),
    ("研发 400 人，人均每天调用 50 次", 400, "requests_per_day", 400 * 50),
    ("客服 200 位，每位每小時約 12 則訊息", 200, "requests_per_s", 200 * 12 / 3600),
])
def test_a_rate_per_person_times_the_people(text, people, slot, rate):
    read = facts(text)
    assert read["total_users"] == people
    assert read[slot] == pytest.approx(rate, rel=0.01)
    assert "concurrent_users" not in read


def test_a_stated_concurrency_stays_beside_a_per_person_rate():
    read = facts("400 staff, 60 at once at peak, each sends ~10 requests an hour")
    assert read["concurrent_users"] == 60 and read["total_users"] == 400


def test_a_rate_per_person_with_no_people_is_no_fact():
    assert not {"requests_per_s", "requests_per_day"} & set(facts("each user sends about 10 requests an hour"))


def test_a_team_wide_rate_is_not_multiplied():
    assert facts("30 analysts, together about 600 queries a day")["requests_per_day"] == 600


@pytest.mark.parametrize(("text", "factor"), [
    ("around 15 req/s normally, it peaks 2.5x at quarter end", 2.5),
    ("about 300 requests a minute, bursts up to 3 times that before lunch", 3),
])
def test_a_peak_said_as_a_multiple_of_the_usual_load(text, factor):
    assert dict(parse_message(text).facts)["peak_factor"] == factor


def test_a_multiple_of_devices_is_no_peak():
    assert "peak_factor" not in dict(parse_message("the peak probably needs 3x h100").facts)


@pytest.mark.parametrize(("text", "per_day", "hours"), [
    ("客服機器人一天大約 3 萬通對話，集中在上班 8 小時，每通平均來回 4 輪，用 Llama 3.1 8B", 120_000, 8),
    ("一天两千场咨询，分布在白天 10 个小时，每场来回 3 轮", 6_000, 10),
])
def test_conversations_counted_with_a_measure_word_times_their_turns(text, per_day, hours):
    facts = parse_message(text).facts
    assert (facts.get("requests_per_day"), facts.get("hours_per_day")) == (per_day, hours)
