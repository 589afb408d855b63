""""How many X?" with no speed set: the device asked about is the lead's question, as a buying rule is, so seed 1's
step from its budget option ($6,000, "acceptable latency") to its production option ($13,000), about 2.2×, bounds
what a comfortable speed nobody asked for may cost on it. Past that, X at seed 1's acceptable band (15–30 tok/s)
leads, the comfortable count of X beside it with its price.

Worked out before running (capex trial r5-hans-02): DeepSeek-V3.2 671B re-quantized W8A8 is ~671 GB; 910B has 64 GB,
so two Atlas 800I A2 (16 cards, 1 TB) hold one copy. At 48 streams a decode step reads the 37B active weights plus
the routed experts the batch touches (~300–470 GB over 16 x 1.6 TB/s at ~60 %, ~15 TB/s): ~17–30 steps/s, the
acceptable band, at 16 x ~$21.7k = ~$347k. Four copies (64 cards, ~$1.39M, 4x) for 30 tok/s is past the step.
A count asked ("would 16 do?"), a speed said, or a device whose comfortable count is cheap keeps the targets.
"""

from __future__ import annotations

from estimator.advice.recommend import recommend
from estimator.workload import NamedDevice, Workload

V32 = dict(model_id="deepseek-v3.2", model_params_b=671.0, active_params_b=37.0, quantization="FP8",
           concurrent_users=48)


def _keys(rec) -> set[str]:
    return {line.key for line in rec.assumptions if hasattr(line, "key")}


def _asked(hardware_id: str, count: int | None = None) -> list[NamedDevice]:
    return [NamedDevice(hardware_id=hardware_id, count=count)]


def test_how_many_910b_is_answered_at_the_acceptable_band_when_comfort_costs_four_times(catalog):
    rec = recommend(Workload(**V32, named_devices=_asked("huawei-ascend-910b")), catalog)
    assert rec.primary is not None and rec.primary.hardware_id == "huawei-ascend-910b"
    assert rec.primary.count == 16
    assert 15 <= rec.primary.estimate.decode_tokens_per_s_per_user < 30
    comfortable = [a for a in rec.alternatives if a.hardware_id == "huawei-ascend-910b"]
    assert comfortable and comfortable[0].capex_usd > 2.2 * rec.primary.capex_usd
    assert "note.comfort_premium" in _keys(rec)


def test_a_count_asked_about_is_judged_at_the_targets(catalog):
    rec = recommend(Workload(**V32, named_devices=_asked("huawei-ascend-910b", 16)), catalog)
    assert "note.comfort_premium" not in _keys(rec)


def test_a_stated_speed_is_held_on_the_device_asked_about(catalog):
    rec = recommend(Workload(**V32, named_devices=_asked("huawei-ascend-910b"), tokens_per_s_target=30), catalog)
    assert "note.comfort_premium" not in _keys(rec)
    assert rec.primary is not None and rec.primary.estimate.decode_tokens_per_s_per_user >= 30 / 1.2


def test_a_device_whose_comfortable_count_is_cheap_keeps_the_comfortable_speed(catalog):
    # 8 x H200 (1.1 TB, 4.8 TB/s each) holds the FP8 weights and decodes 48 streams near 30 tok/s on one board:
    # the acceptable band needs the same board, so there is no step to weigh
    rec = recommend(Workload(**V32, named_devices=_asked("nvidia-h200-sxm")), catalog)
    assert "note.comfort_premium" not in _keys(rec)
    assert rec.primary is not None and rec.primary.estimate.decode_tokens_per_s_per_user >= 30 / 1.2
