"""Two models served at once on one card or box ("can one L40S serve both our 8B and 14B?", "一张 4090 能不能同时跑 X 和 Y",
"兩個模型都要常駐"): not a choice between them. The larger is the model read, the others' parameters are added
(`co_served_params_b`), and a load said of each model is that many on every one of them."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.hardware import HardwareMatcher
from knowledge.testing import memory_catalog


@pytest.mark.parametrize(("text", "largest", "others", "users"), [
    ("can one L40S serve both our 13B and 7B? ~10 users each", 13, 7, 20),
    ("is a single 5090 enough to keep a 14b and an 8b loaded together? 6 people on each at once", 14, 8, 12),
    ("一张 4090 能不能同时跑 14B 和 8B 两个模型？各自大概 5 个人同时用", 14, 8, 10),
    ("兩個模型（14B 和 8B）要一起上線，各 10 個人同時用", 14, 8, 20),
    ("32B 和 7B 两个模型都要常驻，一共 20 个并发", 32, 7, 20),
])
def test_models_served_together_add_their_sizes_and_loads(text, largest, others, users):
    facts = parse_message(text).facts
    assert facts["models_served"] == 2
    assert facts["model_params_b"] == largest
    assert facts["co_served_params_b"] == others
    assert facts["concurrent_users"] == users


@pytest.mark.parametrize("text", [
    "torn between a 14b and a 32b for our helpdesk bot, maybe 30 ppl at once",
    "14B 和 32B 各需要什么硬件？30 人",
])
def test_two_models_weighed_are_still_options(text):
    result = parse_message(text)
    assert "co_served_params_b" not in result.facts
    assert result.options.get("model")


def test_a_device_asked_about_for_both_models_is_named():
    matcher = HardwareMatcher(memory_catalog().hardware)
    result = parse_message("one L40S for both a 14b and an 8b? fp8, 10 users", hardware=matcher)
    assert [d.hardware_ids for d in result.hardware if d.hardware_ids][0] == ("nvidia-l40s",)
    assert result.facts["co_served_params_b"] == 8


def test_more_models_said_than_sized_are_copies_of_the_largest():
    # (A reranker said beside the 32B is its own small model: tests/bot/nlu/test_served_models_each_with_its_load.py.)
    facts = parse_message("要同时挂三个模型：32B 做对话，再加一个 7B 做代码补全，并发 30").facts
    assert facts["models_served"] == 3
    assert "co_served_params_b" not in facts


@pytest.mark.parametrize("text", [
    "one h100 for a 70b plus a 7b coder for code completion on the same gpu, 25 chat users at peak. will that do?",
    "we run a 7b as a ticket classifier and a 13b for chat. can both live on a single L40S? 12 users",
])
def test_the_work_said_of_the_smaller_model_is_not_the_sized_models(text):
    facts = parse_message(text).facts
    assert facts.get("co_served_params_b") is not None
    assert "request_class" not in facts
