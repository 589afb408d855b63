"""Load forms as leads write them: staff in shifts, a bare window beside a daily count, a clock range with words between,
a peak factor said with a hedge, a daily count of events that is no device, base and peak said as "all day" and a
clock time, context handed in with each question, a count of people in an aside, and who "we" are.

Expected readings are the facts a senior engineer takes from each message (the class's first principles in
evals/capex_trial/load_forms.yaml's header), written before the reading changed.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.hardware import HardwareMatcher
from knowledge.testing import memory_catalog


@pytest.mark.parametrize(("text", "roster", "on_shift"), [
    ("call center, 300 agents across two shifts, each gets a suggestion once a minute", 300, 150),
    ("warehouse: 3 shifts of ~120 pickers, each asks the handheld assistant", 360, 120),
    ("我们呼叫中心 240 个坐席，三班倒，想配个 AI 助手", 240, 80),
    ("客服中心早班 60 人、晚班 40 人，每個人講完電話會用 AI 做摘要", 100, 60),
])
def test_staff_in_shifts_are_the_roster_and_the_largest_shift(text, roster, on_shift):
    facts = parse_message(text).facts
    assert (facts["total_users"], facts["staff_per_shift"]) == (roster, on_shift)
    assert "concurrent_users" not in facts  # the shift's streams are worked out from it, never all of them at once


@pytest.mark.parametrize(("text", "per_day", "hours"), [
    ("智能问答一天 3 万次左右，8h，Qwen3-14B", 30_000, 8),
    ("~30k calls a day (8h), qwen", 30_000, 8),
    ("基本都在早 9 点到晚 9 点，每天 2 万次", 20_000, 12),
    ("营业时间 10 点到 22 点，每天约 1.5 万通会话", 15_000, 12),
])
def test_a_daily_count_keeps_the_window_it_is_said_with(text, per_day, hours):
    facts = parse_message(text).facts
    assert (facts["requests_per_day"], facts["hours_per_day"]) == (per_day, hours)


def test_a_bare_hour_count_in_a_sentence_is_no_window():
    assert "hours_per_day" not in parse_message("30k calls a day, the job takes 8h to build").facts


def test_a_peak_factor_said_with_a_hedge_is_read():
    facts = parse_message("~90 requests a minute on average, peaks maybe 2x that around lunch").facts
    assert (facts["requests_per_s"], facts["peak_factor"]) == (1.5, 2)


def test_a_daily_count_of_events_is_no_device_named_by_its_number():
    # "6000" alone is an RTX 6000's name; "6000 次查询" counts queries.
    parsed = parse_message("一天大約 6000 次查詢，模型 Llama 3.3 70B", hardware=HardwareMatcher(memory_catalog().hardware))
    assert parsed.facts["requests_per_day"] == 6000 and parsed.hardware == []


@pytest.mark.parametrize(("text", "base", "peak"), [
    ("15 people use it all day, but at the 9am standup ~150 hit it at once", 15, 150),
    ("平时也就 10 来个人在用，月底结账那几天会到 80 个人同时用", 10, 80),
    ("整天大概 20 个人在用，每周一早上开会前会冲到 120 人", 20, 120),
])
def test_a_base_said_as_all_day_and_a_peak_said_as_its_time_are_both_read(text, base, peak):
    facts = parse_message(text).facts
    assert (facts["base_concurrent_users"], facts["concurrent_users"]) == (base, peak)


@pytest.mark.parametrize(("text", "prompt"), [
    ("每次帶入條文約 4k token，回覆 500 字左右", 4_000),
    ("每次检索带进去 6k token，回答 300 token 左右", 6_000),
    ("每次把整份研报（3 万 token 左右）贴进去问问题", 30_000),
    ("each pastes a full application pack (~25k tokens) and asks a few questions", 25_000),
    ("每次带 3k token 检索内容，回答 300 token", 3_000),
])
def test_context_handed_in_with_each_question_is_the_prompt(text, prompt):
    assert parse_message(text).facts["prompt_tokens"] == prompt


def test_bandwidth_is_nothing_handed_in():
    assert "prompt_tokens" not in parse_message("带宽 1008 GB/s 的卡够不够").facts


@pytest.mark.parametrize(("text", "people"), [
    ("our compliance reviewers (8 at a time, tops) work through long PDFs", 8),
    ("analysts, ~12 at a time, paste filings into the chat", 12),
])
def test_people_counted_in_an_aside_as_at_a_time_are_at_once(text, people):
    assert parse_message(text).facts["concurrent_users"] == people


@pytest.mark.parametrize("text", ["we're 70 people, want one shared chat box", "we are about 40 folks, one box for everyone"])
def test_who_we_are_counted_is_a_head_count_not_all_at_once(text):
    # "we're 70 people" is the organisation's size, like "a team of 70": its peak is a sourced share of it.
    facts = parse_message(text).facts
    assert "total_users" in facts and "concurrent_users" not in facts


def test_we_are_counted_and_said_at_once_is_at_once():
    assert parse_message("we're 12 people and all 12 use it at once").facts["concurrent_users"] == 12


@pytest.mark.parametrize(("text", "per_day"), [
    ("每天大概有 2 萬通客服對話", 20_000),
    ("一天下來大約 1.2 萬則提問", 12_000),
    ("每日 5 萬筆請求", 50_000),
    ("每天會有三萬多個問題進來", 30_000),
    ("每個工作天大約 6000 次", 6_000),
    ("每天大約 1 萬人次使用", 10_000),
    ("客服每天大約接 3000 通電話", 3_000),
    ("每天約 2 萬則 LINE 訊息", 20_000),
    ("日均對話量約 4 萬", 40_000),
    ("we handle about 18k support chats daily", 18_000),
    ("~5k tickets per business day", 5_000),
    ("around 2,000 customers hit the bot every day", 2_000),
    ("our bot does 40k convos a day", 40_000),
    ("the assistant fields ~25k queries on a typical day", 25_000),
    ("daily request volume is ~20k", 20_000),
])
def test_a_day_of_requests_is_read_however_it_is_counted(text, per_day):
    facts = parse_message(text).facts
    assert facts["requests_per_day"] == per_day
    assert "concurrent_users" not in facts and "total_users" not in facts


@pytest.mark.parametrize("text", ["每天大概 20 个人在用", "200 people use it daily", "日均对话量约 4 万 token"])
def test_people_a_day_or_tokens_a_day_are_no_request_count(text):
    assert "requests_per_day" not in parse_message(text).facts


@pytest.mark.parametrize(("text", "prompt"), [
    ("同時在線大概 25 位業務，每次會貼上客戶的 email 串（約 5k token）", 5_000),
    ("prompts include the whole 20k-token manual", 20_000),
    ("每次問答都會把 1 萬 token 的規章一起送進去", 10_000),
    ("每次都要帶上約 2 萬字的合約全文", 12_000),  # 20,000 characters × 0.6 token each
])
def test_a_document_carried_with_each_question_sets_the_prompt(text, prompt):
    assert parse_message(text).facts["prompt_tokens"] == prompt


@pytest.mark.parametrize(("text", "people"), [("12 engineers at a time drop in log dumps", 12),
                                              ("2 analysts at any given time", 2)])
def test_members_said_at_a_time_are_at_once(text, people):
    assert parse_message(text).facts["concurrent_users"] == people


def test_round_the_clock_is_no_usual_load():
    # "24/7 全天候": the hours it runs, never a usual load of 7 people beside the peak.
    facts = parse_message("全公司要用我們微調過的 70B 模型，尖峰 300 人同時使用，24/7 全天候運行。").facts
    assert "base_concurrent_users" not in facts and facts["concurrent_users"] == 300
