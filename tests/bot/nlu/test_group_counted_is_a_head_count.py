"""A count said of a group ("a 20-person team", "squad of 12", "20 人的研发组", "产品部 60 来号人") or of members by role
("话务员 260 人") is a head count whatever the group is called; only words of simultaneity make it the peak."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from tests.bot.nlu.engine_turns import chat_engine, recommended


@pytest.mark.parametrize(("text", "people"), [
    ("a 20-person platform team wants qwen3 14b", 20),
    ("we're a 35-strong data science group, thinking 70b", 35),
    ("our platform squad of 12 wants a 27b", 12),
    ("想给 20 人的研发组跑 32B 做代码问答", 20),
    ("给 40 人的算法组部署 32B", 40),
    ("產品部 60 來號人，想用 7B 寫文件", 60),
    ("呼叫中心话务员 260 人，模型 7B", 260),
])
def test_a_count_said_of_a_group_is_its_head_count(text, people):
    facts = parse_message(text).facts
    assert facts.get("total_users") == people and "concurrent_users" not in facts


@pytest.mark.parametrize(("text", "at_once"), [
    ("呼叫中心话务员 260 人全部同时在线接电话，模型 7B", 260),
    ("客服中心 80 個座席同時上線，用 14B", 80),
    ("team of 45, at most 12 hitting it at the same time, 8b", 12),
])
def test_words_of_simultaneity_make_the_peak(text, at_once):
    assert parse_message(text).facts.get("concurrent_users") == at_once


def test_deploying_for_people_is_no_department():
    # 部 of 部署 is no department: "给 20 人部署" stays an unqualified count
    assert parse_message("给 20 人部署 7B").facts.get("total_users") == 20


def test_a_team_of_twenty_on_owned_cards_through_the_engine(tmp_path):
    # 20 people are a head count: a share of them at once (seed 1's peak share), so the 4 x 24 GB owned hold a 4-bit
    # 32B (~19 GB) with KV for a few 16k sessions; read as 20 at once, the KV alone (20 x 16k x 256 KiB = 84 GB)
    # would not fit beside the weights
    reply = recommended(chat_engine(tmp_path), "team", "组里现在有一台机器插了 4 张 4090（24G），想给 20 人的研发组跑 Qwen3-32B "
                        "做代码问答，AWQ 4bit 就行，上下文 32k。还需要买新卡吗？", "直接推荐")
    assert reply.slots.get("total_users") == 20
    assert reply.recommendation.primary.existing and reply.recommendation.primary.capex_usd == 0
