"""A stated preference for some makers (`Workload.preferred_vendors`, "国产优先"): their option that meets every target
leads when it costs at most seed 1's budget-to-production step more than the ranking's leader, sized at seed 1's
acceptable band when the speed was not set; past that step the leader stays and the preferred option is first beside
it, and the reply says which."""

from __future__ import annotations

from estimator.advice.preference import PREFERENCE_PREMIUM
from estimator.advice.recommend import recommend
from estimator.defaults import BUDGET_TO_PRODUCTION_STEP
from estimator.workload import Workload
from knowledge.testing import memory_catalog

DOMESTIC = ["Huawei", "Cambricon", "Hygon"]


def test_the_premium_is_seed_1s_step():
    assert PREFERENCE_PREMIUM == BUDGET_TO_PRODUCTION_STEP
    assert 2.1 < PREFERENCE_PREMIUM < 2.2


def test_a_preferred_option_within_reach_leads_and_the_leader_is_beside_it():
    catalog = memory_catalog()
    workload = Workload(model_id="qwen3-14b", model_params_b=14.8, concurrent_users=20, prompt_tokens=3000,
                        buyer_in_china=True)
    plain = recommend(workload, catalog)
    assert not plain.primary.hardware_id.startswith("huawei")
    preferred = recommend(workload.model_copy(update={"preferred_vendors": DOMESTIC}), catalog)
    assert preferred.primary.hardware_id == "huawei-atlas-300i-duo"
    assert preferred.alternatives[0].hardware_id == plain.primary.hardware_id


def test_a_preferred_option_far_dearer_yields_and_is_shown_first_beside_the_leader():
    catalog = memory_catalog()
    workload = Workload(model_id="llama-3.3-70b", model_params_b=70.6, concurrent_users=30, prompt_tokens=2000,
                        buyer_in_china=True, preferred_vendors=DOMESTIC)
    rec = recommend(workload, catalog)
    assert not rec.primary.hardware_id.startswith("huawei")
    assert rec.alternatives[0].hardware_id.startswith("huawei")
    assert any(getattr(line, "key", None) == "note.preferred_yields" for line in rec.assumptions)
