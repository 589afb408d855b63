"""A qualifier of precision ("~", "about", "左右", "大概") does not move a context to another slot: a window-sized figure
(a power of two in thousands) is the window with or without it; a figure no window is set to ("~40k", "2 萬 token") is
a measured typical prompt."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from tests.bot.nlu.engine_turns import chat_engine, recommended


@pytest.mark.parametrize(("bare", "qualified"), [
    ("代码助手，上下文 32k", "代码助手，上下文 32k 左右"),
    ("客服聊天，上下文 4k", "客服聊天，上下文大约 4k"),
    ("support chat, context 8k", "support chat, context around 8k"),
    ("coding agent, 64k ctx", "coding agent, ~64k ctx"),
])
def test_a_qualified_window_is_read_as_the_bare_one(bare, qualified):
    plain, hedged = parse_message(bare).facts, parse_message(qualified).facts
    assert hedged.get("context_length") == plain.get("context_length") is not None
    assert hedged.get("prompt_tokens") == plain.get("prompt_tokens")


@pytest.mark.parametrize(("text", "prompt"), [
    ("程式碼助理，context 大概 2 萬 token，同時 18 人", 20_000),
    ("contexts ~40k for the coding assistant", 40_000),
])
def test_a_measured_context_is_the_typical_prompt(text, prompt):
    assert parse_message(text).facts.get("prompt_tokens") == prompt


def test_the_window_said_about_is_sized_as_the_window_through_the_engine(tmp_path):
    # both say a 32k window: the echoed facts are the same, so the sizing is too
    engine = chat_engine(tmp_path)
    a = recommended(engine, "a", "代码助手用 Qwen2.5-Coder-32B，上下文 32k，给 30 人", "直接推荐")
    b = recommended(engine, "b", "代码助手用 Qwen2.5-Coder-32B，上下文 32k 左右，给 30 人", "直接推荐")
    assert a.slots.get("context_length") == b.slots.get("context_length") == 32768
    assert a.recommendation.primary.capex_usd == b.recommendation.primary.capex_usd
