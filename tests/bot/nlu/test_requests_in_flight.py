"""Requests handled together are a concurrency ("one request at a time", "6 queries at a time", "一次只处理一个请求",
"并发 12 个请求"): the reply sizes for that many streams instead of asking per second or per day. A request
count with a time unit stays a rate, and a bare one still asks for its unit."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.nlu import parse_message

CASES = yaml.safe_load((Path(__file__).parent / "data" / "requests_in_flight.yaml").read_text(encoding="utf-8"))
EXAMPLES = [(split, case["text"], case["users"]) for split in ("dev", "heldout") for case in CASES[split]]


@pytest.mark.parametrize("split,text,users", EXAMPLES, ids=[f"{s}-{i}" for i, (s, _, _) in enumerate(EXAMPLES)])
def test_requests_at_a_time_are_concurrent_streams(split: str, text: str, users: int) -> None:
    result = parse_message(text)
    assert result.facts.get("concurrent_users") == users
    assert "requests_per_s" not in result.facts and not [p for p in result.problems if p.slot == "requests_per_s"]


@pytest.mark.parametrize("text,rate", [("3 requests a second", 3.0), ("at most 6 requests per second at a time", 6.0),
                                        ("每秒 20 个请求", 20.0)])
def test_a_request_count_with_a_unit_stays_a_rate(text: str, rate: float) -> None:
    assert parse_message(text).facts.get("requests_per_s") == rate


@pytest.mark.parametrize("text", ["we get ~300 requests", "we get about 300 requests at any time of day", "大概 300 个请求"])
def test_a_bare_request_count_still_asks_for_its_unit(text: str) -> None:
    result = parse_message(text)
    assert "concurrent_users" not in result.facts
    assert [p for p in result.problems if p.slot == "requests_per_s"]
