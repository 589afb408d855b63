"""A count of people named by their role, or counted in a rollout to a whole organisation, is everyone who may
use the assistant (`total_users`), never that many at once; a phrase of simultaneity right after it still
makes it a peak. (The peak of a head count is the sourced share in `estimator/advice/concurrency.py`.)"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("message", "total"), [
    ("客服中心 250 位客服人員，每個人都會用 AI 幫忙擬回覆", 250),  # 客服人员: staff, and 每个人 is everyone
    ("我们有 300 名客服人员", 300),
    ("300 位老師會用", 300),
    ("200 位同仁", 200),  # Taiwan's "colleagues", as 同事
    ("醫院大概 800 個醫護人員", 800),
    ("全校師生 5000 人", 5000),
    ("全行 5000 人，每天问答大概 4 万次", 5000),  # a bank's whole staff (行), as 全公司
    ("全廠 3000 人要用", 3000),
    ("rolling it out company-wide, 3,500 people, llama 3.1 8b", 3500),
    ("all 300 support agents will get it", 300),
    ("all 300 of our support agents will get it", 300),
    ("the analysts (120 of them) will use it", 120),
])
def test_a_count_of_people_by_role_or_org_wide_is_a_head_count(message, total):
    facts = parse_message(message).facts
    assert facts.get("total_users") == total
    assert "concurrent_users" not in facts


@pytest.mark.parametrize(("message", "peak"), [
    ("200 个客服同时在线", 200),
    ("200 名员工同时在线", 200),
    ("300 support agents at once", 300),
])
def test_members_said_to_be_on_at_once_are_a_peak(message, peak):
    assert parse_message(message).facts.get("concurrent_users") == peak


def test_a_stated_peak_beside_an_org_wide_head_count_is_kept():
    facts = parse_message("company-wide rollout, 3,000 people, 400 at once").facts
    assert (facts.get("total_users"), facts.get("concurrent_users")) == (3000, 400)


def test_everyone_is_not_one_persons_machine():
    assert parse_message("客服中心 250 位客服人員，每個人都會用 AI").facts.get("deployment_scale") != "personal"
    assert parse_message("我个人用，跑 7B").facts.get("deployment_scale") == "personal"


@pytest.mark.parametrize(("text", "people"), [
    ("small consultancy, 40 people. want a private chatgpt-ish thing", 40),
    ("a startup of ~30 people wants qwen3 14b for internal chat", 30),
    ("我们组 12 个人，想在办公室放一台机器跑 Qwen3-30B-A3B", 12),
    ("预算 15 万，想弄一台给 10 人研发小组跑 Qwen3-32B", 10),
    ("想拿來跑 gpt-oss-120b 給我們 8 個人的小組用", 8),
    ("a 15-person team on llama 3.1 8b", 15),
])
def test_a_count_said_as_the_size_of_a_group_or_firm_is_a_head_count(text, people):
    facts = parse_message(text).facts
    assert facts.get("total_users") == people and "concurrent_users" not in facts


def test_a_group_said_to_use_it_at_once_is_still_concurrent():
    facts = parse_message("我们组 12 个人同时在用 qwen3 32b").facts
    assert facts.get("concurrent_users") == 12
