"""A batch job whose output is one label, category or yes/no, with no length said, is sized at a label's
few tokens (`lexicon.LABEL_OUTPUT_TOKENS`), never at the default answer length; a stated length wins,
and a measure word before another noun counts that noun ("输出 1 个类别" is no 1-token answer)."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from bot.nlu.lexicon import LABEL_OUTPUT_TOKENS


def facts(text: str) -> dict:
    return dict(parse_message(text).facts)


@pytest.mark.parametrize("text", [
    "score 400k chat transcripts overnight for churn risk, ~900 tokens each, it returns just a risk grade",
    "nightly: 60k invoices, 2k tokens each, model replies with a single category",
    "每晚 8 万条弹幕做审核，每条 50 token，只返回一个标签",
    "一晚上 12 萬則客訴要分類，每則 400 token，輸出就是一個類別名稱",
])
def test_one_label_out_is_a_labels_few_tokens(text):
    read = facts(text)
    assert read["output_tokens"] == LABEL_OUTPUT_TOKENS and read["batch_items"] > 1000


def test_a_stated_label_length_wins():
    assert facts("classify 100k tickets overnight, ~700 tokens each, 12-token label")["output_tokens"] == 12


def test_a_count_of_labels_is_no_length():
    assert facts("每晚 5 万条工单，每条 300 token，输出 1 个类别")["output_tokens"] == LABEL_OUTPUT_TOKENS


def test_the_unit_said_once_keeps_the_second_length():
    assert facts("输入 1000 个 token，输出 300 个")["output_tokens"] == 300


def test_hours_in_brackets_after_the_jobs_time_are_its_window():
    assert facts("label 3M rows over the weekend (60h), 200 tokens each")["batch_window_hours"] == 60
