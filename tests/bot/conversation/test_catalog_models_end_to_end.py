"""Every model in the catalog can be named and sized ("a named model in the catalog is kept as
`model_id` and sized with its own shape"). Built for the class: one test per catalog row, so a new row
with a size or a name the conversation cannot take (Kimi K2's 1 T parameters were once refused as an
impossible size) fails here, not in front of a user."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.wiring import store_model_lookup
from estimator.advice.recommend import recommend
from estimator.workload import Workload
from knowledge.testing import memory_catalog, shared_memory_store

MODELS = memory_catalog().models


@pytest.fixture(scope="module")
def find_model():
    return store_model_lookup(shared_memory_store())


@pytest.mark.parametrize("model", MODELS, ids=[m.id for m in MODELS])
def test_a_catalog_model_named_by_its_name_is_read_without_problems(model, find_model):
    result = parse_message(f"we want to serve {model.name} to 10 concurrent users", find_model=find_model)
    assert not result.problems, result.problems
    assert result.facts.get("model_id") == model.id, result.facts


@pytest.mark.parametrize("model", MODELS, ids=[m.id for m in MODELS])
def test_a_catalog_model_is_sized_with_its_own_total_parameters(model, catalog):
    rec = recommend(Workload(model_id=model.id, concurrent_users=10), catalog)
    assert rec.workload["model_params_b"] == pytest.approx(model.total_b)
    est = rec.primary.estimate if rec.primary is not None else None
    assert est is not None and est.memory_required_gb <= est.memory_available_gb
    # Memory holds at least the weights: total parameters at the format's bits.
    bits = {"MXFP4": 4.25, "FP8": 8.0}.get(rec.workload["quantization"])
    if bits:
        assert rec.primary.estimate.memory_required_gb >= model.total_b * bits / 8 * 0.999


@pytest.mark.parametrize(("said", "model_id"), [
    ("self-hosting kimi k2 thinking for the agents", "kimi-k2-thinking"),
    ("想私有化部署 Kimi-K2-Thinking", "kimi-k2-thinking"),
    ("we'd run kimi k2.6 on prem", "kimi-k2.6"),
    ("moonshotai/Kimi-K2.5 for 20 users", "kimi-k2.5"),
    ("kimi k2 0905 for the support bot", "kimi-k2"),
])
def test_each_kimi_release_is_read_as_its_own_checkpoint(said, model_id, find_model):
    # K2 ships in FP8, K2 Thinking / K2.5 / K2.6 natively in INT4: a release read as another is sized ~2x off.
    assert parse_message(said, find_model=find_model).facts.get("model_id") == model_id


@pytest.mark.parametrize(("said", "model_id"), [
    ("we're moving the coding agents to GLM-4.7, 40 devs", "glm-4.7"),
    ("glm 4.7 flash on one 4090 for a side project", "glm-4.7-flash"),
    ("想私有化部署 GLM-5，给法务团队用", "glm-5"),
    ("MiniMax M2.5 on 4x H20, 30 users", "minimax-m2"),
    ("我們想跑 minimax-m2.1 做客服", "minimax-m2"),
    ("Qwen3.6-35B-A3B on a Mac Studio", "qwen3.5-35b-a3b"),
    ("qwen3.5 397b for the whole company", "qwen3.5-397b-a17b"),
    ("想用 Qwen3.5-27B 做知识库问答", "qwen3.5-27b"),
    ("ibm granite 4.0 h small for RAG, 25 analysts", "granite-4.0-h-small"),
    ("granite-4.0-h-tiny on an edge box", "granite-4.0-h-tiny"),
    ("glm-5.1 on prem for the legal team", "glm-5"),
    ("ministral 3 8b on the field laptops", "ministral-3-8b"),
    ("想在边缘盒子上跑 Ministral-3-14B-Instruct-2512", "ministral-3-14b"),
    ("nemotron nano 9b v2 on a jetson thor", "nemotron-nano-9b-v2"),
    ("NVIDIA-Nemotron-3-Nano-30B-A3B for 20 agents", "nemotron-3-nano-30b-a3b"),
    ("mistral large 3 on one 8x H200 node", "mistral-large-3"),
    ("phi-4-mini on the shop-floor tablets", "phi-4-mini"),  # 3.8B, not Phi-4's 14B
    ("phi 4 mini reasoning for tutoring", "phi-4-mini"),
    ("phi-4 for the legal team", "phi-4"),
    ("thinking of running MiniMax-M3 for our coding agents, 30 devs", "minimax-m3"),
    ("想部署 MiniMax-M3 给研发用", "minimax-m3"),
    ("GLM-4.5V for invoice OCR, 15 users", "glm-4.5-air"),  # GLM-4.5-Air's language model
    ("通义千问3 235b 私有化部署", "qwen3-235b-a22b"),
    ("qwen3-coder-next for our coding agents", "qwen3-next-80b-a3b"),  # 80B-A3B, not Qwen3-Coder's 480B
    ("qwen3 coder for our coding agents", "qwen3-coder-480b-a35b"),
])
def test_each_end_of_2026_release_is_read_as_its_own_checkpoint(said, model_id, find_model):
    # A release read as its neighbour is sized with the wrong shape (GLM-4.7-Flash is 30B, GLM-4.7 355B).
    assert parse_message(said, find_model=find_model).facts.get("model_id") == model_id


@pytest.mark.parametrize("said", [
    "qwen3.5 for chat, 20 users",  # a family, not a checkpoint: which size?
    "Qwen3.5-122B-A10B for 50 users",  # a release the catalog lacks
    "glm-6 on prem",
    "mistral large 2 for the support team",
    "glm-4.6v for screenshots",  # a release whose shape was not read  # Large 2 (123B dense) is not Large 3 (675B MoE)
    "granite 5 for a small team",
])
def test_a_release_the_catalog_lacks_is_not_read_as_a_neighbour(said, find_model):
    assert "model_id" not in parse_message(said, find_model=find_model).facts


@pytest.mark.parametrize("said", ["thinking of running MiniMax-M3 for our coding agents", "想部署 MiniMax-M3 给研发用"])
def test_the_m3_in_minimax_m3_is_no_apple_chip(said, find_model):
    facts = parse_message(said, find_model=find_model).facts
    devices = {d["hardware_id"] for key in ("named_devices", "owned_devices") for d in facts.get(key, [])}
    assert not any("m3" in device for device in devices | set(facts.get("existing_hardware_ids", []))), facts
