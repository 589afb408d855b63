"""Two models of different sizes on one card: the card holds and reads both models' weights, so the yes/no on it is
judged with both. Expectations from first principles, written before running:
- FP8 Llama 3.1 8B (8.0 GB) beside Qwen2.5 14B (14.7 GB) is ~23 GB of weights: one RTX PRO 6000 (96 GB, 1.79 TB/s)
  holds them with 16 users' short KV and reads ~25 GB a step, ~54 tok/s each: fits.
- FP8 Llama 3.3 70B (70.6 GB) beside Qwen3-32B (32.8 GB) is ~103 GB: one RTX PRO 6000 (96 GB) cannot hold both, though
  it holds the 70B alone: at the card asked for, no (fits_at_more or never_fits, never fits).
"""

from __future__ import annotations

import pytest

from estimator.advice.sizing import served_params_b
from estimator.workload import NamedDevice, Workload


def test_parameters_resident_add_each_models_own_size():
    together = Workload(model_params_b=14.7, models_served=2, co_served_params_b=8.0)
    copies = Workload(model_params_b=14.7, models_served=2)
    assert served_params_b(together) == pytest.approx(22.7)
    assert served_params_b(copies) == pytest.approx(29.4)


def _answer(catalog, **facts):
    from estimator.advice.recommend import recommend

    workload = Workload(named_devices=[NamedDevice(hardware_id="nvidia-rtx-pro-6000-blackwell", count=1)],
                        quantization="FP8", **facts)
    [answer] = recommend(workload, catalog).named
    return answer


def test_one_card_holds_two_small_models(catalog):
    answer = _answer(catalog, model_params_b=14.7, models_served=2, co_served_params_b=8.0, concurrent_users=16)
    assert answer.verdict == "fits"


def test_one_card_that_holds_the_larger_model_alone_cannot_hold_both(catalog):
    alone = _answer(catalog, model_params_b=70.6, concurrent_users=20, tokens_per_s_target=10)
    both = _answer(catalog, model_params_b=70.6, models_served=2, co_served_params_b=32.8, concurrent_users=20,
                   tokens_per_s_target=10)
    assert alone.verdict == "fits"
    assert both.verdict != "fits"
