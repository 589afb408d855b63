"""Items each person sends a day are that person's rate, never a batch ("每個人每天會丟大概 30 份文件", "each one screens
~60 resumes a day"); an interval said with the items made ("每 15 分鐘一份") or of "1 request every 20s per dev" is each
person's frequency, never a latency; "peaky (3x avg at 8pm)" is a peak factor; meetings a day are items a day; and the
people handling items ("80 claims adjusters") are no items."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("text", "users", "per_day"), [
    ("我們是一間 300 人的會計師事務所，報稅季每個人每天會丟大概 30 份文件給模型摘要", 300, 30),
    ("300 accountants, each uploads about 30 documents a day for summaries", 300, 30),
    ("we have 45 recruiters and each one screens ~60 resumes a day with an 8b model", 45, 60),
    ("80 claims adjusters, each reviews around 25 claims per day, want a 14b model", 80, 25),
])
def test_items_each_person_sends_a_day_are_their_rate_not_a_batch(text, users, per_day, read):
    facts = read(text)
    assert facts.get("batch_items") is None and facts.get("arrival_pattern") != "batch"
    assert (facts.get("total_users"), facts.get("requests_per_user_per_day")) == (users, per_day)


@pytest.mark.parametrize(("text", "users", "per_hour"), [
    ("40 devs, think 1 request every 20s per dev while typing", 40, 180),
    ("我哋間 clinic 有 12 個醫生，每個睇症後用 AI 寫病歷，大概每 15 分鐘一份", 12, 4),
])
def test_an_interval_of_each_persons_requests_is_a_frequency_not_a_latency(text, users, per_hour, read):
    facts = read(text)
    assert facts.get("ttft_target_ms") is None
    assert facts.get("total_users") == users
    assert facts.get("requests_per_user_per_hour") == pytest.approx(per_hour, rel=0.01)


@pytest.mark.parametrize(("text", "factor"), [
    ("2M queries/day, peaky (3x avg at 8pm)", 3),
    ("400k conversations a day, spiky: 4x the average at lunch", 4),
])
def test_a_multiple_of_the_average_after_peaky_is_the_peak_factor(text, factor, read):
    assert read(text).get("peak_factor") == factor


def test_meetings_a_day_are_items_a_day(read):
    assert read("need llama 3.1 8b for meeting notes, ~50 meetings a day, single box").get("requests_per_day") == 50


def test_a_models_size_in_its_name_is_no_count_of_items(read):
    facts = read("qwen3-8b tags support tickets, about 2k a day")
    assert facts.get("batch_items") is None and facts.get("model_params_b") == 8
