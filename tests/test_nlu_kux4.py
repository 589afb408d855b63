"""Request lengths in Chinese where the token unit is said once (session 8, k-ux4).

"每篇約 2000 token 輸入、200 輸出": the unit is written for the prompt only; the 200 right before 輸出 is
the answer's length in tokens (it was dropped, and the batch job was sized with the 256-token default).
A number directly before 输入/输出 with no measure word is a length; with one (200 个输出) it counts
outputs; a number after the word keeps its own reading ("输入 2000 输出 200").
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "prompt", "output"), [
    ("每篇約 2000 token 輸入、200 輸出", 2000, 200),
    ("每篇约 2000 token 输入，200 输出", 2000, 200),
    ("大约 1500 输入、300 输出", 1500, 300),
    ("输入 2000 输出 200", 2000, 200),
    ("输入 2000 token，输出 200", 2000, 200),
])
def test_a_number_right_before_the_chinese_length_word_is_that_length(text, prompt, output):
    found = parse_message(text).facts
    assert (found.get("prompt_tokens"), found.get("output_tokens")) == (prompt, output)


def test_a_counted_output_is_no_length():
    assert "output_tokens" not in parse_message("每天 200 个输出").facts
