"""One maker only ("we're a CUDA-only shop", "NVIDIA only", "只用英伟达"): `allowed_vendors` is that maker (CUDA is
NVIDIA's), so no other maker's device is bought."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from tests.bot.nlu.engine_turns import chat_engine, recommended


@pytest.mark.parametrize("text", [
    "we're a CUDA-only shop, 70b for 50 concurrent",
    "nvidia only please, 70b for 50 users at once",
    "只用英伟达，70B，50 并发",
    "我們只能用 NVIDIA，70B，同時 50 人",
])
def test_one_maker_only_is_the_allowed_vendor(text):
    assert parse_message(text).facts.get("allowed_vendors") == ["NVIDIA"]


def test_a_shop_without_a_maker_is_no_rule():
    assert "allowed_vendors" not in parse_message("our shop runs a 70b for 50 users").facts


def test_a_cuda_only_shop_buys_nvidia_through_the_engine(tmp_path):
    reply = recommended(chat_engine(tmp_path), "cuda", "public-facing chatbot on llama 3.1 405b fp8, we're a CUDA-only shop. "
                        "~64 concurrent sessions at peak, 4k ctx each. colo gives us one rack, 12 kW. spec me a node", "just recommend")
    assert reply.recommendation.primary.hardware_id.startswith("nvidia-")
