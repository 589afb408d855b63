"""A text the model reads, measured in characters or words, is the prompt: 0.6 token a Chinese character (DeepSeek API
docs), 4/3 token an English word (OpenAI). A text said to be generated is no prompt. Expectations are that arithmetic."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "tokens"), [
    ("transcripts average 3,000 words, we summarise them with a 14b", 3000 * 4 / 3),
    ("reports are ~1,500 words on average; 7b summarizer", 1500 * 4 / 3),
    ("转写稿平均 2500 字，要做总结，7B", 2500 * 0.6),
    ("每篇论文大概 1 万字，32B 帮忙审", 10_000 * 0.6),
    ("每份合約約 8 千字，32B 審閱", 8000 * 0.6),
    ("會議逐字稿平均兩萬字，70B 做摘要", 20_000 * 0.6),
])
def test_read_text_measured_is_the_prompt(text: str, tokens: float) -> None:
    assert parse_message(text).facts["prompt_tokens"] == pytest.approx(tokens, rel=0.01)


def test_generated_text_is_no_prompt() -> None:
    facts = parse_message("we generate reports of about 2,000 words with a 14b").facts
    assert "prompt_tokens" not in facts
