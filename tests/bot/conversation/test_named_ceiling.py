"""A named device no count of which meets the targets: the answer says why (the per-copy ceiling), and
"how many" answers the fewest that hold the model, never the search's ceiling of 1,024.

Expectations worked out before running, from first principles: Llama 3.3 70B in FP16 is 70.6B × 2 bytes
≈ 141 GB of weights; an L40S holds 48 GB, so one copy needs at least 3 cards, and tensor parallelism
takes powers of two: 4 cards (176 GB, room for 20 users' KV cache: 20 × 1,300 tokens × 320 KB ≈ 8.5 GB).
Decode is bandwidth-bound: a copy on 4 × 864 GB/s reads 141 GB per step, at most 3.46 TB/s / 141 GB
≈ 24.5 tok/s per user even at 100 % bandwidth, below 30 tok/s; L40S servers hold 4 PCIe cards here,
so more cards add copies (users), never speed. So no count meets 30 tok/s.
"""

from __future__ import annotations

import re

import pytest

from tests.support.engine_fixtures import talk

FACTS = {
    "en": "20 users, prompts ~1000 tokens, answers ~300, first token under 2 s",
    "zh-Hans": "20 人同时使用，提示约1000 token，回答约300，首 token 2 秒内",
    "zh-Hant": "20 人同時使用，提示約1000 token，回答約300，首 token 2 秒內",
}
ONE = {
    "en": "Would one L40S do for Llama 3.3 70B in FP16? ",
    "zh-Hans": "一张 L40S 够不够跑 Llama 3.3 70B FP16？",
    "zh-Hant": "一張 L40S 夠不夠跑 Llama 3.3 70B FP16？",
}
MANY = {
    "en": "How many L40S do we need for Llama 3.3 70B in FP16? ",
    "zh-Hans": "需要几张 L40S 才能跑 Llama 3.3 70B FP16？",
    "zh-Hant": "需要幾張 L40S 才能跑 Llama 3.3 70B FP16？",
}
CEILING = {
    "en": r"No number of L40S would: .*?one copy \(4 × L40S\) reaches ([\d.]+) tok/s per user at best",
    "zh-Hans": r"再多 L40S 也达不到：.*?一份模型（4 × L40S）每人最多 ([\d.]+) tok/s",
    "zh-Hant": r"再多 L40S 也達不到：.*?一份模型（4 × L40S）每人最多 ([\d.]+) tok/s",
}
BANDWIDTH_CEILING_TPS = 4 * 864 / 141.2  # ≈ 24.5 tok/s per user at 100 % of the bandwidth


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_one_l40s_for_a_70b_fp16_says_why_no_count_would(engine, lang):
    reply = talk(engine, ONE[lang] + FACTS[lang], thread="one" + lang)[-1]
    assert reply.recommendation is not None
    first = reply.text.split("\n")[1]
    assert "1024" not in first and "1,024" not in first
    found = re.search(CEILING[lang], first)
    assert found, first
    assert 0 < float(found.group(1)) < BANDWIDTH_CEILING_TPS


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_how_many_l40s_answers_the_fewest_that_hold_the_model(engine, lang):
    reply = talk(engine, MANY[lang] + FACTS[lang], thread="many" + lang)[-1]
    first = reply.text.split("\n")[1]
    head = {"en": "How many L40S: 4 — no, ", "zh-Hans": "需要几台 L40S：4 台。", "zh-Hant": "需要幾台 L40S：4 台。"}[lang]
    assert first.startswith(head), first
    assert "$11," not in first and "1024" not in first  # never the search's ceiling
    assert re.search(CEILING[lang], first), first


# A power limit: an RTX 5090 is a 575 W card (catalog TDP), so 3 of them draw ≥ 1,725 W and 4 ≥ 2,300 W
# before their host, both past a 1.5 kW closet, whatever their speed.
CLOSET = ("Our closet has 1.5 kW. Would {n} RTX 5090 do for Qwen3 32B at Q4_K_M for 30 users? prompts ~1000, "
          "answers ~300, first token under 2 s")


def test_a_named_count_that_meets_the_targets_past_the_power_limit_says_so(engine):
    first = engine.handle("c4", CLOSET.format(n="four")).text.split("\n")[1]
    assert "falls short" not in first  # its speed is not what is wrong
    assert "past your limits" in first and "against 1,500 W" in first


def test_the_smallest_count_that_meets_the_targets_names_the_limit_it_passes(engine):
    first = engine.handle("c2", CLOSET.format(n="two")).text.split("\n")[1]
    if "would meet them" in first:  # 3 or more cards: ≥ 1,725 W
        assert "would meet them, but past your limits" in first and "against 1,500 W" in first
