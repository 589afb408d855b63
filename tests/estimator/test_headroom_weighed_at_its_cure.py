"""A capacity risk (tail latency near capacity, headroom short of seed 2's 1.5× overload) weighs in the ranking at most
what curing it costs: the same device bought for 1.5× the peak (`Sizer.headroom_bought`, `recommend.adjusted_cost`).

Expectations from first principles, written before running:
- Seed-OSS-36B at FP8 is 36 GB of weights; its KV is 2 × 64 layers × 8 KV heads × 128 × 2 B = 262,144 B/token, so 40
  people at ~16k tokens each hold 40 × 16.3k × 262 KB ≈ 171 GB: ~207 GB in all. Three 96 GB RTX PRO 6000 cards hold
  it and stream it at ~3 × 1.43 TB/s ≈ 4.3 TB/s (~48 ms a step, ~21 tok/s); five to eight cards (~$56-86k with hosts)
  carry the peak at the comfortable speed with room to spare. A 4-GPU HGX H100 board ($128.6k with its server) is
  more than twice that: a tight count of cards must not lose to it for headroom that a few more cards buy.
- The stated peak is people at once, so no count is bought for 1.5× it; the reply says what the headroom would cost.
"""

from __future__ import annotations

from estimator.advice.recommend import RISK_WEIGHT, adjusted_cost, recommend
from estimator.advice.sizing import CAPACITY_RISKS
from estimator.workload import Workload


def _doc_qa() -> Workload:
    return Workload(model_params_b=36, model_id="seed-oss-36b", concurrent_users=40, prompt_tokens=16_000)


def test_a_tight_count_of_cards_is_not_outranked_by_a_board(catalog):
    rec = recommend(_doc_qa(), catalog)
    assert rec.primary is not None
    assert rec.primary.capex_usd < 128_600 / 2  # under half the smallest HGX H100 board with its server
    assert rec.primary.count <= 8


def test_the_headroom_price_is_said_when_it_weighed(catalog):
    # The tight count leads with its capacity risk named, and the reply prices the cure: more of the same card, for
    # a positive sum below what the board would have added.
    rec = recommend(_doc_qa(), catalog)
    assert rec.primary is not None
    notes = [line for line in rec.assumptions if getattr(line, "key", None) == "note.headroom_cure"]
    assert notes, "the lead carries a capacity risk weighed at its cure"
    assert any(r.id in CAPACITY_RISKS for r in rec.risks)
    cure = notes[0].params
    assert cure["count"] > rec.primary.count and 0 < cure["extra"] < 128_600 - rec.primary.capex_usd


def _ranked_options(workload: Workload, catalog) -> list:
    """Every option `recommend` ranks for `workload` (its `rank` watched)."""
    from estimator.advice import recommend as module
    captured: list = []
    original = module.rank

    def spy(options, peak_users=None):
        captured.extend(options)
        return original(options, peak_users)

    module.rank = spy
    try:
        module.recommend(workload, catalog)
    finally:
        module.rank = original
    return captured


def test_the_weight_never_exceeds_the_cure(catalog):
    # Every option ranked: its ranking key is at most its own risk-weighted cost, and at most its cure's.
    cured = [s for s in _ranked_options(_doc_qa(), catalog) if s.headroom is not None]
    assert cured, "a tight count with a capacity risk was expected among the options"
    for sized in cured:
        own = sized.cost_per_token * (1 + RISK_WEIGHT * sized.risk_points)
        cure = sized.headroom
        assert cure.count > sized.count and cure.candidate.hardware.id == sized.candidate.hardware.id
        assert adjusted_cost(sized) == min(own, cure.cost_per_token * (1 + RISK_WEIGHT * cure.risk_points))


def test_no_cure_when_the_peak_is_worked_out_from_a_rate(catalog):
    # Streams from a rate: the count carrying 1.5× already competes as its own option (`Sizer.size`), so no cure is
    # attached (it would count the same purchase twice).
    options = _ranked_options(Workload(model_params_b=36, model_id="seed-oss-36b", requests_per_s=3.0,
                                       prompt_tokens=16_000), catalog)
    assert options and all(s.headroom is None for s in options)
