"""Answer lengths and peaks said relative to something else (`bot.nlu.answer_lengths`, the peak-factor words): an
answer as long as its prompt ("about as much out", "输出跟输入差不多长") is the prompt's length, or the figure in the
bracket after it; a mixture of answer lengths is its mean (Little's law holds the mean); a peak said as a multiple of
the load said before it ("3x that", "double the average", "尖峰是平常的 2.5 倍") is the peak factor, and with no rate
or volume beside it the concurrency's multiple."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "prompt", "output"), [
    ("translation. each req ~700 tokens in and about as much out (~800, it's translation)", 700, 800),
    ("inputs ~600 tokens, outputs about as much. qwen3-32b", 600, 600),
    ("input ~1k tokens, output roughly the same length", 1000, 1000),
    ("输入 1.5k 左右，输出跟输入差不多长", 1500, 1500),
    ("每份大概 2k token 進去，輸出和輸入差不多", 2000, 2000),
])
def test_an_answer_as_long_as_its_prompt_is_the_prompts_length(text, prompt, output):
    facts = parse_message(text).facts
    assert (facts["prompt_tokens"], facts["output_tokens"]) == (prompt, output)


def test_an_answer_as_long_as_an_unread_prompt_is_left_to_the_defaults():
    assert "output_tokens" not in parse_message("outputs about as much as the input, qwen3-8b").facts


@pytest.mark.parametrize(("text", "output"), [
    ("roughly half the questions are quick (answer ~400 tokens), the other half it thinks for 4-6k tokens before "
     "answering. prompts are short (~500)", 2700),
    ("most replies are short (~150 tok) but ~20% are full troubleshooting writeups that run ~3k. prompts ~2k", 720),
    ("~25% of requests have thinking on and those run ~4k tokens, the rest answer in ~300. prompts ~800", 1225),
    ("70% 直接回答，300 token 左右；30% 的请求要开长推理，思考加回答大概 5k。输入都很短", 1710),
    ("七成是短問答，回答 200 token 左右；三成要寫完整的分析報告，大概 3000 token。prompt 都在 2k 上下", 1040),
    ("一半是簡單查詢，回覆 100 token 內；另一半要整理成完整說明，大概 1,200 token", 650),
    ("八成是短回复，100 token 左右，两成要写长文档，大概 4k", 880),
])
def test_a_mixture_of_answer_lengths_is_its_mean(text, output):
    assert parse_message(text).facts["output_tokens"] == output


def test_shares_of_prompts_are_no_answer_mixture():
    facts = parse_message("30% of requests carry docs ~20k, the rest prompts ~1k. answers ~300").facts
    assert facts.get("output_tokens") == 300


@pytest.mark.parametrize(("text", "factor"), [
    ("~5,400 requests/hour averaged over the day, lunchtime its about 3x that", 3),
    ("we average ~3,600 requests/hour, the 10-11am spike is roughly 3x that", 3),
    ("~120k requests a day, mostly 8am-6pm, and the 9-10am hour runs about double the average", 2),
    ("~2 req/s on a normal afternoon, peaks at ~2x that when the newsletter goes out", 2),
    ("一天大約 8,000 萬 token，白天 10 小時為主，尖峰大概是平常的 2.5 倍", 2.5),
    ("每天大概 6 万次调用，高峰是平均的两倍", 2),
])
def test_a_peak_said_as_a_multiple_of_the_average_is_the_peak_factor(text, factor):
    assert parse_message(text).facts["peak_factor"] == factor


def test_a_multiple_of_the_usual_concurrency_is_the_peak_concurrency():
    facts = parse_message("on a normal day ~40 people are generating at once; month-end close it's about 3x that").facts
    assert (facts["concurrent_users"], facts["base_concurrent_users"]) == (120, 40)
    assert "peak_factor" not in facts


def test_twice_the_budget_is_no_peak():
    assert "peak_factor" not in parse_message("budget is $20k, we could stretch to double that").facts
