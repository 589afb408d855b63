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
