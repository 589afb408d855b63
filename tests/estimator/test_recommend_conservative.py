"""A safe answer: targets checked against the low end of each estimate's likely range.

With the shipped catalog and calibration: a conservative request can only ask more of the hardware,
so it never needs fewer devices of the same option, its primary's low-end speed meets the target,
and the reply says which figure the targets were checked against.
"""

from __future__ import annotations

from estimator.workload import Workload
from knowledge.testing import memory_catalog
from tests.support.worded import recommend

TEAM = {"model_params_b": 8.0, "quantization": "Q4_K_M", "concurrent_users": 40, "tokens_per_s_target": 25.0,
        "ttft_target_ms": 3000, "prompt_tokens": 1000, "output_tokens": 300}


def test_conservative_answer_meets_the_target_at_the_low_end_and_says_so(catalog):
    safe = recommend(Workload(**TEAM, conservative=True), catalog)
    plain = recommend(Workload(**TEAM), catalog)
    low, _ = safe.primary.estimate.decode_tokens_per_s_per_user_range
    assert safe.primary.meets_slo and low >= TEAM["tokens_per_s_target"]
    assert any("low end of each option's likely range" in line for line in safe.assumptions)
    assert not any("low end of each option's likely range" in line for line in plain.assumptions)


def test_conservative_never_needs_fewer_devices_of_an_option(catalog):
    # What an option needs is the fewest devices that carry the peak (and the 1.5x overload) at the targets; the
    # count a reply shows is the variant the ranking prefers, which may be the peak's in one answer and the
    # overload's in the other (plain: 4 RTX 4070 carrying 60, conservative: 3 carrying 40), so the needs are compared.
    from estimator.advice.assume import fill_defaults
    from estimator.advice.candidates import enumerate_candidates
    from estimator.advice.recommend import default_shortcuts, default_throughput
    from estimator.advice.sizing import Sizer

    safe = recommend(Workload(**TEAM, conservative=True), catalog)
    plain = recommend(Workload(**TEAM), catalog)
    shown = {(o.hardware_id, o.serving_stack) for o in [safe.primary, *safe.alternatives, plain.primary,
                                                         *plain.alternatives]}
    estimate, capacity = default_throughput()
    sizers = []
    for conservative in (False, True):
        filled, _ = fill_defaults(Workload(**TEAM, conservative=conservative), memory_catalog())
        sizers.append(Sizer(filled, catalog, estimate, capacity, shortcuts=default_shortcuts(None)))
    candidates = enumerate_candidates(sizers[0].workload, catalog)[0]
    compared = 0
    for cand in candidates:
        if (cand.hardware.id, cand.stack.name) not in shown:
            continue
        for users in (40, 60):
            needs = [s.smallest_count(cand, users) for s in sizers]
            if needs[0] is not None:
                compared += 1
                assert needs[1] is None or needs[1] >= needs[0], (cand.hardware.id, cand.stack.id, users)
    assert compared


def test_the_parser_hears_a_request_for_a_safe_answer():
    from bot.nlu.lexicon import CONSERVATIVE

    for text in ("give me a conservative answer", "we'd rather play it safe", "请给一个保守的估计", "穩妥一點"):
        assert CONSERVATIVE.search(text), text
    assert not CONSERVATIVE.search("a safety-critical medical assistant")


def test_a_device_bought_on_borrowed_factors_is_checked_at_the_low_end_an_owned_one_is_not(catalog):
    # The Arc Pro B60 has no measured serving row on its stack: its factors are borrowed, so its central
    # figure is no basis for a purchase. Owned, nothing is bought on it (the pilot measures it). (Gaudi 3 was
    # the example until Intel's own vLLM runs on it calibrated vLLM on accelerators, session 18.)
    from dataclasses import replace

    from estimator.advice.candidates import enumerate_candidates
    from estimator.advice.recommend import default_throughput
    from estimator.advice.sizing import Sizer

    workload = Workload(model_params_b=70, concurrent_users=200, quantization="Q4_K_M")
    arc = next(c for c in enumerate_candidates(workload, catalog)[0] if c.hardware.id == "intel-arc-pro-b60")
    sizer = Sizer(workload, catalog, *default_throughput())
    est = sizer.estimate(arc, 8)
    assert not est.calibrated and est.decode_tokens_per_s_per_stream_range is not None
    low = est.decode_tokens_per_s_per_stream_range[0]
    assert low < est.decode_tokens_per_s_per_stream
    assert sizer.speed(est, arc) == low
    assert sizer.speed(est, replace(arc, existing=True)) == est.decode_tokens_per_s_per_stream
