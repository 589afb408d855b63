"""People by day and a batch job at night said in one message are two workloads in turn (`Workload.day_and_night`):
the job's window said by the clock is read in hours, and a rate said beside the people (running at the same time) is
not read as a night's job."""

from __future__ import annotations

import pytest

from bot.nlu import HardwareMatcher
from bot.nlu.parser import parse_message
from bot.wiring import store_model_lookup


@pytest.mark.parametrize(("text", "hours"), [
    ("tag the day's tickets overnight, ~30k tickets, ~2k tok each, between 1am and 5am", 4),
    ("夜里 0 点到 6 点再把 10 万通对话打标签", 6),
    ("夜里 12 点到早上 6 点把 10 万条评论做情感分类", 6),
    ("晚上 11 點到早上 7 點要把 4 萬則評論分類", 8),
    ("晚上 10 点到早上 6 点处理 5 万份文档", 8),
])
def test_a_night_window_said_by_the_clock_is_its_hours(text, hours):
    assert parse_message(text).facts.get("batch_window_hours") == hours


def test_people_by_day_and_a_nightly_job_with_its_window_are_two_workloads_in_turn():
    facts = parse_message("daytime ~60 agents chat with it at once. at night we tag the day's tickets, ~30k "
                          "tickets, ~2k tok each, ~150 out, between 1am and 5am").facts
    assert facts.get("day_and_night") is True
    assert (facts.get("concurrent_users"), facts.get("batch_items"), facts.get("batch_window_hours")) == (60, 30000, 4)


def test_a_nightly_job_alone_is_one_workload():
    facts = parse_message("every night we tag ~30k tickets, ~2k tok each, between 1am and 5am").facts
    assert "day_and_night" not in facts


def test_a_rate_beside_the_people_is_summed_not_a_night_job():
    facts = parse_message("40 people chat with it at once, plus a pipeline that classifies 5 tickets/s").facts
    assert "day_and_night" not in facts


@pytest.mark.parametrize(("text", "items"), [
    ("nightly we want it to write review notes on ~50k PR diffs, ~5k tok in", 50_000),
    ("晚上 10 點到早上 6 點想順便跑 code review，每晚約 3,000 個 PR，每個 6k token", 3_000),
    ("晚上 8 点到早上 8 点要把 3 万份合同全文过一遍抽关键条款，每份约 8k token", 30_000),
])
def test_code_changes_and_a_pass_over_the_days_items_are_a_batch_job(text, items):
    assert parse_message(text).facts.get("batch_items") == items


@pytest.fixture(scope="module")
def read(catalog):
    """Messages read with the catalog's model names and devices, as the engine reads them."""
    from knowledge.testing import shared_memory_store

    matcher, find_model = HardwareMatcher(catalog.hardware), store_model_lookup(shared_memory_store())
    return lambda text: dict(parse_message(text, hardware=matcher, find_model=find_model).facts)


@pytest.mark.parametrize(("text", "night", "day_streams"), [
    # the model said with the job's items runs the job, before or after the people's model
    ("机房里有 4 卡 L20。Qwen3-32B 给 40 个人日常问答（高峰同时 10 个左右在生成）；再加一个 Qwen3-8B 跑夜间批量摘要，"
     "每晚 5 万篇，晚上 11 点开始，早上 7 点前跑完", "qwen3-8b", 10),
    ("白天用 Qwen3-8B 给 20 来个人聊天，同时也就 5 个左右；夜里 0 点到 6 点想用 Qwen3-32B 给 5 万份合同做条款抽取", "qwen3-32b", 5),
    ("daytime ~25 engineers use qwen3-32b, maybe 8 generating at once. overnight, midnight to 6am, we'd switch it over "
     "to llama 3.1 8b to classify ~200k support tickets", "llama-3.1-8b", 8),
    ("days: ~40 support agents on qwen3-14b, maybe 25 generating at the same time, ~3k prompts. nights 10pm-6am llama "
     "3.1 8b runs quality checks over ~100k transcripts, ~2k tokens in", "llama-3.1-8b", 25),
    ("白天 Qwen3-14B 給同事問答（尖峰約 20 人同時生成）；晚上 9 點到隔天 7 點要改用 Qwen3-32B 把 8 萬則客訴翻成英文",
     "qwen3-32b", 20),
])
def test_the_model_said_with_a_night_jobs_items_runs_that_job(read, text, night, day_streams):
    facts = read(text)
    assert facts.get("day_and_night") is True
    jobs = [m for m in facts.get("served_models") or [] if m.get("batch")]
    assert [m.get("model_id") for m in jobs] == [night]
    assert facts.get("concurrent_users") == day_streams  # the people at once, never their head count added
