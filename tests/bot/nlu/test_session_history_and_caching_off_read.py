"""Turns of sessions that re-send their history, and prefix caching said off, read from the words leads use (expectations
by hand): a multi-turn chat or a context said of sessions is a session's own history; a flag or a sentence that turns
the cache off is off, whatever the words "prefix caching" inside it would say alone."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text", [
    "support bot, customers chat with it over many turns, history ~12k by the end, 150 at once",
    "multi-turn assistant for the sales team, 8b, 40 concurrent",
    "at peak ~40 agent sessions are live, contexts usually sit around 60-80k",
    "电商客服机器人，多轮对话，高峰 300 个",
    "法務同仁在同一個對話裡來回二三十輪，上下文平均兩萬",
    "高峰同时在跑的会话 16 个左右，上下文一般在 5 到 9 万 token 之间",
])
def test_turns_of_sessions_that_resend_their_history_are_read(text):
    assert parse_message(text).facts.get("session_history") is True


@pytest.mark.parametrize("text", [
    "RAG over our policies, 16k context, 30 users at once",
    "we classify 2M tickets a night with llama 3.1 8b",
    "法务部同时大概 10 个人在用，每次都把合同全文贴进去问，平均 2 万 token",
])
def test_independent_requests_are_no_session_history(text):
    assert "session_history" not in parse_message(text).facts


@pytest.mark.parametrize("text", [
    "our platform team runs vllm with --no-enable-prefix-caching on shared infra",
    "prefix caching is turned off for tenant isolation",
    "no caching at all on that cluster, 20 agents",
    "我们 vLLM 启动参数里把 prefix caching 关了",
    "前綴快取被關閉了，多租戶隔離",
    "禁用了前缀缓存",
])
def test_prefix_caching_said_off_is_off(text):
    assert parse_message(text).facts["prefix_caching"] is False


@pytest.mark.parametrize("text", ["vllm has prefix caching on", "vLLM 有開 APC", "开了 prefix cache"])
def test_prefix_caching_said_on_stays_on(text):
    assert parse_message(text).facts["prefix_caching"] is True


def test_a_context_range_said_after_a_verb_keeps_its_multiplier_on_both_ends():
    # "contexts usually sit around 60-80k": 60k to 80k, the middle the typical prompt, the top the longest request
    facts = parse_message("at peak ~40 agent sessions are live, contexts usually sit around 60-80k").facts
    assert facts["prompt_tokens"] == 70_000 and facts["context_length"] == 80_000
