"""A terse lead asking for a 70B on datacenter GPUs gets an answer in the format an expert would serve it
in, with what that format costs in accuracy, in English and Chinese.

Worked out before running: the lead names no format. An H100 lists an FP8 rate and vLLM runs FP8, so the
H100 the lead leans to ("H100s probably") is weighed at FP8: 70.6 GB of weights (1 byte each) on 73.6 usable
GB leaves KV room for ~10 users, so one H100 falls short of 100 users and the answer says how many would
do. The reply states the accuracy cost of the chosen format (FP8: within ~1 % of BF16, checked on the user's
own eval set) and never sizes an HBM datacenter option at seed 1's llama.cpp Q4_K_M by default.
"""

from __future__ import annotations

import pytest

from tests.support.engine_fixtures import talk

LEAD = {
    "en": "need to serve llama 3.3 70b to ~100 concurrent users, H100s probably, vllm",
    "zh-Hans": "要给大概100个并发用户跑 llama 3.3 70b，大概用H100，vllm",
}
GO = {"en": "just recommend", "zh-Hans": "直接推荐"}
# The accuracy note of a format chosen for the user, in each language.
ACCURACY = {"en": ("1 %", "eval set"), "zh-Hans": ("1 %", "评测集")}


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_reply_sizes_the_h100_at_fp8_and_states_the_accuracy_cost(engine, lang):
    replies = talk(engine, LEAD[lang], GO[lang], thread=f"fp8-{lang}")
    final = replies[-1]
    assert final.recommendation is not None
    text = final.text
    # "H100s probably": some number of H100s, sized (the plural names no count)
    head = "H100 SXM5 80GB at FP8" if lang == "en" else "H100 SXM5 80GB（按 FP8）"
    assert head in text, text[:600]
    assert all(word in text for word in ACCURACY[lang]), text
    primary = final.recommendation.primary
    assert primary.weight_format_default is True
    # the named H100 is sized at FP8 (the head line above); the primary at its own device's default format
    assert final.recommendation.workload["quantization"] == primary.weight_format
