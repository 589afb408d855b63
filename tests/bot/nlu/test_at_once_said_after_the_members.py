"""Concurrency said after the members in Chinese, and a head count beside a stated concurrency.

Expectations from the words: "20 位分析師同時用" is twenty people using it at once (同時 after the noun, so
twenty concurrent streams, not a head count); Cantonese "100 人一齊問" (一齊, "all together") likewise a
hundred at once. "研发 80 人在用 … 同时在跑的 agent 大概 25 个" is a team of 80 (在用: "are using", no
simultaneity) with 25 agents running at once: the load is the 25, the 80 is context.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


def _people(text: str) -> dict[str, int]:
    facts = parse_message(text).facts
    return {k: v for k, v in facts.items() if k in ("concurrent_users", "total_users")}


@pytest.mark.parametrize(("text", "streams"), [
    ("要跑 Llama 3.3 70B 給 20 位分析師同時用，context 最長 16k", 20),
    ("大概 30 位工程師同時用，模型 32B", 30),
    ("成個部門大概 100 人一齊問", 100),
    ("全組 40 個人一齊用嗰陣好慢", 40),
    ("客服部 50 个坐席一起问的时候最卡", 50),
    ("60 名客服同时在线", 60),
])
def test_at_once_said_after_the_members_is_a_concurrency(text, streams):
    assert _people(text).get("concurrent_users") == streams
    assert "total_users" not in _people(text)


@pytest.mark.parametrize(("text", "team", "streams"), [
    ("研发 80 人在用类似 claude code 的 agent，观察下来平时同时在跑的 agent 大概 25 个", 80, 25),
    ("研發部 120 人在用內部 copilot，觀察下來同時在線的大概 30 個", 120, 30),
    ("团队 60 人在用 Cursor 类的工具，同时在跑的会话大概 15 个", 60, 15),
])
def test_a_team_beside_a_stated_concurrency_is_the_head_count(text, team, streams):
    assert _people(text) == {"total_users": team, "concurrent_users": streams}


def test_together_as_shared_use_is_not_read_into_a_number():
    # "一起" with no verb of using ("一起开发的同事") keeps its 一: no count of one is read
    assert "concurrent_users" not in _people("和一起开发的同事共用一台 4090")


def test_an_english_noun_after_a_chinese_measure_word_counts_people():
    # "30 個 analyst", then "同時大約 8 至 10 個": a head count of 30, the peak the top of the range
    assert _people("想放部機跑 Qwen3-235B-A22B 俾 30 個 analyst 用，同時大約 8 至 10 個") == {"total_users": 30, "concurrent_users": 10}
