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
from knowledge.testing import memory_catalog, memory_store

MODELS = memory_catalog().models


@pytest.fixture(scope="module")
def find_model():
    return store_model_lookup(memory_store())


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
