"""The user's own laptop is one person's machine (seed 1: laptops are single-user), and kit said to be where the team
is ("工作室有兩張 3090") is theirs: an owned M5 Max MacBook with no head count was sized for a default team of 15 and
answered with a purchase; "工作室有" read the cards as asked about."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.lexicon import OWNERSHIP
from bot.nlu.normalize import normalize


@pytest.mark.parametrize("text", [
    "I have an M5 Max 128GB MacBook. want to run qwen3 32b for coding. should I buy a ryzen ai max box?",
    "got an m5 max 128gb macbook pro, thinking llama 3.3 70b",
    "我有一台 M5 Max 128G 的 MacBook Pro，想跑 Qwen3-32B 写代码",
    "我有 M4 Max 128GB 的 MacBook Pro，想自己跑 Qwen3-30B-A3B，還需要買卡嗎？",
])
def test_an_owned_laptop_is_personal_use(text):
    assert parse_message(text).facts.get("deployment_scale") == "personal"


def test_a_fleet_of_laptops_with_a_head_count_is_not_personal():
    facts = parse_message("we have 50 macbooks for the sales team, 200 people at once").facts
    assert facts.get("deployment_scale") != "personal"


@pytest.mark.parametrize(("text", "owns"), [
    ("工作室有兩張 RTX 3090", True),
    ("组里现在有 4 张 4090", True),
    ("公司有500人，想买 H100", False),  # people, not kit
])
def test_kit_said_to_be_where_the_team_is_is_owned(text, owns):
    assert bool(OWNERSHIP.search(normalize(text))) is owns
