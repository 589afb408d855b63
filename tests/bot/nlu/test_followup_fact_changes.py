"""Follow-ups that change one fact in words a lead uses: another model served, a format switched from
one to another, a Chinese figure moved "to" a value, an absurd count that names no model size.
Expectations from the words' meaning (and DESIGN.md's one model served unless said otherwise)."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("text", "added", "models"), [
    ("and if we add a second model?", None, 2),
    ("如果再加第二個模型呢", None, 2),
    ("what if we add two more models?", 2, None),
    ("如果再加一个模型呢", 1, None),
    ("another model for embeddings", 1, None),
])
def test_another_model_adds_to_the_models_served(text: str, added: int | None, models: int | None) -> None:
    result = parse_message(text)
    assert result.added.get("models_served") == added
    assert result.facts.get("models_served") == models


@pytest.mark.parametrize("text", ["fp8 instead of q4?", "switch from int4 to fp8", "把 INT4 換成 FP8 呢", "用 FP8 代替 INT4",
                                  "q4 -> fp8"])
def test_a_format_switched_to_is_the_one_chosen(text: str) -> None:
    result = parse_message(text)
    assert result.facts.get("quantization") == "FP8"
    assert "accuracy_critical" not in result.facts  # switching away from 4 bits is no refusal of them
    assert not result.problems


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("如果並發加到 50 呢", "concurrent_users", 50),
    ("并发要提高到 120", "concurrent_users", 120),
    ("如果上下文要到 32k 呢", "context_length", 32_000),
    ("上下文要支持到 128k", "context_length", 128_000),
])
def test_a_figure_moved_to_a_value_in_chinese_is_that_value(text: str, slot: str, value: int) -> None:
    got = parse_message(text).facts.get(slot)
    assert got == pytest.approx(value, rel=0.05)


@pytest.mark.parametrize("text", ["what if 50 billion concurrent users?", "10亿用户呢", "如果使用者是一兆人呢"])
def test_an_absurd_count_is_questioned_and_names_no_model_size(text: str) -> None:
    result = parse_message(text)
    assert "model_params_b" not in result.facts
    assert "concurrent_users" not in result.facts  # never read as 1 or 50: out of range, asked about
    assert any(p.slot == "concurrent_users" and p.value >= 1e9 for p in result.problems)


def test_single_user_said_without_a_number_is_one_stream() -> None:
    assert parse_message("工厂边缘设备跑 qwen2.5 3b，单用户，功耗不能超过 30W").facts.get("concurrent_users") == 1


@pytest.mark.parametrize(("text", "unqualified"), [
    ("what if 500 users?", True),
    ("如果有 900 个用户呢", True),
    ("what if 500 concurrent users?", False),
    ("如果高峰是600人呢", False),
])
def test_a_count_said_of_neither_head_count_nor_peak_is_marked(text: str, unqualified: bool) -> None:
    # the engine reads it as the head count when the thread stated both (`nodes._headcount_keeps_its_share`)
    assert parse_message(text).unqualified_users is unqualified


@pytest.mark.parametrize("text", ["budget is €-5k", "budget is -5k eur", "预算是 -3 万元"])
def test_a_negative_budget_in_a_known_currency_is_out_of_range_not_an_unknown_currency(text: str) -> None:
    problems = parse_message(text).problems
    assert [(p.slot, p.reason) for p in problems] == [("budget_usd", "range")]
