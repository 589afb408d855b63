"""Lengths read whole (session 7, k-ux3). Expectations from the words: "prompts 1000 answers 300" is
prompts of 1,000 tokens and answers of 300, in any order and language; a count of prompts stays no length."""

from __future__ import annotations

import pytest

from bot.nlu.parser import parse_message


@pytest.mark.parametrize(("text", "prompt", "output"), [
    ("prompts 1000 answers 300", 1000, 300),
    ("first token under 1 s, prompts 1000 answers 300", 1000, 300),
    ("answers 300 prompts 1000", 1000, 300),
    ("inputs 4000 outputs 250", 4000, 250),
    ("输入 1000 输出 300", 1000, 300),
    ("提示 2000 回答 500", 2000, 500),
    ("prompts 1.5k tokens", 1500, None),
    # A figure in thousands right after its word is that word's, not the next word's ("2k 输出" alone is an output).
    ("Qwen3-32B FP8，输入 2k 输出 500", 2000, 500),
    ("輸入 4k 輸出 1k 左右", 4000, 1000),
    ("8k prompts, 2k outputs", 8000, 2000),
])
def test_a_length_after_its_word_is_the_whole_number(text, prompt, output):
    facts = parse_message(text).facts
    assert facts.get("prompt_tokens") == prompt and facts.get("output_tokens") == output


def test_a_count_of_prompts_is_still_no_length():
    assert "prompt_tokens" not in parse_message("requests are 1 prompt each").facts


@pytest.mark.parametrize(("text", "fine_tuned"), [
    ("we fine-tuned a 7B model", True), ("our fine-tune of Llama 3 8B", True), ("我们微调过的 7B 模型", True),
    ("我們微調過的 7B 模型", True), ("a 7B model", None),
    ("We will also fine-tune on the same GPUs", None),  # training on the hardware (mixed_training), not the model
])
def test_a_fine_tuned_model_is_read(text, fine_tuned):
    assert parse_message(text).facts.get("fine_tuned") is fine_tuned
