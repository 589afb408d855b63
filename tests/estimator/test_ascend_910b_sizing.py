"""50 users of a 32B model on Huawei Ascend 910B cards: an expert buys 4-8, one Atlas 800 A2's worth at most.

Worked out before running the product: a 32B model is 65.6 GB in BF16 (32.8B x 2 bytes), more than one 64 GB card,
so a copy spans at least 2 cards; Atlas 800I A2 servers hold 8 NPUs fully connected over HCCS (a fabric, not the
PCIe host link named beside it). At 1.6 TB/s per card and ~60 % of it in a decode step, 4 cards read a copy's
weights in 65.6 / (4 x 1.6 x 0.6) ~ 17 ms, and 50 streams' KV cache (262 KB a token x ~1,500 tokens x 50 ~ 20 GB)
adds ~5 ms: ~45 steps a second, past a 30 tok/s reading speed with room; 8 cards halve both. Anything past one
8-card server (the 40 or 304 cards the PCIe misread gave) is not what anyone would buy. The reading speed is stated
here: with none stated, Huawei's Atlas 300I Duo cards at seed 1's acceptable band cost a quarter of the server and lead
(tests/estimator/test_comfort_at_a_premium_under_a_buying_rule.py).
"""

from __future__ import annotations

import pytest

from estimator.advice.recommend import recommend
from estimator.workload import Workload

LONG_PROMPTS = dict(prompt_tokens=4000, tokens_per_s_target=30)


@pytest.mark.parametrize("shape", [LONG_PROMPTS, dict(prompt_tokens=1000, output_tokens=500, quantization="BF16")])
def test_fifty_users_of_a_32b_on_ascend_910b_buy_one_servers_worth(catalog, shape):
    rec = recommend(Workload(model_params_b=32, concurrent_users=50, allowed_vendors=["Huawei"], **shape), catalog)
    assert rec.primary is not None and rec.primary.hardware_id == "huawei-ascend-910b" and rec.primary.meets_slo
    assert 4 <= rec.primary.count <= 8
