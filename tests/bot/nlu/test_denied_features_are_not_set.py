"""A feature the lead denies is no request for it: "w/o rag" is no RAG, "not fine-tuning on this box" no training on
the serving hardware, "thinking mode off" no reasoning model. The next class said is the work ("no RAG, plain chat")."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "work"), [
    ("w/o rag, plain chat for ~30 people, 8b", "chat"),
    ("no RAG and no tools, it just classifies support emails into categories, 7b", "classification"),
    ("不用 RAG，就是普通聊天，7B", "chat"),
    ("rag-free, we just summarize the reports", "summarization"),
    ("不用微調也不用 RAG，直接拿 8B 做客服聊天", "chat"),
    ("no rag. 70b q4. 12 users.", None),
    ("不需要檢索，14B 給 20 人", None),
])
def test_denied_rag_is_no_rag(text: str, work: str | None) -> None:
    assert parse_message(text).facts.get("request_class") == work


def test_rag_said_is_still_rag() -> None:
    assert parse_message("we do RAG over our wiki, 8b").facts["request_class"] == "rag"


def test_moving_a_service_off_something_denies_nothing() -> None:
    assert parse_message("moving our customer-facing assistant off the hosted api, 24b").facts["request_class"] == "chat"


@pytest.mark.parametrize("text", [
    "we're not fine-tuning on this box, inference only. 14b for 20 ppl",
    "不需要检索，也不做微调，纯推理，14B",
    "不用微调，直接部署 7B",
])
def test_denied_training_is_no_mixed_training(text: str) -> None:
    assert parse_message(text).facts["mixed_training"] is False


def test_training_on_the_box_is_still_read() -> None:
    assert parse_message("fine-tune nightly on the same box, serve 14b during the day").facts["mixed_training"] is True


@pytest.mark.parametrize(("text", "reasoning"), [
    ("thinking mode off, qwen3 32b, 10 concurrent", False),
    ("不开思考模式，Qwen3-8B，并发 20", False),
    ("no thinking, qwen3 14b, 15 users", False),
    ("qwen3 32b in non-thinking mode, 20 users", False),
    ("qwen3 32b with thinking mode on", True),
])
def test_thinking_switched_off_is_no_reasoning_model(text: str, reasoning: bool) -> None:
    assert parse_message(text).facts["reasoning_model"] is reasoning
