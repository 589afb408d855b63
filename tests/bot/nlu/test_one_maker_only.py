"""One maker the buyer is limited to ("Huawei hardware only", "领导说必须用华为的卡", "只能上昇腾", "we're a CUDA-only
shop", "只用英伟达") is read as the only vendor allowed, in the catalog's spelling (CUDA is NVIDIA's), as the domestic-only
rule ("信创") reads the domestic makers; a maker named under that rule narrows it further. Naming a maker, or owning its
kit, allows nothing."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message
from tests.bot.nlu.engine_turns import chat_engine, recommended


@pytest.mark.parametrize(("message", "vendors"), [
    ("Gov't lab in Wuhan, Huawei hardware only. Qwen 32B for 10 people", ["Huawei"]),
    ("we can only buy huawei, 20 users on llama 8b", ["Huawei"]),
    ("procurement says it must be Huawei-only, what config?", ["Huawei"]),
    ("客服机器人，模型 Qwen2.5-7B。领导说必须用华为的卡。怎么配？", ["Huawei"]),
    ("信创项目，只能上昇腾，Qwen3-32B 给 20 人用", ["Huawei"]),
    ("公司規定只能用華為的卡，30 人同時用", ["Huawei"]),
])
def test_one_maker_only_is_the_allowed_vendor(message, vendors):
    assert parse_message(message).facts.get("allowed_vendors") == vendors


@pytest.mark.parametrize("message", [
    "we run nvidia today and it's fine, 20 users on llama 8b",
    "我们现在用的是华为的服务器，想加几张卡",
    "is huawei any good for 20 users on qwen 14b?",
])
def test_naming_a_maker_allows_nothing(message):
    assert parse_message(message).facts.get("allowed_vendors") is None


def test_domestic_rule_still_allows_every_domestic_maker():
    assert "Cambricon" in parse_message("信创要求，Qwen3-14B 给 30 人用").facts["allowed_vendors"]


@pytest.mark.parametrize("text", [
    "we're a CUDA-only shop, 70b for 50 concurrent",
    "nvidia only please, 70b for 50 users at once",
    "只用英伟达，70B，50 并发",
    "我們只能用 NVIDIA，70B，同時 50 人",
])
def test_one_stack_only_is_nvidia(text):
    assert parse_message(text).facts.get("allowed_vendors") == ["NVIDIA"]


def test_a_shop_without_a_maker_is_no_rule():
    assert "allowed_vendors" not in parse_message("our shop runs a 70b for 50 users").facts


def test_a_cuda_only_shop_buys_nvidia_through_the_engine(tmp_path):
    reply = recommended(chat_engine(tmp_path), "cuda", "public-facing chatbot on llama 3.1 405b fp8, we're a CUDA-only shop. "
                        "~64 concurrent sessions at peak, 4k ctx each. colo gives us one rack, 12 kW. spec me a node", "just recommend")
    assert reply.recommendation.primary.hardware_id.startswith("nvidia-")
