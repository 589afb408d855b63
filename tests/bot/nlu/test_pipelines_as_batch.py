"""A pipeline named by the batch work it does ("summarization pipeline", "classification job", "ETL") is a
batch workload: sized for throughput over the day, not as chat streams held to a 1 s first token. A
pipeline that answers people ("RAG pipeline for 200 lawyers") is not."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

BATCH = [
    "our doc summarization pipeline runs on gpt-4o-mini and we spend about $22k/month on the API",
    "we have a classification pipeline over support tickets, ~2M tokens a day, want to self host llama 8b",
    "an extraction job pulls fields out of invoices all day, qwen 14b, what hardware",
    "ETL that tags product listings with a 7B model, 5M tokens/day",
    "摘要流水线每天跑大概 1 亿 token，用 Qwen3-32B",
]
NOT_BATCH = [
    "our RAG pipeline answers questions from 200 lawyers, llama 70b",
    "a chat pipeline for 50 support agents at peak, 8B model",
    "inference pipeline for the call center, 150 agents at 9am, qwen 14b",
]


@pytest.mark.parametrize("text", BATCH)
def test_a_pipeline_doing_batch_work_is_a_batch_workload(text):
    assert parse_message(text).facts.get("arrival_pattern") == "batch"


@pytest.mark.parametrize("text", NOT_BATCH)
def test_a_pipeline_that_answers_people_is_not(text):
    assert parse_message(text).facts.get("arrival_pattern") != "batch"
