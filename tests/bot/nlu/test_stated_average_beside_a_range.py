"""A typical length said outright beside a context range is the prompt; the range's top is the longest request.

Seed 2's paged KV holds streams × the typical prompt plus one request at the maximum. The middle of a range is only
our estimate of the typical prompt: when the message states the average ("8k 到 32k 不等，平均 12k"), that figure is
the prompt, not a conflict with the middle (20k) that left both unread.
"""

from __future__ import annotations

import pytest

from bot.nlu import parse_message


@pytest.mark.parametrize(("text", "prompt", "window"), [
    ("上下文 8k 到 32k 不等，平均 12k 左右，输出 1k 以内", 12_000, 32_000),
    ("contexts range from 8k to 64k, average around 20k", 20_000, 64_000),
    ("合約審閱，上下文 1萬到5萬，通常 1.5 萬左右", 15_000, 50_000),
    ("上下文一般 2万~6万，平均也就 2.5 万", 25_000, 60_000),
])
def test_the_stated_average_is_the_prompt(text: str, prompt: int, window: int) -> None:
    facts = parse_message(text).facts
    assert facts["prompt_tokens"] == pytest.approx(prompt, rel=0.05)
    assert facts["context_length"] == pytest.approx(window, rel=0.05)


def test_a_range_alone_still_gives_its_middle() -> None:
    facts = parse_message("代码 agent，上下文经常 3 万到 5 万").facts
    assert facts["prompt_tokens"] == pytest.approx((30_000 + 50_000) / 2, rel=0.05)
