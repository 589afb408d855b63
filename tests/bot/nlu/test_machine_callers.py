"""Streams in flight said as programs' calls ("a pool of 64 workers", "程式呼叫的") are machines, not people.

A program sends its next request as soon as its answer ends (a closed loop: every stream brings one prompt per answer),
where a person reads the answer first (`concurrency.generating_share`: ~15 % of the time generating, so ~15 % of the
others' prompts land within an answer). Worked by hand: 64 streams of 1,500-token prompts and 400-token answers at 30 tok/s
bring 64 / 13.3 s x 1,500 = 7,200 prompt tokens a second from programs, ~1,100 from people.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from estimator.advice.sizing import people_at_once
from estimator.workload import Workload


@pytest.mark.parametrize("text", [
    "our summary workers call the model directly, pool of 64 workers so up to 64 requests in flight at peak",
    "about 200 concurrent requests at peak from our pipeline, each ~800 tokens in",
    "高峰大概 100 个请求同时在跑，都是后台 agent 在调，不是人在等",
    "尖峰大約 80 個請求同時在跑，都是程式呼叫的",
    "峰值并发 60 个请求（系统自动调用），输入 2k",
])
def test_programs_calls_in_flight_are_read_as_machines(text: str) -> None:
    facts = parse_message(text).facts
    assert facts.get("machine_callers") is True
    assert not people_at_once(Workload(concurrent_users=facts.get("concurrent_users") or 50, machine_callers=True))


@pytest.mark.parametrize("text", [
    "500 knowledge workers, maybe 40 at the same time",
    "我们每个月 API 调用花 3 万，想自建",
    "~40 people using it at the same time at peak",
    "同時大概 40 個人在用",
])
def test_people_and_bills_are_not_machines(text: str) -> None:
    assert parse_message(text).facts.get("machine_callers") is None
