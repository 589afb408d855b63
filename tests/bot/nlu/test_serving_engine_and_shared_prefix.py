"""The serving engine named and a shared prompt prefix, read from the words leads use (expectations by hand)."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "engine"), [
    ("we run vLLM on two L40S", "vllm"),
    ("serving through text-generation-inference today", "tgi"),
    ("trtllm in prod", "trt-llm"),
    ("llama-server on the box", "llama.cpp"),
    ("用 SGLang 部署", "sglang"),
    ("目前在用 Ollama", "ollama"),
    ("moving from ollama to vLLM next quarter", "vllm"),  # the migration's target, the last named
    ("不用 Ollama 了，改用 vLLM", "vllm"),
])
def test_the_engine_named_is_read(text, engine):
    assert parse_message(text).facts["serving_engine"] == engine


def test_an_engine_ruled_out_is_no_engine():
    assert "serving_engine" not in parse_message("we don't want to use TGI, 8b").facts


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("prompts ~7k, of which the 6k system prompt is identical for everyone", "shared_prefix_tokens", 6000),
    ("RAG, 12k token prompts where the first 10k are the same policy docs", "shared_prefix_tokens", 10000),
    ("每次 prompt 4000 token，前面 3000 是固定的话术", "shared_prefix_tokens", 3000),
    ("所有请求共用一段 2k 的系统提示", "shared_prefix_tokens", 2000),
    ("80% of the prompt is cached", "shared_prefix_share", 0.8),
    ("~40k context per call but most of it is the same repo", "shared_prefix_share", 0.5),
    ("上下文 3 万，大部分是同一个代码库", "shared_prefix_share", 0.5),
])
def test_a_shared_prefix_is_read_as_a_length_or_a_share(text, slot, value):
    assert parse_message(text).facts[slot] == value


def test_the_whole_prompt_stays_the_prompt_beside_its_shared_part():
    facts = parse_message("prompts ~7k, of which the 6k system prompt is identical for everyone").facts
    assert facts["prompt_tokens"] == 7000


@pytest.mark.parametrize("text", [
    "we process 5,000 documents a night, all with the same template",  # a batch, not a prefix
    "most of our 300 users ask the same questions",  # not about the prompt's text
    "the two teams share the same 4 GPUs",
])
def test_counts_beside_sameness_are_no_shared_prefix(text):
    facts = parse_message(text).facts
    assert "shared_prefix_tokens" not in facts and "shared_prefix_share" not in facts


@pytest.mark.parametrize(("text", "on"), [
    ("we'll have prefix caching on", True), ("開了 prefix cache", True), ("前缀缓存已经打开", True),
    ("no prefix caching for compliance reasons", False), ("prefix cache 没开", False),
])
def test_prefix_caching_said_on_or_off(text, on):
    assert parse_message(text).facts["prefix_caching"] is on
