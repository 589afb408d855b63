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


# A model named by its catalog name alone (no size in it: "GLM-4.6", "MiniMax-M2", "DeepSeek V3.2") beside one named with
# its size is a model served too, and the largest: sizing the small one for both loads under-sizes by the size ratio.
@pytest.mark.parametrize(("text", "main", "small", "main_load", "small_rate"), [
    ("GLM-4.6 for the coding agent, ~30 devs at once at peak; plus qwen3-8b for autocomplete at ~15 req/s. fp8",
     "glm-4.6", "qwen3-8b", 30, 15.0),
    ("MiniMax-M2 做客服主模型，高峰同时 50 人；再加一个 Qwen3-4B 做分类，每秒 10 个请求。要什么卡", "minimax-m2", "qwen3-4b", 50, 10.0),
])
def test_a_model_named_without_its_size_is_served_and_sized(read, text, main, small, main_load, small_rate):
    facts = read(text)
    loads = _loads(facts)
    assert facts["model_id"] == main and facts["models_served"] == 2
    assert loads[main] == ("chat", main_load, None)
    assert loads[small] == ("chat", None, small_rate)


def test_a_daily_volume_is_the_load_of_the_model_it_is_said_of(read):
    facts = read("要上两个模型：DeepSeek-V3.2 做主力，每天大概 3 亿 token；另外 Qwen3-8B 做意图识别，每秒 20 次左右，"
                 "每次输入 300 token、输出 5 个 token")
    served = {m["model_id"]: m for m in facts["served_models"]}
    assert facts["model_id"] == "deepseek-v3.2"
    assert served["deepseek-v3.2"].get("tokens_per_day") == 3e8 and "requests_per_s" not in served["deepseek-v3.2"]
    assert served["qwen3-8b"]["requests_per_s"] == 20.0
    # the router's lengths are its own: the 671B's requests are not 300-token prompts with 5-token answers
    assert (served["qwen3-8b"]["prompt_tokens"], served["qwen3-8b"]["output_tokens"]) == (300, 5)
    assert "output_tokens" not in facts and "prompt_tokens" not in facts


def test_a_length_said_of_every_model_stays_every_models(read):
    facts = read("8B 和 32B 两个模型：8B 那边大概同时 30 个 request，32B 同时 10 个，上下文都在 8k 内")
    assert all("prompt_tokens" not in m for m in facts["served_models"])
    assert facts["prompt_tokens"] == 8000


def test_items_in_a_working_window_of_one_model_are_its_rate(read):
    # 200,000 e-mails in 9 working hours run beside the people's chat: 200,000 / (9 × 3,600) = 6.17 a second
    facts = read("我們要上 Llama 4 Maverick 當內部助理，尖峰 80 人同時；另外 Qwen3-8B 做 email 分類，一天 20 萬封，"
                 "上班 9 小時內處理完。")
    assert _loads(facts)["qwen3-8b"] == ("chat", None, pytest.approx(200_000 / (9 * 3600), 1e-3))
    assert "batch_items" not in facts and facts.get("arrival_pattern") != "batch"
    assert facts["model_id"] == "llama-4-maverick" and facts["loads_summed"] is True


def test_a_nightly_batch_of_one_model_stays_a_batch_in_turn_with_the_day(read):
    facts = read("想同时挂两个模型：Qwen3-32B 给 40 个人日常问答（高峰同时 10 个左右在生成）；再加一个 Qwen3-8B 跑夜间批量摘要，"
                 "每晚 5 万篇，晚上 11 点开始，早上 7 点前跑完")
    assert facts["batch_items"] == 50_000
    assert all("requests_per_s" not in m for m in facts.get("served_models", []))


def test_answers_said_model_by_model_are_no_conflict():
    # each model's answer length is its own entry's; the workload's is the sized (largest) model's, and no question
    # about a slot whose readings all went to the models is asked with nothing to choose from
    result = parse_message("two models on one server. (1) a 70b copilot, ~30 agents each sending a request every 3 min, "
                           "~2k prompt, ~400 out. (2) an 8b tagger at ~10 req/s, 600 in / ~10 out")
    assert result.problems == []
    assert result.facts["output_tokens"] == 400
    assert sorted(m.get("output_tokens") for m in result.facts["served_models"]) == [10, 400]
