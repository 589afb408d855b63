"""People by day and a batch job at night on one box are sized as two workloads in turn, the purchase the larger count
on one device (`advice.day_night`), and the reply says which one drives it.

Worked out before running. Night-driven: an 8B in FP8 for 10 people by day (8 GB of weights plus ~1 GB of KV: any
card carries them at ≥ 30 tok/s), and at night 2M items x 600 tokens in, 80 out, within 6 h: 1.2B prompt tokens /
21,600 s = 55.6k tok/s x 16 GFLOP = ~0.9 PFLOP/s of prefill, more than any one GDDR card's dense FP8 at a realistic
share; the purchase is the night's. Day-driven: a 14B in FP8 for 40 people at once (1.8k tokens each, 164 KB a token:
~12 GB of KV beside 14.8 GB of weights), and at night 5k items x 4k tokens within 7 h: 794 tok/s x 30 GFLOP = 24
TFLOP/s, a few per cent of any card; the purchase is the day's, at seed 1's comfortable 30 tok/s (never the 10 tok/s a
batch job alone is sized at)."""

from __future__ import annotations

from estimator.advice.day_night import day_workload, night_workload
from estimator.advice.recommend import recommend
from estimator.workload import Workload


def _drives(rec):
    """The day-and-night finding: its key and the two counts it states."""
    (line,) = [a for a in rec.assumptions if getattr(a, "key", "").startswith("note.day_night.")]
    return line.key, line.params["day"], line.params["night"]


def test_a_heavy_night_job_drives_the_count_and_the_day_keeps_chat_speed(catalog):
    rec = recommend(Workload(model_params_b=8.0, quantization="FP8", concurrent_users=10, batch_items=2_000_000,
                             prompt_tokens=600, output_tokens=80, batch_window_hours=6, day_and_night=True), catalog)
    assert rec.primary is not None
    key, day, night = _drives(rec)
    assert key == "note.day_night.night" and day == 1 < night == rec.primary.count
    assert rec.primary.count >= 2 or rec.primary.capex_usd > 20_000  # ~0.9 PFLOP/s of prefill is no one-GDDR-card job
    assert rec.primary.estimate.decode_tokens_per_s_per_user >= 30 * 0.8


def test_a_light_night_job_leaves_the_day_chat_to_decide_at_comfortable_speed(catalog):
    rec = recommend(Workload(model_params_b=14.8, quantization="FP8", concurrent_users=40, batch_items=5_000,
                             prompt_tokens=1_800, output_tokens=300, batch_window_hours=7, day_and_night=True), catalog)
    assert rec.primary is not None
    key, day, night = _drives(rec)
    assert night == 1 and day == rec.primary.count  # the job is a few per cent of one card: the day decides
    assert key == ("note.day_night.both" if day == 1 else "note.day_night.day")
    assert rec.primary.estimate.decode_tokens_per_s_per_user >= 30 * 0.8
    assert rec.primary.capex_usd < 20_000  # a 32-96 GB card (or two 24 GB) carries 27 GB at 30 tok/s


# Two models taking turns on owned cards. Worked out before running: by day Qwen3-32B in FP8 for 8 people at once (32.8 GB
# of weights + 8 x 2.4k x 262 KB = 5 GB of KV: 38 GB a step over two L40S, 1.12 TB/s effective -> ~30 tok/s); at night
# Llama 3.1 8B classifies 200k tickets x 800 tokens within 6 h (7.4k tok/s x 16 GFLOP = 118 TFLOP/s, ~16 % of the
# pair's dense FP8 at half its peak). Each window fits the owned pair on its own model: nothing to buy. Sized as one
# 41B load (the 8B's weights held beside the 32B by day, the job run through 41B of parameters at night) the night's
# prefill alone would need ~5x the compute.
_SWAPPED = dict(model_params_b=32.8, model_id="qwen3-32b", quantization="FP8", concurrent_users=8, prompt_tokens=800,
                output_tokens=10, batch_items=200_000, batch_window_hours=6, day_and_night=True, models_served=2,
                co_served_params_b=8.03,
                served_models=[{"model_params_b": 32.8, "model_id": "qwen3-32b", "role": "chat"},
                               {"model_params_b": 8.03, "model_id": "llama-3.1-8b", "role": "chat", "batch": True}],
                owned_devices=[{"hardware_id": "nvidia-l40s", "kind": "gpu", "count": 2}])


def test_each_window_is_sized_on_its_own_model_without_the_other():
    day, night = day_workload(Workload(**_SWAPPED)), night_workload(Workload(**_SWAPPED))
    assert (day.model_id, day.model_params_b, day.co_served_params_b, day.served_models) == ("qwen3-32b", 32.8, None, None)
    assert (night.model_id, night.model_params_b, night.co_served_params_b) == ("llama-3.1-8b", 8.03, None)
    assert night.batch_items == 200_000 and night.concurrent_users is None


def test_owned_cards_that_carry_each_window_are_the_answer_at_no_capex(catalog):
    rec = recommend(Workload(**_SWAPPED), catalog)
    assert rec.primary is not None and rec.primary.hardware_id == "nvidia-l40s" and rec.primary.capex_usd == 0
    assert any(getattr(a, "key", "") == "assume.day_night.swap" for a in rec.assumptions)


def test_the_swap_is_no_rule_for_a_night_job_on_the_days_own_model():
    one = Workload(**{**_SWAPPED, "served_models": None, "models_served": None, "co_served_params_b": None})
    assert day_workload(one) is one
