"""A text handed in, sized in thousands without the token unit, is the prompt ("常丟 64k 的長文件", "paste about 20k of logs").

What a user hands the model is its prompt (seed 2: prefill is the prompt's length × 2 × active parameters, and the KV
cache holds it). A counted noun after the figure ("upload 20k documents", "64k 份文件") counts texts instead.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "prompt"), [
    ("大概 40 個分析師，常丟 64k 的長文件，thinking 輸出很長（~4k token）", 64_000),
    ("律师每次丢进来 30k 的合同让它审", 30_000),
    ("context 最長 16k，每次新丟進來的大約 4k，回答 400 上下", 4_000),
    ("people paste about 20k of logs each time", 20_000),
])
def test_the_text_handed_in_is_the_prompt(text: str, prompt: int) -> None:
    assert parse_message(text).facts["prompt_tokens"] == pytest.approx(prompt, rel=0.05)


@pytest.mark.parametrize("text", ["we upload 20k documents a night", "每晚要处理 6 万份文件"])
def test_a_count_of_texts_is_no_length(text: str) -> None:
    assert "prompt_tokens" not in parse_message(text).facts
