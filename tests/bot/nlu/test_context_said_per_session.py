"""A context said of each session ("64 concurrent sessions, 4k ctx each", "每个会话上下文 4k") is the window each session
holds, never a fresh prompt of that length on every turn; said of each request it stays the prompt."""

from __future__ import annotations

import pytest

from bot.nlu import parse_message
from tests.bot.nlu.engine_turns import chat_engine, recommended


@pytest.mark.parametrize(("text", "window", "at_once"), [
    ("~64 concurrent sessions at peak, 4k ctx each. llama 3.1 405b fp8", 4096, 64),
    ("~40 concurrent chat sessions, 8k ctx each, llama 3.1 8b", 8192, 40),
    ("50 个会话同时在线，每个会话上下文 4k，14B", 4096, 50),
])
def test_a_context_each_session_holds_is_the_window(text, window, at_once):
    facts = parse_message(text).facts
    assert facts.get("context_length") == window and facts.get("concurrent_users") == at_once
    assert "prompt_tokens" not in facts
    # each turn re-sends the conversation so far, growing toward the window: the typical prompt is assumed from it
    assert facts.get("agentic_sessions") is True


def test_a_context_per_request_stays_the_prompt():
    facts = parse_message("contract review, 32k context per request, 10 users").facts
    assert facts.get("prompt_tokens") == 32768


def test_sessions_with_a_window_each_through_the_engine(tmp_path):
    reply = recommended(chat_engine(tmp_path), "sess", "~40 concurrent chat sessions, 8k ctx each, llama 3.1 8b. what should we buy?",
                        "just recommend")
    assert reply.slots.get("context_length") == 8192 and reply.slots.get("prompt_tokens") != 8192
