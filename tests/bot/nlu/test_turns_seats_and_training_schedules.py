"""Load said as conversations and their turns, head counts said as seats or licences, and night words
that schedule training: each read as a lead means it (phrasings apart from the reading set's)."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


def facts(text: str) -> dict:
    return dict(parse_message(text).facts)


@pytest.mark.parametrize(("text", "per_day"), [
    # Each turn of a conversation is one request to the model: conversations × turns.
    ("we see ~900 chat sessions a day, each session averages 6 turns", 5_400),
    ("400 conversations/day with roughly 12 messages apiece", 4_800),
    ("每天差不多一千个会话，每个会话平均 4 轮", 4_000),
    ("每天大約 2500 次對話，每次來回 3 輪", 7_500),
])
def test_a_conversations_turns_multiply_its_rate(text, per_day):
    assert facts(text)["requests_per_day"] == pytest.approx(per_day)


def test_a_turn_count_in_the_next_sentence_is_not_the_conversations():
    # "3 turns" belongs to another statement: the rate stands as said.
    assert facts("2000 chats a day. Our eval set has 3 turns per sample.")["requests_per_day"] == 2000


def test_a_rate_of_requests_is_not_multiplied_by_turns():
    assert facts("12,000 requests a day, 5 turns each")["requests_per_day"] == 12_000


@pytest.mark.parametrize("text", [
    "we pay for 350 copilot seats today and want an in-house 7b instead",
    "目前買了 350 個席次",
    "现在有 350 个授权账号",
])
def test_seats_and_licences_are_a_head_count_not_a_peak(text):
    read = facts(text)
    assert read["total_users"] == 350 and "concurrent_users" not in read


@pytest.mark.parametrize("text", [
    "we'll fine-tune it every night on the same machines and serve 20 people by day",
    "the box doubles as our fine-tuning rig overnight, 15 users during the day",
    "we retrain adapters on it nightly, daytime chat for 10 people",
])
def test_a_night_word_that_schedules_training_is_no_batch_job(text):
    read = facts(text)
    assert read.get("mixed_training") is True
    assert "batch_window_hours" not in read and read.get("arrival_pattern") != "batch"


def test_a_nightly_job_over_items_is_still_a_batch_job_when_training_is_its_purpose():
    read = facts("nightly we label 50k documents for training, done in 6 hours")
    assert read["batch_items"] == 50_000 and read["batch_window_hours"] == 6


@pytest.mark.parametrize("text", [
    "one box that serves qwen3 32b to ~15 users during the day and runs our LoRA finetunes on the same model overnight",
    "QLoRA training jobs at night on the same gpus, inference by day",
    "白天推理，晚上跑微调，同一台机器",
])
def test_fine_tuning_jobs_on_the_serving_box_are_mixed_training(text):
    assert parse_message(text).facts.get("mixed_training") is True


def test_a_fine_tuned_model_served_is_no_training():
    assert not parse_message("we serve our LoRA fine-tuned llama 8b to 20 users").facts.get("mixed_training")
