"""A purchase named with its need doubted ("is that overkill?", "有必要吗", "真的需要吗", "能不能别上 8 卡") is a yes/no
from above (`named_doubted`): any smaller purchase that meets the targets answers it and leads, the named one beside it.
"Would one L40S do?" / "够吗" ask from below and stay as they were.

Expectation from first principles, written before running: Qwen2.5-14B at FP8 is ~15 GB of weights, and 30 chats of
~1.8k tokens hold 30 × 1.8k × 196,608 B ≈ 10.6 GB of KV: ~26 GB, one or two PCIe cards ($5-25k with a host). An
8-GPU H20 board (768 GB, $116.6k with its server) is 4-20× that, so "is 8× H20 necessary?" is answered "no".
"""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from tests.bot.nlu.engine_turns import chat_engine, recommended


@pytest.fixture(scope="module")
def matcher(catalog):
    return HardwareMatcher(catalog.hardware)


@pytest.mark.parametrize("text", [
    "support bot on qwen3-32b, 25 concurrent chats. vendor quoted an hgx h100 box, is that overkill?",
    "do we really need 8x h100 for a 14b model and 20 users?",
    "llama 3.1 8b for 8 people at once. someone wants 4x h100, sanity check?",
    "客服用 Qwen2.5-14B，并发 30，供应商报了 8 卡 H20，有必要吗？",
    "法務 6 個人同時用 70B，有人說要買 8 卡 H100，真的需要嗎",
    "Qwen3-8B，日均 3000 次调用，能不能别上 8 卡服务器",
    "廠商推 4 卡 H100 PCIe，我覺得太多",
    "qwen3-30b-a3b, 40 concurrent. vendor quoted an 8x H20 HGX. reasonable?",
    "is an 8-gpu HGX H100 the right call for qwen3-32b at 100 users? or can we go smaller",
    "gpt-oss-120b 給 150 人同時用，買一台 8 卡 B200 夠嗎？還是其實不用那麼大",
])
def test_doubt_of_a_named_purchase_is_read(text, matcher):
    assert parse_message(text, hardware=matcher).facts.get("named_doubted") is True


@pytest.mark.parametrize("text", [
    "would one l40s do for a 14b model and 20 users?",
    "两张 L40S 够吗？14B，并发 20",
    "how many h100 do we need for llama 70b at 100 concurrent?",
])
def test_a_question_from_below_is_no_doubt(text, matcher):
    assert not parse_message(text, hardware=matcher).facts.get("named_doubted")


def test_a_smaller_purchase_answers_the_doubt_through_the_engine(tmp_path):
    reply = recommended(chat_engine(tmp_path), "doubt", "客服机器人，Qwen2.5-14B FP8，高峰并发 30 个，单次输入 1500 token 输出 300，"
                        "供应商报了台 8 卡 H20 的机器，有必要吗？我们只能在国内采购", "直接推荐")
    primary = reply.recommendation.primary
    assert primary.capex_usd < 116_600 / 4
    assert any(o.hardware_id == "nvidia-h20" and o.count == 8 for o in reply.recommendation.alternatives)


def test_only_buyable_devices_keep_the_lead_when_doubted(tmp_path):
    # Only the named device can be bought: the doubt is answered among what can be bought, never with another card.
    reply = recommended(chat_engine(tmp_path), "only", "只买得到 H20。Qwen2.5-14B FP8，高峰并发 30，8 卡 H20 有必要吗？", "直接推荐")
    assert reply.recommendation.primary.hardware_id == "nvidia-h20"


@pytest.mark.parametrize(("text", "device"), [
    ("internal chat on gpt-oss-120b, 20 at once. we got quoted 8x h200. sanity check?", "nvidia-h200-sxm"),
    ("we've been quoted 4x h100 for a 14b model, 20 users", "nvidia-h100-sxm"),
    ("客服用 Qwen2.5-14B，供应商报了台 8 卡 H20 的机器", "nvidia-h20"),
])
def test_a_quoted_purchase_is_asked_about_never_owned(text, device, matcher):
    # a quote is a price offered for a purchase: nothing is owned, and the device quoted gets its answer (8 of it)
    facts = parse_message(text, hardware=matcher).facts
    assert not facts.get("owned_devices")
    assert (device, 8 if "8" in text else 4) in {(d["hardware_id"], d["count"]) for d in facts.get("named_devices", [])}
