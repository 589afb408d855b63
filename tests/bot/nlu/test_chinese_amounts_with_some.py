"""An amount said with "and some" before its multiplier ("二十来万", "三十多万", "两百余万") is the round amount at
its floor, never the bare number the word cut off from its 万 (a ¥200k budget was read as ¥20)."""

from __future__ import annotations

import pytest

from tests.support.reading import read_with_tables


@pytest.mark.parametrize(("text", "amount"), [
    ("预算二十来万，想上 Qwen3-32B 给 100 人用", 200_000),
    ("预算大概三十多万人民币，14B", 300_000),
    ("預算兩百餘萬台幣，要跑 70B", 2_000_000),
])
def test_an_amount_with_some_before_its_multiplier(text, amount):
    assert dict(read_with_tables(text).facts)["budget_amount"] == amount


def test_people_with_some_after_them_stay_a_count():
    assert dict(read_with_tables("一百多人用，7B 模型").facts)["total_users"] == 100


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("maybe half a dozen analysts on it, 13b", "total_users", 6),
    ("a couple hundred people in support will use it", "total_users", 200),
    ("just for me and a colleague, 8b", "concurrent_users", 2),
])
def test_counts_said_in_words(text, slot, value):
    assert dict(read_with_tables(text).facts)[slot] == value
