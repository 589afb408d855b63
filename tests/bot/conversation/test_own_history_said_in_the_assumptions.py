"""A session's own history served by the engine's default prefix cache is said in the reply's assumptions, in the user's
language, with the new tokens a turn prefills; caching said off is said too (worked by hand: a coding agent's turn adds
~2k tokens to its session, so a 60k-token turn prefills ~2k of them on vLLM)."""

from __future__ import annotations

from tests.support.engine_fixtures import talk


def test_agents_on_vllm_reuse_their_history_in_english(engine):
    reply = talk(engine, "qwen3-coder-30b-a3b fp8 on vllm, 20 coding agent sessions at once, contexts ~60k",
                 "just recommend")[-1]
    assert reply.recommendation is not None
    assert "reuses the session's earlier context from the engine's prefix cache (vLLM default)" in reply.text
    assert "only the new ~2,000 tokens of each ~60,000-token turn are prefilled" in reply.text


def test_multi_turn_chats_reuse_their_history_in_simplified_chinese(engine):
    reply = talk(engine, "客服多轮对话，高峰 100 个会话同时在聊，平均上下文 8k，模型 Llama 3.1 8B", "直接推荐")[-1]
    assert reply.recommendation is not None
    assert "复用该会话之前的上下文" in reply.text and "只预填充新的约 400 个" in reply.text


def test_caching_said_off_prefills_every_turn_whole_in_traditional_chinese(engine):
    reply = talk(engine, "我們 vLLM 把 prefix caching 關了，coding agent 同時 10 個 session，上下文平均 3 萬，Qwen3-14B",
                 "直接推薦")[-1]
    assert reply.slots["prefix_caching"] is False
    assert "按你說的前綴快取關閉：每一輪都要預填充整段約 30,000 token 的會話" in reply.text
