"""China-market and domestic device names as buyers in mainland China write them: the device each names, and its model
number never read as a model size, a head count or a count of devices ("寒武纪 590", "昆仑芯 P800", "海光 K100-AI").
One device's price is no budget ("~16.5k RMB each", "单张报价大概五万"). Written before the reader changed (7 Dec 2026).
"""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher, parse_message
from bot.wiring import store_model_lookup


@pytest.fixture(scope="module")
def read(catalog):
    from knowledge.testing import shared_memory_store

    matcher, find_model = HardwareMatcher(catalog.hardware), store_model_lookup(shared_memory_store())
    return lambda text: dict(parse_message(text, hardware=matcher, find_model=find_model, rates=catalog.fx_rates).facts)


def _devices(facts: dict) -> dict[str, int | None]:
    found = {d["hardware_id"]: d.get("count") for d in facts.get("named_devices", [])}
    found.update({d["hardware_id"]: d.get("count") for d in facts.get("owned_devices", [])})
    return found


@pytest.mark.parametrize(("text", "device"), [
    # the 5090 D on sale since Aug 2025 is the 24 GB V2; a stated 32 GB is the first one
    ("5090D 要几张？", "nvidia-rtx-5090d-v2"),
    ("5090 D 要几张？", "nvidia-rtx-5090d-v2"),
    ("we can get 5090 D v2 cards here, how many do we need?", "nvidia-rtx-5090d-v2"),
    ("我们有两张 5090D 32G，够吗", "nvidia-rtx-5090d"),
    ("RTX PRO 6000D 两张够吗", "nvidia-rtx-pro-6000d"),
    ("北京只能采购 6000D，要几张", "nvidia-rtx-pro-6000d"),
    ("两张 4090 D 够吗", "nvidia-rtx-4090d"),  # a suffix said apart is still that card, not the RTX 4090
    ("would a 5070 Ti do?", "nvidia-rtx-5070ti"),  # the same rule beyond China's parts
    ("is a 4060 ti enough?", "nvidia-rtx-4060ti-16gb"),
    ("我们有 8 张 K100_AI，够不够", "hygon-k100-ai"),
    ("海光 K100-AI 四张能跑吗", "hygon-k100-ai"),
    ("手上 4 张寒武纪 MLU370-X8，够吗", "cambricon-mlu370-x8"),
    ("MLU370 两张够不够", "cambricon-mlu370-x8"),
])
def test_a_china_part_is_read_as_itself(read, text, device):
    assert device in _devices(read(text)), read(text)


def test_two_china_parts_weighed_in_one_question_are_both_read(read):
    found = _devices(read("纠结买 5090D 还是 4090D。Qwen2.5-14B，要几张？"))
    assert {"nvidia-rtx-5090d-v2", "nvidia-rtx-4090d"} <= set(found)


@pytest.mark.parametrize(("text", "count"), [
    ("我们机房有一台 8 卡海光 K100-AI 的服务器一直闲着", 8),  # the maker's name between the cards and the device
    ("我们有一台 8 卡英伟达 H20 的服务器", 8),
    ("我们有 8 张 K100_AI", 8),
])
def test_the_cards_of_a_server_count_past_the_makers_name(read, text, count):
    assert count in _devices(read(text)).values(), read(text)


@pytest.mark.parametrize(("text", "users", "params_b"), [
    ("寒武纪 590 两台，能撑 300 人并发吗，模型 32b", 300, 32),
    ("昆仑芯 P800 8卡 够 100 人吗，跑 32b", 100, 32),
    ("思元590 跑 70b 给 20 人用要几张", 20, 70),
    ("海光 BW1000 八卡，70b，50 人同时用", 50, 70),
    ("we have 4x MLU370-X8, 7b model, 20 users at once", 20, 7),
])
def test_a_model_number_is_no_size_and_no_head_count(read, text, users, params_b):
    facts = read(text)
    assert facts.get("concurrent_users") == users, facts
    assert facts.get("model_params_b") == pytest.approx(params_b, abs=1), facts


@pytest.mark.parametrize("text", [
    "We can get 5090 D v2 cards locally for ~16.5k RMB each. Qwen3-32B FP8 for 20 people.",
    "单张报价大概五万人民币，Qwen2.5-72B 给 30 人用",
    "the vendor wants $7k a card for the 6000D, 30 users on a 70b",
])
def test_one_devices_price_is_no_budget(read, text):
    assert "budget_usd" not in read(text)


def test_a_budget_said_beside_a_unit_price_is_still_the_budget(read):
    facts = read("预算 10 万人民币，每张 1.6 万，Qwen3-32B 给 20 人用")
    assert facts.get("budget_amount") == 100_000 and facts.get("budget_currency") == "CNY"
