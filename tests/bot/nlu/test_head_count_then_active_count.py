"""A head count followed by how many of them use it at once, however the second count is said: with no noun
("only 35 are on it at the same moment", "同时在用的也就 15 个"), with the share's cue first ("同時在線大概兩成"),
with its members' noun first ("分析師 60 個"), in accounts ("2500 个账号"), or as a peak time and a usual load
("月底結帳時同時 300 人，平常 40 人"). The head count is `total_users`, the active count the peak
`concurrent_users` (seed 1 sizes its tiers by concurrent users). Numbers are the ones the messages state; none
of these sentences is in the reading set."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

CASES = [
    ("the service desk is ~300 people, realistically only 35 are on it at the same moment", 300, 35),
    ("we've got 1,200 licensed users but at any given moment maybe 110 are actually using it", 1200, 110),
    ("about 500 engineers in total, at peak maybe 80 hammering it", 500, 80),
    ("财务 90 个人，同时在用的也就 15 个", 90, 15),
    ("分析師 60 個，月底同時用的大概 12 個", 60, 12),
    ("全集团 2500 个账号，高峰时大概 260 个在用", 2500, 260),
    ("公司 800 人，尖峰同時在用的約 70 個", 800, 70),
    ("全公司 1500 人會用，同時在線大概兩成", 1500, 300),
]


@pytest.mark.parametrize("text,total,peak", CASES)
def test_the_head_count_is_total_and_the_active_count_the_peak(text: str, total: int, peak: int) -> None:
    facts = parse_message(text).facts
    assert (facts.get("total_users"), facts.get("concurrent_users")) == (total, peak)


@pytest.mark.parametrize("text,peak,base", [
    ("月底結帳時同時 300 人，平常 40 人", 300, 40),
    ("研发 200 人，平时 15 个人在用，发版前会到 90 个", 90, 15),
])
def test_a_peak_time_and_a_usual_load_are_peak_and_base(text: str, peak: int, base: int) -> None:
    facts = parse_message(text).facts
    assert (facts.get("concurrent_users"), facts.get("base_concurrent_users")) == (peak, base)


@pytest.mark.parametrize("text", [
    "we have 400 agents; the model is on 2 GPUs at the moment",   # a count of devices, not of people
    "400 staff, prompts are about 600 tokens at the same time as answers of 200",
])
def test_a_count_with_a_unit_is_not_an_active_count(text: str) -> None:
    assert parse_message(text).facts.get("concurrent_users") not in (2, 600, 200)


def test_a_share_said_after_its_cue_is_read_whole() -> None:
    # "大概10%" was read as a concurrency of 1 (the number's prefix, after a failed lookahead backtracked)
    facts = parse_message("全公司 2000 人會用，但同時在線大概一成").facts
    assert facts.get("concurrent_users") == 200


def test_an_active_range_is_sized_at_its_top() -> None:
    facts = parse_message("研發部門約 150 名工程師，同時在用的大概 30~40 人").facts
    assert (facts.get("total_users"), facts.get("concurrent_users")) == (150, 40)
