"""Load said as a token rate ("~3M tokens an hour at peak", "每分钟20万token", "12k tok/s across the cluster") is
all users' tokens a second (`tokens_per_s_total`), never one user's speed nor a daily volume.

Expected values worked out by hand: a rate over an hour is its count ÷ 3,600, over a minute ÷ 60. A second's
count is a total only with a word that says so; "20 tok/s" alone stays one user's speed (seed 1's bands)."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


def facts(text: str) -> dict:
    return dict(parse_message(text).facts)


@pytest.mark.parametrize(("text", "per_s"), [
    ("we're pushing something like 7.2M tokens an hour when the EU and US overlap", 7.2e6 / 3600),
    ("budget for ~90k toks/min at the busiest, 8b model", 90_000 / 60),
    ("aggregate throughput needs to be 4k tokens/s", 4000),
    ("每小时差不多 360 万 token", 3.6e6 / 3600),
    ("高峰時每分鐘約 6 萬個 token", 60_000 / 60),
    ("集群整体每秒要扛 1.5 万 token", 15_000),
    ("每分钟两万多 token", 20_000 / 60),
])
def test_a_token_rate_is_tokens_a_second_over_all_users(text, per_s):
    read = facts(text)
    assert read["tokens_per_s_total"] == pytest.approx(per_s, rel=0.001)
    assert "tokens_per_s_target" not in read and "tokens_per_day" not in read
    assert "concurrent_users" not in read  # the streams come from Little's law, not from the count


@pytest.mark.parametrize("text", ["20 tok/s per user is plenty", "至少每秒 25 个 token", "needs ~40 tokens/s"])
def test_a_speed_a_second_without_a_total_word_stays_one_users_speed(text):
    read = facts(text)
    assert "tokens_per_s_total" not in read and "tokens_per_s_target" in read


def test_a_token_rate_said_of_each_person_is_times_the_people():
    read = facts("120 devs, each burns ~6k tokens an hour")  # 120 × 6,000 / 3,600 = 200 tokens/s
    assert read["tokens_per_s_total"] == pytest.approx(200)
    assert read["total_users"] == 120 and "concurrent_users" not in read
