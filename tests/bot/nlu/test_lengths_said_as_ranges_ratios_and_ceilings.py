"""Lengths as leads say them: a range with 万 on both ends, an in:out ratio ending a sentence, a ceiling ("以内").

Expectations from the words (seed 2's paged KV holds streams × the typical prompt plus one request at the
maximum):
- "上下文 6 万到 10 万" is a range: the typical prompt its middle (80,000), the maximum context its top (100,000),
  never 6 + 10 万 (the top's 万 was lost when a full stop followed it: 30,005).
- "输入输出大概 4:1。" is a proportion: with a prompt of 2,000 the answer is 500; it is never a 4-token answer.
- "上下文 8k 以内", "context within 8k" is the most a request holds (the window), not every prompt's length.
"""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("text", "typical", "maximum"), [
    ("上下文动不动 6 万到 10 万。这个量要上什么机器", 80_000, 100_000),
    ("上下文 6-10万，模型 32B", 80_000, 100_000),
    ("上下文6万~10万 token", 80_000, 100_000),
    ("上下文動輒 3 萬至 5 萬。", 40_000, 50_000),
    ("ctx usually 50-60k.", 55_000, 60_000),
])
def test_a_range_of_context_is_the_typical_prompt_and_the_maximum(text, typical, maximum):
    facts = parse_message(text).facts
    assert (facts.get("prompt_tokens"), facts.get("context_length")) == (typical, maximum)


@pytest.mark.parametrize(("text", "prompt", "answer"), [
    ("prompt 平均 2000 token 左右，输入输出大概 4:1。模型 Qwen3-32B", 2000, 500),
    ("prompts are ~3k tokens, in:out roughly 6:1. running llama 3.3 70b", 3000, 500),
    ("每次輸入大約 1.2k token，輸入輸出比例約 3:1。模型 14B", 1200, 400),
])
def test_a_ratio_ending_a_sentence_gives_the_answer_from_the_prompt(text, prompt, answer):
    facts = parse_message(text).facts
    assert (facts.get("prompt_tokens"), facts.get("output_tokens")) == (prompt, answer)


def test_a_ratio_with_no_length_is_never_an_answer_length():
    facts = parse_message("基本都是内部知识问答+写材料，输入输出大概 4:1。想自建 Qwen3-32B 替掉").facts
    assert facts.get("output_tokens") != 4 and facts.get("prompt_tokens") != 4


@pytest.mark.parametrize(("text", "window"), [
    ("想上 Qwen3-32B 做病历质控和问答，实际同时在线也就 20 个左右，上下文 8k 以内。", 8192),
    ("上下文 16k 以内，20 个人同时用，模型 32B", 16384),
    ("context within 8k, 70b, 15 concurrent", 8192),
    ("上下文不超過 32k，模型 8B", 32768),
])
def test_a_context_within_a_figure_is_the_window_not_the_typical_prompt(text, window):
    facts = parse_message(text).facts
    assert facts.get("context_length") == window
    assert facts.get("prompt_tokens") != window


@pytest.mark.parametrize(("text", "prompt", "answer"), [
    ("translation job, input and output about the same length, prompts ~800 tokens", 800, 800),
    ("輸入輸出差不多一樣長，輸入 2k token", 2000, 2000),
])
def test_prompt_and_answer_said_as_long_as_each_other_are_a_ratio_of_one(text, prompt, answer):
    facts = parse_message(text).facts
    assert (facts.get("prompt_tokens"), facts.get("output_tokens")) == (prompt, answer)
