"""A buyer in mainland China is read as such (`buyer_in_china`) from where they say they are or what rules bind them:
"大陆公司", "深圳廠區", "出口管制", "采购只能走国内渠道", "our Beijing entity", "export controls", "a lab in Wuhan". A
message that says none of it is not."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize("text", [
    "因為美國出口管制，我們大陸公司只能買 H20。Llama 3.1 70B FP8，100 人同時",
    "深圳廠區的實驗室只買得到 4090D",
    "公司在蘇州，採購只能走國內管道，跑 Qwen3-8B",
    "We can buy H20 HGX boxes through our Beijing entity. DeepSeek-V3 FP8, 64 concurrent users",
    "Chinese subsidiary, we have to buy locally, Qwen3-30B-A3B for 20 users",
    "Gov't lab in Wuhan, Huawei hardware only",
    "export controls mean H20 or 4090D is what we can buy",
])
def test_a_buyer_in_mainland_china_is_read(text):
    assert parse_message(text).facts.get("buyer_in_china") is True


@pytest.mark.parametrize("text", [
    "Qwen3-32B 给 30 人用，L40S 还是 RTX PRO 6000，要几张",
    "台北的團隊想跑 Qwen3-14B，10 個人同時用",
    "we're in Singapore, 50 users on llama 3.1 70b",
    "our customer success team wants a chatbot for 40 concurrent users",
])
def test_no_place_or_rule_of_the_mainland_reads_nothing(text):
    assert parse_message(text).facts.get("buyer_in_china") is None
