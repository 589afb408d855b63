"""Availability asked for in the lead's words (failover, HA, an uptime SLA, "can't go down", 不能停机, 高可用): the only
case in which seed 1's N+1 spare is bought; a denial ("不要求高可用", "no need for HA") reads as not asked, and words
that only sound alike (a laugh, accuracy figures, running round the clock) read as nothing."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

ASKED, DENIED, NOTHING = True, False, None


@pytest.mark.parametrize("text,read", [
    ("it's customer-facing so it can't go down, we need failover", ASKED),
    ("we run a 24/7 support bot with a 99.9% uptime SLA", ASKED),
    ("needs to be highly available, no single point of failure", ASKED),
    ("给客户的 7x24 智能客服，不能停机，要有故障切换", ASKED),
    ("需要高可用（HA），至少一张卡坏掉服务不能中断", ASKED),
    ("要有冗餘，一張卡壞了服務不能中斷", ASKED),
    ("internal tool, we don't need HA for now", DENIED),
    ("不要求高可用，先跑起来", DENIED),
    ("不需要備用卡，先上線再說", DENIED),
    ("ha, we need this by friday: qwen3-8b for 40 people", NOTHING),
    ("the classifier needs 99.9% accuracy on our labels", NOTHING),
    ("we run it 24/7 for staff in three time zones", NOTHING),
    ("全公司大概1000人用，模型 Qwen3-14B，日常问答", NOTHING),
])
def test_availability_is_read_only_when_asked_or_denied(text: str, read: bool | None) -> None:
    assert parse_message(text).facts.get("availability_required") is read
