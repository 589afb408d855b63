"""Several models served at once, each with its own load ("the 70B gets maybe 5 concurrent, the 8B router ~200
req/min", "8B 那边同时 30 个，32B 同时 10 个"), embedders and rerankers beside them. Written before the code (7 Dec
2026), expectations from the messages: each load belongs to the model named before it, loads of different models add
up, an embedder or reranker holds weights (its model card's size) and carries no users."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from bot.wiring import store_model_lookup


@pytest.fixture(scope="module")
def read(catalog):
    from knowledge.testing import shared_memory_store

    matcher, find_model = HardwareMatcher(catalog.hardware), store_model_lookup(shared_memory_store())
    return lambda text: dict(parse_message(text, hardware=matcher, find_model=find_model).facts)


def _loads(facts: dict) -> dict[str, tuple[str, int | None, float | None]]:
    return {str(m.get("model_id") or m["model_params_b"]): (m["role"], m.get("concurrent_users"), m.get("requests_per_s"))
            for m in facts["served_models"]}


def test_each_models_people_are_its_own_and_add_up(read):
    facts = read("要同時提供三個模型：Llama 3.1 8B（掛 20 個 LoRA adapter）、Qwen3-32B、還有 embedding 用的 bge-m3。"
                 "8B 那邊大概同時 30 個 request，32B 同時 10 個")
    assert _loads(facts) == {"llama-3.1-8b": ("chat", 30, None), "qwen3-32b": ("chat", 10, None),
                             "0.568": ("embedding", None, None)}
    assert facts["concurrent_users"] == 40  # 30 + 10; the embedder streams no answers
    assert facts["model_id"] == "qwen3-32b" and facts["models_served"] == 3
    assert facts["co_served_params_b"] == pytest.approx(8.03 + 0.568)


def test_people_on_one_model_and_a_rate_on_another_are_two_loads(read):
    facts = read("we need llama 3.3 70b for the analysts plus a llama 3.1 8b as a router. the 70B gets maybe 5 "
                 "concurrent, the 8B router ~200 req/min")
    assert _loads(facts) == {"llama-3.3-70b": ("chat", 5, None), "llama-3.1-8b": ("chat", None, pytest.approx(3.333, 1e-3))}
    assert facts["concurrent_users"] == 5
    assert facts["requests_per_s"] == pytest.approx(200 / 60, 1e-3)
    assert facts["loads_summed"] is True


def test_a_rate_beside_a_slash_is_no_choice_between_models(read):
    facts = read("mistral small 24b for chat, ~15 concurrent users, and qwen3-4b doing extraction at ~10 req/s, plus nomic-embed")
    assert _loads(facts) == {"mistral-small-3": ("chat", 15, None), "qwen3-4b": ("chat", None, 10.0),
                             "0.137": ("embedding", None, None)}


def test_a_named_embedder_and_reranker_are_sized_from_their_names(read):
    facts = read("知识库要常驻 Qwen3-Embedding-8B、Qwen3-Reranker-4B 和对话用的 Qwen3-30B-A3B，高峰 60 人同时问")
    assert facts["model_id"] == "qwen3-30b-a3b"  # the 8B in the embedder's name is no chat model
    assert facts["co_served_params_b"] == pytest.approx(7.6 + 4.0)
    assert facts["concurrent_users"] == 60


@pytest.mark.parametrize("text", ["torn between a 14b and a 32b for our helpdesk bot, maybe 30 ppl at once",
                                  "moving from llama 3.1 8b to qwen3-32b, 20 people at once"])
def test_models_weighed_or_left_are_not_served_together(read, text):
    assert "served_models" not in read(text)


def test_budget_for_a_device_count_is_no_money(read):
    assert "budget_usd" not in read("budget for one H200 or 2x rtx pro 6000, which?")


def test_more_models_said_than_read_keep_the_unread_ones_as_copies_of_the_largest(read):
    # "三个模型" with a 32B and a 0.6B reranker read: the third, unnamed, is sized as the largest (conservative, as when
    # no model is named); the reranker is its own 0.6B, not a third copy of the 32B.
    facts = read("要同时挂三个模型：32B 做对话，再加一个 0.6B 左右的 reranker，并发 30")
    assert facts["models_served"] == 3
    assert facts["co_served_params_b"] == pytest.approx(0.6 + 32)
    assert facts["concurrent_users"] == 30
