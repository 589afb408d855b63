"""Batch jobs, request lengths and head counts in their common phrasings (en / zh-Hans / zh-Hant).

Expectations are the numbers the user wrote: "150k" is 150,000 items, "done in 6 hours" a 6-hour
window, "700 tokens each" the prompt of one item, "5-token label" its answer. "Overnight" / "每晚"
without a stated window is the parser's stated 8-hour default (22:00–06:00). A head count ("1,200
staff", "团队两百人") is a total, never a concurrency; concurrency only when said ("50 at once").
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.lexicon import OVERNIGHT_WINDOW_HOURS


def facts(text: str) -> dict:
    return parse_message(text).facts


@pytest.mark.parametrize(("text", "expected"), [
    ("classify 150k tickets overnight, ~700 tokens each, 5-token label, done in 6 hours",
     {"arrival_pattern": "batch", "batch_items": 150_000, "prompt_tokens": 700, "output_tokens": 5, "batch_window_hours": 6}),
    ("每晚处理两万篇文档，每篇大约3000 token",
     {"arrival_pattern": "batch", "batch_items": 20_000, "prompt_tokens": 3000, "batch_window_hours": OVERNIGHT_WINDOW_HOURS}),
    ("每晚處理兩萬篇文件，每篇大約3000 token，6小時內完成",
     {"arrival_pattern": "batch", "batch_items": 20_000, "prompt_tokens": 3000, "batch_window_hours": 6}),
    ("We summarize 20,000 contracts every night, each about 3000 tokens, 200-token summary",
     {"arrival_pattern": "batch", "batch_items": 20_000, "prompt_tokens": 3000, "output_tokens": 200}),
    ("process 1m emails within 30 minutes", {"batch_items": 1_000_000, "batch_window_hours": 0.5}),
])
def test_batch_jobs(text, expected):
    found = facts(text)
    assert {slot: found.get(slot) for slot in expected} == expected
    assert "ttft_target_ms" not in found  # a job's window is no first-token target
    assert "concurrent_users" not in found and "total_users" not in found  # items are not people


@pytest.mark.parametrize(("text", "expected"), [
    ("700 tokens in / 5 out", {"prompt_tokens": 700, "output_tokens": 5}),
    ("700 in, 5 out", {"prompt_tokens": 700, "output_tokens": 5}),
    ("in/out 700/5", {"prompt_tokens": 700, "output_tokens": 5}),
    ("2k tokens in and 300 out", {"prompt_tokens": 2000, "output_tokens": 300}),
    ("输入700 token，输出5 token", {"prompt_tokens": 700, "output_tokens": 5}),
    ("每篇大约3000 token", {"prompt_tokens": 3000}),
    ("~120k tokens of context per request", {"context_length": 120_000, "prompt_tokens": 120_000}),
    ("100k context", {"context_length": 100_000}),
    ("8k context", {"context_length": 8192}),
    ("上下文128k", {"context_length": 131_072}),
])
def test_lengths(text, expected):
    found = facts(text)
    assert {slot: found.get(slot) for slot in expected} == expected


def test_three_out_of_ten_is_no_output_length():
    assert "output_tokens" not in facts("3 out of 10 people use it daily")


@pytest.mark.parametrize(("text", "total"), [
    ("about 1,200 staff", 1200), ("团队两百人", 200), ("我們的法務團隊有 10 個人", 10), ("team of 15", 15),
    ("公司一共1200人", 1200),
])
def test_a_head_count_is_a_total_not_a_concurrency(text, total):
    found = facts(text)
    assert found["total_users"] == total
    assert "concurrent_users" not in found


@pytest.mark.parametrize(("text", "concurrent"), [
    ("50 at once", 50), ("peak 30 concurrent", 30), ("高峰时 800 人同时在线", 800), ("尖峰 30 人同時使用", 30),
])
def test_concurrency_only_when_said(text, concurrent):
    assert facts(text)["concurrent_users"] == concurrent


def test_an_unqualified_number_of_people_stays_the_contract_reading():
    # DESIGN.md's dept-legal-7b: "about 200 people" is sized as 200 concurrent users (seed 1's tiers).
    found = facts("We want to serve our fine-tuned 7B model to the legal department, about 200 people.")
    assert found["concurrent_users"] == 200 and found["total_users"] == 200


def test_a_rate_of_tickets_from_agents_is_chat_traffic_not_a_batch_job():
    found = facts("We get 1000 tickets a day from 50 agents")
    assert "batch_items" not in found and found.get("arrival_pattern") != "batch"
    assert found["concurrent_users"] == 50


@pytest.mark.parametrize(("text", "expected"), [
    ("what if 500k documents?", {"batch_items": 500_000}),
    ("and 1 million tickets?", {"batch_items": 1_000_000}),
    ("what if it has to be done within 4 hours?", {"batch_window_hours": 4}),
    ("如果是五十万篇文档呢？", {"batch_items": 500_000}),
    ("如果是五十万篇呢？", {"batch_items": 500_000}),
    ("如果是三十萬份呢？", {"batch_items": 300_000}),
    ("如果要4小時內完成呢？", {"batch_window_hours": 4}),
])
def test_a_follow_up_in_a_batch_thread_is_about_the_batch(text, expected):
    """In a thread about a batch job, a count of items is the job's size and a deadline its window,
    though the follow-up repeats no batch verb ("summarize", "每晚")."""
    found = parse_message(text, batch_job=True).facts
    assert {slot: found.get(slot) for slot in expected} == expected
    assert "ttft_target_ms" not in found and "concurrent_users" not in found


def test_outside_a_batch_thread_a_bare_count_of_items_is_no_batch():
    assert "batch_items" not in parse_message("what if 500k documents?").facts


@pytest.mark.parametrize("text", [
    "need to serve our frozen 8B chat model to ~300 concurrent users, batch size 1 per request. hard 1000W ceiling",
    "every request is batch 1, about 300 people at peak on a 7B",
])
def test_a_per_request_batch_size_and_a_chat_model_are_not_a_batch_job(text: str) -> None:
    # Seed 2's 条件二 says "the batch of each request is small, even 1": live traffic, the opposite of a job over
    # items; "8B chat model" names the model, it is not eight billion chats.
    facts = parse_message(text).facts
    assert facts.get("arrival_pattern") != "batch" and "batch_items" not in facts


def test_a_job_over_items_in_batches_is_still_one() -> None:
    facts = parse_message("we need to classify 20k support tickets overnight in batches").facts
    assert facts.get("arrival_pattern") == "batch" and facts.get("batch_items") == 20_000
