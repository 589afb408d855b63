"""Constraints leads state in their own words, in three languages: a context window said as a floor is the
window the deployment must hold, not the typical prompt ("need 32k context minimum", "上下文起碼要 8k"); a model
replaced as soon as a new one ships is a frequently changing one (seed 2: GPU, not a re-ported accelerator);
"精度很重要" / "对准确性要求很高" is accuracy-critical work (seed 1: Q8_0, not Q4_K_M); lengths that "vary wildly"
are dynamic shapes (seed 2, pitfall 3); "整個集團" is the organization tier. None of these sentences is in the
reading set."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize("text,tokens", [
    ("the summarizer needs a context window of at least 24k", 24000),
    ("上下文最少要 48k，合同太长了", 48000),
    ("上下文窗口至少 100k", 100000),
    ("we want 16k of context or more for the RAG bot", 16384),
])
def test_a_context_floor_is_the_window(text: str, tokens: int) -> None:
    facts = parse_message(text).facts
    assert facts.get("context_length") == tokens and "prompt_tokens" not in facts


@pytest.mark.parametrize("text", [
    "每个月都会换一版新模型",
    "新版本一出來我們就升級",
    "模型更新得很頻繁",
    "we swap in the latest open model pretty much monthly",
])
def test_a_model_replaced_as_releases_come_changes_often(text: str) -> None:
    assert parse_message(text).facts.get("model_stability") == "frequent_changes"


@pytest.mark.parametrize("text", ["这是给审计用的，精度非常重要", "對準確度的要求很高", "答案错了就会出大问题", "精度要求很嚴格",
                                  "legal doesn't want any careless quantization", "nothing quantized carelessly, please"])
def test_accuracy_said_to_matter_is_accuracy_critical(text: str) -> None:
    assert parse_message(text).facts.get("accuracy_critical") is True


@pytest.mark.parametrize("text", ["request sizes vary enormously", "prompt lengths are all over the map"])
def test_lengths_said_to_vary_are_dynamic_shapes(text: str) -> None:
    assert parse_message(text).facts.get("dynamic_shapes") is True


def test_the_whole_group_is_the_organization_tier() -> None:
    assert parse_message("整个集团大概三千人要用").facts.get("deployment_scale") == "organization"


@pytest.mark.parametrize("text", ["模型很稳定，一年都不会换", "the budget varies by quarter", "精度 FP8 就行"])
def test_neighbouring_words_do_not_set_these_facts(text: str) -> None:
    facts = parse_message(text).facts
    assert facts.get("model_stability") != "frequent_changes" and "dynamic_shapes" not in facts
    assert facts.get("accuracy_critical") is not True
