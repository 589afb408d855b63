"""A batch job's window said as the time it is given ("48 hours of machine time", "一共 10 个小时", "只有 24 小时的
空档") beside its items: the items are the job's, the hours its window, never a day's requests. Expectations by hand."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(
    ("text", "items", "hours"),
    [
        ("we need to tag 300k support emails and have 20 hours of gpu time for it", 300000, 20),
        ("今晚要把 8 万份简历筛一遍，总共只有 6 个小时", 80000, 6),
        ("這批 15 萬筆訂單要重新分類，機房只有 12 小時的空檔", 150000, 12),
    ],
)
def test_the_time_given_to_a_job_is_its_window(text, items, hours):
    facts = parse_message(text).facts
    assert (facts["batch_items"], facts["batch_window_hours"]) == (items, hours)
    assert "requests_per_day" not in facts


def test_a_record_said_in_traditional_script_is_an_item_with_its_length():
    # 紀錄 folds to 纪录 (not 记录): 200 字 × 0.6 tokens a Chinese character = 120 tokens an item
    facts = parse_message("每筆紀錄大約 200 字，一晚 5 萬筆，4 小時內要跑完").facts
    assert (facts["prompt_tokens"], facts["batch_items"], facts["batch_window_hours"]) == (120, 50000, 4)
