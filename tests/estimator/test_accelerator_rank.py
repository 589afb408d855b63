"""Seed 2's scenario table as a ranking rule (`estimator.advice.accelerator_rank`): an inference accelerator leads
only in the table's accelerator rows (a stable model, small batches, high concurrency and a binding power or space
limit; or one stream of a mid-size model under an ultra-low latency bound). Elsewhere the accelerator that would
lead on cost is an alternative, with the reason. Expectations written from the seed before running."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.wording.sentences import word
from estimator.advice.accelerator_rank import (
    accelerators_last,
    accelerators_may_lead,
    held_back,
    held_back_text,
    low_latency_single_stream,
)
from estimator.advice.sizing import Sized
from estimator.workload import NamedDevice, Workload
from knowledge.testing import memory_catalog
from tests.support.worded import recommend

OPEN = Workload(model_params_b=8, concurrent_users=50)  # nothing said of stability or power: seed 2 names a GPU
STABLE = Workload(model_params_b=7, concurrent_users=300, power_budget_w=1500, model_stability="stable")


def _option(hw_id: str, kind: str, cost: float, *, existing: bool = False, violations: tuple[str, ...] = ()) -> Sized:
    """A ranked option reduced to what the rule reads (device, kind, ownership, violations, cost per token)."""
    hardware = SimpleNamespace(id=hw_id, kind=kind, name=hw_id.upper())
    candidate = SimpleNamespace(hardware=hardware, existing=existing)
    return cast(Sized, SimpleNamespace(candidate=candidate, violations=list(violations), cost_per_token=cost, count=2))


def _cost(option: Sized) -> float:
    return option.cost_per_token


ACCEL, GPU, CPU = _option("galaxy", "accel", 1.0), _option("mi300x", "gpu", 1.5), _option("xeon", "cpu", 4.0)


def test_the_accelerator_rows_are_seed_2s_first_and_last() -> None:
    assert accelerators_may_lead(STABLE)
    assert not accelerators_may_lead(STABLE.model_copy(update={"model_stability": "frequent_changes"}))  # row 2
    assert not accelerators_may_lead(STABLE.model_copy(update={"power_budget_w": None}))  # 条件三 does not bind
    assert not accelerators_may_lead(STABLE.model_copy(update={"mixed_training": True}))  # row 4
    assert not accelerators_may_lead(STABLE.model_copy(update={"concurrent_users": 20}))  # 条件二: not hundreds
    single = Workload(model_params_b=13, concurrent_users=1, ttft_target_ms=100)
    assert low_latency_single_stream(single) and accelerators_may_lead(single)  # row 5
    assert not low_latency_single_stream(single.model_copy(update={"ttft_target_ms": 2000}))  # not ultra-low
    assert not low_latency_single_stream(single.model_copy(update={"model_params_b": 1}))  # not mid-size


def test_outside_the_rows_the_accelerator_ranks_after_every_option_that_meets_the_targets() -> None:
    assert accelerators_last(OPEN, [ACCEL, GPU, CPU]) == [GPU, CPU, ACCEL]
    assert accelerators_last(STABLE, [ACCEL, GPU, CPU]) == [ACCEL, GPU, CPU]  # seed 2's row 1: cost decides


def test_an_accelerator_still_leads_when_nothing_else_meets_the_targets() -> None:
    short = _option("mi300x", "gpu", 1.5, violations=("power",))
    assert accelerators_last(OPEN, [ACCEL, short]) == [ACCEL, short]


def test_an_accelerator_the_user_named_or_owns_ranks_like_any_device() -> None:
    named = OPEN.model_copy(update={"named_devices": [NamedDevice(hardware_id="galaxy")]})
    assert accelerators_last(named, [ACCEL, GPU]) == [ACCEL, GPU]
    owned = _option("galaxy", "accel", 1.0, existing=True)
    assert accelerators_last(OPEN, [owned, GPU]) == [owned, GPU]


def test_the_held_back_accelerator_is_found_with_its_saving_and_the_unmet_conditions() -> None:
    ranked = accelerators_last(OPEN, [ACCEL, GPU, CPU])
    held = held_back(OPEN, ranked, ranked[0], _cost)
    assert held is not None and held.option is ACCEL
    assert held.saving == pytest.approx(1 - 1.0 / 1.5)
    assert not held.conditions.power_or_space_limit and not held.conditions.high_concurrency
    assert held.model == "unstated"
    changing = OPEN.model_copy(update={"model_stability": "frequent_changes"})
    changed = held_back(changing, ranked, ranked[0], _cost)
    assert changed is not None and changed.model == "changes"
    assert "the model changes often" in word(held_back_text(changed), "en")
    assert held_back(OPEN, [GPU, _option("n300", "accel", 2.0)], GPU, _cost) is None  # dearer: nothing held back
    assert held_back(STABLE, [ACCEL, GPU], ACCEL, _cost) is None


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["listed as an alternative, not the primary", "no power or space limit binds",
            "concurrency is not in the hundreds", "33%"]),
    ("zh-Hans", ["列为备选而非主推荐", "没有功耗或空间的硬约束"]),
    ("zh-Hant", ["列為備選而非主推薦", "沒有功耗或空間的硬約束"]),
])
def test_the_reason_is_worded_in_each_language(lang: str, words: list[str]) -> None:
    held = held_back(OPEN, [GPU, CPU, ACCEL], GPU, _cost)
    assert held is not None
    text = word(held_back_text(held), lang)
    assert all(w in text for w in words), text


def test_with_only_accelerators_in_the_catalog_one_still_leads() -> None:
    catalog = memory_catalog()
    only: Any = catalog.model_copy(update={"hardware": tuple(hw for hw in catalog.hardware if hw.kind == "accel")})
    rec = recommend(OPEN, only)
    assert rec.primary is not None and rec.primary.kind == "accel"
    assert "listed as an alternative" not in rec.rationale


def test_a_recommendation_lists_the_held_back_accelerator_first_among_the_alternatives() -> None:
    # 8 developers on a 70B with 16k prompts, nothing said of stability or power: seed 2 names a GPU. The 32-chip
    # system is made cheap and office-sized here so that it would lead on risk-weighted cost per token.
    catalog = memory_catalog()
    cheap = tuple(hw.model_copy(update={"price_usd": 9_000.0, "tdp_w": 1_500.0, "price_is_estimate": False})
                  if hw.id == "tenstorrent-galaxy-blackhole" else hw for hw in catalog.hardware)
    workload = Workload(model_params_b=70, concurrent_users=8, prompt_tokens=16_000)
    rec = recommend(workload, catalog.model_copy(update={"hardware": cheap}))
    assert rec.primary is not None and rec.primary.kind == "gpu"
    assert rec.alternatives[0].hardware_id == "tenstorrent-galaxy-blackhole"
    assert "listed as an alternative, not the primary" in rec.rationale
