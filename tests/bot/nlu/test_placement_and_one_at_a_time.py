"""Where the box stands (a desk, an office with no server room, a server room) and one person or one item at a time
said in Chinese without a count word, in all three languages. Expectations are what the messages state, worked out by
hand before the reader ran; none of these sentences is in the reading set."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

PLACEMENTS = [
    ("it'll sit under my desk, so it can't be loud", "desk"),
    ("home office setup, needs to be a desk-side box", "desk"),
    ("个人开发者，机器放卧室书桌底下", "desk"),
    ("we don't have a server room, the machine lives in the office", "office"),
    ("needs to be quiet enough for an open office", "office"),
    ("我们公司没有机房，只能放办公室", "office"),
    ("辦公室裡不能太吵", "office"),
    ("店里插座没问题但不要太吵", "office"),
    ("机器放公司机房（在杭州）", "datacenter"),
    ("it goes in our colo next to the other boxes", "datacenter"),
    ("It will sit in our office server room today.", "datacenter"),
]


@pytest.mark.parametrize("text,place", PLACEMENTS)
def test_where_the_box_stands_is_read(text: str, place: str) -> None:
    assert parse_message(text).facts.get("placement") == place


@pytest.mark.parametrize(
    "text",
    [
        "quiet hours are at night, traffic is low then",
        "放在桌面上的应用，给 20 个人用",
        "we have a server room with 2 free racks",
    ],
)
def test_no_placement_where_none_is_said_or_a_server_room_is_there(text: str) -> None:
    assert parse_message(text).facts.get("placement") in (None, "datacenter")


def test_no_server_room_is_an_office_not_a_server_room() -> None:
    assert parse_message("公司沒有機房，機器就放在辦公室角落").facts.get("placement") == "office"


ONE_AT_A_TIME = [
    "养老院床头终端，一次就一个老人在说话",
    "顾客在屏幕前一个一个问，输入 300 token",
    "倉庫掃描站旁邊的小主機，一次一筆",
    "漁船上的小盒子，一次就船長一個人在用",
    "车载样机，就司机一个人用",
]


@pytest.mark.parametrize("text", ONE_AT_A_TIME)
def test_one_at_a_time_in_chinese_is_one_stream(text: str) -> None:
    assert parse_message(text).facts.get("concurrent_users") == 1


@pytest.mark.parametrize("text,total", [("公司有十一个人用，Qwen3-8B", 11), ("我们有 50 个人，每个人用一台笔记本", 50)])
def test_a_head_count_ending_in_one_is_no_single_user(text: str, total: int) -> None:
    facts = parse_message(text).facts
    assert facts.get("concurrent_users") != 1
    assert facts.get("total_users") == total
