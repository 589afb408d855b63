"""A batch job's documents and window as leads say them.

Expectations from the words: "~80k insurance claim docs" every night is 80,000 items, whatever words describe
them; "3 万份扫描后的保险理赔单据" is 30,000 items (a description ending in 的 before the noun). A person
before the noun is no description: "5 个同事每天处理的合同" counts colleagues, not contracts.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("text", "items"), [
    ("batch job: every night ~80k insurance claim docs (after OCR avg ~6k tokens each) go through our 72b", 80_000),
    ("nightly run: ~120k scanned vendor invoice pdfs through a 32b model, has to be done within 6 hours", 120_000),
    ("roughly 45k customer support chat transcripts a night need summarizing with llama 3.1 8b", 45_000),
    ("每天夜里要处理大概 3 万份扫描后的保险理赔单据，模型 14B，6 小时内跑完", 30_000),
    ("每晚大約 2 萬份 OCR 過的醫療報告要跑 8B 抽欄位", 20_000),
])
def test_documents_described_by_several_words_are_the_batch_items(text, items):
    assert parse_message(text).facts.get("batch_items") == items


@pytest.mark.parametrize("text", [
    "每晚批量处理：5 个同事每天处理的合同都要过一遍 14B",
    "nightly batch: 20 engineers with their tickets, 8b model",
])
def test_people_before_the_noun_are_no_description_of_the_items(text):
    assert parse_message(text).facts.get("batch_items") not in (5, 20)


# A window said in days, or as the days of a weekend: 24 h a day (the job may run through both nights and days).
@pytest.mark.parametrize(("text", "hours"), [
    ("每周末要把一批合同过一遍做条款抽取，量大概 50 万份。周六周日两天必须跑完", 48),
    ("月底要把 20 萬份報告做摘要，給 3 天時間跑完，模型 32B", 72),
    ("weekend batch: ~300k support tickets to re-tag over saturday and sunday, 14b model", 48),
    ("每个周末跑一次 80 万条工单分类，8B 模型", 48),
    ("re-embedding 2M documents, we were given 36 hours to finish", 36),
    ("批量处理 10 万份合同，1 天内跑完", 24),
])
def test_a_window_in_days_or_over_a_weekend_is_read_in_hours(text, hours):
    assert parse_message(text).facts.get("batch_window_hours") == hours


def test_a_stated_window_wins_over_the_weekend():
    text = "每周末批量处理 40 万份合同，8 小时内跑完"
    assert parse_message(text).facts.get("batch_window_hours") == 8


# 离线 alone is a machine cut off from the network (an air gap), not a job; with the job's word it names one.
@pytest.mark.parametrize(("text", "batch"), [
    ("國防相關單位，環境完全離線（air-gapped），每台機器供電上限 1500W", False),
    ("门店边缘盒子，离线跑一个 1.5B 的小模型，一次就一个人用", False),
    ("每天离线处理 10 万条评论，8B 模型", True),
    ("離線任務：每晚 20 萬份合約抽取條款", True),
])
def test_offline_alone_is_an_air_gap_not_a_batch_job(text, batch):
    assert (parse_message(text).facts.get("arrival_pattern") == "batch") is batch


def test_one_items_length_is_no_count_of_items():
    # "一份平均 4 万 token" is each report's length; the job's items are the 3,000 reports
    facts = parse_message("每天晚上 11 點到早上 7 點要把大約 3000 份財報摘要出來，一份平均 4 萬 token，摘要輸出約 1k").facts
    assert (facts.get("batch_items"), facts.get("prompt_tokens")) == (3000, 40_000)


@pytest.mark.parametrize("text", [
    "nightly batch of 50k tickets, our agents work weekdays, weekends off, 8b model, done within 6 hours",
    "每晚批量处理 2 万条工单，处理完的结果保留 30 天，8 小时内跑完",
])
def test_weekends_off_or_days_results_are_kept_are_no_window(text):
    assert parse_message(text).facts.get("batch_window_hours") in (6, 8)


# A window said by the clock: the hours between the two times, across midnight when the end is earlier in the day.
@pytest.mark.parametrize(("text", "hours"), [
    ("every night we bucket the day's tickets into 40 categories with an 8b, window is 1am-6am", 5),
    ("nightly batch: classify ~500k emails between 10pm and 6am, 8b model", 8),
    ("晚上 10 点到早上 6 点跑批，把白天攒下来的 100 万条工单做意图分类", 8),
    ("每天 4 万通客服电话的转写稿要逐通打分，晚上 8 点到早上 8 点跑完就行", 12),
])
def test_a_window_said_by_the_clock_is_its_hours(text, hours):
    assert parse_message(text).facts.get("batch_window_hours") == hours


@pytest.mark.parametrize(("text", "items"), [
    ("every night we want to bucket the day's support tickets (~2M of them) into our 40 categories", 2_000_000),
    ("每天 4 万通客服电话的转写稿要逐通打分，晚上 8 点到早上 8 点跑完就行", 40_000),
])
def test_items_said_after_their_noun_or_counted_as_calls_are_the_batch_items(text, items):
    assert parse_message(text).facts.get("batch_items") == items


@pytest.mark.parametrize(("text", "pattern"), [
    ("we get ~8k customer emails an hour and want a gist + label for each, nobody is watching it live", "batch"),
    ("60k calls a day, scored against a checklist, doesn't need to be real time", "batch"),
    ("每天 20 萬則評論要做情感分類，不用即時，當天處理完就好", "batch"),
    ("call center with 150 agents on shift at once, real-time assist with llama 3.1 8b", None),
])
def test_work_nobody_waits_on_is_a_batch_and_real_time_work_is_not(text, pattern):
    assert parse_message(text).facts.get("arrival_pattern") == pattern


def test_items_done_within_their_day_have_the_day_as_their_window():
    assert parse_message("每天 20 萬則評論要做情感分類，不用即時，當天處理完就好").facts.get("batch_window_hours") == 24


# Pictures and clips counted with their measure words are a vision job's items; a card counted with 张 is no item.
@pytest.mark.parametrize(("text", "items"), [
    ("每天晚上要給 12 萬張保單掃描件抽欄位，6 小時內", 120_000),
    ("nightly: 90k product photos to caption, 4 hour window", 90_000),
    ("每晚 6 万段会议录音转写稿要出纪要，8 小时内跑完", 60_000),
    ("每晚 2 萬支短影片要審核，模型 7B", 20_000),
])
def test_pictures_clips_and_recordings_are_batch_items(text, items):
    assert parse_message(text).facts.get("batch_items") == items


def test_cards_counted_with_zhang_are_no_pictures():
    assert parse_message("每晚批处理，我们有 8 张卡跑图片标注，5 小时内").facts.get("batch_items") != 8


# "平均 200 token 一条": a length for each item; the count of items beside it stays (a batch of one is no batch).
def test_one_item_beside_a_length_is_each_item_not_a_count():
    facts = parse_message("每晚 50 万条弹幕（平均 40 token 一条）做审核，3 小时内").facts
    assert (facts.get("batch_items"), facts.get("prompt_tokens")) == (500_000, 40)


# Hours said as a clause of their own in a batch job's message are its window.
@pytest.mark.parametrize(("text", "hours"), [
    ("每晚 30 萬則留言做分類，輸出 10 token，5 小時", 5),
    ("每天夜里跑 8 万篇研报摘要，2 个小时", 2),
])
def test_hours_said_alone_in_a_batch_message_are_its_window(text, hours):
    assert parse_message(text).facts.get("batch_window_hours") == hours


# How many pictures each item or request holds is no count of the job's items ("每份 2 張影像": per report).
@pytest.mark.parametrize(("text", "items"), [
    ("每晚要把 3,000 份体检报告写成摘要，每份 4 张影像，8 小时内", 3_000),
    ("每天晚上 5 萬個商品要審核，每個商品 6 張圖片，凌晨跑完", None),
])
def test_pictures_per_item_are_no_count_of_items(text, items):
    assert parse_message(text).facts.get("batch_items") == items
