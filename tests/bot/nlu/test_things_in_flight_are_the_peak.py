"""Work in flight counted by what it is ("about 4 reviews running at any one time", "maybe 12 conversations in flight",
"同一时间在跑的审查大概 4 个", "同時掛著的 session 大概 6 個"): each one a stream, so the count is the peak concurrency;
a model's size or a range in the same words is no count. Expectations worked out by hand."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "streams"), [
    ("about 4 reviews running at any one time, 70b", 4),
    ("at peak there are maybe 12 conversations in flight, 8b model", 12),
    ("we'd have around 30 agent runs going at once across the team", 30),
    ("the analysts, maybe 25 of them at a time", 25),
    ("同一时间在跑的审查大概 4 个，模型用 32B", 4),
    ("同時掛著的 session 大概 6 個，模型 14B", 6),
    ("正在进行中的会话一般不超过 10 个", 10),
    ("同一時刻開著在用的對話大概 25 個左右，輸入大多 3k token", 25),
])
def test_things_in_flight_are_concurrent_streams(text, streams):
    assert parse_message(text).facts["concurrent_users"] == streams


@pytest.mark.parametrize(("text", "users", "size"), [
    ("给客服部门 100 人同时使用微调过的 7B 模型", 100, 7),  # 7B after 同时…的 is the model, not 7 streams
])
def test_a_model_size_after_words_of_simultaneity_is_no_count(text, users, size):
    facts = parse_message(text).facts
    assert (facts["concurrent_users"], facts["model_params_b"]) == (users, size)


def test_a_range_in_flight_is_read_whole():
    facts = parse_message("研发部三四百人，同时用的可能有五六十个").facts
    assert (facts["total_users"], facts["concurrent_users"]) == (400, 60)  # the range's top, as for any count
