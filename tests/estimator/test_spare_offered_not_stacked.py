"""One margin, applied once (outside review r9): the count serves the peak at the targets; seed 1's N+1 spare
("考慮冗餘：N+1 GPU 配置用於故障轉移", organization tier) is bought only when availability is asked, otherwise offered
with its price; and a batch window with a fixed count takes no 1.5× on top (the window is the margin; seed 2's
1.5× is a stress test to run before buying, "把负载打到标称峰值的1.5倍").

First principles used: an 8B model at FP8 is ~8 GB of weights plus 131 KB of KV per token (Llama 3.1 8B: 32 layers
× 8 KV heads × 128 × 2 × 2 B), so 35 streams of 2.5k tokens hold ~11.5 GB of KV: ~20 GB in all, which one 48 GB+
data-center card holds and streams at ≥ 30 tok/s (20 GB / 864 GB/s = 23 ms a step on an L40S)."""

from __future__ import annotations

import pytest

from estimator.workload import Workload
from tests.support.worded import recommend

# 700 staff, ~35 streams of an 8B: one card's load (module docstring), at organization scale.
ORG_ONE_CARD = Workload(model_params_b=8, total_users=700, concurrent_users=35, deployment_scale="organization",
                        prompt_tokens=2000, output_tokens=300, quantization="FP8")


def test_without_an_availability_ask_the_spare_is_offered_with_its_price_not_bought(catalog):
    rec = recommend(ORG_ONE_CARD, catalog)
    primary = rec.primary
    assert primary is not None and primary.meets_slo and not primary.redundancy
    assert primary.count == 1  # one card's load (module docstring): no second card bought as a margin
    offer = rec.spare_offer
    assert offer is not None and offer.hardware_id == primary.hardware_id and offer.add_count == 1
    hardware = catalog.hardware_by_id(primary.hardware_id)
    assert hardware is not None and hardware.price_usd
    # One more card, plus a larger host when a one-card server becomes a multi-card one (seed 1: $4,400 → $8,600).
    assert float(hardware.price_usd) <= offer.add_capex_usd <= float(hardware.price_usd) + 8_600 - 4_400 + 1
    assert any(f"${offer.add_capex_usd:,.0f}" in note and "N+1" in note for note in rec.assumptions)


def test_with_an_availability_ask_the_spare_is_bought_and_named(catalog):
    rec = recommend(ORG_ONE_CARD.model_copy(update={"availability_required": True}), catalog)
    primary = rec.primary
    assert primary is not None and primary.redundancy and primary.count >= 2
    assert rec.spare_offer is None
    assert any("failover asked" in note for note in rec.assumptions)


def test_availability_asked_below_organization_scale_still_buys_the_spare(catalog):
    team = Workload(model_params_b=8, concurrent_users=20, prompt_tokens=2000, output_tokens=300, quantization="FP8",
                    availability_required=True)
    primary = recommend(team, catalog).primary
    assert primary is not None and primary.redundancy and primary.count >= 2


@pytest.mark.parametrize("window", [6.0, 10.0])
def test_a_fixed_batch_count_is_sized_to_the_window_without_headroom_on_top(catalog, window):
    # 100k items × 1,500 prompt tokens: the job's own rates are items × tokens / window, nothing more.
    w = Workload(model_params_b=8, quantization="FP8", batch_items=100_000, prompt_tokens=1500, output_tokens=150,
                 batch_window_hours=window)
    rec = recommend(w, catalog)
    assert rec.batch is not None and rec.batch.headroom == 1.0
    assert rec.batch.required_prefill_tokens_per_s == pytest.approx(100_000 * 1500 / (window * 3600), rel=1e-3)
    assert rec.primary is not None and rec.primary.batch_hours is not None
    assert rec.primary.batch_hours <= window + 1e-9
    assert "1.5×" not in rec.primary.rationale
