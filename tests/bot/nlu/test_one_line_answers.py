"""An answer said to be one line or one sentence is one sentence's tokens, never a line of code.

One sentence of modern English is 17.6 words (Ellegård, Brown corpus, via DuBay 2004); at 4/3 token a word (OpenAI)
that is 23.5 tokens, rounded to 23. Expectations are that arithmetic, not product output.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message

ONE_SENTENCE_TOKENS = round(17.6 * 4 / 3)


@pytest.mark.parametrize("text", [
    "need a one-line gist of each support ticket, 7b",
    "bot replies with a one-liner summary of the doc",
    "just a single-sentence answer each time, 8b",
    "one line summry per email, 3b",
    "每条工单一句话总结就行，7B",
    "回答一句话就够，14B",
    "只要一行重點摘要就好，8B",
    "answer in one sentence, 7b",
    "answers should be one sentence max, 7b, 12 users",
])
def test_one_line_answer_is_one_sentence(text: str) -> None:
    facts = parse_message(text).facts
    assert facts["output_tokens"] == ONE_SENTENCE_TOKENS
    assert facts["output_length_unit"] == "sentence"
    assert "prompt_tokens" not in facts


def test_lines_of_code_stay_code() -> None:
    facts = parse_message("whole 2,000-line files go in, 7b").facts
    assert facts["prompt_tokens"] == 20_000
    assert "output_tokens" not in facts
