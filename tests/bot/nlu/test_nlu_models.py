"""Model names and mixture-of-experts shorthand in messages (bot/nlu/models.py), en / zh-Hans / zh-Hant.

Expected values come from the catalog's rows (gpt-oss-120b: 116.8 B total, 5.1 B active; Qwen3-30B-A3B:
30.5 / 3.3; DeepSeek-V3/R1: 671 / 37) or from the message itself.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message
from bot.wiring import store_model_lookup


@pytest.fixture(scope="module")
def lookup(tmp_path_factory):
    from knowledge import open_store

    store = open_store(tmp_path_factory.mktemp("store"))
    yield store_model_lookup(store)
    store.close()


@pytest.mark.parametrize(("text", "expected"), [
    ("we want to run gpt-oss-120b for 40 people",
     {"model_id": "gpt-oss-120b", "model_params_b": 116.8, "active_params_b": 5.1, "concurrent_users": 40}),
    ("Qwen3 30B A3B for 40 people", {"model_id": "qwen3-30b-a3b", "model_params_b": 30.5, "active_params_b": 3.3}),
    ("we want to run qwen3 14b for 25 people", {"model_id": "qwen3-14b", "model_params_b": 14.8}),  # the name rounds: sized at the catalog count
    # the name's size followed by a Chinese verb phrase ("14b 做助手") is still the name's own
    ("公司内部用 qwen3 14b 做助手，40 人同时用", {"model_id": "qwen3-14b", "model_params_b": 14.8, "concurrent_users": 40}),
    ("我們用 qwen3 32b 來做客服", {"model_id": "qwen3-32b", "model_params_b": 32.8}),
    ("我們用 DeepSeek-R1 服務 50 人", {"model_id": "deepseek-v3", "model_params_b": 671, "active_params_b": 37}),
    ("我们想用 Llama 4 Scout，100 人", {"model_id": "llama-4-scout", "active_params_b": 17}),
])
def test_a_catalog_model_is_kept_with_its_shape(lookup, text, expected):
    facts = parse_message(text, find_model=lookup).facts
    for slot, value in expected.items():
        assert facts[slot] == pytest.approx(value) if isinstance(value, float) else facts[slot] == value, slot


@pytest.mark.parametrize(("text", "total", "active"), [
    ("a 671B MoE with 37B active", 671, 37),
    ("120B total, 5B active, FP8 weights", 120, 5),
    ("some 235b-a22b model", 235, 22),
    ("专家混合模型，总参数671B，激活37B", 671, 37),
    ("混合專家模型，總參數 671B，啟用 37B", 671, 37),
    ("MoE model, 100B params with 10B activated parameters", 100, 10),
])
def test_total_and_active_are_one_model_not_a_conflict(text, total, active):
    parsed = parse_message(text)
    assert not [p for p in parsed.problems if p.slot == "model_params_b"]
    assert parsed.facts["model_params_b"] == total and parsed.facts["active_params_b"] == active
    assert "model_id" not in parsed.facts


@pytest.mark.parametrize(("text", "quant"), [
    ("MXFP4 weights", "MXFP4"), ("NVFP4 on Blackwell", "NVFP4"), ("FP8 weights", "FP8"),
    ("a W4A16 checkpoint", "W4A16"), ("w8a8 quantized", "W8A8"), ("用 MXFP4 权重", "MXFP4"),
])
def test_native_weight_formats(text, quant):
    assert parse_message(text).facts["quantization"] == quant


def test_two_different_sizes_without_an_active_word_are_two_models_not_total_and_active():
    parsed = parse_message("either a 70B or a 8B model")  # a choice to weigh side by side (no MoE reading)
    assert [o["model_params_b"] for o in parsed.options["model"]] == [70, 8]
    assert "active_params_b" not in parsed.facts


def test_a_size_far_from_the_named_model_is_not_that_model(lookup):
    # "our 13B fine-tune of Llama 3 8B": 13 B is kept, and Llama 3 8B's shape is not claimed for it.
    facts = parse_message("our 13B fine-tune of Llama 3 8B", find_model=lookup).facts
    assert facts["model_params_b"] == 13 and "model_id" not in facts


# --- through the engine: the named model is sized in every turn and follow-up --------------------------
@pytest.fixture
def engine(catalog, lookup):
    from langgraph.checkpoint.memory import InMemorySaver

    from bot.engine import Engine
    from bot.graph import build_graph
    from bot.nodes import Deps
    from estimator.advice.assume import fill_defaults
    from estimator.advice.recommend import recommend

    deps = Deps(catalog=catalog, recommend=recommend, fill_defaults=fill_defaults, find_model=lookup)
    return Engine(build_graph(deps, InMemorySaver()))


def test_the_named_model_is_kept_through_a_follow_up_and_forgotten_for_another_size(engine):
    engine.handle("t", "We want to serve gpt-oss-120b to 40 engineers")
    first = engine.handle("t", "just recommend")
    assert first.recommendation is not None
    assert first.slots["model_id"] == "gpt-oss-120b" and first.slots["active_params_b"] == 5.1
    assert any(a.startswith("sized as gpt-oss-120b") for a in first.recommendation.assumptions)
    grown = engine.handle("t", "What if we grow to 400 concurrent users?")
    assert grown.slots["model_id"] == "gpt-oss-120b" and grown.slots["concurrent_users"] == 400
    assert grown.recommendation is not None
    assert any(a.startswith("sized as gpt-oss-120b") for a in grown.recommendation.assumptions)
    other = engine.handle("t", "What about a 70B model instead?")
    assert "model_id" not in other.slots and "active_params_b" not in other.slots


def test_the_reply_states_the_sized_architecture_in_chinese(engine):
    engine.handle("z", "我们想给 40 个工程师部署 Qwen3-30B-A3B")
    reply = engine.handle("z", "直接推荐")
    assert reply.recommendation is not None
    assert any("每个 token 使用 3.3B" in a for a in reply.recommendation.assumptions)


@pytest.mark.parametrize(("text", "said"), [
    ("We run Devstral 2 123B for 50 people", "devstral 2 123b is not in the model catalog"),
    ("我们用 Qwen4 72B 给 100 人", "qwen4 72b 不在模型目录中"),
    ("我們用 DeepSeek V4 給 20 人", "deepseek v4 不在模型目錄中"),
])
def test_an_unknown_model_name_is_said_to_be_unknown(engine, text, said):
    reply = engine.handle("u", text)
    assert said in reply.text.lower()


def test_a_known_name_is_not_called_unknown(lookup):
    assert parse_message("we run gpt-oss-120b", find_model=lookup).unknown_model is None


@pytest.mark.parametrize(("text", "checkpoint"), [
    ("want deepseek r1 for ~50 analysts", "deepseek-ai/DeepSeek-R1"),
    ("跑 DeepSeek-R1-0528 给 100 人", "deepseek-ai/DeepSeek-R1-0528"),
    ("deepseek v3 on 8 h200", "deepseek-ai/DeepSeek-V3"),
])
def test_a_named_variant_reads_its_checkpoint(text, checkpoint, lookup):
    facts = parse_message(text, find_model=lookup).facts
    assert facts["model_id"] == "deepseek-v3" and facts["model_checkpoint"] == checkpoint
